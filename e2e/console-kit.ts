import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { Role } from "../server/modules/admin/permissions.ts";
import { totpCode } from "../server/modules/admin/totp.ts";
import { hydrated } from "./fixtures.ts";

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
