import { randomUUID } from "node:crypto";
import { totpCode } from "../server/modules/admin/totp.ts";
import { CONSOLE_PASSWORD, createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// The operator console's foundation (issue 16): sign-in with TOTP, the frame in both languages, operators and the
// audit log. The harness runs axe on every page visited.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

test("an operator signs in with a password and a TOTP code; the console is never cached or indexed", async ({
  page,
}) => {
  const response = await page.goto("/admin");
  // A visitor is sent to sign in.
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  const support = await createOperator(page, "support");
  // A wrong code is refused, in words.
  await page.getByLabel("E-mail address").fill(support.email);
  await page.getByLabel("Password").fill(CONSOLE_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await hydrated(page);
  const wrong = totpCode(support.secret) === "000000" ? "111111" : "000000";
  await page.getByLabel("Authentication code").fill(wrong);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The code is not correct or was already used");

  await page.getByLabel("Authentication code").fill(totpCode(support.secret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  const nav = page.getByRole("navigation", { name: "Console sections" });
  await expect(nav).toBeVisible();
  await expect(page.getByText(/Signed in as E2E support \(Support\)/)).toBeVisible();
  // Support sees no operators or audit sections, and the page itself refuses.
  await expect(nav.getByRole("link", { name: "Operators" })).toHaveCount(0);
  await page.goto("/admin/operators");
  await expect(page.getByText("Your role does not give access to this page.")).toBeVisible();

  // Signing out ends the session.
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("an owner invites an operator, who enrols with an authenticator; the audit log shows both", async ({
  page,
  browser,
}) => {
  const owner = await createOperator(page, "owner");
  await signInAsOperator(page, owner);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Operators" })
    .click();
  await expect(page.getByRole("heading", { name: "Operators", level: 1 })).toBeVisible();
  const email = `finance-${randomUUID().slice(0, 8)}@ops.roamly.test`;
  const invite = page.getByRole("region", { name: "Invite an operator" });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Name").fill("Fin Ance");
  await invite.getByLabel("Role").selectOption("finance");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const link = (await page.getByTestId("enrolment-link").textContent())!.trim();
  expect(link).toContain("/admin/enrol?token=");

  // The invitee, in a browser of their own.
  const invitee = await browser.newContext({ baseURL: new URL(link).origin });
  const page2 = await invitee.newPage();
  await page2.goto(link);
  await hydrated(page2);
  await expect(page2.getByRole("heading", { name: "Set up your console account" })).toBeVisible();
  await expect(
    page2.getByRole("img", { name: "QR code of your two-step verification secret" }),
  ).toBeVisible();
  const secret = (await page2.getByTestId("totp-secret").textContent())!.trim();
  await page2.getByLabel("New password").fill(CONSOLE_PASSWORD);
  await page2.getByLabel("Code from the app").fill(totpCode(secret));
  await page2.getByRole("button", { name: "Finish and sign in" }).click();
  await expect(page2.getByText(/Signed in as Fin Ance \(Finance\)/)).toBeVisible();
  await invitee.close();

  // The owner reads the audit log, filtered by operator entity.
  await page.goto("/admin/audit?entity=operator");
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("row").filter({ hasText: "operator.enrol" })).toHaveCount(1);
  await expect(
    table.getByRole("row").filter({ hasText: "operator.invite" }).filter({ hasText: email }),
  ).toHaveCount(1);
});

test("the console speaks Simplified Chinese when the operator chooses it", async ({ page }) => {
  const merch = await createOperator(page, "merchandiser");
  await signInAsOperator(page, merch);
  await page.getByLabel("Language").selectOption("zh_CN");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.getByRole("navigation", { name: "后台栏目" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "概览", level: 1 })).toBeVisible();
  // Kept on the operator: a fresh load is still Chinese.
  await page.reload();
  await expect(page.getByRole("button", { name: "退出登录" })).toBeVisible();
});
