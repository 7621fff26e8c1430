import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { DatabaseHandle } from "../db/client.ts";
import { sendApiError } from "./http/api-errors.ts";
import { ApiError } from "./http/errors.ts";

/** The two health endpoints every role serves (ADR 0328); the artifact test checks probes against these. */
export const HEALTH_PATHS = { liveness: "/healthz", readiness: "/readyz" } as const;

/**
 * Readiness (ADR 0328): the database answers, its schema has every migration this code knows, Redis has answered
 * since start when one is configured, and the process is not shutting down. Liveness is only "the process
 * answers". A Redis outage after that keeps the instance ready (ADR 0343): caches and rate limits fall back to
 * the instance itself, so taking every instance out of the load balancer would only stop a store that can sell.
 */
export function createHealth(options: { database: DatabaseHandle; redisUrl?: string }) {
  const { database } = options;
  // A connection of its own, failing fast: readiness must answer within the probe's timeout, never queue.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 1_000,
        retryStrategy: (times) => Math.min(times * 200, 2_000),
      })
    : null;
  redis?.on("error", () => {
    // Reported by readiness; a reconnect follows on its own.
  });
  redis?.connect().catch(() => {});
  // Migrations only go forward: once the schema is current it stays so for this code.
  let schemaCurrent = false;
  let shuttingDown = false;
  let redisAnswered = false;

  async function check(): Promise<{ ready: boolean; reason?: string; redis?: "up" | "down" }> {
    if (shuttingDown) return { ready: false, reason: "shutting down" };
    // Bounded like the Redis ping: a pool waiting on connections to a server that went away must not hold the
    // probe past its timeout (a load balancer would count that as a failed check anyway, but later).
    const answered = await Promise.race([
      database.ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(resolve, 1_500, false).unref()),
    ]);
    if (!answered) return { ready: false, reason: "database unavailable" };
    if (!schemaCurrent) schemaCurrent = await database.schemaCurrent().catch(() => false);
    if (!schemaCurrent) return { ready: false, reason: "schema not at the latest migration" };
    if (redis) {
      const answered = await Promise.race([
        redis.ping().then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((resolve) => setTimeout(resolve, 1_000, false).unref()),
      ]);
      if (answered) redisAnswered = true;
      if (!redisAnswered) return { ready: false, reason: "redis unavailable" };
      return { ready: true, redis: answered ? "up" : "down" };
    }
    return { ready: true };
  }

  return {
    check,
    /** Waits until the schema is current (a web or worker instance in production never migrates; ADR 0328). */
    async waitForSchema(log: (message: string) => void, intervalMs = 1_000): Promise<void> {
      let said = false;
      while (!shuttingDown) {
        schemaCurrent = await database.schemaCurrent().catch(() => false);
        if (schemaCurrent) return;
        if (!said) log("waiting for `npm run migrate` to bring the schema to the latest migration");
        said = true;
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    /** From now on readiness answers 503, so load balancers stop sending new requests. */
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    close() {
      redis?.disconnect();
    },
  };
}

export type Health = ReturnType<typeof createHealth>;

/**
 * `sharing` says whether this instance's caches are shared through Redis now (false while they fall back to the
 * instance, ADR 0343); the readiness body reports it as `cache: "shared" | "local"` where there is one.
 */
export function registerHealthRoutes(
  server: FastifyInstance,
  health: Health,
  kind: string,
  sharing?: () => boolean,
) {
  server.get(HEALTH_PATHS.liveness, async () => ({ status: "ok" }));
  // Not being ready is a state an operator expects (a restart, a migration, a shutdown), not a server failure:
  // it is logged once per change at warn, never as an error per probe.
  let lastReason: string | undefined;
  server.get(HEALTH_PATHS.readiness, async (request, reply) => {
    const state = await health.check();
    if (state.reason !== lastReason) {
      if (state.ready) request.log.info({ was: lastReason }, "ready again");
      else request.log.warn({ reason: state.reason }, "not ready");
      lastReason = state.reason;
    }
    if (!state.ready) {
      // In the request's language, like every API failure.
      return sendApiError(request, reply, new ApiError(503, "error.notReady"));
    }
    // `redis: "down"`: ready, with caches and rate limits held by this instance alone until it is back.
    return {
      status: "ready",
      database: kind,
      ...(state.redis
        ? { redis: state.redis, ...(sharing ? { cache: sharing() ? "shared" : "local" } : {}) }
        : {}),
    };
  });
}
