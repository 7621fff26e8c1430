import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";

// Issue 14.12 and 14.13 (ADR 0188): HSTS off localhost; the opener policy relaxed on sign-in pages only.
const app = setupTestApp();

const headersFor = async (url: string, host = "localhost:3000") =>
  (await app.server.inject({ method: "GET", url, headers: { host } })).headers;

describe("security headers", () => {
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
