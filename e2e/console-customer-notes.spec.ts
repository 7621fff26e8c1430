import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";

// Staff notes on customers (issue 29, ADR 0361): on the customer page's timeline with author and time; only the
// author sees an edit control (the API refuses anyone else: server/modules/admin/customer-notes.api.test.ts). The
// harness runs axe on every page a test visits.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

test("a support operator notes a customer on the timeline and edits it; a colleague reads it but cannot edit it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const shopperContext = await browser.newContext({ baseURL });
  await shopperContext.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  const email = uniqueEmail("notes");
  await signUp(shopperContext.request, email);
  await shopperContext.close();

  await signInAsOperator(page, await createOperator(page, "support"));
  await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: email }).click();
  await hydrated(page);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await page
    .getByLabel("Add a note (staff only, never shown to the customer)")
    .fill("Asked about Japan; prefers e-mail.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  const note = timeline.getByRole("listitem").filter({ hasText: "Asked about Japan; prefers e-mail." });
  await expect(note).toContainText(/Note by E2E support/);
  await expect(note.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

  // Its author edits it, by keyboard.
  await note.getByText("Edit this note").focus();
  await page.keyboard.press("Enter");
  await note.getByLabel("Note").fill("Asked about Japan and Korea; prefers e-mail.");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note saved.");
  const edited = timeline
    .getByRole("listitem")
    .filter({ hasText: "Asked about Japan and Korea; prefers e-mail." });
  await expect(edited).toContainText("edited");
  const customerPage = page.url();

  // A colleague reads it, without an edit control.
  const colleagueContext = await browser.newContext({ baseURL });
  await colleagueContext.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  const colleague = await colleagueContext.newPage();
  await signInAsOperator(colleague, await createOperator(colleague, "support"));
  await colleague.goto(customerPage);
  const seen = colleague
    .getByRole("region", { name: "Timeline" })
    .getByRole("listitem")
    .filter({ hasText: "Asked about Japan and Korea; prefers e-mail." });
  await expect(seen).toContainText(/Note by E2E support/);
  await expect(seen.getByText("Edit this note")).toHaveCount(0);
  await colleagueContext.close();
});
