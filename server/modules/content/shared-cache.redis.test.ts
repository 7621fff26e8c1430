import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { contentPages } from "../../../db/schema/index.ts";
import { createTestDatabase } from "../../../test/db.ts";
import { buildApp } from "../../app.ts";
import { readEnv } from "../../env.ts";

const redisUrl = process.env.REDIS_URL;
const SITE = "O2_PLATFORM__101";

// Two instances of the shop on one database and one Redis (ADR 0176). Runs when REDIS_URL is set (contributing:
// *.redis.test.ts); on PostgreSQL when DATABASE_URL is set too.
describe.skipIf(!redisUrl)("the shared cache across instances", () => {
  let database: DatabaseHandle;
  const instances: Awaited<ReturnType<typeof buildApp>>[] = [];
  const namespace = `roamly-test-${randomUUID()}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let n = 0; n < 2; n += 1) {
      const env = readEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        REDIS_URL: redisUrl,
        CACHE_NAMESPACE: namespace,
      });
      const app = await buildApp({ env, database, ssr: "none", logger: false });
      await app.server.ready();
      await app.services.cache.ready();
      instances.push(app);
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.server.close();
    await database?.close();
  });

  async function homeTitle(app: (typeof instances)[number]): Promise<string> {
    const files = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/pages/query-file",
      headers: { "x-lang": "en_US", "x-requested-with": "fetch" },
      payload: [{ siteCode: SITE, queryType: "HOME" }],
    });
    expect(files.statusCode).toBe(200);
    const file = await app.server.inject({ method: "GET", url: files.json().HOME.filePath });
    expect(file.statusCode).toBe(200);
    return file.json().title;
  }

  it("serves on one instance a page published through the other, and clears both instances' HTML", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const before = await homeTitle(b);
    expect(await homeTitle(a)).toBe(before);

    // An operator changes the published home page in the database.
    const published = and(
      eq(contentPages.siteCode, SITE),
      eq(contentPages.lang, "en_US"),
      eq(contentPages.status, "published"),
      eq(contentPages.pageType, "HOME"),
    );
    const [row] = await database.db.select().from(contentPages).where(published);
    const title = `Spring sale ${randomUUID().slice(0, 8)}`;
    await database.db
      .update(contentPages)
      .set({ document: { ...row!.document, title } })
      .where(eq(contentPages.id, row!.id));
    // Until the publish is announced both instances serve the cached page (from Redis).
    expect(await homeTitle(b)).toBe(before);

    const heardOnB = new Promise<string[]>((resolve) => {
      const stop = b.services.cache.onInvalidate((tags) => {
        stop();
        resolve(tags);
      });
    });
    await a.services.content.pagesChanged();
    expect(await homeTitle(b)).toBe(title);
    expect(await homeTitle(a)).toBe(title);
    // What b's HTML cache listens to (app.ts): the invalidation reached the other instance.
    expect(await heardOnB).toEqual(["content"]);
  });

  it("shares one load between instances and keeps no failed one", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    let loads = 0;
    let fail = true;
    const name = `probe-${randomUUID()}`;
    const define = (app: (typeof instances)[number]) =>
      app.services.cache.define(name, {
        ttlS: 60,
        tags: () => ["probe"],
        load: async (key: string) => {
          loads += 1;
          if (fail) throw new Error("database unavailable");
          return `${key}:${loads}`;
        },
      });
    const onA = define(a);
    const onB = define(b);
    await expect(onA("k")).rejects.toThrow("database unavailable");
    fail = false;
    expect(await onB("k")).toBe("k:2");
    expect(await onA("k")).toBe("k:2");
    expect(loads).toBe(2);
    await b.services.cache.invalidate(["probe"]);
    expect(await onA("k")).toBe("k:3");
  });
});
