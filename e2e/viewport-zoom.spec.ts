import { expect, mobile, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// Pinch zoom stays enabled (ADR 0203, departing from spec 9's "viewport zoom disabled" for WCAG 1.4.4): every
// page's viewport meta lets the shopper zoom.

test.use(mobile);

for (const path of ["/", `/zh_CN/pdp/${PLAN}`, "/zh_HK/login", "/install"]) {
  test(`${path}: the viewport meta allows pinch zoom`, async ({ page }) => {
    await page.goto(path);
    const viewport = page.locator('meta[name="viewport"]');
    await expect(viewport).toHaveCount(1);
    const content = (await viewport.getAttribute("content")) ?? "";
    expect(content).toContain("width=device-width");
    expect(content).not.toMatch(/user-scalable\s*=\s*(no|0)/i);
    expect(content).not.toMatch(/maximum-scale\s*=\s*1(\.0*)?(\s*[,;]|$)/i);
  });
}
