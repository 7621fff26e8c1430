import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { addCoupon, PLAN, pricePlan, receive, type Shopper, shopper } from "./purchase-test-kit.ts";

// ADR 0155: the coupon dialog lists a coupon that would leave a total above 0 but below the card minimum as
// unusable, with the reason, instead of offering it and flagging the quote afterwards (ADRs 0122, 0148).
// One plan costs HK$59.90 (pricePlan) and the sandbox, like Stripe, charges at least HK$4.00.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
  // Leaves HK$1.90, HK$3.99, exactly HK$4.00, exactly 0 (HK$60 off HK$59.90), and HK$24.90.
  await addCoupon(app, { code: "DLGMIN58", resultReduction: 5800 });
  await addCoupon(app, { code: "DLGMIN5591", resultReduction: 5591 });
  await addCoupon(app, { code: "DLGMIN5590", resultReduction: 5590 });
  await addCoupon(app, { code: "DLGMINFREE", resultReduction: 6000 });
  await addCoupon(app, { code: "DLGMIN35", resultReduction: 3500 });
  // With DLGMIN35, HK$24.90 less HK$22 leaves HK$2.90.
  await addCoupon(app, { code: "DLGPROMO22", marketingType: "PROMO_CODE", resultReduction: 2200 });
});

interface Option {
  code: string;
  usable: boolean;
  discount: number;
  reasonCode: string | null;
  reason: string | null;
}

function post(who: Shopper, url: string, body: Record<string, unknown>, lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url,
    headers: { ...who.headers, "x-currency": "HKD", "x-lang": lang },
    payload: { platformProductCode: PLAN, quantity: 1, ...body },
  });
}

async function options(who: Shopper, body: Record<string, unknown> = {}, lang = "en_US") {
  const res = await post(who, "/o2ord/v1/customer/checkout/coupons", body, lang);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().content as Option[]).map(({ code, usable, discount, reasonCode, reason }) => ({
    code,
    usable,
    discount,
    reasonCode,
    reason,
  }));
}

async function holding(codes: string[]) {
  const who = await shopper(app);
  for (const code of codes) expect((await receive(app, who, code)).statusCode).toBe(200);
  return who;
}

const BELOW = "purchase.coupon.belowPaymentMinimum";
const usable = (code: string, discount: number) => ({
  code,
  usable: true,
  discount,
  reasonCode: null,
  reason: null,
});
const below = (code: string, reason: string) => ({
  code,
  usable: false,
  discount: 0,
  reasonCode: BELOW,
  reason,
});

describe("the coupon dialog and the card minimum", () => {
  it("a coupon leaving HK$0.01 to HK$3.99 is unusable with the reason; exactly HK$4.00 or 0 is usable", async () => {
    const who = await holding(["DLGMIN58", "DLGMIN5591", "DLGMIN5590", "DLGMINFREE"]);
    const reason = "This coupon would bring the total below the minimum card payment of HK$4.00";
    const list = await options(who);
    expect(list).toHaveLength(4);
    expect(list.slice(0, 2)).toEqual([usable("DLGMINFREE", 5990), usable("DLGMIN5590", 5590)]);
    // The unusable ones keep the wallet's order (same end time: the newest copy first), so compare as a set.
    expect(list.slice(2).sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      below("DLGMIN5591", reason),
      below("DLGMIN58", reason),
    ]);

    // The quote agrees with each verdict: the unusable ones are the ones it flags.
    for (const option of list) {
      const quote = await post(who, "/o2ord/v1/customer/checkout/quote", { couponCode: option.code });
      expect(quote.statusCode, option.code).toBe(200);
      expect(quote.json().belowPaymentMinimum, option.code).toEqual(option.usable ? null : { minimum: 400 });
    }
  });

  it("says so in Chinese, and two plans make the coupon usable again", async () => {
    const who = await holding(["DLGMIN58"]);
    expect((await options(who, {}, "zh_CN"))[0]).toEqual(
      below("DLGMIN58", "使用该优惠券后，支付金额将低于银行卡最低支付金额 HK$4.00"),
    );
    expect((await options(who, {}, "zh_HK"))[0]).toEqual(
      below("DLGMIN58", "使用此優惠券後，付款金額將低於信用卡最低付款金額 HK$4.00"),
    );
    // 2 × HK$59.90 less HK$58.00 leaves HK$61.80.
    expect(await options(who, { quantity: 2 })).toEqual([usable("DLGMIN58", 5800)]);
  });

  it("counts the promo code already chosen: together they would leave HK$2.90", async () => {
    const who = await holding(["DLGMIN35"]);
    expect(await options(who)).toEqual([usable("DLGMIN35", 3500)]);
    const reason = "This coupon would bring the total below the minimum card payment of HK$4.00";
    expect(await options(who, { promoCode: "DLGPROMO22" })).toEqual([below("DLGMIN35", reason)]);
    const quote = await post(who, "/o2ord/v1/customer/checkout/quote", {
      couponCode: "DLGMIN35",
      promoCode: "DLGPROMO22",
    });
    expect(quote.json()).toMatchObject({ total: 290, belowPaymentMinimum: { minimum: 400 } });
    // A promo code the quote refuses takes nothing off, so it changes no verdict.
    expect(await options(who, { promoCode: "NOSUCHCODE" })).toEqual([usable("DLGMIN35", 3500)]);
  });

  it("refuses a malformed promo code", async () => {
    const who = await shopper(app);
    const res = await post(who, "/o2ord/v1/customer/checkout/coupons", { promoCode: "not a code!" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true });
  });
});
