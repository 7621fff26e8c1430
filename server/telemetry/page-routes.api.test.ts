import { InMemorySpanExporter } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestDatabase } from "../../test/db.ts";
import { type App, buildApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { startTracing, stopTracing } from "./tracing.ts";

// Issue 34 item 4 (ADR 0379): a page request is labelled, in the request metrics and its span, by the React Router
// route that serves it, never by its URL; every page used to be `/*`. The pages are rendered by the development
// renderer, which serves the same routes as a production build.

const TOKEN = "metrics-token-for-the-page-routes-test-0123456789";
const spans = new InMemorySpanExporter();
let app: App;
let database: DatabaseHandle;

beforeAll(async () => {
  // Before the app is built: the request hooks are installed only when tracing is on.
  await startTracing({ exporter: spans });
  database = await createTestDatabase();
  app = await buildApp({
    env: readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", METRICS_TOKEN: TOKEN }),
    database,
    ssr: "development",
    logger: false,
  });
  await app.server.ready();
  // The first render compiles the modules: outside the tests' time.
  await app.server.inject({ method: "GET", url: "/?page=warm-up" });
}, 120_000);

afterAll(async () => {
  await app?.server.close();
  await database?.close();
  await stopTracing();
});

/** The metrics as Prometheus reads them from the main port, behind the token. */
async function scrape(): Promise<string> {
  const answer = await app.server.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** Every `roamly_http_requests_total` series: its labels and count. */
function requestSeries(text: string): { labels: Record<string, string>; count: number }[] {
  const series: { labels: Record<string, string>; count: number }[] = [];
  for (const line of text.split("\n")) {
    const match = /^roamly_http_requests_total\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[1] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    series.push({ labels, count: Number(match[2]) });
  }
  return series;
}

/**
 * The page requests counted between two scrapes, per route label (GET only; not the scrape itself, nor the API
 * calls a page's loader makes).
 */
function routesCounted(before: string, after: string): Map<string, number> {
  const counted = new Map<string, number>();
  const earlier = requestSeries(before);
  for (const { labels, count } of requestSeries(after)) {
    if (labels.method !== "GET" || labels.route === "/metrics" || labels.route?.startsWith("/o2")) continue;
    const was = earlier.find(
      (s) =>
        s.labels.route === labels.route && s.labels.status === labels.status && s.labels.method === "GET",
    );
    const delta = count - (was?.count ?? 0);
    if (delta > 0) counted.set(labels.route!, (counted.get(labels.route!) ?? 0) + delta);
  }
  return counted;
}

async function get(url: string, status = 200) {
  const answer = await app.server.inject({ method: "GET", url });
  expect(answer.statusCode, url).toBe(status);
}

describe("a page's route label", () => {
  it("is its React Router route: two pages give two labels, two URLs of one page give one", async () => {
    const before = await scrape();
    spans.reset();
    await get("/plp?categoryCode=JP&categoryName=Japan");
    await get("/zh_HK/plp?categoryCode=KR&categoryName=South+Korea");
    await get("/pdp/JP-3GB-30D");
    await get("/en_US/pdp/KR-3GB-30D");
    await get("/ucenter/help");
    const after = await scrape();

    const counted = routesCounted(before, after);
    expect(Object.fromEntries(counted)).toEqual({
      "/:lang?/plp": 2,
      "/:lang?/pdp/:id": 2,
      "/:lang?/ucenter/help": 1,
    });
    // Never the URL: no plan code, no locale prefix, no query in any label.
    for (const { labels } of requestSeries(after)) {
      expect(labels.route).not.toMatch(/JP-3GB|KR-3GB|zh_HK|en_US|categoryCode/);
    }

    // The request spans carry the same route.
    const pageSpans = spans
      .getFinishedSpans()
      .filter((span) => String(span.attributes["url.path"]).match(/\/(plp|pdp\/)/));
    expect(pageSpans.map((span) => span.name).sort()).toEqual([
      "GET /:lang?/pdp/:id",
      "GET /:lang?/pdp/:id",
      "GET /:lang?/plp",
      "GET /:lang?/plp",
    ]);
    expect(new Set(pageSpans.map((span) => span.attributes["http.route"]))).toEqual(
      new Set(["/:lang?/plp", "/:lang?/pdp/:id"]),
    );
  });

  it("keeps one value for every unknown path, and labels home, the console and a data request by route", async () => {
    const before = await scrape();
    await get("/no/such/page-ABC123", 404);
    await get("/zh_CN/another-missing-page", 404);
    await get("/");
    await get("/zh_CN");
    await get("/admin/login");
    await get("/plp.data?categoryCode=JP&categoryName=Japan");
    await get("/o2ord/v1/no-such-endpoint-XYZ789", 404);
    const after = await scrape();

    expect(Object.fromEntries(routesCounted(before, after))).toEqual({
      "/:lang?/*": 2,
      "/:lang?": 2,
      "/admin/login": 1,
      "/:lang?/plp.data": 1,
      unmatched: 1,
    });
    expect(after).not.toContain("ABC123");
    expect(after).not.toContain("another-missing-page");
    expect(after).not.toContain("XYZ789");
  });
});
