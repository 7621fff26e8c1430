import { describe, expect, it } from "vitest";
import { responsiveDisplay, shellVisibility } from "./visibility.ts";

describe("shellVisibility (spec 2)", () => {
  it("shows the top bar everywhere on wide screens except the sign-in, checkout, pay-result, auth and QR pages", () => {
    for (const viewport of ["md", "lg"] as const) {
      for (const path of ["/", "/plp", "/category", "/pdp/JP-7D", "/404", "/my/userInfo", "/pay"]) {
        expect(shellVisibility(path, viewport).topBar, path).toBe(true);
      }
      for (const path of [
        "/login",
        "/register",
        "/bind",
        "/checkout",
        "/logins/forget-password",
        "/logins/verification-code-login",
        "/logins/preference",
        "/pay/result",
        "/AuthenticationPopupView",
        "/app_installation_qrcode",
      ]) {
        expect(shellVisibility(path, viewport).topBar, path).toBe(false);
      }
    }
  });

  it("shows the top bar only on home on small screens", () => {
    expect(shellVisibility("/", "sm").topBar).toBe(true);
    expect(shellVisibility("/?searchDialog=true", "sm").topBar).toBe(true);
    for (const path of ["/category", "/plp", "/ucenter/eSIM", "/404", "/login"]) {
      expect(shellVisibility(path, "sm").topBar, path).toBe(false);
    }
  });

  it("shows the bottom tabs only on small screens, on home, my eSIM, user info and category", () => {
    for (const path of ["/", "/ucenter/eSIM", "/my/userInfo", "/category", "/category/"]) {
      expect(shellVisibility(path, "sm").bottomBar, path).toBe(true);
      expect(shellVisibility(path, "md").bottomBar, path).toBe(false);
    }
    for (const path of ["/plp", "/404", "/ucenter/eSIM/123", "/my/userInfo/delete", "/checkout"]) {
      expect(shellVisibility(path, "sm").bottomBar, path).toBe(false);
    }
  });

  it("offers back-to-top on every page but the list page", () => {
    expect(shellVisibility("/", "lg").backToTop).toBe(true);
    expect(shellVisibility("/plp", "lg").backToTop).toBe(false);
    expect(shellVisibility("/plp", "sm").backToTop).toBe(false);
  });
});

describe("responsiveDisplay", () => {
  it("maps the small and wide answers onto Tailwind display classes", () => {
    expect(responsiveDisplay(true, true)).toBe("block md:block");
    expect(responsiveDisplay(false, true, "flex")).toBe("hidden md:flex");
    expect(responsiveDisplay(true, false)).toBe("block md:hidden");
  });
});
