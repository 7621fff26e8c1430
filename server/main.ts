import Fastify, { type FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { buildApp } from "./app.ts";
import { readEnv } from "./env.ts";
import { createHealth, registerHealthRoutes } from "./health.ts";
import { installApiErrorHandling } from "./http/api-errors.ts";
import type { Services } from "./services.ts";
import { startTracing, stopTracing } from "./telemetry/tracing.ts";

/** In-flight requests get this long after SIGTERM before their connections are cut (ADR 0328). */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Past this, jobs that will not stop are left to the next worker's reclaim and the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 25_000;

/**
 * Starts one process in its ROLE (ADR 0327): "all" (the default) and "web" serve the API, assets and SSR; "all"
 * and "worker" run the jobs; a worker serves only /healthz and /readyz. Outside production, and with ROLE=all,
 * the process migrates (under the advisory lock on PostgreSQL) and seeds an empty database; a web or worker
 * instance in production never migrates: it waits for `npm run migrate` (ADR 0328). "none" serves the API and
 * the background jobs without pages (--api-only: the crash-recovery test, which needs no build).
 */
export async function serve(
  mode: "production" | "development" | "none",
  options: { afterStart?: (app: { services: Services; database: DatabaseHandle }) => Promise<void> } = {},
) {
  const env = readEnv();
  // Traces only when a collector is configured (ADR 0331); flushed when the process stops.
  await startTracing({ otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const health = createHealth({ database, redisUrl: env.REDIS_URL });
  const migrates = env.NODE_ENV !== "production" || env.ROLE === "all";
  if (migrates) await database.migrate(() => seedIfEmpty(database.db));

  // A worker listens with the health endpoints only; its app (API routes for the in-process sandbox webhooks,
  // services, job runner) is never exposed.
  let listener: FastifyInstance;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  if (env.ROLE === "worker") {
    listener = Fastify({ logger: { level: env.LOG_LEVEL } });
    installApiErrorHandling(listener);
    registerHealthRoutes(listener, health, database.kind);
    await listener.listen({ port: env.PORT, host: env.HOST });
  } else {
    app = await buildApp({ env, database, ssr: mode, buildDir: env.BUILD_DIR, health });
    listener = app.server;
    await listener.listen({ port: env.PORT, host: env.HOST });
  }

  let exiting = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (exiting) return;
      exiting = true;
      // Readiness turns 503 and the listener stops accepting; requests in flight finish, for at most 10 s.
      health.beginShutdown();
      listener.log.info({ signal }, "shutting down");
      const cut = setTimeout(() => listener.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      const limit = setTimeout(() => {
        listener.log.error("shutdown took too long; exiting");
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS);
      limit.unref();
      // The database closes last: the app's onClose hooks stop the job runner (running jobs finish, or their
      // leases are reclaimed by the next worker) and the delivery worker first.
      listener
        .close()
        .then(() => clearTimeout(cut))
        .then(() => (app && app.server !== listener ? app.server.close() : undefined))
        .then(() => health.close())
        .then(() => database.close())
        .then(() => stopTracing())
        .then(
          () => process.exit(0),
          (error) => {
            listener.log.error({ err: error }, "shutdown failed");
            process.exit(1);
          },
        );
    });
  }

  if (!migrates) await health.waitForSchema((message) => listener.log.info(message));
  if (env.ROLE === "worker") {
    app = await buildApp({ env, database, ssr: "none", health });
    await app.server.ready();
  }
  const { services } = app!;
  if (env.ROLE !== "worker") {
    // Build the search terms now rather than during the first shopper's search after a deploy.
    services.search
      .ensureTerms()
      .catch((error) => listener.log.warn({ err: error }, "search warm-up failed"));
  }
  if (env.ROLE !== "web") {
    // Plans on sale that the configured real supplier cannot fulfil would refund every sale (issue 28; ADR 0310).
    services.catalogueSync
      .warnUnmapped(listener.log)
      .catch((error) => listener.log.warn({ err: error }, "unmapped plans check failed"));
  }
  await options.afterStart?.({ services, database });
  const { port } = listener.server.address() as { port: number };
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(env.HOST) ? "localhost" : env.HOST;
  console.log(`\n  eSIM store ready (${database.kind}, role ${env.ROLE}): http://${host}:${port}\n`);
  return listener;
}

if (import.meta.main) {
  const mode = process.argv.includes("--dev") ? "development" : "production";
  await serve(process.argv.includes("--api-only") ? "none" : mode);
}
