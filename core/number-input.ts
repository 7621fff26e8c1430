import type { ValidationIssue } from "./validation.ts";

/*
 * spec 5: number input. It clamps to min/max, limits decimals to the precision and needs a multiple of the
 * step; the stepper defaults to min 1, max 99. All arithmetic is done on scaled integers so that 0.1 + 0.2
 * style float noise never reaches a shopper.
 */

export interface NumberRules {
  min?: number;
  max?: number;
  /** Most decimal places allowed; 0 means whole numbers only. */
  precision?: number;
  /** The value must be a whole multiple of this (counted from 0). */
  step?: number;
  /** Most characters the text box accepts. */
  maxLength?: number;
}

/** spec 5: stepper defaults min 1, max 99 (step 1, whole numbers). */
export const STEPPER_DEFAULTS = { min: 1, max: 99, step: 1, precision: 0 } as const satisfies NumberRules;

/** Decimal places of a finite number as written, handling exponent notation (1e-7 has 7). */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa = "", exponent] = String(value).toLowerCase().split("e");
  const fraction = mantissa.split(".")[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** value × 10^places, computed on the decimal text so 1.005 × 100 is exactly 100.5. */
function shift(value: number, places: number): number {
  const [mantissa = "0", exponent = "0"] = String(value).toLowerCase().split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds half away from zero to `precision` places without the 1.005 float surprise. */
export function roundTo(value: number, precision: number): number {
  const result = shift(Math.round(shift(Math.abs(value), precision)), -precision);
  return value < 0 ? -result : result;
}

/** Whether value is a whole multiple of step, exactly, in decimal terms. */
export function isMultipleOf(value: number, step: number): boolean {
  if (step <= 0) return true;
  const places = Math.max(decimalPlaces(value), decimalPlaces(step));
  if (places > 15) return false;
  return Math.round(shift(value, places)) % Math.round(shift(step, places)) === 0;
}

/**
 * Checks a number against the rules, in the order a shopper fixes them: below min, above max, too many
 * decimals, not on the step. Returns the first issue, or null.
 */
export function checkNumber(value: number, rules: NumberRules): ValidationIssue | null {
  if (!Number.isFinite(value)) return { key: "validation.typeMismatch" };
  if (rules.min !== undefined && value < rules.min)
    return { key: "validation.numberMin", params: { min: rules.min } };
  if (rules.max !== undefined && value > rules.max)
    return { key: "validation.numberMax", params: { max: rules.max } };
  if (rules.precision !== undefined && decimalPlaces(value) > rules.precision)
    return { key: "validation.numberPrecision", params: { n: rules.precision } };
  if (rules.step !== undefined && !isMultipleOf(value, rules.step))
    return { key: "validation.numberStep", params: { step: rules.step } };
  return null;
}

/** What the input settles on when it loses focus: rounded to the precision, then clamped to min/max. */
export function clampNumber(value: number, rules: NumberRules): number {
  let result = rules.precision === undefined ? value : roundTo(value, rules.precision);
  if (rules.min !== undefined && result < rules.min) result = rules.min;
  if (rules.max !== undefined && result > rules.max) result = rules.max;
  return result;
}

export interface TypedNumber {
  /** The text the input box should show. */
  text: string;
  /** The number the text stands for, or null while it is not yet one ("", "-", "1."). */
  value: number | null;
  /** Why the typed text was cut, if it was. */
  issue: ValidationIssue | null;
}

/**
 * Filters what a shopper types: only digits, one point (when decimals are allowed) and a leading minus (when
 * min allows negatives). Extra decimals beyond the precision and characters beyond maxLength are cut, and the
 * matching message is returned so the input can say why.
 */
export function acceptTyping(raw: string, rules: NumberRules): TypedNumber {
  const allowNegative = rules.min === undefined || rules.min < 0;
  const allowDecimal = rules.precision === undefined || rules.precision > 0;
  let text = "";
  let seenPoint = false;
  for (const char of raw.trim()) {
    if (char >= "0" && char <= "9") text += char;
    else if (char === "." && allowDecimal && !seenPoint) {
      seenPoint = true;
      text += text === "" || text === "-" ? "0." : ".";
    } else if (char === "-" && allowNegative && text === "") text = "-";
  }
  let issue: ValidationIssue | null = null;
  if (rules.precision !== undefined && seenPoint) {
    const [whole = "", fraction = ""] = text.split(".");
    if (fraction.length > rules.precision) {
      text = `${whole}.${fraction.slice(0, rules.precision)}`;
      issue = { key: "validation.numberPrecision", params: { n: rules.precision } };
    }
  }
  if (rules.maxLength !== undefined && text.length > rules.maxLength) {
    text = text.slice(0, rules.maxLength);
    issue = { key: "validation.maxLength" };
  }
  const value = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  return { text, value, issue };
}

/**
 * The stepper's plus and minus: moves by one step from the current value, lands on the step grid and stays
 * within min and max (spec 5 defaults: 1 to 99 by 1).
 */
export function stepNumber(value: number, direction: 1 | -1, rules: NumberRules = STEPPER_DEFAULTS): number {
  const step = rules.step ?? 1;
  const places = Math.max(decimalPlaces(value), decimalPlaces(step));
  const scaledStep = Math.round(shift(step, places));
  const scaledValue = Math.round(shift(value, places));
  // Off-grid values move to the neighbouring grid point in the chosen direction.
  const onGrid = scaledValue % scaledStep === 0;
  const base =
    direction > 0
      ? Math.floor(scaledValue / scaledStep) * scaledStep
      : Math.ceil(scaledValue / scaledStep) * scaledStep;
  const next = onGrid
    ? scaledValue + direction * scaledStep
    : base + (direction > 0 ? scaledStep : -scaledStep);
  return clampNumber(shift(next, -places), { min: rules.min, max: rules.max });
}

/** Whether the stepper's minus and plus buttons can still move the value. */
export function stepperLimits(value: number, rules: NumberRules = STEPPER_DEFAULTS) {
  return {
    canDecrease: rules.min === undefined || value > rules.min,
    canIncrease: rules.max === undefined || value < rules.max,
  };
}
