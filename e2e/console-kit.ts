import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { Role } from "../server/modules/admin/permissions.ts";
import { totpCode } from "../server/modules/admin/totp.ts";
import { hydrated } from "./fixtures.ts";
import { FETCH_HEADERS, PLAN, signUp, uniqueEmail } from "./purchase-kit.ts";

/** Browser-test helpers for the operator console (issue 16): operators, and signing in as an authenticator would. */
export const CONSOLE_PASSWORD = "Console-E2E-Pass-2026";

export interface E2eOperator {
  email: string;
  role: Role;
  secret: string;
}

/** An active operator of a role, made through the sandbox tool; its TOTP secret comes back for the test. */
export async function createOperator(page: Page, role: Role): Promise<E2eOperator> {
  const email = `${role}-${randomUUID().slice(0, 8)}@ops.roamly.test`;
  const res = await page.request.post("/__dev/admin/operators", {
    headers: { "x-requested-with": "fetch" },
    data: { email, displayName: `E2E ${role}`, role, password: CONSOLE_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return { email, role, secret: (await res.json()).secret as string };
}

/** Signs in at /admin/login: password, then a TOTP code computed from the secret; lands on the dashboard. */
export async function signInAsOperator(page: Page, operator: E2eOperator): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail address").fill(operator.email);
  await page.getByLabel("Password").fill(CONSOLE_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Authentication code").fill(totpCode(operator.secret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Console sections" })).toBeVisible();
  await hydrated(page);
}

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };

/** A shopper (signed in on `page`) with a paid, delivered order: its code, total and ICCID. */
export async function deliveredOrder(page: Page) {
  await signUp(page.request, uniqueEmail("console"));
  const placed = await page.request.post("/o2ord/v1/customer/orders", {
    headers: { ...API, "idempotency-key": randomUUID() },
    data: { platformProductCode: PLAN, quantity: 1 },
  });
  expect(placed.status()).toBe(201);
  const { code, total } = (await placed.json()) as { code: string; total: number };
  // The sandbox supplier issues the eSIM up front, so payment completes the order without a supplier wait.
  expect(
    (await page.request.post(`/__dev/orders/${code}/issue-esims`, { headers: FETCH_HEADERS })).status(),
  ).toBe(200);
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
      {
        timeout: 30_000,
      },
    )
    .toBe("COMPLETED");
  const detail = await (await page.request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json();
  return { code, total, iccid: detail.esims[0].iccid as string };
}
