import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  customerCoupons,
  customerNotifications,
  customers,
  inviteSettings,
  invites,
} from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { BEARER, bearer, emailCode, encryptPassword } from "../account/account-test-kit.ts";
import {
  orderRow,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";

// Issue 11, ADR 0242: invite rewards, from the landing page's cookie through sign-up to the inviter's credit.

const app = setupTestApp();
const REWARD = 3000;

beforeAll(async () => {
  await pricePlan(app);
});

afterEach(async () => {
  app.services.esimSandbox!.setFailureRate(0);
  await app.database.db
    .update(inviteSettings)
    .set({ monthlyCap: 10, enabled: true })
    .where(eq(inviteSettings.id, 1));
  await app.services.sfb.rulesChanged();
});

async function inviteCodeOf(who: Shopper): Promise<string> {
  const res = await app.server.inject({
    method: "GET",
    url: "/o2sfb/v1/customer/invites",
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code;
}

/** Opens the landing page's API as a visitor: the invite cookie it sets. */
async function land(code: string) {
  const res = await app.server.inject({ method: "GET", url: `/o2sfb/v1/pub/landing/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "roamly_invite");
  return { body: res.json(), cookie: cookie ? `roamly_invite=${cookie.value}` : undefined };
}

/** Registers a new account by e-mail, carrying the invite cookie as a browser would. */
async function registerWith(cookie: string | undefined, email = `friend-${randomUUID()}@example.com`) {
  const { code, captchaKey } = await emailCode(app, email, "REGISTER");
  const res = await app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/register",
    headers: { ...BEARER, ...(cookie ? { cookie } : {}) },
    payload: {
      email,
      captcha: code,
      captchaKey,
      password: await encryptPassword(app, "Trav3l!ng-eSIM"),
      protocolAgreed: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await app.database.db.select().from(customers).where(eq(customers.email, email));
  return { id: row!.id, email, headers: bearer(res.json().accessToken) } satisfies Shopper;
}

const inviteOf = async (friend: Shopper) =>
  (await app.database.db.select().from(invites).where(eq(invites.friendId, friend.id)))[0];

const credit = (who: Shopper) => app.services.credit.balance(app.database.db, who.id);

/** The friend's first order with the friend coupon, paid and delivered. */
async function firstOrder(friend: Shopper) {
  const code = await placeAndPay(app, friend, { couponCode: "SFB-FRIEND" });
  await settle(app);
  return code;
}

describe("invite rewards", () => {
  it("a friend who signs up through the link gets the coupon; the inviter earns held credit when the order completes", async () => {
    const inviter = await shopper(app);
    const code = await inviteCodeOf(inviter);
    const { body, cookie } = await land(code);
    expect(body).toMatchObject({ status: "ok", rules: { friendReward: { code: "SFB-FRIEND" } } });
    expect(cookie).toBe(`roamly_invite=${code}`);

    const friend = await registerWith(cookie);
    expect(await inviteOf(friend)).toMatchObject({ inviterId: inviter.id, state: "SIGNED_UP" });
    const wallet = await app.database.db
      .select()
      .from(customerCoupons)
      .where(and(eq(customerCoupons.customerId, friend.id), eq(customerCoupons.couponCode, "SFB-FRIEND")));
    expect(wallet).toHaveLength(1);

    const orderCode = await firstOrder(friend);
    const order = await orderRow(app, orderCode);
    expect(order).toMatchObject({ status: "COMPLETED", couponCode: "SFB-FRIEND", couponDiscount: 4000 });
    expect(await inviteOf(friend)).toMatchObject({ state: "REWARDED", rewardMinor: REWARD });
    // Held for 14 days before it can be spent.
    expect(await credit(inviter)).toMatchObject({
      balanceMinor: REWARD,
      spendableMinor: 0,
      heldMinor: REWARD,
    });
    const mine = (
      await app.server.inject({ method: "GET", url: "/o2sfb/v1/customer/invites", headers: inviter.headers })
    ).json();
    expect(mine.friends).toEqual([expect.objectContaining({ state: "REWARDED", rewardMinor: REWARD })]);
    expect(mine.credit).toMatchObject({ balanceMinor: REWARD, heldMinor: REWARD });
    const notices = await app.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, inviter.id));
    expect(notices.map((n) => n.kind)).toContain("INVITE_REWARD");
  });

  it("refuses a self-invite, by account and by e-mail, with the reason recorded", async () => {
    const email = `self.invite-${randomUUID().slice(0, 8)}@gmail.com`;
    const inviter = await shopper(app, email);
    const code = await inviteCodeOf(inviter);
    // The same account.
    const self = await app.services.sfb.attach(
      { id: inviter.id, email, phone: null, internationalTelCode: null, nickName: null },
      code,
    );
    expect(self).toEqual({ attached: false, reason: "selfInvite" });
    // The same mailbox under another spelling (Gmail ignores dots and +tags).
    const { cookie } = await land(code);
    const twin = await registerWith(
      cookie,
      email.replace("self.invite", "selfinvite").replace("@", "+again@"),
    );
    expect(await inviteOf(twin)).toBeUndefined();
    const decisions = await app.services.sfb.decisionsOf(inviter.id);
    expect(decisions.map((d) => [d.decision, d.reason])).toEqual(
      expect.arrayContaining([
        ["REFUSED", "selfInvite"],
        ["REFUSED", "sameContact"],
      ]),
    );
    expect((await credit(inviter)).balanceMinor).toBe(0);
  });

  it("rewards a friend once, ever: a second order and a second inviter earn nothing", async () => {
    const inviter = await shopper(app);
    const other = await shopper(app);
    const friend = await registerWith((await land(await inviteCodeOf(inviter))).cookie);
    await firstOrder(friend);
    await placeAndPay(app, friend);
    await settle(app);
    expect((await credit(inviter)).balanceMinor).toBe(REWARD);
    const again = await app.services.sfb.attach(
      { id: friend.id, email: friend.email, phone: null, internationalTelCode: null, nickName: null },
      await inviteCodeOf(other),
    );
    expect(again).toEqual({ attached: false, reason: "alreadyInvited" });
    expect((await credit(other)).balanceMinor).toBe(0);
  });

  it("stops at the monthly cap and says why", async () => {
    await app.database.db.update(inviteSettings).set({ monthlyCap: 1 }).where(eq(inviteSettings.id, 1));
    await app.services.sfb.rulesChanged();
    const inviter = await shopper(app);
    const code = await inviteCodeOf(inviter);
    const first = await registerWith((await land(code)).cookie);
    const second = await registerWith((await land(code)).cookie);
    await firstOrder(first);
    await firstOrder(second);
    expect(await inviteOf(first)).toMatchObject({ state: "REWARDED" });
    expect(await inviteOf(second)).toMatchObject({ state: "VOID", voidReason: "monthlyCap" });
    expect((await credit(inviter)).balanceMinor).toBe(REWARD);
  });

  it("voids a reward not yet granted when the friend's first order is refunded", async () => {
    const inviter = await shopper(app);
    const friend = await registerWith((await land(await inviteCodeOf(inviter))).cookie);
    app.services.esimSandbox!.setFailureRate(1);
    const orderCode = await placeAndPay(app, friend, { couponCode: "SFB-FRIEND" });
    await settle(app);
    const order = await orderRow(app, orderCode);
    expect(order.status).toBe("FULFILLING");
    expect(await inviteOf(friend)).toMatchObject({ state: "FIRST_ORDER_PAID", firstOrderId: order.id });
    expect(await app.services.order.startRefund(order.id, "provisioning-failed")).toBe(true);
    await settle(app);
    expect((await orderRow(app, orderCode)).status).toBe("REFUNDED");
    expect(await inviteOf(friend)).toMatchObject({ state: "VOID", voidReason: "friendRefunded" });
    expect((await credit(inviter)).balanceMinor).toBe(0);
  });

  it("claws back a reward already granted when the friend's order is refunded", async () => {
    const inviter = await shopper(app);
    const friend = await registerWith((await land(await inviteCodeOf(inviter))).cookie);
    const orderCode = await firstOrder(friend);
    expect((await credit(inviter)).balanceMinor).toBe(REWARD);
    const order = await orderRow(app, orderCode);
    expect(await app.services.order.startRefund(order.id, "customer-request")).toBe(true);
    await settle(app);
    expect((await orderRow(app, orderCode)).status).toBe("REFUNDED");
    expect(await inviteOf(friend)).toMatchObject({ state: "VOID", voidReason: "friendRefundedAfterReward" });
    expect((await credit(inviter)).balanceMinor).toBe(0);
    const history = await app.services.credit.history(inviter.id, 0, 10);
    expect(history.content[0]).toMatchObject({
      kind: "ADJUSTED",
      amountMinor: -REWARD,
      reason: "sfb.clawback",
    });
  });

  it("shows a clear answer for an unknown or disabled code, and sets no cookie", async () => {
    const unknown = await land("NOSUCH99");
    expect(unknown.body.status).toBe("unknown");
    expect(unknown.cookie).toBeUndefined();
    await app.database.db.update(inviteSettings).set({ enabled: false }).where(eq(inviteSettings.id, 1));
    await app.services.sfb.rulesChanged();
    const inviter = await shopper(app);
    const off = await land(await inviteCodeOf(inviter));
    expect(off.body.status).toBe("disabled");
    expect(off.cookie).toBeUndefined();
  });

  it("keeps the invite through social sign-in (register-bind-login)", async () => {
    const inviter = await shopper(app);
    const { cookie } = await land(await inviteCodeOf(inviter));
    const email = `social-${randomUUID().slice(0, 8)}@example.com`;
    const issued = await app.server.inject({
      method: "POST",
      url: "/__dev/identity/google/token",
      payload: { sub: `g-${randomUUID()}`, email, nonce: "n-sfb" },
    });
    const token = issued.json().idToken as string;
    const bound = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/register-bind-login",
      headers: { ...BEARER, cookie: cookie! },
      payload: { channel: "PC", provider: "google", openAccessToken: token, nonce: "n-sfb" },
    });
    expect(bound.json()).toMatchObject({ success: true });
    const [friend] = await app.database.db.select().from(customers).where(eq(customers.email, email));
    const invite = (await app.database.db.select().from(invites).where(eq(invites.friendId, friend!.id)))[0];
    expect(invite).toMatchObject({ inviterId: inviter.id, state: "SIGNED_UP" });
  });
});
