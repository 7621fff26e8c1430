import { describe, expect, it } from "vitest";
import { formatDay, formatTime } from "../../lib/time.ts";
import { formatDateTime } from "./format.ts";

/*
 * Node's ICU puts a thin space (U+2009) in zh-HK's date and time where Chromium's puts another character, so the
 * server's text and the browser's differed and React threw away the order page's markup (#418). Every formatted
 * date uses plain spaces only.
 */
describe("dates render the same on the server and in the browser", () => {
  const iso = "2026-11-24T16:05:00.000Z";
  const odd = /[^\S ]/u;
  it.each(["en_US", "zh_CN", "zh_HK"] as const)("%s uses plain spaces only", (locale) => {
    expect(formatDateTime(iso, locale)).not.toMatch(odd);
    expect(formatTime(iso, locale, "UTC")).not.toMatch(odd);
    expect(formatDay(iso, locale)).not.toMatch(odd);
  });
  it("keeps the zh_HK date and time readable", () => {
    expect(formatDateTime(iso, "zh_HK")).toBe("24/11/2026 16:05 UTC");
  });
});
