import { describe, expect, it } from "vitest";
import {
  localeFromAcceptLanguage,
  localePath,
  pageLocale,
  pathWithoutTrailingSlash,
  splitLocale,
  switchLocale,
} from "./locale-path.ts";

describe("splitLocale", () => {
  it.each([
    ["/zh_CN/plp", { locale: "zh_CN", rest: "/plp", prefixed: true }],
    ["/zh_HK", { locale: "zh_HK", rest: "/", prefixed: true }],
    ["/zh_HK/", { locale: "zh_HK", rest: "/", prefixed: true }],
    ["/en_US/my/order/list", { locale: "en_US", rest: "/my/order/list", prefixed: true }],
    ["/plp", { locale: "en_US", rest: "/plp", prefixed: false }],
    ["/", { locale: "en_US", rest: "/", prefixed: false }],
    ["", { locale: "en_US", rest: "/", prefixed: false }],
    ["/fr_FR/plp", { locale: "en_US", rest: "/fr_FR/plp", prefixed: false }],
    ["/zh_cn/plp", { locale: "en_US", rest: "/zh_cn/plp", prefixed: false }],
    ["/zh_CNx/plp", { locale: "en_US", rest: "/zh_CNx/plp", prefixed: false }],
  ])("%j", (path, expected) => {
    expect(splitLocale(path)).toEqual(expected);
  });
});

describe("localePath (spec 2: prefix without trailing slash)", () => {
  it.each([
    ["zh_CN", "/plp?type=COUNTRY", "/zh_CN/plp?type=COUNTRY"],
    ["zh_CN", "/", "/zh_CN"],
    ["zh_HK", "plp", "/zh_HK/plp"],
    ["zh_HK", "/?searchDialog=true", "/zh_HK?searchDialog=true"],
    ["zh_HK", "/#top", "/zh_HK#top"],
    ["en_US", "/plp", "/en_US/plp"],
  ] as const)("%s + %j = %j", (locale, path, expected) => {
    expect(localePath(locale, path)).toBe(expected);
  });

  it("leaves the default locale unprefixed when asked", () => {
    expect(localePath("en_US", "/plp", true)).toBe("/plp");
    expect(localePath("en_US", "/", true)).toBe("/");
    expect(localePath("zh_CN", "/plp", true)).toBe("/zh_CN/plp");
  });

  it("replaces a locale prefix the path already has instead of doubling it", () => {
    expect(localePath("zh_CN", "/zh_HK/plp?x=1")).toBe("/zh_CN/plp?x=1");
    expect(localePath("zh_HK", "/zh_CN/my/sfb")).toBe("/zh_HK/my/sfb");
    expect(localePath("zh_HK", "/zh_CN?searchDialog=true")).toBe("/zh_HK?searchDialog=true");
    expect(localePath("en_US", "/zh_CN/plp", true)).toBe("/plp");
    expect(localePath("zh_CN", "/zh_CNx")).toBe("/zh_CN/zh_CNx");
  });
});

describe("switchLocale", () => {
  it("keeps the page, the query string and the hash", () => {
    expect(switchLocale("/zh_CN/plp", "?type=REGION", "zh_HK")).toBe("/zh_HK/plp?type=REGION");
    expect(switchLocale("/plp", "?a=1", "zh_CN", "#list")).toBe("/zh_CN/plp?a=1#list");
    expect(switchLocale("/zh_HK", "", "en_US")).toBe("/en_US");
    expect(switchLocale("/zh_HK/pdp/7", "a=1", "zh_CN", "top")).toBe("/zh_CN/pdp/7?a=1#top");
    expect(switchLocale("/zh_HK/pdp/7", "?", "zh_CN")).toBe("/zh_CN/pdp/7");
  });
});

describe("localeFromAcceptLanguage (spec 2: browser language list)", () => {
  it.each([
    ["zh-TW", "zh_HK"],
    ["zh-tw,en;q=0.8", "zh_HK"],
    ["zh-HK", "zh_HK"],
    ["zh-MO", "zh_HK"],
    ["zh-Hant", "zh_HK"],
    ["zh-Hant-TW", "zh_HK"],
    ["zh-Hans-HK", "zh_CN"],
    ["yue", "zh_HK"],
    ["zh", "zh_CN"],
    ["zh-CN", "zh_CN"],
    ["zh-SG", "zh_CN"],
    ["zh_TW", "zh_HK"],
    ["en-GB", "en_US"],
    ["en", "en_US"],
    ["fr-FR, zh-TW;q=0.5, en;q=0.9", "en_US"],
    ["fr-FR, zh-TW;q=0.9, en;q=0.5", "zh_HK"],
    ["en;q=0.5, zh-CN;Q=0.7", "zh_CN"],
    ["en;q=0, zh", "zh_CN"],
    ["zh-tw ;q=0.9, en;q=0.8", "zh_HK"],
    ["en;q=0.8, zh-CN;q=0.8", "en_US"],
    ["*", null],
    ["fr, de", null],
    ["", null],
    [null, null],
    [undefined, null],
    ["en;q=abc, zh", "zh_CN"],
  ])("%j -> %j", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("pathWithoutTrailingSlash (spec 2: no trailing slash)", () => {
  it("drops trailing slashes, leaves canonical paths alone, and never makes a protocol-relative path", () => {
    expect(pathWithoutTrailingSlash("/zh_CN/")).toBe("/zh_CN");
    expect(pathWithoutTrailingSlash("/zh_HK/plp//")).toBe("/zh_HK/plp");
    expect(pathWithoutTrailingSlash("/")).toBeNull();
    expect(pathWithoutTrailingSlash("/zh_CN")).toBeNull();
    expect(pathWithoutTrailingSlash("//evil.example/")).toBe("/evil.example");
    expect(pathWithoutTrailingSlash("/\\evil.example/")).toBe("/evil.example");
    expect(pathWithoutTrailingSlash("///")).toBe("/");
  });
});

describe("pageLocale", () => {
  it("is the path's prefix, and the edited page's language on the editor's canvas", () => {
    expect(pageLocale(new URL("http://x/zh_CN/plp"))).toBe("zh_CN");
    expect(pageLocale(new URL("http://x/plp?lang=zh_CN"))).toBe("en_US");
    expect(pageLocale(new URL("http://x/admin/pages/12/canvas?lang=zh_HK&live=1"))).toBe("zh_HK");
    expect(pageLocale(new URL("http://x/admin/pages/12/canvas?lang=fr_FR"))).toBe("en_US");
    expect(pageLocale(new URL("http://x/admin/pages/12/canvas"))).toBe("en_US");
  });

  it("reads the locale prefix of a page or of its data request", () => {
    expect(pageLocale("/zh_CN")).toBe("zh_CN");
    expect(pageLocale("/zh_CN.data")).toBe("zh_CN");
    expect(pageLocale("/zh_HK/plp.data")).toBe("zh_HK");
    expect(pageLocale("/plp")).toBe("en_US");
    expect(pageLocale("/fr_FR/plp")).toBe("en_US");
    expect(pageLocale(new URL("http://x/zh_HK/plp.data?_routes=root"))).toBe("zh_HK");
  });
});
