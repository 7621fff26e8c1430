import { beforeAll, describe, expect, it } from "vitest";
import { couponScopes, customerCoupons } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  addCoupon,
  couponOptions,
  hold,
  PLAN,
  pricePlan,
  type Shopper,
  shopper,
} from "./purchase-test-kit.ts";

// Issue 30, item 5 (ADR 0319): checkout opens with the coupon that saves the shopper most among those they hold
// that apply to the line, priced as the quote prices it; on a tie the one ending soonest, then the code A→Z.

const app = setupTestApp();
const far = (day: number) => new Date(Date.UTC(2095, 0, day));
const percentOff = (resultDiscount: string) => ({
  couponTypeCode: "DISCOUNT" as const,
  resultDiscount,
  resultReduction: null,
  reductionCurrency: null,
});

/** The coupon checkout applies for one PLAN (HK$59.90 each) in HKD. */
function best(who: Shopper, input: { quantity?: number; promoCode?: string } = {}) {
  return app.services.checkout.bestCoupon(
    { id: who.id, email: who.email } as Parameters<typeof app.services.checkout.bestCoupon>[0],
    { platformProductCode: PLAN, quantity: input.quantity ?? 1, promoCode: input.promoCode },
    "HKD",
    "en_US",
  );
}

function quote(who: Shopper, couponCode?: string) {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/checkout/quote",
    headers: { ...who.headers, "x-currency": "HKD", "x-lang": "en_US" },
    payload: { platformProductCode: PLAN, quantity: 1, couponCode },
  });
}

let several: Shopper;
let ties: Shopper;
let sameEnd: Shopper;
let none: Shopper;
let nothing: Shopper;

beforeAll(async () => {
  await pricePlan(app);
  // Held by `several`: HK$1 off, 10 % off (HK$5.99), HK$5.50 off, and two bigger ones that do not apply here
  // (HK$30 off from HK$100 spent; HK$40 off another plan). The best that applies is 10 % off.
  await addCoupon(app, { code: "BEST-R100", resultReduction: 100, endTime: far(1) });
  await addCoupon(app, { code: "BEST-D90", ...percentOff("0.900"), endTime: far(5) });
  await addCoupon(app, { code: "BEST-R550", resultReduction: 550, endTime: far(2) });
  await addCoupon(app, {
    code: "BEST-MIN100",
    resultReduction: 3000,
    minimumSpend: 10_000,
    endTime: far(3),
  });
  await addCoupon(app, { code: "BEST-OTHER", resultReduction: 4000, endTime: far(4) });
  await app.database.db
    .insert(couponScopes)
    .values({ couponCode: "BEST-OTHER", scopeType: "PLAN", scopeCode: "KR-3GB-30D" });
  several = await shopper(app);
  for (const code of ["BEST-R100", "BEST-R550", "BEST-MIN100", "BEST-OTHER", "BEST-D90"])
    await hold(app, several, code);

  // Equal savings (HK$5 off each): the one that ends sooner wins over the code's order.
  await addCoupon(app, { code: "TIE-A-LATE", resultReduction: 500, endTime: far(20) });
  await addCoupon(app, { code: "TIE-Z-SOON", resultReduction: 500, endTime: far(10) });
  ties = await shopper(app);
  await hold(app, ties, "TIE-A-LATE");
  await hold(app, ties, "TIE-Z-SOON");

  // Equal savings and end: the code A→Z, although the wallet lists the newer copy (TIE-N) first.
  await addCoupon(app, { code: "TIE-M", resultReduction: 500, endTime: far(30) });
  await addCoupon(app, { code: "TIE-N", resultReduction: 500, endTime: far(30) });
  sameEnd = await shopper(app);
  await app.database.db.insert(customerCoupons).values([
    { customerId: sameEnd.id, couponCode: "TIE-M", receivedAt: new Date("2026-01-01T00:00:00Z") },
    { customerId: sameEnd.id, couponCode: "TIE-N", receivedAt: new Date("2026-02-01T00:00:00Z") },
  ]);

  none = await shopper(app);
  await hold(app, none, "BEST-MIN100");
  await hold(app, none, "BEST-OTHER");
  nothing = await shopper(app);
});

describe("the best coupon is applied when checkout opens (issue 30)", () => {
  it("picks, among several held, the one that applies and saves the most, as the quote prices it", async () => {
    expect(await best(several)).toBe("BEST-D90");
    const res = await quote(several, "BEST-D90");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(5990 - 599);
    // Every other coupon held leaves a higher total, or is refused.
    for (const code of ["BEST-R100", "BEST-R550", "BEST-MIN100", "BEST-OTHER"]) {
      const other = await quote(several, code);
      if (other.statusCode === 200) expect(other.json().total, code).toBeGreaterThan(5990 - 599);
      else expect(other.statusCode, code).toBe(422);
    }
  });

  it("follows the line: with three plans HK$100 is spent and HK$30 off becomes the best", async () => {
    // 10 % of HK$179.70 is HK$17.97; HK$30 off now applies.
    expect(await best(several, { quantity: 3 })).toBe("BEST-MIN100");
  });

  it("is the first usable option the coupon dialog lists", async () => {
    for (const who of [several, ties, sameEnd]) {
      const list = (await couponOptions(app, who)).json().content as { code: string; usable: boolean }[];
      expect(list.find((option) => option.usable)?.code).toBe(await best(who));
    }
  });

  it("breaks a tie by the soonest end, then by the code A→Z", async () => {
    expect(await best(ties)).toBe("TIE-Z-SOON");
    const listed = (await couponOptions(app, sameEnd)).json().content as { code: string }[];
    expect(listed.map((option) => option.code)).toEqual(["TIE-M", "TIE-N"]);
    expect(await best(sameEnd)).toBe("TIE-M");
  });

  it("picks nothing when no coupon held applies, or none is held", async () => {
    expect(await best(none)).toBeNull();
    expect(await best(nothing)).toBeNull();
  });
});
