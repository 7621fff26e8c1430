import { checkA11y, expect, expectToast, test } from "./fixtures.ts";

// The harness itself: each check must be able to fail, or every journey's "passed" means nothing.
// The pages here are served by route interception, so they test the fixtures, not the storefront.

const INACCESSIBLE = `<!doctype html><html><head><title>t</title></head>
<body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></body></html>`;
const ACCESSIBLE = `<!doctype html><html lang="en"><head><title>t</title></head>
<body><main><h1>Fine</h1></main></body></html>`;
const NOISY = ACCESSIBLE.replace(
  "</main>",
  `<script>console.error("boom: expected by the test")</script></main>`,
);

test.describe("the e2e fixtures collect", () => {
  test.use({ failOnFindings: false });

  test("axe violations on every page visited", async ({ page, a11yViolations }) => {
    await page.route("**/__harness/*", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: route.request().url().endsWith("/bad") ? INACCESSIBLE : ACCESSIBLE,
      }),
    );
    await page.goto("/__harness/bad");
    await page.goto("/__harness/good");
    await expect
      .poll(() => a11yViolations.map((v) => `${new URL(v.url).pathname} ${v.id}`).sort())
      .toEqual(["/__harness/bad button-name", "/__harness/bad html-has-lang", "/__harness/bad image-alt"]);
  });

  test("console errors, minus the allowed ones", async ({ page, consoleErrors }) => {
    await page.route("**/__harness/noisy", (route) =>
      route.fulfill({ contentType: "text/html", body: NOISY }),
    );
    await page.goto("/__harness/noisy");
    await expect.poll(() => consoleErrors.unexpected.join("\n")).toContain("boom: expected by the test");
    consoleErrors.allow(/boom: expected/);
    expect(consoleErrors.unexpected).toEqual([]);
    expect(consoleErrors.messages.join("\n")).toContain("boom");
  });

  test("uncaught page errors", async ({ page, consoleErrors }) => {
    await page.route("**/__harness/throws", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: ACCESSIBLE.replace("</main>", `<script>throw new Error("kaput")</script></main>`),
      }),
    );
    await page.goto("/__harness/throws");
    await expect.poll(() => consoleErrors.unexpected.join("\n")).toContain("kaput");
  });

  test("a failing script on a 404 page, but not the 404 itself", async ({ page, consoleErrors }) => {
    await page.route("**/__harness/missing", (route) =>
      route.fulfill({
        status: 404,
        contentType: "text/html",
        body: ACCESSIBLE.replace("</main>", `<script src="/__harness/nothing.js"></script></main>`),
      }),
    );
    await page.route("**/__harness/nothing.js", (route) => route.fulfill({ status: 404, body: "" }));
    const response = await page.goto("/__harness/missing");
    expect(response?.status()).toBe(404);
    await expect.poll(() => consoleErrors.messages.length).toBe(2);
    expect(consoleErrors.unexpected).toHaveLength(1);
    expect(consoleErrors.unexpected[0]).toContain("nothing.js");
  });
});

test("checkA11y throws on a violation in the page's current state", async ({ page }) => {
  await page.route("**/__harness/dialog", (route) =>
    route.fulfill({ contentType: "text/html", body: ACCESSIBLE }),
  );
  await page.goto("/__harness/dialog");
  await checkA11y(page);
  await page.evaluate(() => {
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.append(document.createElement("button"));
    document.querySelector("main")?.append(dialog);
  });
  await expect(checkA11y(page)).rejects.toThrow(/button-name \(critical\)/);
  // Put the page right again, so the end-of-test check passes.
  await page.evaluate(() => document.querySelector('[role="dialog"]')?.remove());
});

test("findings fail the test at its end (expected to fail)", async ({ page }) => {
  test.fail(true, "the fixture turns the image without alt text into a failure");
  await page.route("**/__harness/bad", (route) =>
    route.fulfill({ contentType: "text/html", body: INACCESSIBLE }),
  );
  await page.goto("/__harness/bad");
});

test("expectToast sees a toast that has gone, once per showing, only rendered in the live region", async ({
  page,
}) => {
  await page.route("**/__harness/toasts", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: ACCESSIBLE.replace(
        "</main>",
        `<div role="status" aria-live="polite" aria-label="Notifications"></div><p id="other"></p></main>`,
      ),
    }),
  );
  await page.goto("/__harness/toasts");
  // Shows a toast the way the shell does (a <p> in the live region) for 100 ms, or into another element.
  const show = (text: string, where: "region" | "hidden" | "outside" = "region") =>
    page.evaluate(
      ([text, where]) => {
        const toast = document.createElement("p");
        toast.textContent = text;
        if (where === "hidden") toast.hidden = true;
        const host = where === "outside" ? "#other" : '[role="status"]';
        document.querySelector(host)?.append(toast);
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            toast.remove();
            resolve();
          }, 100),
        );
      },
      [text, where] as const,
    );
  const missing = (text: string | RegExp) => expectToast(page, text, { timeout: 600 });

  await show("Order cancelled");
  await expect(page.getByRole("status")).toBeEmpty();
  await expectToast(page, "Order cancelled");
  // One showing answers one expectation.
  await expect(missing("Order cancelled")).rejects.toThrow("toasts shown: «Order cancelled»");
  await show("Order cancelled");
  await expectToast(page, /^Order cancel/);
  // The whole text, not a part of it.
  await show("Saved");
  await expect(missing("Save")).rejects.toThrow();
  await expectToast(page, "Saved");
  // Not rendered, or not in the live region: not a toast the shopper saw or heard.
  await show("Hidden", "hidden");
  await show("Elsewhere", "outside");
  await expect(missing("Hidden")).rejects.toThrow();
  await expect(missing("Elsewhere")).rejects.toThrow();
  // A new document starts with an empty record.
  await show("Logged in");
  await page.reload();
  await expect(missing("Logged in")).rejects.toThrow("toasts shown: none");
});
