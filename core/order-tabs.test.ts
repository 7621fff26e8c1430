import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./order-status.ts";
import { isOrderTab, maskPaymentId, ORDER_TAB_STATUSES } from "./order-tabs.ts";

describe("order tabs", () => {
  it("put every lifecycle state in exactly one tab besides All", () => {
    const placed = Object.values(ORDER_TAB_STATUSES).flat();
    expect([...placed].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("know their own names only", () => {
    expect(isOrderTab("unpaid")).toBe(true);
    expect(isOrderTab("PAID")).toBe(false);
    expect(isOrderTab(undefined)).toBe(false);
  });
});

describe("maskPaymentId", () => {
  it("keeps the first and last four characters of a long id", () => {
    expect(maskPaymentId("pi_3PxYz0123456789a9Zk")).toBe("pi_3••••a9Zk");
  });

  it("shows only the last two of a short id, and nothing for none", () => {
    expect(maskPaymentId("abc123")).toBe("••••23");
    expect(maskPaymentId(null)).toBeNull();
    expect(maskPaymentId("")).toBeNull();
  });
});
