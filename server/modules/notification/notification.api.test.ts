import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { getAs, placeAndPay, type Shopper, settle, shopper } from "../checkout/purchase-test-kit.ts";

const app = setupTestApp();

function list(who: Shopper, lang = "en_US") {
  return getAs(app, who, "/o2cum/v1/customer/notifications?page=0&size=20", lang);
}

async function post(who: Shopper, url: string, payload: object, method: "POST" | "PUT" = "POST") {
  return await app.server.inject({
    method,
    url,
    headers: { ...who.headers, "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

describe("notification centre (spec 2 /ucenter/push)", () => {
  it("a purchase lands as 'payment received' and 'eSIM ready', unread, in the reader's language", async () => {
    const buyer = await shopper(app);
    const code = await placeAndPay(app, buyer);
    await settle(app);
    await settle(app);

    const res = await list(buyer, "zh_HK");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content.map((n: { kind: string }) => n.kind).sort()).toEqual(["ESIM_READY", "ORDER_PAID"]);
    const paid = body.content.find((n: { kind: string }) => n.kind === "ORDER_PAID");
    expect(paid).toMatchObject({ title: "已收到付款", read: false, link: `/ucenter/order/${code}` });
    expect(paid.body).toContain(code);
    expect((await getAs(app, buyer, "/o2cum/v1/customer/notifications/unread-count")).json()).toEqual({
      count: 2,
    });

    // Mark one read, then all; another shopper cannot touch them.
    const other = await shopper(app);
    expect((await post(other, "/o2cum/v1/customer/notifications/read", { ids: [paid.id] })).json()).toEqual({
      count: 0,
    });
    expect((await post(buyer, "/o2cum/v1/customer/notifications/read", { ids: [paid.id] })).json()).toEqual({
      count: 1,
    });
    expect((await post(buyer, "/o2cum/v1/customer/notifications/read", { all: true })).json()).toEqual({
      count: 0,
    });
    expect((await list(buyer)).json().content.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await list(other)).json().content).toEqual([]);
  });

  it("records an event once, however often it is reported", async () => {
    const who = await shopper(app);
    for (let i = 0; i < 3; i++)
      await app.services.notifications.record({
        customerId: who.id,
        kind: "PROMOTION",
        params: { title: "Summer sale", body: "10% off Japan" },
        eventKey: "promo:summer",
      });
    const content = (await list(who)).json().content;
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ title: "Summer sale", body: "10% off Japan" });
  });

  it("keeps e-mail or in-app per kind as the shopper chooses; receipts always go by e-mail", async () => {
    const who = await shopper(app);
    const saved = await post(
      who,
      "/o2cum/v1/customer/notification-preferences",
      {
        preferences: [
          { kind: "DATA_LOW", email: false, inApp: true },
          { kind: "PROMOTION", email: true, inApp: false },
          { kind: "ORDER_PAID", email: false, inApp: true },
        ],
      },
      "PUT",
    );
    expect(saved.statusCode).toBe(200);
    const prefs = Object.fromEntries(
      saved.json().preferences.map((p: { kind: string; email: boolean; inApp: boolean }) => [p.kind, p]),
    );
    expect(prefs.DATA_LOW).toMatchObject({ email: false, inApp: true, emailOptional: true });
    expect(prefs.ORDER_PAID).toMatchObject({ email: true, emailOptional: false });
    expect(await app.services.notifications.emailWanted(who.id, "DATA_LOW")).toBe(false);
    expect(await app.services.notifications.emailWanted(who.id, "ORDER_PAID")).toBe(true);

    await app.services.notifications.record({
      customerId: who.id,
      kind: "PROMOTION",
      params: { title: "t", body: "b" },
      eventKey: "promo:muted",
    });
    expect((await list(who)).json().content).toEqual([]);
  });

  it("needs a login and valid input", async () => {
    expect(
      (await app.server.inject({ method: "GET", url: "/o2cum/v1/customer/notifications" })).statusCode,
    ).toBe(401);
    const who = await shopper(app);
    expect((await post(who, "/o2cum/v1/customer/notifications/read", { ids: ["x"] })).statusCode).toBe(400);
    expect(
      (
        await post(
          who,
          "/o2cum/v1/customer/notification-preferences",
          { preferences: [{ kind: "SPAM", email: true, inApp: true }] },
          "PUT",
        )
      ).statusCode,
    ).toBe(400);
  });
});
