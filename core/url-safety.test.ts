import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkNavigation, hostAllowed, isScriptUrl, safePageFrom } from "./url-safety.ts";

const policy = { origin: "https://shop.example.com", allowedHosts: ["pay.example.net", "*.cdn.example.org"] };

describe("isScriptUrl (spec 2: script-protocol URLs are always refused)", () => {
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "  javascript:alert(1)",
    "\u0000javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\u200bscript:alert(1)",
    "javascript&colon;alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "&#0000106avascript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "%6Aavascript:alert(1)",
    "%256Aavascript:alert(1)",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    " data:text/html,x",
    "blob:https://shop.example.com/uuid",
  ])("refuses %j", (url) => {
    expect(isScriptUrl(url)).toBe(true);
    expect(checkNavigation(url, { ...policy, allowedSchemes: ["javascript:", "data:"] })).toEqual({
      kind: "refused",
      reason: "script",
    });
  });

  it.each(["/plp?x=javascript:1", "https://shop.example.com/a", "plp", "mailto:a@b.co", "/java script"])(
    "does not flag %j",
    (url) => {
      expect(isScriptUrl(url)).toBe(false);
    },
  );
});

describe("checkNavigation (spec 2: external URLs refused unless allowed)", () => {
  it("keeps same-site links in the router", () => {
    expect(checkNavigation("/zh_CN/plp?type=COUNTRY#top", policy)).toEqual({
      kind: "internal",
      path: "/zh_CN/plp?type=COUNTRY#top",
    });
    expect(checkNavigation("https://shop.example.com/pdp/1", policy)).toEqual({
      kind: "internal",
      path: "/pdp/1",
    });
    expect(checkNavigation("?searchDialog=true", policy)).toEqual({
      kind: "internal",
      path: "/?searchDialog=true",
    });
  });

  it("lets allowlisted hosts out, exactly or by subdomain wildcard", () => {
    expect(checkNavigation("https://pay.example.net/session/1", policy)).toEqual({
      kind: "external",
      url: "https://pay.example.net/session/1",
    });
    expect(checkNavigation("https://img.cdn.example.org/a.png", policy).kind).toBe("external");
  });

  it.each([
    "https://evil.com/",
    "//evil.com",
    "/\\evil.com",
    "https://pay.example.net.evil.com/",
    "https://evil.com/?https://pay.example.net",
    "https://pay.example.net@evil.com/",
    "https://user:pw@pay.example.net/",
    "https://cdn.example.org/",
    "http://shop.example.com.evil.com/",
    "ftp://pay.example.net/",
    "mailto:a@b.co",
  ])("refuses %j as external", (url) => {
    expect(checkNavigation(url, policy)).toEqual({ kind: "refused", reason: "external" });
  });

  it("refuses every external host when no allowlist is given", () => {
    expect(checkNavigation("https://pay.example.net/", { origin: policy.origin }).kind).toBe("refused");
  });

  it("allows extra schemes only when asked", () => {
    expect(checkNavigation("tel:+85212345678", { ...policy, allowedSchemes: ["tel:"] })).toEqual({
      kind: "external",
      url: "tel:+85212345678",
    });
  });

  it.each(["", "   ", "http://[bad"])("refuses %j as invalid", (url) => {
    expect(checkNavigation(url, policy)).toEqual({ kind: "refused", reason: "invalid" });
  });
});

describe("hostAllowed", () => {
  it("matches exact hosts case-insensitively and wildcards only on subdomains", () => {
    expect(hostAllowed("PAY.example.net", ["pay.example.net"])).toBe(true);
    expect(hostAllowed("a.b.example.org", ["*.example.org"])).toBe(true);
    expect(hostAllowed("example.org", ["*.example.org"])).toBe(false);
    expect(hostAllowed("badexample.org", ["*.example.org"])).toBe(false);
  });
});

describe("safePageFrom (spec 2: after login return to pageFrom, else home)", () => {
  it.each([
    ["/zh_CN/my/order/list?x=1", "/zh_CN/my/order/list?x=1"],
    [
      "/plp?categoryCode=JP&categoryName=%E6%97%A5%E6%9C%AC",
      "/plp?categoryCode=JP&categoryName=%E6%97%A5%E6%9C%AC",
    ],
    ["/my/order/ABC#detail", "/my/order/ABC#detail"],
    ["/", "/"],
    ["/zh_HK/../my/coupon", "/my/coupon"],
  ])("accepts %j", (raw, expected) => {
    expect(safePageFrom(raw)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "///evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    " /evil",
    "https://evil.com",
    "http:/evil.com",
    "evil.com",
    "%2F%2Fevil.com",
    "/%2F/evil.com",
    "/%2F%2Fevil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "/%09/evil.com",
    "/%252F%252Fevil.com",
    // Issue 14.1: the input passes, the resolved path is "//evil.example".
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "/x/../..//evil.example",
    "/./..//evil.example",
    "/zh_CN/..//evil.example",
    "/zh_CN/../..//evil.example",
    "/zh_CN/%2e%2e/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/x%2F..%2F..%2F%2Fevil.example",
    "javascript:alert(1)",
    "",
    undefined,
    null,
    42,
    ["/my"],
    `/${"a".repeat(3000)}`,
  ])("refuses %j and gives the fallback", (raw) => {
    expect(safePageFrom(raw)).toBe("/");
    expect(safePageFrom(raw, "/zh_CN")).toBe("/zh_CN");
  });
});

describe("safePageFrom stays on our origin, whatever the path (issue 14.1)", () => {
  const origin = "https://shop.example.com";
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2e%2e",
    "%2f",
    "%2F",
    "%5c",
    "%252f",
    "%252e",
    "%09",
    "\t",
    "zh_CN",
    "zh_HK",
    "my",
    "x",
    "?",
    "#",
    "evil.example",
    "@evil.example",
    ":",
    "https:",
  );
  const prefix = fc.constantFrom("", "/", "/zh_CN", "/zh_HK/", "/x/", "/./", "/../");
  const rawPath = fc
    .tuple(prefix, fc.array(piece, { maxLength: 12 }))
    .map(([head, rest]) => head + rest.join(""));

  /** Where a browser goes with the result, and where a router that decodes the path first goes. */
  function staysOnOrigin(path: string): boolean {
    if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
    const asIs = new URL(path, origin);
    let decoded = path;
    for (let round = 0; round < 4; round++)
      decoded = decodeURIComponent(decoded.replace(/%(?![0-9a-f]{2})/gi, "%25"));
    const afterDecoding = new URL(decoded.replace(/[\t\n\r]/g, ""), origin);
    return (
      asIs.origin === origin && afterDecoding.origin === origin && !afterDecoding.pathname.startsWith("//")
    );
  }

  it("never returns a path that leaves the site", () => {
    fc.assert(
      fc.property(rawPath, (raw) => {
        expect(staysOnOrigin(safePageFrom(raw))).toBe(true);
        expect(staysOnOrigin(safePageFrom(raw, "/zh_CN"))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps ordinary paths as they are", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zA-Z0-9_-]{1,8}$/), { minLength: 1, maxLength: 5 }),
        (segments) => {
          const path = `/${segments.join("/")}`;
          expect(safePageFrom(path)).toBe(path);
        },
      ),
    );
  });
});
