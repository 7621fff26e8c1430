import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { createTestDatabase } from "../../test/db.ts";
import { type App, buildApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { defineJob } from "../jobs/runner.ts";
import { orderRow, placeAndPay, pricePlan, settle, shopper } from "../modules/checkout/purchase-test-kit.ts";
import { startTracing, stopTracing } from "./tracing.ts";

// Issue 34 item 4 (ADRs 0331, 0332): the metrics a shopper's purchase moves, scraped the way Prometheus scrapes them,
// the token that guards them on the public port, the spans a collector receives and the log lines' ids.

const TOKEN = "metrics-token-for-the-telemetry-test-0123456789";
const spans = new InMemorySpanExporter();
const lines: Record<string, unknown>[] = [];
let app: App;
let database: DatabaseHandle;

beforeAll(async () => {
  // Before the app is built: the request hooks are installed only when tracing is on.
  await startTracing({ exporter: spans });
  database = await createTestDatabase();
  const env = readEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: "0",
    HOST: "127.0.0.1",
  });
  app = await buildApp({
    env,
    database,
    ssr: "none",
    logStream: { write: (line) => void lines.push(JSON.parse(line)) },
  });
  await app.server.ready();
  await pricePlan({ server: app.server, services: app.services, database });
});

afterAll(async () => {
  await app?.server.close();
  await database?.close();
  // Other test files in this worker run untraced again.
  await stopTracing();
});

const testApp = () => ({ server: app.server, services: app.services, database });

/** What Prometheus reads from the metrics listener (no token: the port is not the public one). */
async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${app.metricsPort}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The sum of the series of `name` whose labels include `labels` (0 when there is none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[3]);
  }
  return total;
}

describe("the metrics endpoint", () => {
  it("answers on the public port only with the bearer token", async () => {
    const none = await app.server.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(none.json()).toMatchObject({ failed: true, message: "The metrics need a valid token" });
    expect(none.body).not.toContain("roamly_");
    const wrong = await app.server.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.server.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("# TYPE roamly_http_requests_total counter");
  });

  it("is not served on the public port at all without a token, and never on the public port's number", async () => {
    const bare = await buildApp({
      env: readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      database,
      ssr: "none",
      logger: false,
    });
    try {
      const answer = await bare.server.inject({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain("roamly_");
      expect(bare.metricsPort).toBeUndefined();
    } finally {
      await bare.server.close();
    }
    expect(() => readEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT/);
    expect(() => readEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });

  it("answers only /metrics on the metrics listener", async () => {
    const other = await fetch(`http://127.0.0.1:${app.metricsPort}/healthz`);
    expect(other.status).toBe(404);
    await other.text();
  });
});

describe("a purchase, seen in the metrics and the traces", () => {
  it("counts the requests by route pattern, the payment, the eSIM and the calls behind them", async () => {
    const before = await scrape();
    const who = await shopper(testApp());
    const code = await placeAndPay(testApp(), who);
    await settle(testApp());
    const detail = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}`,
      headers: who.headers,
    });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);

    // Requests: the route's pattern, never the order code.
    const pay = { method: "POST", route: "/o2pay/v1/customer/orders/:code/pay", status: "200" };
    expect(delta("roamly_http_requests_total", pay)).toBe(1);
    expect(delta("roamly_http_request_duration_seconds_count", pay)).toBe(1);
    expect(delta("roamly_http_request_duration_seconds_bucket", { ...pay, le: "+Inf" })).toBe(1);
    expect(detail.statusCode).toBe(200);
    expect(
      delta("roamly_http_requests_total", { method: "GET", route: "/o2ord/v1/customer/orders/:code" }),
    ).toBe(1);
    expect(after).not.toContain(code);

    // The order's life: paid once, one eSIM issued by the sandbox supplier, its time from payment to eSIM.
    expect(delta("roamly_orders_paid_total", { currency: "HKD" })).toBe(1);
    expect(delta("roamly_esims_issued_total", { supplier: "sandbox" })).toBe(1);
    expect(delta("roamly_payment_to_esim_seconds_count")).toBe(1);
    expect(delta("roamly_payment_to_esim_seconds_sum")).toBeGreaterThanOrEqual(0);

    // The calls to outside parties behind it, by party, operation and outcome.
    expect(
      delta("roamly_payment_calls_total", {
        provider: "sandbox",
        operation: "createCheckoutSession",
        outcome: "ok",
      }),
    ).toBe(1);
    expect(
      delta("roamly_supplier_calls_total", { supplier: "sandbox", operation: "provision", outcome: "ok" }),
    ).toBe(1);
    expect(
      delta("roamly_supplier_call_duration_seconds_count", { supplier: "sandbox", operation: "provision" }),
    ).toBe(1);

    // The jobs that ran, and the shared cache's reads.
    expect(delta("roamly_job_runs_total", { kind: "fulfil-order", outcome: "ok" })).toBe(1);
    expect(delta("roamly_job_runs_total", { kind: "esim-provision", outcome: "ok" })).toBe(1);
    expect(delta("roamly_job_run_duration_seconds_count", { kind: "esim-provision" })).toBe(1);
    expect(delta("roamly_cache_requests_total")).toBeGreaterThan(0);

    // A refund (the one the eSIM module starts when no supplier can deliver), through the sandbox's webhook.
    const row = await orderRow(testApp(), code);
    expect(await app.services.order.startRefund(row.id, "esim-provisioning-failed")).toBe(true);
    await settle(testApp());
    expect((await orderRow(testApp(), code)).status).toBe("REFUNDED");
    const refunded = await scrape();
    expect(
      sample(refunded, "roamly_refunds_total", { currency: "HKD" }) -
        sample(after, "roamly_refunds_total", { currency: "HKD" }),
    ).toBe(1);
    expect(
      sample(refunded, "roamly_payment_calls_total", {
        provider: "sandbox",
        operation: "refund",
        outcome: "ok",
      }) -
        sample(after, "roamly_payment_calls_total", {
          provider: "sandbox",
          operation: "refund",
          outcome: "ok",
        }),
    ).toBe(1);
  });

  it("labels a request no route matched as unmatched, whatever its URL", async () => {
    const before = await scrape();
    const missing = await app.server.inject({ method: "GET", url: "/no/such/path/ABC123" });
    expect(missing.statusCode).toBe(404);
    const after = await scrape();
    const unmatched = { method: "GET", route: "unmatched", status: "404" };
    expect(
      sample(after, "roamly_http_requests_total", unmatched) -
        sample(before, "roamly_http_requests_total", unmatched),
    ).toBe(1);
    expect(after).not.toContain("ABC123");
  });

  it("reports each kind's queue depth and the age of its oldest due job, and 0 once drained", async () => {
    const WAITING = defineJob("telemetry-test.waiting", z.object({ n: z.number() }));
    const ran: number[] = [];
    app.services.jobs.register(WAITING, async ({ n }) => void ran.push(n));
    const dueAt = new Date(Date.now() - 120_000);
    await app.services.jobs.enqueue(WAITING, { n: 1 }, { runAt: dueAt });
    await app.services.jobs.enqueue(WAITING, { n: 2 }, { runAt: new Date(dueAt.getTime() + 60_000) });
    // Not due yet: not in the queue's depth.
    await app.services.jobs.enqueue(WAITING, { n: 3 }, { runAt: new Date(Date.now() + 3_600_000) });
    const waiting = await scrape();
    expect(sample(waiting, "roamly_job_queue_depth", { kind: WAITING.kind })).toBe(2);
    const age = sample(waiting, "roamly_job_queue_oldest_age_seconds", { kind: WAITING.kind });
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(400);
    await app.services.jobs.drain();
    expect(ran.sort()).toEqual([1, 2]);
    const drained = await scrape();
    expect(sample(drained, "roamly_job_queue_depth", { kind: WAITING.kind })).toBe(0);
    expect(sample(drained, "roamly_job_queue_oldest_age_seconds", { kind: WAITING.kind })).toBe(0);
  });

  it("exports a request span with its database and payment calls, and job spans with the supplier call", async () => {
    spans.reset();
    const who = await shopper(testApp());
    await placeAndPay(testApp(), who);
    await settle(testApp());
    const finished = spans.getFinishedSpans();
    const childrenOf = (parent: ReadableSpan) =>
      finished.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

    const pay = finished.find((span) => span.name === "POST /o2pay/v1/customer/orders/:code/pay");
    expect(pay, finished.map((s) => s.name).join(", ")).toBeDefined();
    expect(pay!.attributes["http.route"]).toBe("/o2pay/v1/customer/orders/:code/pay");
    expect(pay!.attributes["http.response.status_code"]).toBe(200);
    expect(pay!.attributes["roamly.request_id"]).toMatch(/^[\w-]{8,64}$/);
    const payChildren = childrenOf(pay!);
    expect(payChildren.some((span) => span.name === "db select")).toBe(true);
    const payment = payChildren.find((span) => span.name === "payment createCheckoutSession");
    expect(payment?.attributes["roamly.payment"]).toBe("sandbox");
    // The provider's own statements are the payment call's children, in the request's trace.
    expect(childrenOf(payment!).some((span) => span.name.startsWith("db "))).toBe(true);
    expect(payment!.spanContext().traceId).toBe(pay!.spanContext().traceId);
    const statement = payChildren.find((span) => span.name.startsWith("db "))!;
    expect(statement.attributes["db.system.name"]).toBe("postgresql");
    expect(String(statement.attributes["db.query.text"])).toMatch(/\$1/);

    const provision = finished.find((span) => span.name === "job esim-provision");
    expect(provision?.attributes["roamly.job.kind"]).toBe("esim-provision");
    const supplierCall = childrenOf(provision!).find((span) => span.name === "supplier provision");
    expect(supplierCall?.attributes["roamly.supplier"]).toBe("sandbox");
    expect(childrenOf(provision!).some((span) => span.name.startsWith("db "))).toBe(true);
    // The sandbox's webhook, delivered in-process by its job, is a request in the job's trace.
    const webhookJob = finished.find((span) => span.name === "job sandbox-payment-webhook");
    expect(webhookJob && childrenOf(webhookJob).some((span) => span.name.startsWith("POST "))).toBe(true);
  });

  it("puts the request id and the trace in the request's log lines", async () => {
    spans.reset();
    lines.length = 0;
    const requestId = "telemetry-log-test-0001";
    const answer = await app.server.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": requestId },
    });
    expect(answer.headers["x-request-id"]).toBe(requestId);
    const own = lines.filter((line) => line.reqId === requestId);
    expect(own.length).toBeGreaterThanOrEqual(2);
    const span = spans.getFinishedSpans().find((s) => s.attributes["roamly.request_id"] === requestId);
    expect(span?.name).toBe("GET /healthz");
    const traced = own.filter((line) => line.trace_id === span!.spanContext().traceId);
    expect(traced.length, JSON.stringify(own)).toBeGreaterThanOrEqual(1);
  });
});
