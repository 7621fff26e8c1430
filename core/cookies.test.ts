import { describe, expect, it } from "vitest";
import { parseCookies, readCookie } from "./cookies.ts";

describe("readCookie", () => {
  it("finds a cookie among others, decoded", () => {
    expect(readCookie("theme=dark; store_locale=zh_HK; note=a%20b", "store_locale")).toBe("zh_HK");
    expect(readCookie("note=a%20b", "note")).toBe("a b");
  });

  it("gives undefined for a missing cookie or no header", () => {
    expect(readCookie("theme=dark", "store_locale")).toBeUndefined();
    expect(readCookie(null, "store_locale")).toBeUndefined();
    expect(readCookie("", "store_locale")).toBeUndefined();
  });

  it("keeps the first of two cookies with the same name, and an empty value as empty", () => {
    expect(readCookie("a=1; a=2", "a")).toBe("1");
    expect(parseCookies("a=; b=2")).toEqual({ a: "", b: "2" });
  });
});
