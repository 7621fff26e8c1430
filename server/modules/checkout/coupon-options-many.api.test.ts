import { beforeAll, describe, expect, it } from "vitest";
import { couponScopes, couponUsage } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { countQueries } from "../../../test/queries.ts";
import {
  addCoupon,
  couponOptions,
  hold,
  PLAN,
  pricePlan,
  type Shopper,
  shopper,
} from "./purchase-test-kit.ts";

// The coupon dialog with a full wallet: every coupon is checked with the quote's rules from one batch of
// queries, so the answer is the same as pricing each coupon alone and the query count does not grow with it.

const app = setupTestApp();

type Expected = { discount: number } | { reason: string };
interface Case {
  code: string;
  values?: Omit<Parameters<typeof addCoupon>[1], "code">;
  scopes?: ["PLAN" | "DESTINATION", string][];
  /** The wallet copies; one AVAILABLE copy unless said otherwise. */
  copies?: ("AVAILABLE" | "RESERVED")[];
  used?: number;
  expected: Expected;
}

const OTHER_PLAN = "KR-3GB-30D";
const HOME = "@home"; // stands for the plan's own destination, read in beforeAll
const MIN_100_HKD = { minimumSpend: 10_000, minimumSpendCurrency: "HKD" };
const spendAtLeast100 = "purchase.coupon.minimumSpend";

/** Thirty coupons a shopper holds, in the wallet's order (end times one day apart); one plan costs HK$59.90. */
const CASES: Case[] = [
  { code: "MANY-R100", values: { resultReduction: 100 }, expected: { discount: 100 } },
  { code: "MANY-R250", values: { resultReduction: 250 }, expected: { discount: 250 } },
  { code: "MANY-MINHKD", values: MIN_100_HKD, expected: { reason: spendAtLeast100 } },
  { code: "MANY-R400", values: { resultReduction: 400 }, expected: { discount: 400 } },
  // US$12.80 is HK$100 at the seeded rate (0.128).
  {
    code: "MANY-MINUSD",
    values: { minimumSpend: 1280, minimumSpendCurrency: "USD" },
    expected: { reason: spendAtLeast100 },
  },
  { code: "MANY-R550", values: { resultReduction: 550 }, expected: { discount: 550 } },
  {
    code: "MANY-OTHERPLAN",
    scopes: [["PLAN", OTHER_PLAN]],
    expected: { reason: "purchase.coupon.notApplicable" },
  },
  { code: "MANY-R700", values: { resultReduction: 700 }, expected: { discount: 700 } },
  {
    code: "MANY-OTHERDEST",
    scopes: [["DESTINATION", "XX"]],
    expected: { reason: "purchase.coupon.notApplicable" },
  },
  { code: "MANY-R850", values: { resultReduction: 850 }, expected: { discount: 850 } },
  {
    code: "MANY-LATER",
    values: { startTime: new Date("2094-01-01T00:00:00Z") },
    expected: { reason: "purchase.coupon.notStarted" },
  },
  { code: "MANY-R1100", values: { resultReduction: 1100 }, expected: { discount: 1100 } },
  { code: "MANY-OFF", values: { enabled: false }, expected: { reason: "purchase.coupon.unknown" } },
  // 10% of 5990 is 599; 20% is 1198; half is 2995.
  {
    code: "MANY-D90",
    values: {
      couponTypeCode: "DISCOUNT",
      resultDiscount: "0.900",
      resultReduction: null,
      reductionCurrency: null,
    },
    expected: { discount: 599 },
  },
  {
    code: "MANY-GONE",
    values: { totalLimit: 3 },
    used: 3,
    expected: { reason: "purchase.coupon.exhausted" },
  },
  {
    code: "MANY-D80",
    values: {
      couponTypeCode: "DISCOUNT",
      resultDiscount: "0.800",
      resultReduction: null,
      reductionCurrency: null,
    },
    expected: { discount: 1198 },
  },
  {
    code: "MANY-D50",
    values: {
      couponTypeCode: "DISCOUNT",
      resultDiscount: "0.500",
      resultReduction: null,
      reductionCurrency: null,
    },
    expected: { discount: 2995 },
  },
  // US$1.28 off is HK$10.00 off.
  {
    code: "MANY-USD",
    values: { resultReduction: 128, reductionCurrency: "USD" },
    expected: { discount: 1000 },
  },
  {
    code: "MANY-PLAN",
    values: { resultReduction: 1200 },
    scopes: [["PLAN", PLAN]],
    expected: { discount: 1200 },
  },
  {
    code: "MANY-DEST",
    values: { resultReduction: 1300 },
    scopes: [["DESTINATION", HOME]],
    expected: { discount: 1300 },
  },
  {
    code: "MANY-EITHER",
    values: { resultReduction: 1400 },
    scopes: [
      ["PLAN", OTHER_PLAN],
      ["DESTINATION", HOME],
    ],
    expected: { discount: 1400 },
  },
  // Two copies of one coupon are one choice; a reserved copy beside a free one leaves it usable.
  {
    code: "MANY-TWICE",
    values: { resultReduction: 1500 },
    copies: ["AVAILABLE", "AVAILABLE"],
    expected: { discount: 1500 },
  },
  {
    code: "MANY-RESERVED",
    values: { resultReduction: 1600 },
    copies: ["RESERVED", "AVAILABLE"],
    expected: { discount: 1600 },
  },
  // The minimum spend is met by exactly the subtotal.
  {
    code: "MANY-MINMET",
    values: { resultReduction: 1700, minimumSpend: 5990 },
    expected: { discount: 1700 },
  },
  { code: "MANY-BIG", values: { resultReduction: 9000 }, expected: { discount: 5990 } },
  {
    code: "MANY-LIMITOK",
    values: { resultReduction: 1800, totalLimit: 5 },
    used: 4,
    expected: { discount: 1800 },
  },
  // With two reasons the first rule to fail gives it, as the quote does.
  {
    code: "MANY-OTHERMIN",
    values: MIN_100_HKD,
    scopes: [["PLAN", OTHER_PLAN]],
    expected: { reason: "purchase.coupon.notApplicable" },
  },
  {
    code: "MANY-LATERMIN",
    values: { ...MIN_100_HKD, startTime: new Date("2094-01-01T00:00:00Z") },
    expected: { reason: "purchase.coupon.notStarted" },
  },
  {
    code: "MANY-OFFSCOPE",
    values: { enabled: false },
    scopes: [["PLAN", OTHER_PLAN]],
    expected: { reason: "purchase.coupon.unknown" },
  },
  {
    code: "MANY-GONEMIN",
    values: { ...MIN_100_HKD, totalLimit: 1 },
    used: 1,
    expected: { reason: spendAtLeast100 },
  },
];

const REASON_TEXT: Record<string, string> = {
  "purchase.coupon.minimumSpend": "Spend at least HK$100.00 to use this code",
  "purchase.coupon.notApplicable": "This code does not apply to this plan",
  "purchase.coupon.notStarted": "This code cannot be used yet",
  "purchase.coupon.unknown": "This code does not exist",
  "purchase.coupon.exhausted": "This code has been fully redeemed",
};

/** One day apart from a far end date, so the wallet's order (soonest end first) is the order above. */
const endOf = (index: number) => new Date(Date.UTC(2095, 0, 1 + index));

let full: Shopper;
let single: Shopper;

beforeAll(async () => {
  await pricePlan(app);
  const home = (await app.services.catalog.getPlan(PLAN, "HKD", "en_US")).destinationCode;
  const db = app.database.db;
  full = await shopper(app);
  single = await shopper(app);
  for (const [index, c] of CASES.entries()) {
    await addCoupon(app, { code: c.code, endTime: endOf(index), ...c.values });
    for (const [scopeType, scopeCode] of c.scopes ?? [])
      await db
        .insert(couponScopes)
        .values({ couponCode: c.code, scopeType, scopeCode: scopeCode === HOME ? home : scopeCode });
    if (c.used !== undefined) await db.insert(couponUsage).values({ couponCode: c.code, usedCount: c.used });
    for (const status of c.copies ?? ["AVAILABLE"]) await hold(app, full, c.code, status);
  }
  // Not in the available list at all: a coupon past its end, and one whose only copy is reserved.
  await addCoupon(app, { code: "MANY-ENDED", endTime: new Date("2025-06-01T00:00:00Z") });
  await addCoupon(app, { code: "MANY-HELD", endTime: endOf(CASES.length) });
  await hold(app, full, "MANY-ENDED");
  await hold(app, full, "MANY-HELD", "RESERVED");
  await hold(app, single, "MANY-R100");
});

function post(who: Shopper, url: string, payload: Record<string, unknown>) {
  return app.server.inject({
    method: "POST",
    url,
    headers: { ...who.headers, "x-currency": "HKD", "x-lang": "en_US" },
    payload,
  });
}

const options = (who: Shopper) => couponOptions(app, who);

describe("the coupon dialog with thirty wallet coupons", () => {
  it("lists each coupon once: the usable ones by saving, the others in wallet order with the reason", async () => {
    const res = await options(full);
    expect(res.statusCode).toBe(200);
    const list = res.json().content as {
      code: string;
      usable: boolean;
      discount: number;
      reasonCode: string | null;
      reason: string | null;
    }[];
    const usable = CASES.flatMap((c) =>
      "discount" in c.expected ? [[c.code, c.expected.discount] as const] : [],
    )
      .sort((a, b) => b[1] - a[1])
      .map(([code, discount]) => ({ code, usable: true, discount, reasonCode: null, reason: null }));
    const unusable = CASES.flatMap((c) =>
      "reason" in c.expected
        ? [
            {
              code: c.code,
              usable: false,
              discount: 0,
              reasonCode: c.expected.reason,
              reason: REASON_TEXT[c.expected.reason],
            },
          ]
        : [],
    );
    expect(list).toHaveLength(30);
    expect(
      list.map(({ code, usable, discount, reasonCode, reason }) => ({
        code,
        usable,
        discount,
        reasonCode,
        reason,
      })),
    ).toEqual([...usable, ...unusable]);
  });

  it("gives each coupon the answer the quote gives it alone", async () => {
    const list = (await options(full)).json().content as {
      code: string;
      discount: number;
      reasonCode: string | null;
    }[];
    for (const option of list) {
      const quote = await post(full, "/o2ord/v1/customer/checkout/quote", {
        platformProductCode: PLAN,
        quantity: 1,
        couponCode: option.code,
      });
      if (option.reasonCode === null) {
        expect(quote.statusCode, option.code).toBe(200);
        expect(quote.json().coupon.discount, option.code).toBe(option.discount);
      } else {
        expect(quote.statusCode, option.code).toBe(422);
        expect(quote.json().code, option.code).toBe(option.reasonCode);
      }
    }
  });

  it("takes as many database round trips for thirty coupons as for one", async () => {
    // Warm the per-process caches (currencies) first.
    await options(single);
    const one = await countQueries(app, () => options(single));
    const thirty = await countQueries(app, () => options(full));
    expect(one).toBeGreaterThan(0);
    expect(thirty).toBe(one);
  });
});
