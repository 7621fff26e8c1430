import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { createTestDatabase } from "../../../test/db.ts";
import { type App, buildApp } from "../../app.ts";
import { readEnv } from "../../env.ts";

// Issue 30: the tool that switches a (test) coupon on is a sandbox tool, absent in production.
describe("POST /__dev/coupons/:code/enabled under NODE_ENV=production", () => {
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

  it("is not found", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/__dev/coupons/E2E-BELOW-MIN-84/enabled",
      headers: { "x-requested-with": "fetch" },
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(404);
  });
});
