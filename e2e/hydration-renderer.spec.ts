import { expect, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// Issue 33 (ADR 0402): the browser bundle hydrates with Preact by default and with React in a `HYDRATE_WITH=react`
// build. Either way home, plp and pdp hydrate without a console error (the harness fails the test on one, React's
// hydration mismatches included) and a click on a hydrated control works; the renderer is the one the build names:
// React marks the document as its root's container, Preact does not.
//   HYDRATE_WITH=react E2E_WORKERS=1 BUILD_DIR=build-react npx playwright test e2e/hydration-renderer.spec.ts

const EXPECTED = process.env.HYDRATE_WITH === "react" ? "react" : "preact";

for (const [name, path] of [
  ["home", "/"],
  ["plp", "/plp?type=COUNTRY"],
  ["pdp", `/pdp/${PLAN}`],
] as const) {
  test(`${name} hydrates with ${EXPECTED}, and its header's preferences open`, async ({ page }) => {
    await page.goto(path);
    const renderer = await page.evaluate(() =>
      Object.keys(document).some((key) => key.startsWith("__reactContainer$")) ? "react" : "preact",
    );
    expect(renderer).toBe(EXPECTED);
    // A listener only hydration attaches: the header's language and currency button opens its dialog.
    await page
      .getByRole("button", { name: /^Language and currency/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
}
