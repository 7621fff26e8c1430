import { describe, expect, it } from "vitest";
import { SWITCHER_ALL_LIMIT, SWITCHER_MAX, type SwitcherPlan, switcherPlans } from "./plan-switcher.ts";

const plan = (gb: number | null, days: number, dailyHighSpeedMb: number | null = null): SwitcherPlan => ({
  platformProductCode: `XX-${gb === null ? `UL${dailyHighSpeedMb ?? ""}` : `${gb}GB`}-${days}D`,
  dataMb: gb === null ? null : gb * 1024,
  unlimited: gb === null,
  dailyHighSpeedMb,
  validityDays: days,
});
const codes = (plans: SwitcherPlan[]) => plans.map((p) => p.platformProductCode);

/** A data × days grid in the destination's order: by allowance, then days. */
function grid(gbs: (number | null)[], days: number[]) {
  return gbs.flatMap((gb) => days.map((d) => plan(gb, d)));
}

describe("the pdp's plan switcher (ADR 0299)", () => {
  it("lists every plan of a destination that has a dozen or fewer, in its order", () => {
    const plans = grid([1, 3, 5], [7, 15, 30, 60]);
    expect(plans).toHaveLength(SWITCHER_ALL_LIMIT);
    expect(switcherPlans(plan(3, 15), plans)).toEqual(plans);
  });

  it("on a larger destination lists the same allowance for other days and the same days with other allowances", () => {
    const plans = grid([1, 3, 5, 10], [7, 15, 30, 60]);
    expect(codes(switcherPlans(plan(3, 15), plans))).toEqual([
      "XX-1GB-15D",
      "XX-3GB-7D",
      "XX-3GB-15D",
      "XX-3GB-30D",
      "XX-3GB-60D",
      "XX-5GB-15D",
      "XX-10GB-15D",
    ]);
  });

  it("groups unlimited passes by their daily high-speed allowance", () => {
    const plans = [
      ...grid([1, 3, 5], [1, 7, 30]),
      plan(null, 1, 500),
      plan(null, 7, 500),
      plan(null, 7, 1024),
    ];
    plans.push(plan(null, 30, 500), plan(null, 30, 1024));
    expect(codes(switcherPlans(plan(null, 7, 500), plans))).toEqual([
      "XX-1GB-7D",
      "XX-3GB-7D",
      "XX-5GB-7D",
      "XX-UL500-1D",
      "XX-UL500-7D",
      "XX-UL1024-7D",
      "XX-UL500-30D",
    ]);
  });

  it("never shows more than its limit, keeping the current plan among the nearest", () => {
    const many = Array.from({ length: 40 }, (_, i) => i + 1);
    const plans = grid([1, 2, 3], many);
    const last = plan(3, 40);
    const shown = switcherPlans(last, plans);
    expect(shown).toHaveLength(SWITCHER_MAX);
    expect(codes(shown)).toContain(last.platformProductCode);
    const first = switcherPlans(plan(1, 1), plans);
    expect(first).toHaveLength(SWITCHER_MAX);
    expect(codes(first)[0]).toBe("XX-1GB-1D");
    const middle = switcherPlans(plan(2, 20), plans);
    expect(codes(middle)).toContain("XX-2GB-20D");
    expect(middle).toHaveLength(SWITCHER_MAX);
  });
});
