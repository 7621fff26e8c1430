import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";
import type { Env } from "./env.ts";
import { createHealth, type Health, registerHealthRoutes } from "./health.ts";
import { clientErrorHandler, frameworkErrors, installApiErrorHandling } from "./http/api-errors.ts";
import { installCsrfProtection } from "./http/csrf.ts";
import { installInputGuards, parseQueryString, rewriteBadPagePath } from "./http/input-guards.ts";
import { installOpenApi } from "./http/openapi.ts";
import { installRequestContext } from "./http/request-context.ts";
import { requestIdFor } from "./http/request-info.ts";
import { installSecurityHeaders } from "./http/security-headers.ts";
import { allowedHostList } from "./http/site-origin.ts";
import { fastifyTrustProxy } from "./http/trust-proxy.ts";
import { createSharedCache } from "./infra/cache.ts";
import { createCounterStore } from "./infra/counter-store.ts";
import type { HtmlCache } from "./infra/html-cache.ts";
import { isPersonalTag } from "./infra/personal-cache.ts";
import { installOperatorContext, OPERATOR_SESSION_COOKIE } from "./modules/admin/route.ts";
import { SANDBOX_WEBHOOK_PATH } from "./providers/payment/sandbox.ts";
import { registerApiRoutes } from "./routes.ts";
import { createServices, type Services } from "./services.ts";
import { registerSsr, type SsrOptions } from "./ssr.ts";
import { installTelemetry } from "./telemetry/install.ts";
import { logMixin } from "./telemetry/tracing.ts";

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** "none" serves the API only (API tests). */
  ssr: "production" | "development" | "none";
  buildDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Keeps the HTML cache on with the development renderer too (tests of the cache; production always has it). */
  htmlCacheInDevelopment?: boolean;
  /** With the development renderer: a Vite dev server shared across apps, not closed with this one (tests). */
  sharedDevServer?: SsrOptions["sharedDevServer"];
  /** Readiness and shutdown state (server/main.ts shares it with the worker's health server); made here if absent. */
  health?: Health;
}

export interface App {
  server: FastifyInstance;
  services: Services;
  /** The page cache, when pages are rendered (tests read what it holds). */
  htmlCache?: HtmlCache;
  /** The port of the metrics listener, when METRICS_PORT is set (ADR 0331). */
  metricsPort?: number;
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { env, database } = options;
  const server = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            // The request id and trace ids of the work a line is logged from (ADR 0331).
            mixin: logMixin,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (req) => requestIdFor({ headers: req.headers } as never),
    requestIdHeader: false,
    // Forwarded headers count only from the configured proxies (ADR 0185); off, the socket is the client.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200, querystringParser: parseQueryString },
    // A page path that is not UTF-8 gets its localized not-found page, not the router's 400 (issue 32 item 10).
    rewriteUrl: (req) => rewriteBadPagePath(req.url ?? "/"),
    // Fastify's and Node's own failure bodies echo the URL and break the error shape (ADR 0192).
    frameworkErrors,
    clientErrorHandler,
  });
  server.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    return payload;
  });
  const counterStore = createCounterStore(env.REDIS_URL, (error) =>
    server.log.warn({ err: error }, "rate-limit store unavailable"),
  );
  const services = createServices(database.db, {
    env,
    counterStore,
    onJobError: (error, job) => server.log.warn({ err: error, job }, "job failed; will retry"),
    // No operator console yet: the payment_anomaly table is the record, this line the alert (ADR 0191).
    onPaymentAnomaly: (anomaly) =>
      server.log.error({ anomaly }, "payment amount does not match its order; order left unpaid"),
    cache: createSharedCache({
      redisUrl: env.REDIS_URL,
      namespace: env.CACHE_NAMESPACE,
      onError: (error) =>
        server.log.warn({ err: error }, "shared cache: a load or Redis failed (not cached)"),
    }),
    onJobsRecovered: (count) => server.log.warn({ count }, "reclaimed the jobs of workers that died"),
  });
  // Every background task (purchase, eSIMs, message delivery, housekeeping) is a job of this one runner; a web
  // instance only enqueues (ROLE, ADR 0327).
  if (env.ROLE !== "web") services.jobs.start();
  const health = options.health ?? createHealth({ database, redisUrl: env.REDIS_URL });
  server.addHook("onClose", async () => {
    if (!options.health) health.close();
    await services.jobs.stop();
    services.delivery.close();
    await services.imagePool.close();
    await services.cache.close();
    await counterStore.close();
  });

  await server.register(fastifyCookie);
  installRequestContext(server, services.account.currentCustomer);
  installOperatorContext(server, services.admin);
  installSecurityHeaders(server, { publicOrigin: env.PUBLIC_ORIGIN });
  installApiErrorHandling(server);
  installInputGuards(server);
  installCsrfProtection(server, {
    publicOrigin: env.PUBLIC_ORIGIN,
    stateChangingGets: ["/o2cum/v1/customer/logout"],
    sessionCookies: [OPERATOR_SESSION_COOKIE],
  });
  await installOpenApi(server);

  // Spans and metrics for every request, the job queue gauges, and /metrics (ADR 0331); after the error
  // handler, which a route takes from where it is registered.
  const telemetry = await installTelemetry(server, {
    env,
    jobs: services.jobs,
    reconcileOpen: () => services.reconcile.openCount(),
  });
  // Liveness and readiness (schema current, Redis, not shutting down; ADR 0328).
  registerHealthRoutes(server, health, database.kind, () => services.cache.shared);

  await server.register(async (api) => registerApiRoutes(api, services, env.PUBLIC_ORIGIN));
  // Sandbox webhooks go to the app's own endpoint: over HTTP when a URL is configured, else in-process
  // through the same routing, raw-body parsing and signature check (ADR 0104).
  const webhookUrl = env.PAYMENT_SANDBOX_WEBHOOK_URL;
  services.sandboxPayments?.deliverWebhooksWith(async (body, headers) => {
    if (webhookUrl) return (await fetch(webhookUrl, { method: "POST", body, headers })).status;
    const reply = await server.inject({ method: "POST", url: SANDBOX_WEBHOOK_PATH, payload: body, headers });
    return reply.statusCode;
  });

  if (options.ssr !== "none") {
    const ssr = await registerSsr(server, {
      mode: options.ssr,
      services,
      buildDir: options.buildDir ?? "build",
      htmlCacheTtlMs:
        options.ssr === "production" || options.htmlCacheInDevelopment ? env.SSR_CACHE_TTL_MS : 0,
      htmlCacheMaxBytes: env.SSR_CACHE_MAX_BYTES,
      publicOrigin: env.PUBLIC_ORIGIN,
      allowedHosts: allowedHostList(env.ALLOWED_HOSTS),
      fallbackOrigin: `http://localhost:${env.PORT}`,
      sharedDevServer: options.sharedDevServer,
    });
    // A published page (or any cached data that changed) must not wait for cached renders to expire, on any
    // instance: every invalidation of the shared cache reaches every instance (ADRs 0003, 0176), and drops the
    // pages whose render read one of its tags, no others (ADR 0245).
    // A shopper's own tags (their session, their notices; ADR 0283) name no page: they leave the pages alone.
    services.cache.onInvalidate((tags) => {
      const shared = tags.filter((tag) => !isPersonalTag(tag));
      if (shared.length > 0) ssr.cache.invalidate(shared);
    });
    return { server, services, htmlCache: ssr.cache, metricsPort: telemetry.metricsPort };
  }
  return { server, services, metricsPort: telemetry.metricsPort };
}
