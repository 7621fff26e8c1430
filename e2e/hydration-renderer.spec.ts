import { expect, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// Issue 33 (ADRs 0402, 0417): the browser hydrates with React, the renderer the server renders with. Home, plp and
// pdp hydrate without a console error (the harness fails the test on one, React's hydration mismatches included)
// and a click on a hydrated control works; React marks the document as its root's container (Preact, the browser's
// renderer before ADR 0417, did not).

const EXPECTED = "react";

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
