import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatorInvitations, operators } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { auditOf, createOperator, OPERATOR_PASSWORD, operatorHeaders } from "./admin-test-kit.ts";
import { totpCode } from "./totp.ts";

const FETCH = { "x-requested-with": "fetch" };

/**
 * Invitations are e-mailed (ADR 0238): through the outbox like every other message, in the inviter's console
 * language, with the one-time enrolment link; a resend voids the earlier link and e-mails a new one; an expired
 * link is refused.
 */
describe("operator invitations by e-mail (issue 16)", () => {
  const app = setupTestApp({ PUBLIC_ORIGIN: "https://shop.roamly.test" });

  async function invite(headers: Record<string, string>, email: string) {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/operators",
      headers,
      payload: { email, displayName: "Mei Chan", role: "support" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { operator: { id: string }; invitation: { token: string } };
  }

  /** The enrolment link in the newest e-mail to `to`, and that e-mail. */
  async function mailedLink(to: string) {
    const [mail] = await app.services.outbox.recent(to, 5);
    expect(mail, `an e-mail to ${to}`).toBeDefined();
    const link = /https:\/\/shop\.roamly\.test\/admin\/enrol\?token=([\w-]+)/.exec(mail!.body);
    expect(link, mail!.body).not.toBeNull();
    return { mail: mail!, token: decodeURIComponent(link![1]!) };
  }

  function openLink(token: string) {
    return app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/open",
      headers: FETCH,
      payload: { token },
    });
  }

  it("e-mails the one-time link in the inviter's language; the invitee enrols from the e-mail", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const language = await app.server.inject({
      method: "PUT",
      url: "/o2adm/v1/me/language",
      headers,
      payload: { language: "zh_CN" },
    });
    expect(language.statusCode).toBe(200);
    const email = `mei-${Date.now()}@ops.roamly.test`;
    await invite(headers, email);
    const { mail, token } = await mailedLink(email);
    expect(mail.channel).toBe("EMAIL");
    expect(mail.subject).toContain("邀请您加入 Roamly 运营后台");
    expect(mail.body).toContain("客服");

    const open = await openLink(token);
    expect(open.statusCode, open.body).toBe(200);
    const done = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/complete",
      headers: FETCH,
      payload: { token, password: OPERATOR_PASSWORD, code: totpCode(open.json().secret) },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await app.database.db.select().from(operators).where(eq(operators.email, email));
    expect(row?.status).toBe("ACTIVE");
  });

  it("an English-speaking inviter's e-mail is in English; resending voids the first link and mails a new one", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const email = `resend-${Date.now()}@ops.roamly.test`;
    const { operator } = await invite(headers, email);
    const first = await mailedLink(email);
    expect(first.mail.subject).toContain("invited you to the Roamly console");
    expect(first.mail.body).toContain("Support");

    const resend = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/operators/${operator.id}/invitation`,
      headers,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const second = await mailedLink(email);
    expect(second.token).not.toBe(first.token);
    expect((await app.services.outbox.recent(email, 5)).length).toBe(2);
    expect((await openLink(first.token)).statusCode).toBe(404);
    expect((await openLink(second.token)).statusCode).toBe(200);
    expect((await auditOf(app, "operator", operator.id)).map((e) => e.action)).toEqual([
      "operator.invite",
      "operator.reinvite",
    ]);
  });

  it("refuses an expired invitation link", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const email = `late-${Date.now()}@ops.roamly.test`;
    const { operator } = await invite(headers, email);
    const { token } = await mailedLink(email);
    await app.database.db
      .update(operatorInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorInvitations.operatorId, operator.id));
    const open = await openLink(token);
    expect(open.statusCode).toBe(404);
    expect(open.json().code).toBe("adminApi.invitationInvalid");
    const complete = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/enrolment/complete",
      headers: FETCH,
      payload: { token, password: OPERATOR_PASSWORD, code: "123456" },
    });
    expect(complete.statusCode).toBe(404);
  });
});
