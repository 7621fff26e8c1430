import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { countQueries } from "../../../test/queries.ts";
import { addCoupon, couponOptions, hold, pricePlan, type Shopper, shopper } from "./purchase-test-kit.ts";

// ADR 0155: the coupon dialog considers every available coupon in the wallet, not only the first hundred, and
// still in the same number of queries however many there are.

const app = setupTestApp();

/** More than the hundred the dialog used to read. */
const COUNT = 130;
/** Wallet order is soonest end first: coupon i ends on day i, so the last thirty are past the old cut. */
const codeOf = (index: number) => `ALL-${String(index).padStart(3, "0")}`;
const endOf = (index: number) => new Date(Date.UTC(2095, 0, 1 + index));

let full: Shopper;
let single: Shopper;

beforeAll(async () => {
  await pricePlan(app);
  full = await shopper(app);
  single = await shopper(app);
  // HK$1.00 + i cents off HK$59.90: the later a coupon ends, the more it saves, so the biggest savings are
  // exactly the coupons a hundred-coupon read would have dropped.
  for (let index = 0; index < COUNT; index++) {
    await addCoupon(app, { code: codeOf(index), resultReduction: 100 + index, endTime: endOf(index) });
    await hold(app, full, codeOf(index));
  }
  // Still one choice for a second copy; not listed at all: a used coupon and one past its end.
  await hold(app, full, codeOf(COUNT - 1));
  await addCoupon(app, { code: "ALL-USED", resultReduction: 5000, endTime: endOf(COUNT) });
  await hold(app, full, "ALL-USED", "USED");
  await addCoupon(app, {
    code: "ALL-ENDED",
    resultReduction: 5000,
    endTime: new Date("2025-06-01T00:00:00Z"),
  });
  await hold(app, full, "ALL-ENDED");
  await hold(app, single, codeOf(0));
});

const options = (who: Shopper) => couponOptions(app, who);

describe("the coupon dialog with more than a hundred wallet coupons", () => {
  it("lists every available coupon once, the biggest saving first", async () => {
    const res = await options(full);
    expect(res.statusCode).toBe(200);
    const list = res.json().content as { code: string; usable: boolean; discount: number }[];
    expect(list).toHaveLength(COUNT);
    const expected = Array.from({ length: COUNT }, (_, index) => COUNT - 1 - index).map((index) => ({
      code: codeOf(index),
      usable: true,
      discount: 100 + index,
    }));
    expect(list.map(({ code, usable, discount }) => ({ code, usable, discount }))).toEqual(expected);
  });

  it("takes as many database round trips for a hundred and thirty coupons as for one", async () => {
    // Warm the per-process caches (currencies) first.
    await options(single);
    const one = await countQueries(app, () => options(single));
    const many = await countQueries(app, () => options(full));
    expect(one).toBeGreaterThan(0);
    expect(many).toBe(one);
  });
});
