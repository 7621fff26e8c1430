import { type RunningHaproxy, startHaproxy } from "../../server/ops/haproxy.ts";
import { onCleanup } from "./children.ts";
import { type LoadResult, measure } from "./load.ts";
import { cpuSeconds, type RunningServer, startStoreServer, waitUntilIdle } from "./servers.ts";

/**
 * Scale-out (issue 34, ADR 0350): full renders of home (HTML cache off) on PostgreSQL through HAProxy, in front
 * of one web instance and then of two, in the same run and at the same connections. Both sides go through the
 * same proxy so the only difference is the second instance. The two sides alternate (one, two, one, two) so a
 * burst of other work on the shared machine lands on both; each side's figure is the mean of its rounds.
 */

/**
 * HAProxy's health checks for the bench: the cluster test's (every 500 ms, out after 2 failures) take out an
 * instance whose /readyz waits behind a queue of renders longer than 500 ms, which is what a saturated instance
 * does in a throughput test; then HAProxy answers 503 at once and the figure is HAProxy's. Checks every 5 s
 * (their timeout) and out after 3 keep a busy instance in, and still a dead one out.
 */
const BENCH_CHECKS = { checkIntervalMs: 5_000, fall: 3 };

/** Home through `proxy` answers 200, or the bench says what it answered instead of measuring errors. */
async function expectHome(proxy: RunningHaproxy) {
  const response = await fetch(`${proxy.base}/`, { redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(
      `home through HAProxy answered ${response.status} ${body.slice(0, 200)}\n${proxy.output().slice(-2000)}`,
    );
  }
}

export interface ScaleOutOptions {
  buildDir: string;
  databaseUrl: string;
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
  log: (message: string) => void;
}

interface Round extends LoadResult {
  /** CPU the web instances used during the round (warm-up included), in cores: CPU seconds over wall seconds. */
  instanceCores: number | null;
}

interface Side {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  instanceCores: number | null;
  rounds: Round[];
}

export interface ScaleOutResult {
  connections: number;
  one: Side;
  two: Side;
  ratio: number;
}

/** The environment of a web instance of the bench's clusters (ADR 0327: a web instance needs PostgreSQL). */
export function webEnv(extra: Record<string, string> = {}) {
  return { ROLE: "web", ...extra };
}

function summary(rounds: Round[]): Side {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const cores = rounds.map((r) => r.instanceCores);
  return {
    instanceCores: cores.every((c): c is number => c !== null) ? mean(cores) : null,
    rps: mean(rounds.map((r) => r.rps)),
    p50Ms: mean(rounds.map((r) => r.p50Ms)),
    p99Ms: mean(rounds.map((r) => r.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    rounds,
  };
}

export async function measureScaleOut(options: ScaleOutOptions): Promise<ScaleOutResult> {
  const start = (label: string) =>
    startStoreServer({
      label,
      buildDir: options.buildDir,
      databaseUrl: options.databaseUrl,
      htmlCacheTtlMs: 0,
      env: webEnv(),
    });
  const [first, second] = await Promise.all([start("scale-out web 1"), start("scale-out web 2")]);
  const servers: RunningServer[] = [first, second];
  const proxies: RunningHaproxy[] = [];
  onCleanup(() => Promise.all(proxies.map((proxy) => proxy.stop())).then(() => undefined));
  try {
    const port = (server: RunningServer) => Number(new URL(server.url).port);
    const one = await startHaproxy([{ port: port(first) }], BENCH_CHECKS);
    proxies.push(one);
    const two = await startHaproxy([{ port: port(first) }, { port: port(second) }], BENCH_CHECKS);
    proxies.push(two);
    await waitUntilIdle(servers.map((server) => server.pid));
    for (const proxy of proxies) await expectHome(proxy);
    // Each instance renders home once before any measurement (its lazy chunks load on the first render).
    for (const server of servers) await fetch(`${server.url}/`).then((r) => r.arrayBuffer());
    const cpu = (pids: number[]) => {
      const each = pids.map(cpuSeconds);
      return each.every((value): value is number => value !== null) ? each.reduce((a, b) => a + b, 0) : null;
    };
    const run = async (proxy: RunningHaproxy, pids: number[]): Promise<Round> => {
      const cpuBefore = cpu(pids);
      const began = performance.now();
      const load = await measure({
        url: `${proxy.base}/`,
        connections: options.connections,
        durationS: options.durationS,
        warmupS: options.warmupS,
      });
      const cpuAfter = cpu(pids);
      const wall = (performance.now() - began) / 1000;
      return {
        ...load,
        instanceCores: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / wall : null,
      };
    };
    const line = (round: number, what: string, r: Round) =>
      options.log(
        `  round ${round}: ${what} ${Math.round(r.rps)} req/s (p99 ${Math.round(r.p99Ms)} ms, ` +
          `instances on ${r.instanceCores === null ? "?" : r.instanceCores.toFixed(2)} cores, ` +
          `load ${r.loadAvg.toFixed(1)})`,
      );
    const oneRounds: Round[] = [];
    const twoRounds: Round[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const a = await run(one, [first.pid]);
      oneRounds.push(a);
      line(round, "one instance", a);
      const b = await run(two, [first.pid, second.pid]);
      twoRounds.push(b);
      line(round, "two instances", b);
    }
    const oneSummary = summary(oneRounds);
    const twoSummary = summary(twoRounds);
    return {
      connections: options.connections,
      one: oneSummary,
      two: twoSummary,
      ratio: oneSummary.rps > 0 ? twoSummary.rps / oneSummary.rps : 0,
    };
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** What every instance of the mixed-load cluster shares: the payment sandbox and the supplier sandbox. */
export const SANDBOX_ENV = {
  PAYMENT_PROVIDER: "sandbox",
  PAYMENT_SANDBOX_SECRET: "bench-payment-sandbox-webhook-secret-0123456789",
  SUPPLIER_PROVIDER: "sandbox",
};

export interface Cluster {
  base: string;
  pids: number[];
  stop(): Promise<void>;
}

/**
 * The mixed load's cluster (ADR 0349): HAProxy in front of `webInstances` web instances with the HTML cache on
 * (as deployed), and one worker running the jobs (payment webhooks, fulfilment on the supplier sandbox), all on
 * one PostgreSQL database.
 */
export async function startCluster(options: {
  buildDir: string;
  databaseUrl: string;
  webInstances: number;
}): Promise<Cluster> {
  const base = { buildDir: options.buildDir, databaseUrl: options.databaseUrl, htmlCacheTtlMs: 30_000 };
  const started = await Promise.all([
    ...Array.from({ length: options.webInstances }, (_, n) =>
      startStoreServer({ ...base, label: `cluster web ${n + 1}`, env: webEnv(SANDBOX_ENV) }),
    ),
    startStoreServer({ ...base, label: "cluster worker", env: { ROLE: "worker", ...SANDBOX_ENV } }),
  ]);
  const webs = started.slice(0, options.webInstances);
  let proxy: RunningHaproxy | null = null;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(started.map((server) => server.stop()));
  };
  try {
    proxy = await startHaproxy(
      webs.map((server) => ({ port: Number(new URL(server.url).port) })),
      BENCH_CHECKS,
    );
    await expectHome(proxy);
  } catch (error) {
    await stop();
    throw error;
  }
  onCleanup(stop);
  await waitUntilIdle(started.map((server) => server.pid));
  return { base: proxy.base, pids: started.map((server) => server.pid), stop };
}
