import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fixed, int, ms } from "./format.ts";
import { BROWSER_HEADERS, type LoadResult, measure } from "./load.ts";
import { findMixedRate, MIXED_P95_MS, type MixedResult, type StepResult } from "./mixed-load.ts";
import { measureScaleOut, type ScaleOutResult, startCluster } from "./scale-out.ts";
import { startStaticServer } from "./servers.ts";

/**
 * Issue 34's two cluster figures, on one seeded PostgreSQL database (ADRs 0349, 0350): the scale-out ratio (home
 * rendered in full through HAProxy, two web instances against one) and the mixed load's highest rate held
 * through HAProxy in front of two web instances and a worker. Used by `npm run bench` and by `node bench/cluster.ts`.
 */

export interface ClusterConfig {
  buildDir: string;
  databaseUrl: string;
  shopperToken: string | null;
  planCode: string | null;
  connections: number;
  uncachedConnections: number;
  durationS: number;
  warmupS: number;
  scaleOutRounds: number;
  mixed: { startRate: number; stepSeconds: number; maxSteps: number };
  scratchDir: string;
}

export interface ClusterResults {
  scaleOut: ScaleOutResult | null;
  mixed: (MixedResult & { webInstances: number }) | null;
  /** The static baseline of the same run: home's bytes from a bare node:http server. */
  static: LoadResult | null;
}

export function clusterConfigFromEnv(
  num: (name: string, fallback: number) => number,
): Pick<ClusterConfig, "scaleOutRounds" | "mixed"> {
  return {
    scaleOutRounds: Math.round(num("BENCH_SCALE_ROUNDS", 2)),
    mixed: {
      startRate: num("BENCH_MIXED_START_RATE", 10),
      stepSeconds: num("BENCH_MIXED_STEP_S", 6),
      maxSteps: Math.round(num("BENCH_MIXED_MAX_STEPS", 8)),
    },
  };
}

export async function runScaleOut(config: ClusterConfig, log: (message: string) => void) {
  log(
    `scale-out: home rendered in full (HTML cache off) on PostgreSQL through HAProxy, one web instance against two, ` +
      `${config.uncachedConnections} connections, ${config.scaleOutRounds} round(s) each, alternating`,
  );
  const result = await measureScaleOut({
    buildDir: config.buildDir,
    databaseUrl: config.databaseUrl,
    connections: config.uncachedConnections,
    durationS: config.durationS,
    warmupS: config.warmupS,
    rounds: config.scaleOutRounds,
    log,
  });
  log(
    `  scale-out: one instance ${int(result.one.rps)} req/s, two ${int(result.two.rps)} req/s: ` +
      `${fixed(result.ratio, 2)}× (target ≥ 1.5×)${result.one.errors + result.two.errors ? `; ${result.one.errors + result.two.errors} errors` : ""}`,
  );
  return result;
}

export function printStep(step: StepResult, log: (message: string) => void) {
  log(
    `  ${fixed(step.rate, 0).padStart(4)} actions/s: ${int(step.rps).padStart(5)} req/s, p50 ${ms(step.p50Ms)}, ` +
      `p95 ${ms(step.p95Ms)}, p99 ${ms(step.p99Ms)}, ${step.errors} errors, ${step.ordersPaid} orders paid` +
      `${step.dropped ? `, ${step.dropped} not started (driver at its limit)` : ""}: ${step.held ? "held" : "MISSED"}` +
      (step.errorSamples.length ? `\n      first errors: ${step.errorSamples.join(" | ")}` : ""),
  );
}

export async function runMixed(config: ClusterConfig, log: (message: string) => void, webInstances = 2) {
  if (!config.shopperToken || !config.planCode) throw new Error("no bench shopper or plan in the database");
  const cluster = await startCluster({
    buildDir: config.buildDir,
    databaseUrl: config.databaseUrl,
    webInstances,
  });
  try {
    log(
      `mixed load through HAProxy (${cluster.base}): ${webInstances} web instances (HTML cache on) and a worker on ` +
        `PostgreSQL; 70 % browsing, 20 % signed-in pages, 8 % checkout quotes, 2 % orders placed and paid ` +
        `(payment sandbox); ${config.mixed.stepSeconds} s steps from ${config.mixed.startRate} actions/s, at most ` +
        `${config.mixed.maxSteps} steps; a step holds with p95 ≤ ${MIXED_P95_MS} ms and no error`,
    );
    // Each instance renders the pages once (lazy chunks, the HTML cache) before any step.
    for (let n = 0; n < 2 * webInstances; n++) {
      for (const page of ["/", "/plp?type=COUNTRY", `/pdp/${config.planCode}`]) {
        await fetch(`${cluster.base}${page}`, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer());
      }
    }
    const mixed = await findMixedRate(
      { baseUrl: cluster.base, shopperToken: config.shopperToken, planCode: config.planCode },
      { ...config.mixed, onStep: (step) => printStep(step, log) },
    );
    log(
      `  mixed load: ${mixed.heldRate === null ? "no step held" : `${int(mixed.heldRate)} actions/s held (${int(mixed.heldRps)} req/s)`} ` +
        `in ${fixed(mixed.seconds, 0)} s`,
    );
    return { ...mixed, webInstances };
  } finally {
    await cluster.stop();
  }
}

/** The static baseline for a standalone run: home's identity and gzip bytes from `baseUrl`, from a bare server. */
export async function runStatic(config: ClusterConfig, baseUrl: string, log: (message: string) => void) {
  const read = async (encoding: string) => {
    const response = await fetch(`${baseUrl}/`, {
      headers: { ...BROWSER_HEADERS, "accept-encoding": encoding },
    });
    return new Uint8Array(await response.arrayBuffer());
  };
  mkdirSync(config.scratchDir, { recursive: true });
  const file = path.join(config.scratchDir, "home.html");
  writeFileSync(file, await read("identity"));
  const server = await startStaticServer(file);
  try {
    const load = await measure({
      url: `${server.url}/`,
      connections: config.connections,
      durationS: config.durationS,
      warmupS: config.warmupS,
    });
    log(`  static file: ${int(load.rps)} req/s, p99 ${ms(load.p99Ms)} (${config.connections} connections)`);
    return load;
  } finally {
    await server.stop();
  }
}

/** The summary lines of both figures, with the static baseline of the same run beside the mixed load's. */
export function clusterSummary(results: ClusterResults, staticRps: number | null): string[] {
  const lines: string[] = [];
  const so = results.scaleOut;
  if (so) {
    lines.push(
      `Scale-out, home rendered in full on PostgreSQL through HAProxy (${so.connections} connections): one web ` +
        `instance ${int(so.one.rps)} req/s (p99 ${ms(so.one.p99Ms)}, on ${fixed(so.one.instanceCores, 2)} cores), ` +
        `two ${int(so.two.rps)} req/s (p99 ${ms(so.two.p99Ms)}, on ${fixed(so.two.instanceCores, 2)} cores): ` +
        `${fixed(so.ratio, 2)}× (issue 34's target ≥ 1.5×; shared machine, noisy)`,
    );
  }
  const mixed = results.mixed;
  if (mixed) {
    const held =
      mixed.heldRate === null
        ? "no rate held (even the first step missed)"
        : `${int(mixed.heldRate)} actions/s held = ${int(mixed.heldRps)} req/s with p95 ≤ ${MIXED_P95_MS} ms and 0 errors`;
    lines.push(
      `Mixed load through HAProxy, ${mixed.webInstances} web instances and a worker on PostgreSQL: ${held}; ` +
        `static baseline of the same run ${int(staticRps)} req/s` +
        `${mixed.heldRps !== null && staticRps ? ` (${fixed(mixed.heldRps / staticRps, 2)}× static)` : ""}; ` +
        `${mixed.steps.length} steps in ${fixed(mixed.seconds, 0)} s (shared machine, noisy)`,
    );
  }
  return lines;
}
