import type { DatabaseHandle } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { buildApp } from "./app.ts";
import { readEnv } from "./env.ts";
import type { Services } from "./services.ts";
import { startTracing, stopTracing } from "./telemetry/tracing.ts";

/**
 * Starts the one process: migrate, seed an empty database, then serve the API, assets and SSR. "none" serves the
 * API and the background jobs without pages (--api-only: the crash-recovery test, which needs no build).
 */
export async function serve(
  mode: "production" | "development" | "none",
  options: { afterStart?: (app: { services: Services; database: DatabaseHandle }) => Promise<void> } = {},
) {
  const env = readEnv();
  // Traces only when a collector is configured (ADR 0331); flushed when the process stops.
  await startTracing({ otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  await seedIfEmpty(database.db);
  const { server, services } = await buildApp({ env, database, ssr: mode, buildDir: env.BUILD_DIR });
  // The database closes after the server: Fastify runs onClose hooks last-registered first, so a hook here
  // would close it before the app's own hooks had stopped the job runner and the delivery worker.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server
        .close()
        .then(() => database.close())
        .then(() => stopTracing())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
  }
  await server.listen({ port: env.PORT, host: env.HOST });
  // Build the search terms now rather than during the first shopper's search after a deploy.
  services.search.ensureTerms().catch((error) => server.log.warn({ err: error }, "search warm-up failed"));
  // Plans on sale that the configured real supplier cannot fulfil would refund every sale (issue 28; ADR 0310).
  services.catalogueSync
    .warnUnmapped(server.log)
    .catch((error) => server.log.warn({ err: error }, "unmapped plans check failed"));
  await options.afterStart?.({ services, database });
  const { port } = server.server.address() as { port: number };
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(env.HOST) ? "localhost" : env.HOST;
  console.log(`\n  eSIM store ready (${database.kind}): http://${host}:${port}\n`);
  return server;
}

if (import.meta.main) {
  const mode = process.argv.includes("--dev") ? "development" : "production";
  await serve(process.argv.includes("--api-only") ? "none" : mode);
}
