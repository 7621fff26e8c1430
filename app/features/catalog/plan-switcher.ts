/**
 * The pdp's plan switcher on a destination with many plans (ADR 0299). A destination with up to
 * `SWITCHER_ALL_LIMIT` plans lists them all, as it always has. A larger one (suppliers sell 100 and more shapes for
 * one country) lists the plans a shopper weighs against the one they are on: the same data allowance for another
 * number of days, and the same number of days with another allowance, a cross through the data × days grid, in the
 * destination's order; the page links to the destination's full list for the rest.
 */

export const SWITCHER_ALL_LIMIT = 12;
/** Never more chips than this, even on a grid with many sizes and lengths: the ones nearest the current plan. */
export const SWITCHER_MAX = 24;

export interface SwitcherPlan {
  platformProductCode: string;
  dataMb: number | null;
  unlimited: boolean;
  dailyHighSpeedMb: number | null;
  validityDays: number;
}

function allowance(plan: SwitcherPlan): string {
  return plan.unlimited || plan.dataMb === null
    ? `unlimited:${plan.dailyHighSpeedMb ?? ""}`
    : `mb:${plan.dataMb}`;
}

/** The plans the switcher shows (the current one among them, when it is in the list) out of the destination's. */
export function switcherPlans<P extends SwitcherPlan>(current: SwitcherPlan, plans: readonly P[]): P[] {
  if (plans.length <= SWITCHER_ALL_LIMIT) return [...plans];
  const kind = allowance(current);
  const cross = plans.filter(
    (plan) =>
      plan.platformProductCode === current.platformProductCode ||
      plan.validityDays === current.validityDays ||
      allowance(plan) === kind,
  );
  if (cross.length <= SWITCHER_MAX) return cross;
  // The nearest in the destination's order, the current plan in the middle where it can be.
  const at = Math.max(
    0,
    cross.findIndex((plan) => plan.platformProductCode === current.platformProductCode),
  );
  const start = Math.min(Math.max(0, at - Math.floor(SWITCHER_MAX / 2)), cross.length - SWITCHER_MAX);
  return cross.slice(start, start + SWITCHER_MAX);
}
