import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { auditLog, operators } from "../../../db/schema/index.ts";
import type { TestApp } from "../../../test/api.ts";
import { hashPassword } from "../account/password-hash.ts";
import type { Role } from "./permissions.ts";
import { OPERATOR_CHALLENGE_COOKIE, OPERATOR_SESSION_COOKIE } from "./route.ts";
import { newTotpSecret, totpCode } from "./totp.ts";

/** A password every test operator has (12+ characters, not common). */
export const OPERATOR_PASSWORD = "Console-Pass-2026!";

export interface TestOperator {
  id: string;
  email: string;
  role: Role;
  secret: string;
}

let counter = 0;

/** An active operator of a role, with a known password and TOTP secret, made straight in the database. */
export async function createOperator(app: TestApp, role: Role, email?: string): Promise<TestOperator> {
  counter += 1;
  const address = email ?? `${role}-${counter}-${Date.now()}@ops.roamly.test`;
  const secret = newTotpSecret();
  const [row] = await app.database.db
    .insert(operators)
    .values({
      email: address,
      displayName: `${role} ${counter}`,
      role,
      status: "ACTIVE",
      passwordHash: await hashPassword(OPERATOR_PASSWORD, { logN: 10, r: 8, p: 1 }),
      totpSecret: secret,
    })
    .returning();
  return { id: row!.id, email: address, role, secret };
}

/** The cookie header of a fresh session for an operator (without the sign-in steps). */
export async function operatorCookie(app: TestApp, operator: { id: string }): Promise<string> {
  const { token } = await app.services.admin.sessionFor(operator.id);
  return `${OPERATOR_SESSION_COOKIE}=${token}`;
}

/** Headers of a console API call from the console's own pages (CSRF: x-requested-with). */
export async function operatorHeaders(app: TestApp, operator: { id: string }) {
  return { cookie: await operatorCookie(app, operator), "x-requested-with": "fetch" };
}

/**
 * A console API caller for one operator's headers: `call(method, "/plans/X", body)` answers the parsed JSON
 * after expecting 200 (the message names the call and its body when it is not).
 */
export function consoleApi(app: TestApp, headers: () => Record<string, string>) {
  return async (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) => {
    const res = await app.server.inject({
      method,
      url: `/o2adm/v1${url}`,
      headers: headers(),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
}

/** Reads one Set-Cookie value from an inject response. */
export function setCookieValue(response: { cookies: { name: string; value: string }[] }, name: string) {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

/** Signs in through both steps (password, then a TOTP code for `now`), returning the session cookie header. */
export async function signIn(app: TestApp, operator: TestOperator, now = Date.now()) {
  const login = await app.server.inject({
    method: "POST",
    url: "/o2adm/v1/auth/login",
    headers: { "x-requested-with": "fetch" },
    payload: { email: operator.email, password: OPERATOR_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const challenge = setCookieValue(login, OPERATOR_CHALLENGE_COOKIE)!;
  const totp = await app.server.inject({
    method: "POST",
    url: "/o2adm/v1/auth/totp",
    headers: { "x-requested-with": "fetch", cookie: `${OPERATOR_CHALLENGE_COOKIE}=${challenge}` },
    payload: { code: totpCode(operator.secret, now) },
  });
  if (totp.statusCode !== 200) throw new Error(`totp failed: ${totp.body}`);
  return `${OPERATOR_SESSION_COOKIE}=${setCookieValue(totp, OPERATOR_SESSION_COOKIE)}`;
}

/** The audit entries about one entity, oldest first. */
export async function auditOf(app: TestApp, entity: string, entityId: string) {
  const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.filter((row) => row.entity === entity).sort((a, b) => a.id - b.id);
}
