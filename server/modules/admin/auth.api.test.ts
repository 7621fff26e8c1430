import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatorSessions } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { bearer, registerByEmail } from "../account/account-test-kit.ts";
import {
  auditOf,
  createOperator,
  OPERATOR_PASSWORD,
  operatorCookie,
  operatorHeaders,
  setCookieValue,
  signIn,
} from "./admin-test-kit.ts";
import { OPERATOR_CHALLENGE_COOKIE, OPERATOR_SESSION_COOKIE } from "./route.ts";
import { totpCode } from "./totp.ts";

const FETCH = { "x-requested-with": "fetch" };

describe("operator sign-in: password then TOTP (issue 16)", () => {
  const app = setupTestApp({ ADMIN_IDLE_TIMEOUT_S: "600" });

  async function passwordStep(email: string, password = OPERATOR_PASSWORD) {
    return app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/login",
      headers: FETCH,
      payload: { email, password },
    });
  }

  it("signs in with the password and a code from the authenticator, in a strict HttpOnly cookie", async () => {
    const owner = await createOperator(app, "owner");
    const login = await passwordStep(owner.email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ next: "totp" });
    // The password alone opens nothing.
    const challenge = setCookieValue(login, OPERATOR_CHALLENGE_COOKIE)!;
    const early = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/me",
      headers: { cookie: `${OPERATOR_CHALLENGE_COOKIE}=${challenge}` },
    });
    expect(early.statusCode).toBe(401);

    const totp = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/totp",
      headers: { ...FETCH, cookie: `${OPERATOR_CHALLENGE_COOKIE}=${challenge}` },
      payload: { code: totpCode(owner.secret) },
    });
    expect(totp.statusCode).toBe(200);
    const cookie = totp.cookies.find((c) => c.name === OPERATOR_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    const me = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/me",
      headers: { cookie: `${OPERATOR_SESSION_COOKIE}=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: owner.email, role: "owner" });
    expect(me.json().permissions).toContain("operators.manage");
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a wrong password without saying whether the e-mail exists", async () => {
    const support = await createOperator(app, "support");
    const wrong = await passwordStep(support.email, "not-the-password-at-all");
    const unknown = await passwordStep("nobody@ops.roamly.test", "not-the-password-at-all");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().code).toBe("adminApi.signInFailed");
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses a code that was already used (replay), and a wrong one", async () => {
    const finance = await createOperator(app, "finance");
    const now = Date.now();
    await signIn(app, finance, now);
    await expect(signIn(app, finance, now)).rejects.toThrow(/adminApi.codeInvalid/);
    const login = await passwordStep(finance.email);
    const challenge = setCookieValue(login, OPERATOR_CHALLENGE_COOKIE)!;
    const wrong = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/totp",
      headers: { ...FETCH, cookie: `${OPERATOR_CHALLENGE_COOKIE}=${challenge}` },
      payload: { code: "000000" === totpCode(finance.secret) ? "111111" : "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("adminApi.codeInvalid");
  });

  it("limits TOTP attempts per operator", async () => {
    const merch = await createOperator(app, "merchandiser");
    const login = await passwordStep(merch.email);
    const challenge = setCookieValue(login, OPERATOR_CHALLENGE_COOKIE)!;
    const wrongCode = totpCode(merch.secret) === "123456" ? "654321" : "123456";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await app.server.inject({
        method: "POST",
        url: "/o2adm/v1/auth/totp",
        headers: { ...FETCH, cookie: `${OPERATOR_CHALLENGE_COOKIE}=${challenge}` },
        payload: { code: wrongCode },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it("ends a session that has been idle longer than the console's timeout", async () => {
    const support = await createOperator(app, "support");
    const cookie = await operatorCookie(app, support);
    const token = cookie.split("=")[1]!;
    const { tokenHash } = await import("../account/session-tokens.ts");
    await app.database.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(operatorSessions.tokenHash, tokenHash(token)));
    const me = await app.server.inject({ method: "GET", url: "/o2adm/v1/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe("adminApi.signInRequired");
  });

  it("signs out", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const out = await app.server.inject({ method: "POST", url: "/o2adm/v1/auth/logout", headers });
    expect(out.statusCode).toBe(200);
    const me = await app.server.inject({ method: "GET", url: "/o2adm/v1/me", headers });
    expect(me.statusCode).toBe(401);
  });

  it("refuses a console change from another site (CSRF)", async () => {
    const owner = await createOperator(app, "owner");
    const cookie = await operatorCookie(app, owner);
    const res = await app.server.inject({
      method: "PUT",
      url: "/o2adm/v1/me/language",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      payload: { language: "zh_CN" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("error.csrf");
  });
});

describe("two realms: shoppers and operators never cross (issue 16)", () => {
  const app = setupTestApp();

  it("refuses a shopper's token and cookie on the console API", async () => {
    const { accessToken } = await registerByEmail(app, "shopper-realm@roamly.test");
    const asBearer = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/me",
      headers: bearer(accessToken),
    });
    expect(asBearer.statusCode).toBe(401);
    const asCookie = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/me",
      headers: { cookie: `esim_at=${accessToken}` },
    });
    expect(asCookie.statusCode).toBe(401);
    // Nor does a shopper's token pasted into the operator cookie.
    const forged = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/me",
      headers: { cookie: `${OPERATOR_SESSION_COOKIE}=${accessToken}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("an operator's session does not act as a shopper", async () => {
    const owner = await createOperator(app, "owner");
    const cookie = await operatorCookie(app, owner);
    const token = cookie.split("=")[1]!;
    for (const headers of [{ cookie }, { cookie: `esim_at=${token}` }, bearer(token)]) {
      const res = await app.server.inject({ method: "GET", url: "/o2ord/v1/customer/orders", headers });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("invitation and enrolment (issue 16)", () => {
  const app = setupTestApp();

  it("an owner invites; the invitee sets a password and enrols TOTP from the one-time link", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const invite = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/operators",
      headers,
      payload: { email: "New.Support@Ops.Roamly.test", displayName: "New Support", role: "support" },
    });
    expect(invite.statusCode).toBe(200);
    const { operator, invitation } = invite.json();
    expect(operator).toMatchObject({
      email: "new.support@ops.roamly.test",
      status: "INVITED",
      role: "support",
    });

    // Not yet able to sign in.
    const early = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/login",
      headers: FETCH,
      payload: { email: operator.email, password: OPERATOR_PASSWORD },
    });
    expect(early.statusCode).toBe(401);

    const open = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/open",
      headers: FETCH,
      payload: { token: invitation.token },
    });
    expect(open.statusCode).toBe(200);
    const { secret, otpauthUri } = open.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    // Opening the link again shows the same secret (the app may already hold it).
    const again = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/open",
      headers: FETCH,
      payload: { token: invitation.token },
    });
    expect(again.json().secret).toBe(secret);

    const weak = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/complete",
      headers: FETCH,
      payload: { token: invitation.token, password: "short", code: totpCode(secret) },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe("adminApi.passwordRule");

    const done = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/complete",
      headers: FETCH,
      payload: { token: invitation.token, password: OPERATOR_PASSWORD, code: totpCode(secret) },
    });
    expect(done.statusCode).toBe(200);
    expect(setCookieValue(done, OPERATOR_SESSION_COOKIE)).toBeTruthy();

    // The link is spent.
    const reuse = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/open",
      headers: FETCH,
      payload: { token: invitation.token },
    });
    expect(reuse.statusCode).toBe(404);

    const entries = await auditOf(app, "operator", operator.id);
    expect(entries.map((entry) => entry.action)).toEqual(["operator.invite", "operator.enrol"]);
  });

  it("keeps at least one active owner", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const list = await app.server.inject({ method: "GET", url: "/o2adm/v1/operators", headers });
    const owners = list.json().operators.filter((o: { role: string; status: string }) => o.role === "owner");
    for (const other of owners.filter((o: { id: string }) => o.id !== owner.id)) {
      await app.server.inject({
        method: "PATCH",
        url: `/o2adm/v1/operators/${other.id}`,
        headers,
        payload: { status: "DISABLED" },
      });
    }
    const demote = await app.server.inject({
      method: "PATCH",
      url: `/o2adm/v1/operators/${owner.id}`,
      headers,
      payload: { role: "support" },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe("adminApi.lastOwner");
  });

  it("a disabled operator's session ends at once", async () => {
    const owner = await createOperator(app, "owner");
    const support = await createOperator(app, "support");
    const supportHeaders = await operatorHeaders(app, support);
    const res = await app.server.inject({
      method: "PATCH",
      url: `/o2adm/v1/operators/${support.id}`,
      headers: await operatorHeaders(app, owner),
      payload: { status: "DISABLED" },
    });
    expect(res.statusCode).toBe(200);
    const me = await app.server.inject({ method: "GET", url: "/o2adm/v1/me", headers: supportHeaders });
    expect(me.statusCode).toBe(401);
    expect((await auditOf(app, "operator", support.id)).map((e) => e.after)).toEqual([
      { role: "support", status: "DISABLED", displayName: expect.any(String) },
    ]);
  });
});

describe("the first owner (npm run admin:create, issue 16)", () => {
  const app = setupTestApp();

  it("npm run admin:create makes the first owner only, with a TOTP secret that signs in", async () => {
    const first = await app.services.admin.createFirstOwner({
      email: "First.Owner@Shop.test",
      displayName: "First Owner",
      password: OPERATOR_PASSWORD,
    });
    expect(first.operator).toMatchObject({ email: "first.owner@shop.test", role: "owner", status: "ACTIVE" });
    expect(first.otpauthUri).toContain(`secret=${first.secret}`);
    const cookie = await signIn(app, {
      id: first.operator.id,
      email: first.operator.email,
      role: "owner",
      secret: first.secret,
    });
    expect(cookie).toContain(OPERATOR_SESSION_COOKIE);
    await expect(
      app.services.admin.createFirstOwner({
        email: "second@shop.test",
        displayName: "Second",
        password: OPERATOR_PASSWORD,
      }),
    ).rejects.toThrow(/already exists/);
  });
});
