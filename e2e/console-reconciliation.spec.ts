import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { FETCH_HEADERS, PLAN, signUp, uniqueEmail } from "./purchase-kit.ts";

// Reconciliation (issue 29 item 4, ADRs 0365 and 0390): a shopper pays, the supplier cannot issue, and the nightly
// job (run through the sandbox tool, with its clock past the grace period) records "paid but not issued"; finance
// sees the count on the dashboard, finds the mismatch on the Reconciliation page with a link to the order, and
// marks it resolved with a note. axe runs on every page visited.

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

/** A shopper's order, paid on the sandbox, which the sandbox supplier refuses (retryably) to issue. */
async function paidNotIssued(page: Page) {
  await signUp(page.request, uniqueEmail("reconcile"));
  const placed = await page.request.post("/o2ord/v1/customer/orders", {
    headers: { ...API, "idempotency-key": randomUUID() },
    data: { platformProductCode: PLAN, quantity: 1 },
  });
  expect(placed.status()).toBe(201);
  const { code } = (await placed.json()) as { code: string };
  const failing = await page.request.post("/__dev/esim/supplier-failures", {
    headers: FETCH_HEADERS,
    data: { orderCode: code, units: [0], retryable: true },
  });
  expect(failing.status()).toBe(200);
  const started = await page.request.post(`/o2pay/v1/customer/orders/${code}/pay`, { headers: API });
  const { redirectUrl } = await started.json();
  const paid = await page.request.post(redirectUrl, {
    headers: FETCH_HEADERS,
    form: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json()).status,
      { timeout: 30_000 },
    )
    .toMatch(/^(PAID|FULFILLING)$/);
  return code;
}

test("finance finds a paid order no supplier issued and marks it resolved with a note", async ({ page }) => {
  test.slow(); // a paid order first
  let code = "";
  try {
    code = await paidNotIssued(page);
    // Moments after its payment the order is within its grace period; once that has passed, it is found.
    const reconcile = async (at?: Date) => {
      const run = await page.request.post("/__dev/reconcile", {
        headers: FETCH_HEADERS,
        data: at ? { at: at.toISOString() } : {},
      });
      expect(run.status()).toBe(200);
      return (await run.json()) as { recorded: { kind: string; orderCode: string | null }[] };
    };
    const later = new Date(Date.now() + 31 * 60_000);
    expect((await reconcile()).recorded.filter((m) => m.orderCode === code)).toEqual([]);
    const { recorded } = await reconcile(later);
    expect(recorded.filter((m) => m.orderCode === code)).toEqual([
      expect.objectContaining({ kind: "PAID_NOT_ISSUED", orderCode: code }),
    ]);
    // The same day again records nothing twice.
    const again = await page.request.post("/__dev/reconcile", {
      headers: FETCH_HEADERS,
      data: { at: later.toISOString() },
    });
    expect(
      ((await again.json()) as { recorded: { orderCode: string | null }[] }).recorded.filter(
        (m) => m.orderCode === code,
      ),
    ).toEqual([]);
  } finally {
    await page.request.post("/__dev/esim/supplier-failures", {
      headers: FETCH_HEADERS,
      data: { orderCode: null },
    });
  }

  await signInAsOperator(page, await createOperator(page, "finance"));
  // The dashboard's alert: the unresolved count, linking to the page.
  const count = page.getByTestId("reconcile-open");
  await expect(count).toContainText("Unresolved reconciliation mismatches");
  const open = Number(await count.getByRole("link").textContent());
  expect(open).toBeGreaterThan(0);

  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Reconciliation" })
    .click();
  await expect(page.getByRole("heading", { name: "Reconciliation", level: 1 })).toBeVisible();
  await hydrated(page);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: code }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Paid but not issued");
  await expect(row).toContainText("Sandbox supplier");

  // Resolve it by keyboard: the note, then the button.
  const note = row.getByRole("textbox");
  await note.fill("Issued by hand from the supplier's portal");
  await note.press("Tab");
  await expect(row.getByRole("button", { name: /^Mark resolved: Paid but not issued/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Marked resolved.");
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: code }) })).toHaveCount(0);
  await expect(page.getByTestId("reconcile-count")).toContainText(`${open - 1}`);

  // All mismatches show it resolved, with its note; the order link opens the order.
  await page.getByRole("link", { name: "All", exact: true }).click();
  const resolved = page.getByRole("row").filter({ has: page.getByRole("link", { name: code }) });
  await expect(resolved).toContainText("Resolved: Issued by hand from the supplier's portal");
  await resolved.getByRole("link", { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${code}$`));
});
