import { describe, expect, it } from "vitest";
import { DEFAULT_APP_DOWNLOAD_URL, readEnv } from "./env.ts";

describe("readEnv: APP_DOWNLOAD_URL (ADR 0142)", () => {
  it("takes an absolute http(s) URL as given, without surrounding spaces", () => {
    expect(readEnv({ APP_DOWNLOAD_URL: "https://get.roamly.example/app?src=web" }).APP_DOWNLOAD_URL).toBe(
      "https://get.roamly.example/app?src=web",
    );
    expect(readEnv({ APP_DOWNLOAD_URL: " http://localhost:3000/app " }).APP_DOWNLOAD_URL).toBe(
      "http://localhost:3000/app",
    );
  });

  it("uses the development placeholder when unset or empty outside production", () => {
    for (const NODE_ENV of [undefined, "development", "test"]) {
      expect(readEnv({ NODE_ENV }).APP_DOWNLOAD_URL, String(NODE_ENV)).toBe(DEFAULT_APP_DOWNLOAD_URL);
      expect(readEnv({ NODE_ENV, APP_DOWNLOAD_URL: "" }).APP_DOWNLOAD_URL, String(NODE_ENV)).toBe(
        DEFAULT_APP_DOWNLOAD_URL,
      );
    }
    expect(DEFAULT_APP_DOWNLOAD_URL).toBe("https://roamly.example/app");
  });

  it("refuses to start in production without it, naming the variable", () => {
    for (const source of [{ NODE_ENV: "production" }, { NODE_ENV: "production", APP_DOWNLOAD_URL: "" }])
      expect(() => readEnv(source)).toThrow(
        "Invalid environment: APP_DOWNLOAD_URL: required when NODE_ENV=production",
      );
    expect(
      readEnv({ NODE_ENV: "production", APP_DOWNLOAD_URL: "https://get.roamly.example/app" })
        .APP_DOWNLOAD_URL,
    ).toBe("https://get.roamly.example/app");
  });

  it("refuses anything but an absolute http(s) URL, in every environment", () => {
    for (const NODE_ENV of ["development", "test", "production"])
      for (const value of [
        "javascript:alert(1)",
        "ftp://get.roamly.example/app",
        "not a url",
        "/app",
        "https://",
        "   ",
      ])
        expect(() => readEnv({ NODE_ENV, APP_DOWNLOAD_URL: value }), `${NODE_ENV} ${value}`).toThrow(
          "Invalid environment: APP_DOWNLOAD_URL: must be an absolute http(s) URL",
        );
  });
});

describe("SUPPLIER_PROVIDER (issue 13, ADR 0195)", () => {
  const production = { NODE_ENV: "production", APP_DOWNLOAD_URL: "https://get.roamly.example/app" };

  it("refuses to start with a supplier whose credentials are missing, naming the variable", () => {
    expect(() =>
      readEnv({
        ...production,
        SUPPLIER_PROVIDER: "esimaccess",
        ESIMACCESS_BASE_URL: "https://api.esimaccess.com",
        ESIMACCESS_ACCESS_CODE: "code",
      }),
    ).toThrow("Invalid environment: ESIMACCESS_SECRET: required when SUPPLIER_PROVIDER=esimaccess");
    expect(() => readEnv({ ...production, SUPPLIER_PROVIDER: "airalo" })).toThrow(
      /AIRALO_BASE_URL: required when SUPPLIER_PROVIDER=airalo.*AIRALO_CLIENT_ID: required.*AIRALO_CLIENT_SECRET: required/,
    );
  });

  it("starts with the supplier's credentials set, and keeps the sandbox the default outside production", () => {
    expect(
      readEnv({
        ...production,
        SUPPLIER_PROVIDER: "airalo",
        AIRALO_BASE_URL: "https://partners-api.airalo.com",
        AIRALO_CLIENT_ID: "id",
        AIRALO_CLIENT_SECRET: "secret",
      }).SUPPLIER_PROVIDER,
    ).toBe("airalo");
    expect(readEnv({ NODE_ENV: "development" }).SUPPLIER_PROVIDER).toBeUndefined();
  });
});
