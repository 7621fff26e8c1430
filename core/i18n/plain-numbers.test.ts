import { afterEach, describe, expect, it } from "vitest";
import { compileMessages, format, provideCompiled } from "./format.ts";
import { formatPlainNumber, plainFormatters, pluralCategory } from "./plain-numbers.ts";

// ADR 0296: a plural's `#` and category without `Intl` for small whole numbers, the same text `Intl` gives.
const TAGS = ["en-US", "zh-CN", "zh-HK"];
const WHOLE = [...Array.from({ length: 1200 }, (_, n) => n), 9999, 12_345, 1_000_000, 2 ** 40];
const OTHER = [-1, -5, -1000, 0.5, 1.5, 2.25, 1e21, Number.NaN, Number.POSITIVE_INFINITY];
const PLURAL = "{count, plural, =0 {no plans} one {# plan} other {# plans}}";

const real = { NumberFormat: Intl.NumberFormat, PluralRules: Intl.PluralRules };
afterEach(() => Object.assign(Intl, real));

/** Counts what the code under test makes of `Intl` (a page's first `Intl` call is the cost, ADR 0294). */
function countIntl() {
  const made: string[] = [];
  const counted = <T extends object>(name: string, target: T): T =>
    new Proxy(target, {
      construct(inner, args) {
        made.push(name);
        return Reflect.construct(inner as new (...a: unknown[]) => object, args);
      },
      get(inner, key, receiver) {
        if (key === "supportedLocalesOf") made.push(`${name}.supportedLocalesOf`);
        return Reflect.get(inner, key, receiver);
      },
    });
  Object.assign(Intl, {
    NumberFormat: counted("NumberFormat", real.NumberFormat),
    PluralRules: counted("PluralRules", real.PluralRules),
  });
  return made;
}

describe("numbers without Intl (ADR 0296)", () => {
  it.each(TAGS)("writes a number as Intl.NumberFormat does in %s, whole or not, small or large", (tag) => {
    const intl = new Intl.NumberFormat(tag);
    for (const value of [...WHOLE, ...OTHER])
      expect(formatPlainNumber(value, tag), String(value)).toBe(intl.format(value));
    expect(formatPlainNumber(12_345, tag)).toBe("12,345");
    expect(formatPlainNumber(1.5, tag)).toBe("1.5");
  });

  it.each(TAGS)("gives the plural category Intl.PluralRules gives in %s", (tag) => {
    const intl = new Intl.PluralRules(tag);
    for (const value of [...WHOLE, ...OTHER])
      expect(pluralCategory(value, tag), String(value)).toBe(intl.select(value));
  });

  it("knows English's one and Chinese's other", () => {
    expect(pluralCategory(1, "en-US")).toBe("one");
    expect(pluralCategory(1, "zh-HK")).toBe("other");
    // A visible fraction is never 'one' in English.
    expect(pluralCategory(1.5, "en-US")).toBe("other");
  });

  it("formats a message from the server's tree with no Intl call for a small whole number", () => {
    // The browser formats from the trees the server sent (ADR 0247).
    provideCompiled(compileMessages({ plural: PLURAL }));
    const made = countIntl();
    expect(format(PLURAL, { count: 219 }, "en_US")).toBe("219 plans");
    expect(format(PLURAL, { count: 1 }, "en_US")).toBe("1 plan");
    expect(format(PLURAL, { count: 7 }, "zh_HK")).toBe("7 plans");
    expect(made).toEqual([]);
    // A fraction goes to Intl (made once per locale, so possibly already by an earlier test).
    expect(format(PLURAL, { count: 1234.5 }, "en_US")).toBe("1,234.5 plans");
  });

  it("formats plural messages in every locale, large numbers grouped", () => {
    expect(format(PLURAL, { count: 0 }, "en_US")).toBe("no plans");
    expect(format(PLURAL, { count: 2 }, "en_US")).toBe("2 plans");
    expect(format(PLURAL, { count: 25_000 }, "en_US")).toBe("25,000 plans");
    expect(format("{days, plural, other {# 天}}", { days: 1 }, "zh_CN")).toBe("1 天");
    expect(format("{days, plural, other {# 天}}", { days: 1500 }, "zh_HK")).toBe("1,500 天");
    expect(format("{n, number} / {n, number, percent}", { n: 0.25 }, "en_US")).toBe("0.25 / 25%");
  });

  it("leaves ordinals and options to Intl", () => {
    expect(plainFormatters.getPluralRules("en-US", { type: "ordinal" }).select(2)).toBe("two");
    expect(plainFormatters.getNumberFormat("en-US", { style: "percent" }).format(0.5)).toBe("50%");
    expect(format("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", { n: 23 }, "en_US")).toBe(
      "23rd",
    );
  });
});
