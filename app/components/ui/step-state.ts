/** spec 4 step group: a step is finish before the current one, process at it, wait after it. */
export type StepState = "finish" | "process" | "wait";

export function stepState(index: number, current: number): StepState {
  if (index < current) return "finish";
  return index === current ? "process" : "wait";
}

/**
 * The current step (0-based) from a 1-based `?step=` query value: anything not a whole number in range falls
 * back to the default, so a hand-edited link never breaks the page.
 */
export function currentStep(raw: string | null, count: number, fallback: number): number {
  if (raw === null || !/^\d{1,2}$/.test(raw)) return fallback;
  const step = Number(raw);
  return step >= 1 && step <= count ? step - 1 : fallback;
}
