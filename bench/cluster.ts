import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup, runTool, spawnTracked, waitForExit } from "./lib/children.ts";
import {
  type ClusterConfig,
  type ClusterResults,
  clusterConfigFromEnv,
  clusterSummary,
  runMixed,
  runScaleOut,
  runStatic,
} from "./lib/cluster-phases.ts";
import { fixed } from "./lib/format.ts";
import { createScratchDatabase, DEFAULT_POSTGRES_URL } from "./lib/postgres.ts";
import { ensureFreshBuild } from "./lib/quick.ts";
import { startStoreServer } from "./lib/servers.ts";

/**
 * `node bench/cluster.ts`: the quick loop for issue 34's cluster figures (ADRs 0349, 0350), what `npm run bench`
 * measures in its PostgreSQL part, alone: a scratch PostgreSQL database (created and dropped), the static
 * baseline, the scale-out ratio and the mixed load's highest rate held. BENCH_SKIP_SCALE_OUT=1 or
 * BENCH_SKIP_MIXED=1 leave one out; the other BENCH_* settings are npm run bench's.
 */

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
};
const skip = (name: string) => ["1", "true", "yes"].includes((process.env[name] ?? "").toLowerCase());
const started = Date.now();
const log = (message: string) =>
  console.log(`[${String(Math.round((Date.now() - started) / 1000)).padStart(3)} s] ${message}`);

async function main() {
  const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
  ensureFreshBuild(buildDir);
  const scratch = await createScratchDatabase(process.env.DATABASE_URL || DEFAULT_POSTGRES_URL);
  if (!scratch) throw new Error("no PostgreSQL answers at DATABASE_URL or 127.0.0.1:5432");
  onCleanup(() => scratch.drop());
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), "esim-bench-cluster-"));
  onCleanup(() => rmSync(scratchDir, { recursive: true, force: true }));
  log(`seeding ${scratch.name}…`);
  const seed = spawnTracked(
    ["bench/lib/prepare-db.ts"],
    { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: "", LOG_LEVEL: "warn" },
    "seed PostgreSQL",
  );
  const output = await waitForExit(seed, "seed PostgreSQL", 400_000);
  const line = output
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("{"));
  const prepared = JSON.parse(line ?? "{}") as { planCode?: string | null; shopperToken?: string | null };

  const config: ClusterConfig = {
    buildDir,
    databaseUrl: scratch.url,
    shopperToken: prepared.shopperToken ?? null,
    planCode: prepared.planCode ?? null,
    connections: num("BENCH_CONNECTIONS", 50),
    uncachedConnections: num("BENCH_UNCACHED_CONNECTIONS", 10),
    durationS: num("BENCH_DURATION", 8),
    warmupS: num("BENCH_WARMUP", 2),
    scratchDir,
    ...clusterConfigFromEnv(num),
  };
  const results: ClusterResults = { scaleOut: null, mixed: null, static: null };

  const server = await startStoreServer({
    label: "PostgreSQL cached",
    buildDir,
    databaseUrl: scratch.url,
    htmlCacheTtlMs: 30_000,
  });
  log("static baseline: home's bytes from a bare node:http server");
  results.static = await runStatic(config, server.url, log);
  await server.stop();

  if (!skip("BENCH_SKIP_SCALE_OUT")) results.scaleOut = await runScaleOut(config, log);
  if (!skip("BENCH_SKIP_MIXED")) results.mixed = await runMixed(config, log);

  console.log(`\n${clusterSummary(results, results.static?.rps ?? null).join("\n")}`);
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((v) => fixed(v, 1))
      .join(" ")} on ${os.cpus().length} cores; ` + `${fixed((Date.now() - started) / 1000, 0)} s in all`,
  );
}

await runTool(main);
