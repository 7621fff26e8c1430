import { describe, expect, it } from "vitest";
import { countdown, iccidTail, isPaid } from "./types.ts";

describe("pay page helpers", () => {
  it("counts down in m:ss, and h:mm:ss past an hour, never below zero", () => {
    expect(countdown(30 * 60_000)).toBe("30:00");
    expect(countdown(29 * 60_000 + 5_999)).toBe("29:05");
    expect(countdown(9_000)).toBe("0:09");
    expect(countdown(3_600_000 + 61_000)).toBe("1:01:01");
    expect(countdown(-5_000)).toBe("0:00");
  });

  it("shows the last four digits of an ICCID", () => {
    expect(iccidTail("8985200000000001234")).toBe("1234");
  });

  it("counts PAID, FULFILLING and COMPLETED as paid, not unpaid, cancelled or refunded orders", () => {
    expect(["PAID", "FULFILLING", "COMPLETED"].map(isPaid)).toEqual([true, true, true]);
    expect(["PENDING_PAYMENT", "CANCELLED", "REFUNDING", "REFUNDED"].map(isPaid)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
