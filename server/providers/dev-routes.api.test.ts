import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestDatabase } from "../../test/db.ts";
import { type App, buildApp } from "../app.ts";
import { readEnv } from "../env.ts";

// The sandbox tools must not exist in production (architecture: outside parties).
describe("sandbox routes under NODE_ENV=production", () => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = readEnv({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      APP_DOWNLOAD_URL: "https://get.roamly.example/app",
      PUBLIC_ORIGIN: "https://shop.roamly.example",
      CODE_HMAC_SECRET: "a-production-secret-of-at-least-32-characters",
    });
    app = await buildApp({ env, database, ssr: "none", logger: false });
    await app.server.ready();
  });
  afterAll(async () => {
    await app?.server.close();
    await database?.close();
  });

  it.each([
    ["GET", "/__dev/outbox?to=a@example.com"],
    ["GET", "/__dev/identity/google/jwks.json"],
    ["POST", "/__dev/identity/google/token"],
    ["GET", "/__dev/captcha/abc"],
    ["POST", "/__dev/codes/expire"],
    ["POST", "/__dev/orders/ABC123456/issue-esims"],
  ] as const)("%s %s is not found", async (method, url) => {
    const res = await app.server.inject({
      method,
      url,
      payload: method === "POST" ? { sub: "x", to: "a@example.com" } : undefined,
    });
    expect(res.statusCode).toBe(404);
  });

  it("still serves the account API", async () => {
    const res = await app.server.inject({ method: "GET", url: "/o2user/v1/pub/customer/public-key" });
    expect(res.statusCode).toBe(200);
  });
});
