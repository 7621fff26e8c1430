import { describe, expect, it } from "vitest";
import { preferenceCookie, preferenceTarget } from "./preferences.ts";

describe("preferenceTarget (spec 4)", () => {
  it("keeps the page, switches the locale prefix and sets the currency query", () => {
    expect(
      preferenceTarget(
        { pathname: "/plp", search: "?type=COUNTRY", hash: "#list" },
        { locale: "zh_HK", currency: "USD" },
      ),
    ).toBe("/zh_HK/plp?type=COUNTRY&currency=USD#list");
    expect(
      preferenceTarget({ pathname: "/zh_CN", search: "", hash: "" }, { locale: "en_US", currency: "HKD" }),
    ).toBe("/en_US?currency=HKD");
  });

  it("replaces an earlier currency query", () => {
    expect(
      preferenceTarget(
        { pathname: "/zh_CN/category", search: "?currency=HKD", hash: "" },
        { locale: "zh_CN", currency: "JPY" },
      ),
    ).toBe("/zh_CN/category?currency=JPY");
  });
});

describe("preferenceCookie", () => {
  it("lasts 365 days on the whole site with SameSite Lax", () => {
    expect(preferenceCookie("currency", "USD")).toBe("currency=USD; Max-Age=31536000; Path=/; SameSite=Lax");
  });
});
