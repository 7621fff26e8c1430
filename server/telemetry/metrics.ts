import type { BatchObservableResult } from "@opentelemetry/api";
import { PrometheusExporter, PrometheusSerializer } from "@opentelemetry/exporter-prometheus";
import { MeterProvider } from "@opentelemetry/sdk-metrics";

/**
 * The store's metrics (issue 34 item 4; ADR 0332): one OpenTelemetry MeterProvider per process whose only reader
 * is the Prometheus exporter, read when Prometheus scrapes (no timer, no network of its own). Instruments are
 * plain in-memory aggregations, so recording costs a map lookup and an addition. The names below are the
 * Prometheus names as scraped: counters get `_total`, histograms `_bucket`, `_sum` and `_count`
 * (`deploy/grafana/roamly-dashboard.json` and `deploy/prometheus/alerts.yml` are checked against this list).
 */

/** Seconds; from 5 ms (a cached API answer) to 10 s (a slow supplier). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from payment to eSIM: the sandbox answers in ~3 s, a real supplier in seconds to minutes. */
const FULFILMENT_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800];

type Kind = "counter" | "histogram" | "gauge";

/** Every metric the server exports: instrument name, kind, labels. */
export const METRICS = {
  httpRequests: { name: "roamly_http_requests", kind: "counter", labels: ["method", "route", "status"] },
  httpDuration: {
    name: "roamly_http_request_duration_seconds",
    kind: "histogram",
    labels: ["method", "route", "status"],
  },
  jobQueueDepth: { name: "roamly_job_queue_depth", kind: "gauge", labels: ["kind"] },
  jobQueueOldestAge: { name: "roamly_job_queue_oldest_age_seconds", kind: "gauge", labels: ["kind"] },
  jobRuns: { name: "roamly_job_runs", kind: "counter", labels: ["kind", "outcome"] },
  jobDuration: { name: "roamly_job_run_duration_seconds", kind: "histogram", labels: ["kind", "outcome"] },
  supplierCalls: {
    name: "roamly_supplier_calls",
    kind: "counter",
    labels: ["supplier", "operation", "outcome"],
  },
  supplierDuration: {
    name: "roamly_supplier_call_duration_seconds",
    kind: "histogram",
    labels: ["supplier", "operation", "outcome"],
  },
  paymentCalls: {
    name: "roamly_payment_calls",
    kind: "counter",
    labels: ["provider", "operation", "outcome"],
  },
  paymentDuration: {
    name: "roamly_payment_call_duration_seconds",
    kind: "histogram",
    labels: ["provider", "operation", "outcome"],
  },
  ordersPaid: { name: "roamly_orders_paid", kind: "counter", labels: ["currency"] },
  esimsIssued: { name: "roamly_esims_issued", kind: "counter", labels: ["supplier"] },
  paymentToEsim: { name: "roamly_payment_to_esim_seconds", kind: "histogram", labels: [] },
  refunds: { name: "roamly_refunds", kind: "counter", labels: ["currency"] },
  cacheRequests: { name: "roamly_cache_requests", kind: "counter", labels: ["cache", "result"] },
  reconcileOpen: { name: "roamly_reconciliation_open_mismatches", kind: "gauge", labels: [] },
} as const satisfies Record<string, { name: string; kind: Kind; labels: readonly string[] }>;

/** The series names a scrape shows for each metric (what dashboards and alerts may reference). */
export function exportedSeriesNames(): string[] {
  return Object.values(METRICS).flatMap((metric) => {
    if (metric.kind === "counter") return [`${metric.name}_total`];
    if (metric.kind === "histogram")
      return [`${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`];
    return [metric.name];
  });
}

const exporter = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true });
const provider = new MeterProvider({ readers: [exporter] });
const meter = provider.getMeter("roamly");
const serializer = new PrometheusSerializer("", false, undefined, true, true);

const histogram = (metric: { name: string }, description: string, buckets: number[]) =>
  meter.createHistogram(metric.name, {
    description,
    unit: "s",
    advice: { explicitBucketBoundaries: buckets },
  });

export const httpRequests = meter.createCounter(METRICS.httpRequests.name, {
  description: "HTTP requests answered, by route pattern and status",
});
export const httpDuration = histogram(
  METRICS.httpDuration,
  "Time to answer an HTTP request, by route pattern and status",
  LATENCY_BUCKETS,
);
export const jobRuns = meter.createCounter(METRICS.jobRuns.name, {
  description: "Job runs, by kind and outcome (ok, error)",
});
export const jobDuration = histogram(METRICS.jobDuration, "Time a job's handler ran", LATENCY_BUCKETS);
export const supplierCalls = meter.createCounter(METRICS.supplierCalls.name, {
  description: "Calls to eSIM suppliers, by supplier, operation and outcome (ok, pending, error)",
});
export const supplierDuration = histogram(
  METRICS.supplierDuration,
  "Time an eSIM supplier took to answer",
  LATENCY_BUCKETS,
);
export const paymentCalls = meter.createCounter(METRICS.paymentCalls.name, {
  description: "Calls to payment providers, by provider, operation and outcome (ok, error)",
});
export const paymentDuration = histogram(
  METRICS.paymentDuration,
  "Time a payment provider took to answer",
  LATENCY_BUCKETS,
);
export const ordersPaid = meter.createCounter(METRICS.ordersPaid.name, {
  description: "Orders whose payment was confirmed (PENDING_PAYMENT to PAID)",
});
export const esimsIssued = meter.createCounter(METRICS.esimsIssued.name, {
  description: "New eSIM profiles issued by a supplier, one per order unit",
});
export const paymentToEsim = histogram(
  METRICS.paymentToEsim,
  "Time from an order's payment to its eSIMs delivered (order COMPLETED)",
  FULFILMENT_BUCKETS,
);
export const refunds = meter.createCounter(METRICS.refunds.name, {
  description: "Orders refunded (to REFUNDED)",
});
export const cacheRequests = meter.createCounter(METRICS.cacheRequests.name, {
  description: "Shared cache reads, by cache and result (hit, miss)",
});

const jobQueueDepth = meter.createObservableGauge(METRICS.jobQueueDepth.name, {
  description: "Jobs due to run and not yet claimed, by kind",
});
const jobQueueOldestAge = meter.createObservableGauge(METRICS.jobQueueOldestAge.name, {
  description: "How long the oldest due, unclaimed job of each kind has waited",
  unit: "s",
});

export interface QueueStat {
  kind: string;
  depth: number;
  oldestAgeS: number;
}

/**
 * Reads the job queue at each scrape (one grouped query), for as long as the returned function is not called.
 * A kind whose queue is empty reads 0, so an alert on its age resolves.
 */
export function observeJobQueues(read: () => Promise<QueueStat[]>): () => void {
  const seen = new Set<string>();
  const batch = async (observer: BatchObservableResult) => {
    const stats = await read();
    for (const kind of seen)
      if (!stats.some((s) => s.kind === kind)) stats.push({ kind, depth: 0, oldestAgeS: 0 });
    for (const stat of stats) {
      seen.add(stat.kind);
      observer.observe(jobQueueDepth, stat.depth, { kind: stat.kind });
      observer.observe(jobQueueOldestAge, stat.oldestAgeS, { kind: stat.kind });
    }
  };
  meter.addBatchObservableCallback(batch, [jobQueueDepth, jobQueueOldestAge]);
  return () => meter.removeBatchObservableCallback(batch, [jobQueueDepth, jobQueueOldestAge]);
}

const reconcileOpen = meter.createObservableGauge(METRICS.reconcileOpen.name, {
  description: "Reconciliation mismatches with suppliers and payments not yet marked resolved (ADR 0365)",
});

/** Reads the count of unresolved reconciliation mismatches at each scrape (one count query; ADR 0365). */
export function observeReconciliation(read: () => Promise<number>): () => void {
  const callback = async (observer: { observe(value: number): void }) => {
    observer.observe(await read());
  };
  reconcileOpen.addCallback(callback);
  return () => reconcileOpen.removeCallback(callback);
}

/** The Prometheus text exposition of every metric now. */
export async function scrapeMetrics(): Promise<string> {
  const { resourceMetrics, errors } = await exporter.collect();
  if (errors.length > 0) throw errors[0];
  return serializer.serialize(resourceMetrics);
}

/** Seconds since a `performance.now()` reading. */
export const secondsSince = (start: number) => (performance.now() - start) / 1000;
