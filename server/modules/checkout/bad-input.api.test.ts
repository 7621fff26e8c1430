import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../../core/i18n/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { SANDBOX_WEBHOOK_PATH } from "../../providers/payment/sandbox.ts";
import { SANDBOX_SIGNATURE_HEADER } from "../../providers/payment/signature.ts";
import { PLAN, type Shopper, shopper } from "./purchase-test-kit.ts";

// The "every endpoint with bad input": each purchase endpoint (coupons /o2mkt, checkout and orders
// /o2ord, payment /o2pay) answers malformed input with 400 {failed: true, code, message} in the request's
// language, naming the fields at fault, and does nothing.

const app = setupTestApp();
let who: Shopper;

beforeAll(async () => {
  who = await shopper(app);
});

type Case = {
  method: "GET" | "POST";
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The fields the answer names. */
  fields: string[];
};

const key = () => ({ "idempotency-key": randomUUID() });
const line = { platformProductCode: PLAN, quantity: 1 };

const CASES: Record<string, Case> = {
  // /o2mkt: coupon and promo code look-ups, receiving, the wallet.
  "coupons by-codes: empty list": {
    method: "POST",
    url: "/o2mkt/v1/pub/coupons/by-codes",
    payload: { couponCodes: [] },
    fields: ["couponCodes"],
  },
  "coupons by-codes: not a list": {
    method: "POST",
    url: "/o2mkt/v1/pub/coupons/by-codes",
    payload: { couponCodes: "SAVE20HKD" },
    fields: ["couponCodes"],
  },
  "coupons by-codes: 21 codes": {
    method: "POST",
    url: "/o2mkt/v1/pub/coupons/by-codes",
    payload: { couponCodes: Array.from({ length: 21 }, (_, i) => `CODE${i}`) },
    fields: ["couponCodes"],
  },
  "coupons by-codes: a malformed code": {
    method: "POST",
    url: "/o2mkt/v1/pub/coupons/by-codes",
    payload: { couponCodes: ["SAVE20HKD", "no spaces!"] },
    fields: ["couponCodes.1"],
  },
  "promo-codes by-codes: missing": {
    method: "POST",
    url: "/o2mkt/v1/pub/promo-codes/by-codes",
    payload: {},
    fields: ["promoCodes"],
  },
  "promo-codes by-codes: a code too long": {
    method: "POST",
    url: "/o2mkt/v1/pub/promo-codes/by-codes",
    payload: { promoCodes: ["X".repeat(49)] },
    fields: ["promoCodes.0"],
  },
  "receive: a malformed code": {
    method: "POST",
    url: "/o2mkt/v1/customer/coupons/no%20spaces!/receive",
    fields: ["code"],
  },
  "wallet: unknown state, bad paging": {
    method: "GET",
    url: "/o2mkt/v1/customer/coupons?state=gone&page=-1&size=1000",
    fields: ["state", "page", "size"],
  },

  // /o2ord: the quote, placing an order, the order list and one order.
  "quote: quantity 0, a numeric plan code": {
    method: "POST",
    url: "/o2ord/v1/customer/checkout/quote",
    payload: { platformProductCode: 5, quantity: 0 },
    fields: ["platformProductCode", "quantity"],
  },
  "quote: malformed promo code and e-mail": {
    method: "POST",
    url: "/o2ord/v1/customer/checkout/quote",
    payload: { ...line, promoCode: "no spaces!", contactEmail: "nobody" },
    fields: ["promoCode", "contactEmail"],
  },
  "place: no idempotency key": {
    method: "POST",
    url: "/o2ord/v1/customer/orders",
    payload: line,
    fields: ["idempotencyKey"],
  },
  "place: an idempotency key too short": {
    method: "POST",
    url: "/o2ord/v1/customer/orders",
    headers: { "idempotency-key": "abc" },
    payload: line,
    fields: ["idempotencyKey"],
  },
  "place: quantity 100, a malformed ICCID": {
    method: "POST",
    url: "/o2ord/v1/customer/orders",
    headers: key(),
    payload: { ...line, quantity: 100, topUpIccid: "12345" },
    fields: ["quantity", "topUpIccid"],
  },
  "place: no body": {
    method: "POST",
    url: "/o2ord/v1/customer/orders",
    headers: key(),
    fields: ["platformProductCode", "quantity"],
  },
  "orders: unknown status, bad paging": {
    method: "GET",
    url: "/o2ord/v1/customer/orders?status=LOST&page=x&size=0",
    fields: ["status", "page", "size"],
  },
  "orders: a keyword too long": {
    method: "GET",
    url: `/o2ord/v1/customer/orders?keyword=${"a".repeat(65)}`,
    fields: ["keyword"],
  },
  "order detail: a malformed code": { method: "GET", url: "/o2ord/v1/customer/orders/x", fields: ["code"] },
  "order status: a malformed code": {
    method: "GET",
    url: "/o2ord/v1/customer/orders/lower-case/status",
    fields: ["code"],
  },
  "cancel: a malformed code": {
    method: "POST",
    url: "/o2ord/v1/customer/orders/x/cancel",
    fields: ["code"],
  },
  "invoice: a malformed code": {
    method: "GET",
    url: `/o2ord/v1/customer/orders/${"A".repeat(33)}/invoice.pdf`,
    fields: ["code"],
  },

  // /o2pay: starting a payment, and a webhook for a provider we do not have.
  "pay: a malformed code": { method: "POST", url: "/o2pay/v1/customer/orders/ord_1/pay", fields: ["code"] },
  "webhook: unknown provider": {
    method: "POST",
    url: "/o2pay/v1/pub/webhooks/paypal",
    headers: { "content-type": "application/json" },
    payload: "{}",
    fields: ["provider"],
  },
};

describe("every purchase endpoint refuses bad input with 400 and the fields", () => {
  it.each(Object.entries(CASES))("%s", async (_name, test) => {
    const res = await app.server.inject({
      method: test.method,
      url: test.url,
      headers: { ...who.headers, "x-lang": "zh_HK", "x-currency": "HKD", ...test.headers },
      ...(test.payload === undefined ? {} : { payload: test.payload as string | Record<string, unknown> }),
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      failed: true,
      code: "error.badRequest",
      message: translate("zh_HK", "error.badRequest"),
    });
    expect(Object.keys(body.fields).sort()).toEqual([...test.fields].sort());
  });

  it("refuses a body that is not JSON", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/orders",
      headers: { ...who.headers, ...key(), "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true, code: "error.badRequest" });
  });
});

describe("a webhook that cannot be verified", () => {
  // The body of a webhook is only read once its signature over the raw bytes holds (ADR 0103).
  it.each([
    ["no signature", '{"id":"evt_1"}', undefined],
    ["a malformed signature", '{"id":"evt_1"}', "v1=abc"],
    ["a body that is not JSON", "{not json", "t=1,v1=00"],
    ["an empty body", "", "t=1,v1=00"],
  ])("%s → 400 signatureInvalid", async (_name, payload, signature) => {
    const res = await app.server.inject({
      method: "POST",
      url: SANDBOX_WEBHOOK_PATH,
      headers: {
        "content-type": "application/json",
        "x-lang": "en_US",
        ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}),
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      failed: true,
      code: "purchase.payment.signatureInvalid",
      message: "Invalid webhook signature",
    });
  });
});
