import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { consoleContentSecurityPolicy } from "./security-headers.ts";

// Issue 14.12 and 14.13 (ADR 0188): HSTS off localhost; the opener policy relaxed on sign-in pages only.
const app = setupTestApp();

const headersFor = async (url: string, host = "localhost:3000") =>
  (await app.server.inject({ method: "GET", url, headers: { host } })).headers;

describe("security headers", () => {
  it("lets only the page editor's canvas be framed, and only by the console's own origin (ADR 0277)", async () => {
    expect((await headersFor("/admin/pages/12/canvas"))["x-frame-options"]).toBe("SAMEORIGIN");
    for (const url of ["/admin", "/admin/pages/12", "/admin/pages/12/canvas/x", "/admin/pages/x/canvas"])
      expect((await headersFor(url))["x-frame-options"], url).toBe("DENY");
    const canvas = consoleContentSecurityPolicy("n", "/admin/pages/12/canvas");
    expect(canvas).toContain("frame-ancestors 'self'");
    expect(canvas).toContain("form-action 'none'");
    const editor = consoleContentSecurityPolicy("n", "/admin/pages/12");
    expect(editor).toContain("frame-ancestors 'none'");
    expect(editor).toContain("frame-src 'self'");
    expect(editor).not.toContain("https:");
  });

  it("relaxes the cross-origin-opener policy only where a sign-in popup can start", async () => {
    for (const url of [
      "/login",
      "/zh_CN/login?pageFrom=%2Fmy",
      "/logins/verification-code-login",
      "/zh_HK/register",
      "/bind",
      "/AuthenticationPopupView",
      "/checkout?skuId=1",
    ])
      expect((await headersFor(url))["cross-origin-opener-policy"], url).toBe("same-origin-allow-popups");
    for (const url of [
      "/",
      "/zh_CN",
      "/my/userInfo",
      "/pay",
      "/login/x",
      "/loginx",
      "/healthz",
      "/o2cms/v1/x",
    ])
      expect((await headersFor(url))["cross-origin-opener-policy"], url).toBe("same-origin");
  });

  it("sends HSTS to every host but a developer's own machine", async () => {
    expect((await headersFor("/healthz", "shop.roamly.example"))["strict-transport-security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "app.localhost"])
      expect((await headersFor("/healthz", host))["strict-transport-security"], host).toBeUndefined();
  });
});
