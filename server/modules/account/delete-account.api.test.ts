import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, messageOutbox, orders, verificationCodes } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { place, pricePlan } from "../checkout/purchase-test-kit.ts";
import { DELETED_CONTACT_EMAIL } from "../order/service.ts";
import {
  BEARER,
  bearer,
  emailCode,
  encryptPassword,
  GOOD_PASSWORD,
  registerByEmail,
} from "./account-test-kit.ts";

const app = setupTestApp();

const login = async (email: string) =>
  app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/login",
    headers: BEARER,
    payload: { account: email, password: await encryptPassword(app, GOOD_PASSWORD) },
  });

describe("delete account (spec 2 /my/userInfo/delete)", () => {
  it("re-authenticates with the password, ends every session, anonymizes the row, and login fails after", async () => {
    const first = await registerByEmail(app, "leaving@example.com");
    const second = (await login("leaving@example.com")).json();
    const noProof = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(first.accessToken),
      payload: {},
    });
    expect(noProof.statusCode).toBe(400);
    const wrong = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(first.accessToken),
      payload: { password: await encryptPassword(app, "Wrong-pass1!") },
    });
    expect(wrong.statusCode).toBe(400);

    const [before] = await app.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, "leaving@example.com"));
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: { ...bearer(first.accessToken), "x-lang": "zh_CN" },
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "账号已注销" });

    for (const token of [first.accessToken, second.accessToken]) {
      const me = await app.server.inject({
        method: "GET",
        url: "/o2cum/v1/customer-info",
        headers: bearer(token),
      });
      expect(me.statusCode).toBe(401);
    }
    const refresh = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      payload: { refreshToken: second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login("leaving@example.com")).statusCode).toBe(400);

    // The row stays for the rows that reference it, with nothing personal left.
    const [after] = await app.database.db.select().from(customers).where(eq(customers.id, before!.id));
    expect(after).toMatchObject({
      status: "DELETED",
      email: null,
      passwordHash: null,
      nickName: null,
      loginName: null,
    });
    expect(after!.anonymizedAt).toBeInstanceOf(Date);
    // The address is free again.
    const available = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/pub/customer/valid-account",
      query: { email: "leaving@example.com" },
    });
    expect(available.json()).toEqual({ valid: true, registered: false });
  });

  it("accepts a DELETE_ACCOUNT code sent to the logged-in customer's own e-mail", async () => {
    const tokens = await registerByEmail(app, "bycode@example.com");
    const { code, captchaKey } = await emailCode(app, "bycode@example.com", "DELETE_ACCOUNT", {
      headers: bearer(tokens.accessToken),
    });
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(tokens.accessToken),
      payload: { captcha: code, captchaKey },
    });
    expect(res.statusCode).toBe(200);
    const count = await app.database.db.execute(
      sql`select count(*)::int as n from customer_session where revoked_at is null and customer_id in (select id from customer where status = 'DELETED')`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("will not send a DELETE_ACCOUNT code without a session or to someone else's address", async () => {
    const tokens = await registerByEmail(app, "mine@example.com");
    await registerByEmail(app, "theirs@example.com");
    await expect(emailCode(app, "mine@example.com", "DELETE_ACCOUNT")).rejects.toThrow(/error.unauthorized/);
    await expect(
      emailCode(app, "theirs@example.com", "DELETE_ACCOUNT", { headers: bearer(tokens.accessToken) }),
    ).rejects.toThrow(/account.sendCodeFailed/);
  });

  it("keeps the orders without their contact, and forgets the codes and messages sent to the account (ADR 0165)", async () => {
    await pricePlan(app);
    const tokens = await registerByEmail(app, "records@example.com");
    await registerByEmail(app, "bystander@example.com");
    const who = { id: "", email: "records@example.com", headers: bearer(tokens.accessToken) };
    const own = await place(app, who, {});
    const gift = await place(app, who, { contactEmail: "gift@example.com", contactPhone: "+852 61234567" });
    expect([own.statusCode, gift.statusCode]).toEqual([201, 201]);
    const codes = [own.json().code as string, gift.json().code as string];
    // A message already sent about the gift order, and a live code for the account.
    await app.database.db
      .insert(messageOutbox)
      .values({ channel: "EMAIL", to: "gift@example.com", subject: "Your eSIM", body: "Order details" });
    await emailCode(app, "records@example.com", "DELETE_ACCOUNT", { headers: bearer(tokens.accessToken) });
    const ordersBefore = await app.database.db.select().from(orders).where(eq(orders.code, codes[1]!));
    expect(ordersBefore[0]).toMatchObject({
      contactEmail: "gift@example.com",
      contactPhone: "+852 61234567",
    });

    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(tokens.accessToken),
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(res.statusCode).toBe(200);

    // The sales stay (plan, amounts, status, dates), without a way to reach the person.
    for (const code of codes) {
      const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
      expect(row).toBeDefined();
      expect(row!.contactEmail).toBe(DELETED_CONTACT_EMAIL);
      expect(row!.contactPhone).toBeNull();
    }
    const [giftAfter] = await app.database.db.select().from(orders).where(eq(orders.code, codes[1]!));
    const { contactEmail: _e, contactPhone: _p, updatedAt: _u, ...kept } = ordersBefore[0]!;
    expect(giftAfter).toMatchObject(kept);

    const outboxTo = async (to: string) =>
      (await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, to))).length;
    expect(await outboxTo("records@example.com")).toBe(0);
    expect(await outboxTo("gift@example.com")).toBe(0);
    expect(await outboxTo("bystander@example.com")).toBe(1);
    const codeRows = await app.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, "email:records@example.com"));
    expect(codeRows).toEqual([]);
    const bystanderCodes = await app.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, "email:bystander@example.com"));
    expect(bystanderCodes).toHaveLength(1);
  });
});
