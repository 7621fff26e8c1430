import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import type { TestApp } from "../test/api.ts";
import { createTestDatabase } from "../test/db.ts";
import { buildApp } from "./app.ts";
import { readEnv } from "./env.ts";
import { createOperator, operatorHeaders } from "./modules/admin/admin-test-kit.ts";

const redisUrl = process.env.REDIS_URL;
const SITE = "O2_PLATFORM__101";
const LANDING = "/cmsCLP?pageCode=summer-japan";
const PDP = "/pdp/JP-3GB-30D";

/*
 * ADR 0245 across instances: an operator publishes a landing page on one instance (the console's), and the
 * store instance drops that page from its HTML cache, and only it, through the Redis channel. Runs when
 * REDIS_URL is set (contributing: *.redis.test.ts).
 */
describe.skipIf(!redisUrl)("exact HTML cache invalidation on every instance", () => {
  let database: DatabaseHandle;
  const store = {} as TestApp;
  const backOffice = {} as TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = readEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      REDIS_URL: redisUrl,
      CACHE_NAMESPACE: `roamly-test-${randomUUID()}`,
      SSR_CACHE_TTL_MS: "600000",
    });
    const storeApp = await buildApp({
      env,
      database,
      ssr: "development",
      htmlCacheInDevelopment: true,
      logger: false,
    });
    const backOfficeApp = await buildApp({ env, database, ssr: "none", logger: false });
    for (const [holder, app] of [
      [store, storeApp],
      [backOffice, backOfficeApp],
    ] as const) {
      await app.server.ready();
      await app.services.cache.ready();
      Object.assign(holder, { server: app.server, services: app.services, database });
    }
    // The development renderer's first render compiles the modules; on a loaded machine it can overrun the
    // stream timeout, so it happens here, outside the tests (its answer is not checked).
    await store.server.inject({ method: "GET", url: "/" });
  }, 120_000);
  afterAll(async () => {
    await store.server?.close();
    await backOffice.server?.close();
    await database?.close();
  });

  async function served(url: string): Promise<"hit" | "render"> {
    const res = await store.server.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(200);
    return res.headers["x-html-cache"] === "hit" ? "hit" : "render";
  }

  it("publishing on one instance drops the landing page on the other and keeps home and the pdp", async () => {
    for (const url of ["/", PDP, LANDING]) {
      await served(url);
      expect(await served(url), url).toBe("hit");
    }
    const headers = await operatorHeaders(backOffice, await createOperator(backOffice, "merchandiser"));
    const call = async (method: "GET" | "POST", url: string, payload?: object) => {
      const res = await backOffice.server.inject({
        method,
        url: `/o2adm/v1${url}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const heard = new Promise<string[]>((resolve) => {
      const stop = store.services.cache.onInvalidate((tags) => {
        stop();
        resolve(tags);
      });
    });
    const list = await call("GET", `/pages?siteCode=${SITE}&lang=en_US`);
    const landing = list.pages.find((p: { pageCode: string }) => p.pageCode === "summer-japan");
    const opened = await call("GET", `/pages/${landing.id}`);
    await call("POST", `/pages/${opened.id}/publish`, { revision: opened.revision });
    // The store instance heard the publish on the Redis channel.
    expect(await heard).toEqual([`content:${SITE}:en_US:summer-japan`]);

    expect(await served(LANDING)).toBe("render");
    expect(await served("/")).toBe("hit");
    expect(await served(PDP)).toBe("hit");
  }, 120_000);

  it("a plan's price changed on one instance drops its pages on the other and keeps another destination's (ADR 0282)", async () => {
    const OTHER_PDP = "/pdp/KR-3GB-30D";
    for (const url of [PDP, OTHER_PDP]) {
      await served(url);
      expect(await served(url), url).toBe("hit");
    }
    const headers = await operatorHeaders(backOffice, await createOperator(backOffice, "merchandiser"));
    const heard = new Promise<string[]>((resolve) => {
      const stop = store.services.cache.onInvalidate((tags) => {
        stop();
        resolve(tags);
      });
    });
    const res = await backOffice.server.inject({
      method: "PUT",
      url: "/o2adm/v1/catalog/plans/JP-3GB-30D/prices",
      headers,
      payload: { prices: [{ currencyCode: "HKD", unitPrice: 876_543, displayPrice: null }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The store instance heard the plan's tags on the Redis channel, not the whole catalogue's.
    expect(await heard).toEqual(["catalog:lists", "catalog:plan:JP-3GB-30D", "catalog:dest:JP"]);

    const pdp = await store.server.inject({ method: "GET", url: PDP });
    expect(pdp.headers["x-html-cache"]).not.toBe("hit");
    // The shared entries in Redis were dropped too: the render shows the new price, in the page's offers.
    expect(pdp.body).toContain('"price":"8765.43"');
    expect(await served(OTHER_PDP)).toBe("hit");
  }, 120_000);
});
