import { describe, expect, it } from "vitest";
import { DEFAULT_APP_DOWNLOAD_URL, readEnv } from "./env.ts";

/** The other variables production requires, so each test names only the one it is about. */
const PRODUCTION_REQUIRED = {
  PUBLIC_ORIGIN: "https://shop.roamly.example",
  CODE_HMAC_SECRET: "a-production-secret-of-at-least-32-characters",
};

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
      readEnv({
        ...PRODUCTION_REQUIRED,
        NODE_ENV: "production",
        APP_DOWNLOAD_URL: "https://get.roamly.example/app",
      }).APP_DOWNLOAD_URL,
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

describe("readEnv: PUBLIC_ORIGIN and CODE_HMAC_SECRET in production (ADRs 0186, 0189)", () => {
  const production = { NODE_ENV: "production", APP_DOWNLOAD_URL: "https://get.roamly.example/app" };

  it("refuses to start in production without the site's origin", () => {
    expect(() => readEnv({ ...production, CODE_HMAC_SECRET: PRODUCTION_REQUIRED.CODE_HMAC_SECRET })).toThrow(
      "Invalid environment: PUBLIC_ORIGIN: required when NODE_ENV=production",
    );
  });

  it("refuses to start in production without the code secret, or with a short one", () => {
    expect(() => readEnv({ ...production, PUBLIC_ORIGIN: PRODUCTION_REQUIRED.PUBLIC_ORIGIN })).toThrow(
      "Invalid environment: CODE_HMAC_SECRET: required when NODE_ENV=production",
    );
    expect(() => readEnv({ ...production, ...PRODUCTION_REQUIRED, CODE_HMAC_SECRET: "short" })).toThrow(
      /CODE_HMAC_SECRET/,
    );
    expect(readEnv({ ...production, ...PRODUCTION_REQUIRED }).PUBLIC_ORIGIN).toBe(
      "https://shop.roamly.example",
    );
  });

  it("needs neither outside production", () => {
    const env = readEnv({ NODE_ENV: "development" });
    expect(env.PUBLIC_ORIGIN).toBeUndefined();
    expect(env.CODE_HMAC_SECRET).toBeUndefined();
  });
});

describe("readEnv: TRUST_PROXY (ADR 0185)", () => {
  it("is off unless set", () => {
    for (const TRUST_PROXY of [undefined, "", "false", "off", "0"])
      expect(readEnv({ TRUST_PROXY }).TRUST_PROXY, String(TRUST_PROXY)).toBe(false);
  });

  it("takes a hop count or a list of addresses, CIDRs and range names", () => {
    expect(readEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: " 10.0.0.0/8, 192.0.2.1 ,loopback,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.0.2.1",
      "loopback",
      "fd00::/8",
    ]);
  });

  it.each(["true", "*", "10.0.0.0/33", "fd00::/129", "proxy.example", "10.0.0.1/8/1", "11"])(
    "refuses %j, naming the variable",
    (TRUST_PROXY) => {
      expect(() => readEnv({ TRUST_PROXY })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe("SUPPLIER_PROVIDER (issue 13, ADR 0195)", () => {
  const production = {
    NODE_ENV: "production",
    APP_DOWNLOAD_URL: "https://get.roamly.example/app",
    ...PRODUCTION_REQUIRED,
  };

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

describe("readEnv: ROLE (ADR 0327)", () => {
  it("is all by default, so npm start serves and runs jobs in one process", () => {
    expect(readEnv({}).ROLE).toBe("all");
  });

  it("takes web and worker only with PostgreSQL, which several processes can share", () => {
    const databaseUrl = "postgres://postgres@127.0.0.1:5432/roamly";
    expect(readEnv({ ROLE: "web", DATABASE_URL: databaseUrl }).ROLE).toBe("web");
    expect(readEnv({ ROLE: "worker", DATABASE_URL: databaseUrl }).ROLE).toBe("worker");
    expect(() => readEnv({ ROLE: "worker" })).toThrow(/DATABASE_URL: required when ROLE=worker/);
    expect(() => readEnv({ ROLE: "scheduler", DATABASE_URL: databaseUrl })).toThrow(/ROLE/);
  });
});
