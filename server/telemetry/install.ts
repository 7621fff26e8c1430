import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Env } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { installHttpTelemetry } from "./http.ts";
import { observeJobQueues, observeReconciliation, scrapeMetrics } from "./metrics.ts";

export const METRICS_PATH = "/metrics";
const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The app's observability (issue 34 item 4; ADR 0331): request spans and metrics, the job queue gauges, and
 * where Prometheus reads them: METRICS_PORT (a listener of its own, closed with the app) and/or /metrics on the
 * main port behind METRICS_TOKEN (ADR 0332). Without either, /metrics is a 404 like any unknown path.
 * Answers the metrics listener's port (0 asks the system for a free one).
 */
export async function installTelemetry(
  server: FastifyInstance,
  options: {
    env: Env;
    jobs: Pick<JobRunner, "queueStats">;
    /** The unresolved reconciliation mismatches (ADR 0365), read at each scrape. */
    reconcileOpen?: () => Promise<number>;
  },
): Promise<{ metricsPort?: number }> {
  const { env } = options;
  installHttpTelemetry(server);
  const stopObserving = observeJobQueues(() => options.jobs.queueStats());
  server.addHook("onClose", async () => stopObserving());
  if (options.reconcileOpen) {
    const stopReconcile = observeReconciliation(options.reconcileOpen);
    server.addHook("onClose", async () => stopReconcile());
  }

  const token = env.METRICS_TOKEN;
  if (token)
    server.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new ApiError(401, "error.metricsToken");
      }
      reply.header("cache-control", "no-store").type(CONTENT_TYPE);
      return scrapeMetrics();
    });

  if (env.METRICS_PORT === undefined) return {};
  const listener: Server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?", 1)[0];
    if (request.method !== "GET" || path !== METRICS_PATH) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    scrapeMetrics().then(
      (text) =>
        response.writeHead(200, { "content-type": CONTENT_TYPE, "cache-control": "no-store" }).end(text),
      (error) => {
        server.log.warn({ err: error }, "metrics scrape failed");
        response.writeHead(500, { "content-type": "text/plain" }).end("metrics unavailable\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(env.METRICS_PORT, env.METRICS_HOST ?? env.HOST, () => resolve());
  });
  server.addHook("onClose", async () => {
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
  return { metricsPort: (listener.address() as { port: number }).port };
}
