import type { FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { readEnv } from "../server/env.ts";
import type { HtmlCache } from "../server/infra/html-cache.ts";
import type { Services } from "../server/services.ts";
import { createTestDatabase } from "./db.ts";

export interface TestApp {
  server: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
}

/**
/**
 * Builds the API (no SSR) over a fresh test database for one test file; closed after the file. `envOverrides`
 * sets variables on top of the test defaults (e.g. TRUST_PROXY); a function is read when the app is built, after
 * earlier beforeAll hooks (such as a stand-in's start) have run.
 */
export function setupTestApp(
  envOverrides: Record<string, string> | (() => Record<string, string>) = {},
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const overrides = typeof envOverrides === "function" ? envOverrides() : envOverrides;
    const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides });
    const app = await buildApp({ env, database, ssr: "none", logger: false });
    await app.server.ready();
    Object.assign(holder, { server: app.server, services: app.services, database });
  });
  afterAll(async () => {
    await holder.server?.close();
    await holder.database?.close();
  });
  return holder;
}

/**
 * Builds the whole app with pages (the development renderer) over a fresh test database, for the suites that
 * render pages; closed after the file. With `htmlCache`, the HTML cache is on too, and the first render, which
 * compiles the modules (slow on a loaded machine; it could overrun the stream timeout), happens here, outside
 * the tests; a query keeps it out of the cache.
 */
export function setupPageApp(options: { htmlCache?: boolean } = {}): TestApp & { htmlCache?: HtmlCache } {
  const holder = {} as TestApp & { htmlCache?: HtmlCache };
  beforeAll(async () => {
    const database = await createTestDatabase();
    const env = readEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...(options.htmlCache ? { SSR_CACHE_TTL_MS: "600000" } : {}),
    });
    const app = await buildApp({
      env,
      database,
      ssr: "development",
      htmlCacheInDevelopment: options.htmlCache === true,
      sharedDevServer: workerDevServer,
      logger: false,
    });
    await app.server.ready();
    if (options.htmlCache) await app.server.inject({ method: "GET", url: "/?page=warm-up" });
    Object.assign(holder, { server: app.server, services: app.services, database, htmlCache: app.htmlCache });
  }, 120_000);
  afterAll(async () => {
    await holder.server?.close();
    await holder.database?.close();
  });
  return holder;
}

/**
 * One Vite dev server per test worker for every page app it builds (test files share a worker, isolate: false).
 * Each file used to start its own, and its first render compiled the app's modules again: about half of a page
 * suite's time. The apps still have their own services, database and HTML cache; only compiled modules are shared.
 * It lives as long as the worker.
 */
let devServer: Promise<ViteDevServer> | undefined;
function workerDevServer(): Promise<ViteDevServer> {
  devServer ??= import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  return devServer;
}

/** The tags of every cache invalidation the app announces while the work runs. */
export async function invalidatedDuring(app: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const told: string[] = [];
  const stop = app.services.cache.onInvalidate((tags) => told.push(...tags));
  try {
    await work();
  } finally {
    stop();
  }
  return told;
}

/** A page as the app served it: `served` is "hit" when it came from the HTML cache, "render" when rendered for it. */
export async function cachedPage(
  app: TestApp,
  url: string,
): Promise<{ served: "hit" | "render"; html: string }> {
  const res = await app.server.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"], url).toMatch(/^text\/html/);
  return { served: res.headers["x-html-cache"] === "hit" ? "hit" : "render", html: res.body };
}

/** Renders each page, then checks the next request for it is served from the HTML cache. */
export async function warmPages(app: TestApp, ...urls: string[]) {
  for (const url of urls) {
    await cachedPage(app, url);
    expect((await cachedPage(app, url)).served, url).toBe("hit");
  }
}
