import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { setupTestApp } from "../../test/api.ts";
import { createTestDatabase } from "../../test/db.ts";
import { buildApp } from "../app.ts";
import { readEnv } from "../env.ts";

// spec 7, 8 and issue 2 "API conventions": the probes, the request headers and their defaults, and the error
// shape {failed: true, code, message} in the request's language for every kind of failure.

const app = setupTestApp();

const SEARCH = "/o2srh/v1/pub/platform-products/search?categoryCode=JP&sort=price-asc";

describe("health probes", () => {
  it("/healthz answers that the process is alive and /readyz that the database answers", async () => {
    const live = await app.server.inject({ method: "GET", url: "/healthz" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await app.server.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: "ready",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
    });
  });
});

describe("request headers (spec 7) and their defaults", () => {
  it("without headers answers in en_US and HKD for site O2_PLATFORM__101, with a request id", async () => {
    const plans = await app.server.inject({ method: "GET", url: SEARCH });
    expect(plans.statusCode).toBe(200);
    const first = plans.json().content[0];
    expect(first.currencyCode).toBe("HKD");
    expect(first.entityName).toBe("Japan");
    expect(plans.headers["x-request-id"]).toMatch(/^[\w-]{8,64}$/);

    const site = await app.server.inject({ method: "GET", url: "/o2cms/v1/pub/sites/info" });
    expect(site.json().siteCode).toBe("O2_PLATFORM__101");
  });

  it("reads language, currency and site from x-lang, x-currency and x-site-code", async () => {
    const plans = await app.server.inject({
      method: "GET",
      url: SEARCH,
      headers: { "x-lang": "zh_CN", "x-currency": "EUR", "x-request-id": "trace-0123456789" },
    });
    const first = plans.json().content[0];
    expect(first.currencyCode).toBe("EUR");
    expect(first.entityName).toBe("日本");
    expect(plans.headers["x-request-id"]).toBe("trace-0123456789");

    const otherSite = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/sites/info",
      headers: { "x-site-code": "NO_SUCH_SITE", "x-lang": "zh_HK" },
    });
    expect(otherSite.statusCode).toBe(404);
    expect(otherSite.json()).toEqual({ failed: true, code: "error.notFound", message: "找不到" });
  });
});

describe("errors (spec 8): {failed: true, code, message} in the request's language", () => {
  it("an unknown API path is a JSON 404", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/no-such-thing",
      headers: { "x-lang": "zh_CN" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ failed: true, code: "error.notFound", message: "未找到" });
  });

  it("a body that is not JSON is a 400, not a 500", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2pcm/v1/query-target-info",
      headers: { "content-type": "application/json", "x-lang": "zh_HK" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ failed: true, code: "error.badRequest", message: "提交的資料有誤" });
  });

  it("bad input is a 400 naming each field", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2pcm/v1/query-target-info",
      payload: { codes: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      failed: true,
      code: "error.badRequest",
      message: "Some of the information you sent is not valid",
    });
    expect(Object.keys(res.json().fields)).toEqual(["codes"]);
  });

  it("no valid token is a 401", async () => {
    const missing = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: { "x-lang": "zh_CN" },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ failed: true, code: "error.unauthorized", message: "请先登录" });
    const forged = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe("error.unauthorized");
  });
});

describe("when the database stops answering", () => {
  let broken: { server: Awaited<ReturnType<typeof buildApp>>["server"]; database: DatabaseHandle };
  const logLines: { level: number; msg: string; reason?: string }[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "info" });
    const built = await buildApp({
      env,
      database,
      ssr: "none",
      logStream: { write: (line) => logLines.push(JSON.parse(line)) },
    });
    await built.server.ready();
    broken = { server: built.server, database };
    await database.close();
  });
  afterAll(async () => {
    await broken?.server.close();
  });

  it("/readyz answers 503 while /healthz stays up", async () => {
    expect((await broken.server.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const ready = await broken.server.inject({
      method: "GET",
      url: "/readyz",
      headers: { "x-lang": "zh_CN" },
    });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      failed: true,
      code: "error.notReady",
      message: "商店正在启动或数据库暂不可用，请稍后再试",
    });
    // Not ready is a state, not a failure: one warning naming the reason, however often the probe asks.
    await broken.server.inject({ method: "GET", url: "/readyz" });
    const about = logLines.filter((line) => line.msg === "not ready" || line.level >= 50);
    expect(about).toEqual([
      expect.objectContaining({ level: 40, msg: "not ready", reason: "database unavailable" }),
    ]);
  });

  it("an API call is a 500 in the request's language that leaks no internals", async () => {
    const res = await broken.server.inject({ method: "GET", url: SEARCH, headers: { "x-lang": "zh_CN" } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ failed: true, code: "error.internal", message: "系统繁忙，请稍后再试" });
    expect(res.body).not.toMatch(/pglite|pool|closed|stack|select|\.ts\b/i);
  });
});
