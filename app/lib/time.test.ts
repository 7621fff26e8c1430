import { describe, expect, it } from "vitest";
import { formatTime, timeFormatOptions } from "./time.ts";

/*
 * ADR 0303: formatTime keeps one formatter per locale and time zone. A key that mixed them up would show an order's
 * time in the wrong language or the wrong zone once another page had formatted one; each answer must be what a
 * formatter made for that call alone would say.
 */
const AT = "2026-11-21T02:05:00.000Z";

function fresh(locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, timeFormatOptions(timeZone))
    .format(new Date(AT))
    .replace(/\s+/gu, " ");
}

describe("formatTime", () => {
  it("answers each locale and zone as its own formatter would, whatever was formatted before", () => {
    const calls = [
      ["en_US", "UTC", "en-US"],
      ["zh_CN", "UTC", "zh-CN"],
      ["zh_HK", undefined, "zh-HK"],
      ["en_US", undefined, "en-US"],
      ["zh_CN", "Asia/Tokyo", "zh-CN"],
      ["en_US", "UTC", "en-US"],
    ] as const;
    for (const [locale, zone, tag] of calls) expect(formatTime(AT, locale, zone)).toBe(fresh(tag, zone));
    expect(formatTime(AT, "en_US", "UTC")).toMatch(/UTC$/);
    expect(formatTime(AT, "zh_CN", "Asia/Tokyo")).not.toMatch(/UTC/);
    expect(formatTime(AT, "zh_CN", "UTC")).not.toBe(formatTime(AT, "en_US", "UTC"));
  });
});
