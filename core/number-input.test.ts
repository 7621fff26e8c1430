import { describe, expect, it } from "vitest";
import {
  acceptTyping,
  checkNumber,
  clampNumber,
  decimalPlaces,
  isMultipleOf,
  roundTo,
  STEPPER_DEFAULTS,
  stepNumber,
  stepperLimits,
} from "./number-input.ts";
import { validationMessage } from "./validation.ts";

describe("checkNumber (spec 5)", () => {
  const rules = { min: 0.5, max: 100, precision: 2, step: 0.05 };

  it.each([
    [0.4, "不能小于0.5"],
    [100.01, "不能大于100"],
    [1.234, "不能超过2位小数"],
    [1.01, "必须为0.05的整数倍"],
  ])("refuses %d with %s", (value, text) => {
    const issue = checkNumber(value, rules);
    expect(issue).not.toBeNull();
    expect(validationMessage("zh_CN", issue!)).toBe(text);
  });

  it.each([0.5, 1, 0.55, 0.7, 1.15, 99.95, 100])("accepts %d (no float noise on the step check)", (value) => {
    expect(checkNumber(value, rules)).toBeNull();
  });

  it("translates the messages in English and Traditional Chinese too", () => {
    expect(validationMessage("en_US", checkNumber(0, { min: 1 })!)).toBe("Must not be less than 1");
    expect(validationMessage("zh_HK", checkNumber(120, { max: 99 })!)).toBe("不能大於99");
  });

  it("refuses a value that is not a number at all", () => {
    expect(checkNumber(Number.NaN, {})).toEqual({ key: "validation.typeMismatch" });
  });
});

describe("number helpers", () => {
  it.each([
    [1, 0],
    [1.5, 1],
    [0.125, 3],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
  ])("decimalPlaces(%d) = %d", (value, places) => {
    expect(decimalPlaces(value)).toBe(places);
  });

  it("rounds half away from zero without float surprises", () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(1e-7, 2)).toBe(0);
  });

  it("checks multiples exactly", () => {
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(0.35, 0.1)).toBe(false);
    expect(isMultipleOf(-6, 3)).toBe(true);
    expect(isMultipleOf(7, 3)).toBe(false);
  });

  it("clamps to min and max and rounds to the precision", () => {
    expect(clampNumber(0, STEPPER_DEFAULTS)).toBe(1);
    expect(clampNumber(150, STEPPER_DEFAULTS)).toBe(99);
    expect(clampNumber(3.456, { precision: 2, max: 3.4 })).toBe(3.4);
    expect(clampNumber(3.456, { precision: 1 })).toBe(3.5);
  });
});

describe("acceptTyping", () => {
  it("keeps digits only for the stepper and cuts to maxLength with 输入已达到最大长度", () => {
    const typed = acceptTyping("12a3-4", { ...STEPPER_DEFAULTS, maxLength: 3 });
    expect(typed.text).toBe("123");
    expect(typed.value).toBe(123);
    expect(validationMessage("zh_CN", typed.issue!)).toBe("输入已达到最大长度");
  });

  it("cuts decimals beyond the precision and says why", () => {
    const typed = acceptTyping("3.14159", { precision: 2 });
    expect(typed).toEqual({
      text: "3.14",
      value: 3.14,
      issue: { key: "validation.numberPrecision", params: { n: 2 } },
    });
  });

  it("allows one point and a leading minus only when the rules allow them", () => {
    expect(acceptTyping("-1.2.3", { min: -10, precision: 3 }).text).toBe("-1.23");
    expect(acceptTyping("-5", { min: 0 }).text).toBe("5");
    expect(acceptTyping("1.5", { precision: 0 }).text).toBe("15");
    expect(acceptTyping(".5", {}).text).toBe("0.5");
  });

  it("has no value while the text is unfinished", () => {
    expect(acceptTyping("", {}).value).toBeNull();
    expect(acceptTyping("-", {}).value).toBeNull();
    expect(acceptTyping("1.", {}).value).toBeNull();
    expect(acceptTyping("1.", {}).issue).toBeNull();
  });
});

describe("stepper (spec 5: defaults min 1, max 99)", () => {
  it("moves by one within 1 to 99", () => {
    expect(stepNumber(1, 1)).toBe(2);
    expect(stepNumber(1, -1)).toBe(1);
    expect(stepNumber(99, 1)).toBe(99);
    expect(stepNumber(50, -1)).toBe(49);
  });

  it("lands on the step grid from an off-grid value", () => {
    const rules = { min: 0, max: 10, step: 0.5 };
    expect(stepNumber(1.2, 1, rules)).toBe(1.5);
    expect(stepNumber(1.2, -1, rules)).toBe(1);
    expect(stepNumber(0.1, 1, { step: 0.1 })).toBe(0.2);
    expect(stepNumber(0.2, 1, { step: 0.1 })).toBe(0.3);
  });

  it("disables the buttons at the limits", () => {
    expect(stepperLimits(1)).toEqual({ canDecrease: false, canIncrease: true });
    expect(stepperLimits(99)).toEqual({ canDecrease: true, canIncrease: false });
    expect(stepperLimits(5, {})).toEqual({ canDecrease: true, canIncrease: true });
  });
});
