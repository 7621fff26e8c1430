import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { buildState } from "../scripts/build-freshness.ts";
import { heapLimitFlag } from "../scripts/heap-limit.ts";
import { type BudgetOutcome, judge } from "./budgets.ts";
import {
  CACHE_FILL_BUDGET_MB,
  CACHE_FILL_URLS,
  type CacheFillResult,
  cacheFillPaths,
  fillCache,
} from "./lib/cache-fill.ts";
import { onCleanup, runTool, spawnTracked, waitForExit } from "./lib/children.ts";
import {
  type ClusterConfig,
  type ClusterResults,
  clusterConfigFromEnv,
  clusterSummary,
  runMixed,
  runScaleOut,
} from "./lib/cluster-phases.ts";
import { type FirstLoad, measureFirstLoad } from "./lib/first-load.ts";
import { fixed, int, kb, ms, table } from "./lib/format.ts";
import {
  type CpuCalibration,
  calibrateCpu,
  calibrationLine,
  DEFAULT_CPU_SLOWDOWN,
  type LighthouseResult,
  runLighthouse,
} from "./lib/lighthouse.ts";
import { BROWSER_HEADERS, type LoadResult, measure } from "./lib/load.ts";
import {
  PAGE_NAMES,
  type PageName,
  PERSONAL_PAGE_NAMES,
  type PersonalPage,
  pagePath,
  personalPath,
} from "./lib/pages.ts";
import { createScratchDatabase, DEFAULT_POSTGRES_URL, type ScratchDatabase } from "./lib/postgres.ts";
import { countWarmRenderQueries, QUERIES_SCRIPT, type QueryCounts } from "./lib/queries-runner.ts";
import { runSearchBench, SEARCH_SCRIPT, type SearchResult } from "./lib/search-runner.ts";
import {
  type RunningServer,
  rssMb,
  sampleRss,
  startReferenceServer,
  startStaticServer,
  startStoreServer,
  waitUntilIdle,
} from "./lib/servers.ts";
import { greetsBenchShopper } from "./lib/shopper.ts";
import { hasTemplate, restoreTemplate, saveTemplate, templateKey } from "./lib/templates.ts";

/**
 * `npm run bench` (ADR 0050): one run measures SSR throughput and latency (cached and uncached) against a bare
 * Node static server, first-load JS, Lighthouse mobile, server RSS under load on PGlite and PostgreSQL, and
 * PLP and search on the large catalogue; prints everything with the budgets marked PASS or MISS and writes
 * bench/results/<timestamp>.json. A missed budget never fails the process; a broken build or server does.
 */

const flag = (name: string) => ["1", "true", "yes"].includes((process.env[name] ?? "").toLowerCase());
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
};

const config = {
  durationS: num("BENCH_DURATION", 8),
  warmupS: num("BENCH_WARMUP", 2),
  connections: num("BENCH_CONNECTIONS", 50),
  /**
   * Uncached renders take tens of milliseconds of CPU each: 50 at once on two cores all finish late together
   * (or time out), which measures the queue, not the render. Fewer connections give a meaningful rate.
   */
  uncachedConnections: num("BENCH_UNCACHED_CONNECTIONS", 10),
  freshDatabases: flag("BENCH_FRESH_DB"),
  skipLighthouse: flag("BENCH_SKIP_LIGHTHOUSE"),
  /** Lighthouse's score moves a few points between runs on a shared machine: the median run counts. */
  lighthouseRuns: Math.round(num("BENCH_LIGHTHOUSE_RUNS", 3)),
  skipLarge: flag("BENCH_SKIP_LARGE"),
  skipPostgres: flag("BENCH_SKIP_POSTGRES"),
  /** Issue 34 (ADRs 0349, 0350): the cluster figures on PostgreSQL, each skippable. */
  skipScaleOut: flag("BENCH_SKIP_SCALE_OUT"),
  skipMixed: flag("BENCH_SKIP_MIXED"),
  ...clusterConfigFromEnv(num),
  buildDir: process.env.BENCH_BUILD_DIR || "build-bench",
  postgresUrl: process.env.DATABASE_URL || DEFAULT_POSTGRES_URL,
  /** What the PostgreSQL store servers start with (scripts/serve.ts, ADR 0145); PGlite ones get V8's sizing. */
  serverHeap:
    heapLimitFlag({ ...process.env, DATABASE_URL: "postgres://" }, []) ??
    (process.env.NODE_OPTIONS || "V8's default heap sizing"),
};

const started = Date.now();
const errors: Array<{ phase: string; message: string }> = [];

function log(message: string) {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`[${String(seconds).padStart(3)} s] ${message}`);
}

function recordError(phase: string, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  errors.push({ phase, message });
  log(`${phase} FAILED: ${message.split("\n").slice(0, 12).join("\n    ")}`);
}

/** Runs a phase; an error is recorded and printed, and the rest of the bench goes on. */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    recordError(name, error);
    return null;
  }
}

/** A response's body as it came over the wire (no decompression) and its content-encoding. */
function wireBody(url: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { ...BROWSER_HEADERS, "accept-encoding": acceptEncoding } },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () =>
          resolve({ body: Buffer.concat(parts), encoding: String(res.headers["content-encoding"] ?? "") }),
        );
        res.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function redact(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}

// ---------------------------------------------------------------------------------------------------------------
// Build and databases

function buildIfStale(): { built: boolean; seconds: number } {
  if (buildState(config.buildDir) === "fresh") return { built: false, seconds: 0 };
  log(`building into ${config.buildDir} (sources changed since the last build)…`);
  const begin = Date.now();
  const result = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, BUILD_DIR: config.buildDir },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed (${result.status}):\n${`${result.stdout}${result.stderr}`.slice(-3000)}`,
    );
  }
  return { built: true, seconds: (Date.now() - begin) / 1000 };
}

interface Prepared {
  planCode: string | null;
  plans: number;
  /** Issue 15: the access token of a signed-in shopper (bench/lib/prepare-db.ts); absent in older templates. */
  shopperToken?: string | null;
  seconds: number;
}

/** Migrates and seeds one scratch database in a child process (bench/lib/prepare-db.ts). */
async function prepare(label: string, env: Record<string, string>): Promise<Prepared> {
  const spawned = spawnTracked(
    ["bench/lib/prepare-db.ts"],
    { ...process.env, DATABASE_URL: "", DATA_DIR: "", LOG_LEVEL: "warn", ...env },
    label,
  );
  const output = await waitForExit(spawned, label, 400_000);
  const line = output
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("{"));
  if (!line) throw new Error(`${label} printed no result:\n${output}`);
  return JSON.parse(line) as Prepared;
}

const templates = templateKey();
const initdbKey = templateKey(["package-lock.json"], false);
let initdb: Promise<void> | null = null;

/** Today's empty initialised PGlite folder, made once (bench/lib/templates.ts). */
function ensureInitdbTemplate(scratch: string): Promise<void> {
  initdb ??= (async () => {
    if (hasTemplate(initdbKey, "initdb")) return;
    const dir = path.join(scratch, "initdb");
    await prepare("PGlite initdb", { DATA_DIR: dir, BENCH_INIT_ONLY: "1" });
    saveTemplate(initdbKey, "initdb", dir, { initdb: true });
  })();
  return initdb;
}

/** A seeded PGlite data directory: a copy of today's template when there is one, else seeded and kept. */
async function seedPglite(name: string, label: string, env: { DATA_DIR: string; BENCH_LARGE?: string }) {
  if (!config.freshDatabases) {
    const restored = restoreTemplate<Prepared>(templates, name, env.DATA_DIR);
    if (restored) {
      log(
        `${label}: copied the seeded template (${int(restored.plans)} plans; BENCH_FRESH_DB=1 seeds afresh)`,
      );
      return restored;
    }
  }
  if (!config.freshDatabases) {
    await ensureInitdbTemplate(path.dirname(env.DATA_DIR));
    restoreTemplate(initdbKey, "initdb", env.DATA_DIR);
  }
  const prepared = await prepare(label, env);
  log(`${label}: seeded in ${fixed(prepared.seconds)} s (${int(prepared.plans)} plans)`);
  saveTemplate(templates, name, env.DATA_DIR, prepared);
  return prepared;
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring one target

interface TargetResult {
  name: string;
  connections: number;
  path: string;
  status: number;
  routeMissing: boolean;
  /** x-html-cache: hit on a request made right after the warm-up. */
  cacheHit: boolean;
  bytes: number;
  load: LoadResult | null;
  rss?: { idleMb: number | null; peakMb: number | null; samples: number };
}

async function probe(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers }, redirect: "manual" });
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    cacheHit: response.headers.get("x-html-cache") === "hit",
    bytes: body.byteLength,
  };
}

async function measureTarget(
  server: RunningServer,
  name: string,
  targetPath: string,
  options: { sampleRss?: boolean; connections?: number; headers?: Record<string, string> } = {},
): Promise<TargetResult> {
  const url = `${server.url}${targetPath}`;
  const first = await probe(url, options.headers);
  const idleMb = options.sampleRss ? rssMb(server.pid) : null;
  const sampler = options.sampleRss ? sampleRss(server.pid) : null;
  let load: LoadResult;
  let rss: ReturnType<NonNullable<typeof sampler>["stop"]> | undefined;
  try {
    load = await measure({
      url,
      connections: options.connections ?? config.connections,
      durationS: config.durationS,
      warmupS: config.warmupS,
      ...(options.headers ? { headers: options.headers } : {}),
    });
  } finally {
    rss = sampler?.stop();
  }
  const after = await probe(url, options.headers).catch(() => first);
  const result: TargetResult = {
    name,
    connections: options.connections ?? config.connections,
    path: targetPath,
    status: first.status,
    routeMissing: first.status === 404,
    cacheHit: after.cacheHit,
    bytes: first.bytes,
    load,
    rss: rss ? { idleMb, peakMb: rss.peakMb, samples: rss.samples } : undefined,
  };
  printTarget(result);
  return result;
}

function printTarget(result: TargetResult) {
  const load = result.load;
  const flags = [
    result.routeMissing ? "ROUTE MISSING (404)" : result.status !== 200 ? `status ${result.status}` : "",
    result.cacheHit ? "cache hit" : "",
    load && load.non2xx > 0 ? `${int(load.non2xx)} non-2xx` : "",
    load && load.errors > 0 ? `${int(load.errors)} errors` : "",
    result.rss ? `RSS idle ${fixed(result.rss.idleMb, 0)} MB, peak ${fixed(result.rss.peakMb, 0)} MB` : "",
  ].filter(Boolean);
  log(
    `  ${result.name.padEnd(22)} c=${String(result.connections).padEnd(3)} ${int(load?.rps).padStart(6)} req/s  ` +
      `p99 ${ms(load?.p99Ms).padStart(7)}  ` +
      `${kb(result.bytes).padStart(8)}${flags.length ? `  [${flags.join("; ")}]` : ""}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The run

interface Results {
  date: string;
  git: { commit: string; dirty: boolean } | null;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; loadAvgStart: number[] };
  config: typeof config;
  build: { dir: string; built: boolean; seconds: number } | null;
  planCode: string | null;
  ssr: { cached: Partial<Record<PageName, TargetResult>>; uncached: Partial<Record<PageName, TargetResult>> };
  /** Issue 15: personal pages rendered for a signed-in shopper (PGlite, HTML cache not applicable). */
  personal: Partial<Record<PersonalPage, TargetResult | null>>;
  /** Issue 15: home, plp and pdp for the signed-in shopper, from the shared template (ADR 0246). */
  signedIn: Partial<Record<PageName, (TargetResult & { personal: boolean }) | null>>;
  static: TargetResult | null;
  /**
   * Issue 34 (ADR 0348): React's own renderToString of home's markup from a bare node:http server, at the full
   * renders' connections: the framework's floor for a page of home's size.
   */
  reference: (TargetResult & { elements: number | null }) | null;
  ratios: Record<string, number | null>;
  /** Every full render's throughput over the reference render's, by row label. */
  referenceRatios: Record<string, number | null>;
  firstLoad: FirstLoad | null;
  /** ADR 0417: each store page's first-load JS, gzipped bytes (home's is also `firstLoad`). */
  firstLoadJsByPage: Partial<Record<PageName, number>>;
  /** The median run by score (the budget's figure); every run's score is in lighthouseScores. */
  lighthouse: LighthouseResult | null;
  lighthouseScores: Array<number | null>;
  /** Issue 33: the host's benchmark index, measured before the Lighthouse runs, and the CPU slowdown they used. */
  lighthouseCalibration: CpuCalibration | null;
  /** Issue 15: Lighthouse mobile on home, plp and pdp, each run's score and the median run. */
  lighthousePages: Partial<
    Record<PageName, { median: LighthouseResult | null; scores: Array<number | null> }>
  >;
  rss: {
    pglite: { cachedHomePeakMb: number | null; uncachedHomePeakMb: number | null };
    postgres: { cachedHomePeakMb: number | null; uncachedHomePeakMb: number | null } | null;
  };
  postgres: {
    url: string;
    cachedHome: TargetResult | null;
    uncachedHome: TargetResult | null;
    /** Issue 15: plp and pdp rendered in full too (home is uncachedHome). */
    uncachedPages: Partial<Record<PageName, TargetResult | null>>;
    /** Issue 32: a fresh server's RSS while 5,000 distinct page URLs fill its HTML cache (bench/lib/cache-fill.ts). */
    cacheFill: CacheFillResult | null;
  } | null;
  /** Issue 34: scale-out and the mixed load, on PostgreSQL through HAProxy (bench/lib/cluster-phases.ts). */
  cluster: ClusterResults | null;
  /** Issue 15: the statements of a warm render, counted by bench/queries.ts on the production renderer. */
  queries: QueryCounts | null;
  /** Issue 15: the static baseline's gzipped body over the store's gzipped home, in per cent. */
  staticBytesPercent: number | null;
  large: {
    plans: number;
    plpUncached: TargetResult | null;
    /** Issue 15 (scale): every store page rendered in full on the large catalogue. */
    pages: Partial<Record<PageName, TargetResult | null>>;
    search: SearchResult | null;
  } | null;
  budgets: BudgetOutcome[];
  notes: string[];
  errors: typeof errors;
  seconds: number;
}

function gitInfo() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).trim().length > 0;
    return { commit, dirty };
  } catch {
    return null;
  }
}

async function main() {
  const results: Results = {
    date: new Date().toISOString(),
    git: gitInfo(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGb: Math.round(os.totalmem() / 1e9),
      node: process.version,
      loadAvgStart: os.loadavg().map((v) => Number(v.toFixed(2))),
    },
    config,
    build: null,
    planCode: null,
    ssr: { cached: {}, uncached: {} },
    personal: {},
    signedIn: {},
    static: null,
    reference: null,
    ratios: {},
    referenceRatios: {},
    firstLoad: null,
    firstLoadJsByPage: {},
    lighthouse: null,
    lighthouseScores: [],
    lighthouseCalibration: null,
    lighthousePages: {},
    rss: { pglite: { cachedHomePeakMb: null, uncachedHomePeakMb: null }, postgres: null },
    postgres: null,
    cluster: null,
    queries: null,
    staticBytesPercent: null,
    large: null,
    budgets: [],
    notes: [],
    errors,
    seconds: 0,
  };

  console.log(
    `npm run bench: ${results.date}, ${results.machine.cpus} × ${results.machine.cpuModel}, node ${process.version}, ` +
      `load average ${results.machine.loadAvgStart.join(" ")}`,
  );
  console.log(
    `autocannon: ${config.connections} connections (${config.uncachedConnections} for uncached renders), ` +
      `${config.warmupS} s warm-up + ${config.durationS} s per target, ` +
      `127.0.0.1 only; store servers as \`npm run serve\` starts them (PostgreSQL: ${config.serverHeap})\n`,
  );

  const build = buildIfStale();
  results.build = { dir: config.buildDir, ...build };
  log(build.built ? `built in ${fixed(build.seconds)} s` : `build in ${config.buildDir} is up to date`);

  const scratchRoot = mkdtempSync(path.join(os.tmpdir(), "esim-bench-"));
  onCleanup(() => rmSync(scratchRoot, { recursive: true, force: true }));
  const dirs = {
    small: path.join(scratchRoot, "small"),
    smallUncached: path.join(scratchRoot, "small-uncached"),
    large: path.join(scratchRoot, "large"),
    largeCopy: path.join(scratchRoot, "large-search"),
    queries: path.join(scratchRoot, "small-queries"),
    static: path.join(scratchRoot, "static"),
  };

  // --- Preparation: everything that costs CPU happens before any measurement. -----------------------------
  log("seeding scratch databases (PGlite, PostgreSQL) and starting servers…");
  const smallReady = seedPglite("small", "seed PGlite", { DATA_DIR: dirs.small }).then((prepared) => {
    cpSync(dirs.small, dirs.smallUncached, { recursive: true });
    cpSync(dirs.small, dirs.queries, { recursive: true });
    return prepared;
  });

  const pgliteServers = smallReady.then((prepared) =>
    Promise.all([
      startStoreServer({
        label: "PGlite cached",
        buildDir: config.buildDir,
        dataDir: dirs.small,
        htmlCacheTtlMs: 30_000,
      }),
      startStoreServer({
        label: "PGlite uncached",
        buildDir: config.buildDir,
        dataDir: dirs.smallUncached,
        htmlCacheTtlMs: 0,
      }),
    ]).then(([cached, uncached]) => ({ prepared, cached, uncached })),
  );

  const postgresServers = config.skipPostgres
    ? Promise.resolve(null)
    : phase("PostgreSQL setup", async () => {
        const scratch: ScratchDatabase | null = await createScratchDatabase(config.postgresUrl);
        if (!scratch) {
          results.notes.push(
            `No PostgreSQL reachable at ${redact(config.postgresUrl)}: its figures are skipped.`,
          );
          log(`no PostgreSQL at ${redact(config.postgresUrl)}: skipping the PostgreSQL figures`);
          return null;
        }
        onCleanup(() => scratch.drop());
        const prepared = await prepare("seed PostgreSQL", { DATABASE_URL: scratch.url });
        log(`PostgreSQL database ${scratch.name} seeded in ${fixed(prepared.seconds)} s`);
        const [cached, uncached] = await Promise.all([
          startStoreServer({
            label: "PostgreSQL cached",
            buildDir: config.buildDir,
            databaseUrl: scratch.url,
            htmlCacheTtlMs: 30_000,
          }),
          startStoreServer({
            label: "PostgreSQL uncached",
            buildDir: config.buildDir,
            databaseUrl: scratch.url,
            htmlCacheTtlMs: 0,
          }),
        ]);
        return { scratch, prepared, cached, uncached };
      });

  const largeServer = config.skipLarge
    ? Promise.resolve(null)
    : phase("large catalogue setup", async () => {
        // From scratch, in parallel with the small seed rather than after it: on a shared machine two
        // processes get twice the CPU share, and PGlite's first start is most of the small seed's time.
        const prepared = await seedPglite("large", "seed:large", { DATA_DIR: dirs.large, BENCH_LARGE: "1" });
        if (existsSync(SEARCH_SCRIPT)) cpSync(dirs.large, dirs.largeCopy, { recursive: true });
        const server = await startStoreServer({
          label: "PGlite large uncached",
          buildDir: config.buildDir,
          dataDir: dirs.large,
          htmlCacheTtlMs: 0,
        });
        return { prepared, server };
      });

  const pglite = await pgliteServers;
  const [postgres, large] = await Promise.all([postgresServers, largeServer]);
  const planCode = pglite.prepared.planCode;
  results.planCode = planCode;
  const smallPath = (name: PageName) => pagePath(name, planCode ?? "unknown");
  // Servers may still be busy with start-up work (first job runs, search terms): measure none of it.
  const serverPids = [pglite.cached, pglite.uncached, postgres?.cached, postgres?.uncached, large?.server]
    .filter((server): server is RunningServer => Boolean(server))
    .map((server) => server.pid);
  const quiet = await waitUntilIdle(serverPids);
  const idleNote = `${quiet.idle ? "idle after" : "still busy after"} ${fixed(quiet.seconds)} s`;
  log(`all servers ready, ${idleNote}; PDP plan ${planCode ?? "(none found)"}\n`);

  // --- 1. SSR, HTML cache warm. ------------------------------------------------------------------------------
  log(`SSR, PGlite, anonymous, HTML cache on (${pglite.cached.url})`);
  for (const name of PAGE_NAMES) {
    results.ssr.cached[name] =
      (await phase(`${name} cached`, () =>
        measureTarget(pglite.cached, `${name} cached`, smallPath(name), { sampleRss: name === "home" }),
      )) ?? undefined;
  }
  results.rss.pglite.cachedHomePeakMb = results.ssr.cached.home?.rss?.peakMb ?? null;

  // --- 1a. Signed-in store pages (issue 15, ADR 0246): the shared template with the shopper's values spliced in.
  const shopperToken = pglite.prepared.shopperToken;
  if (shopperToken) {
    log(`store pages, PGlite, signed in, from the shared template (${pglite.cached.url})`);
    const headers = { cookie: `${ACCESS_TOKEN_COOKIE}=${shopperToken}` };
    for (const name of PAGE_NAMES) {
      results.signedIn[name] = await phase(`${name} signed in (shared)`, async () => {
        const target = await measureTarget(pglite.cached, `${name} signed in`, smallPath(name), { headers });
        // The shopper's own header, never the visitor's: the page is theirs although it came from the cache.
        const html = await fetch(`${pglite.cached.url}${smallPath(name)}`, {
          headers: { ...BROWSER_HEADERS, ...headers, "accept-encoding": "identity" },
        }).then((response) => response.text());
        const personal = greetsBenchShopper(html);
        if (!personal) log(`  ${name} signed in: NO PERSONAL HEADER`);
        return { ...target, personal };
      });
    }
  }

  // --- 3. First-load JS. --------------------------------------------------------------------------------------
  results.firstLoad = await phase("first-load JS", () =>
    measureFirstLoad(`${pglite.cached.url}/`, BROWSER_HEADERS),
  );
  if (results.firstLoad) results.firstLoadJsByPage.home = results.firstLoad.jsGzipBytes;
  for (const name of PAGE_NAMES.filter((page) => page !== "home")) {
    const fl = await phase(`first-load JS, ${name}`, () =>
      measureFirstLoad(`${pglite.cached.url}${smallPath(name)}`, BROWSER_HEADERS),
    );
    if (fl) {
      results.firstLoadJsByPage[name] = fl.jsGzipBytes;
      log(`first-load JS for ${name}: ${kb(fl.jsGzipBytes)} gzipped in ${fl.chunks.length} chunks`);
    }
  }
  if (results.firstLoad) {
    const fl = results.firstLoad;
    log(
      `first-load JS for home: ${kb(fl.jsGzipBytes)} gzipped (${kb(fl.jsRawBytes)} raw) in ${fl.chunks.length} ` +
        `chunks; CSS ${kb(fl.cssGzipBytes)} gzipped; HTML ${kb(fl.htmlBytes)} (${kb(fl.htmlGzipBytes)} gzipped)`,
    );
  }

  // --- 2. The static baseline: a bare node:http server answering with the home page's own bytes. --------------
  // A fair ceiling (issue 15): the same body the store sends, gzipped as the store gzipped it (its wire bytes).
  results.static = await phase("static baseline", async () => {
    const home = await wireBody(`${pglite.cached.url}/`, "identity");
    const storeGzip = await wireBody(`${pglite.cached.url}/`, "gzip");
    mkdirSync(dirs.static, { recursive: true });
    const file = path.join(dirs.static, "home.html");
    const gzipFile = path.join(dirs.static, "home.html.gz");
    writeFileSync(file, home.body);
    writeFileSync(gzipFile, storeGzip.encoding === "gzip" ? storeGzip.body : gzipSync(home.body));
    const server = await startStaticServer(file, gzipFile);
    try {
      const staticGzip = await wireBody(`${server.url}/`, "gzip");
      results.staticBytesPercent = (staticGzip.body.length / storeGzip.body.length) * 100;
      log(
        `static baseline: bare node:http, the home page's ${kb(home.body.length)} ` +
          `(${kb(staticGzip.body.length)} gzipped on the wire; the store sent ${kb(storeGzip.body.length)}` +
          `${storeGzip.encoding === "gzip" ? "" : `, ${storeGzip.encoding || "uncompressed"}`})`,
      );
      return await measureTarget(server, "static file", "/");
    } finally {
      await server.stop();
    }
  });

  // --- 2a. The reference render (issue 34, ADR 0348): React's renderToString of home's own markup, no data,
  // router or post-processing, from a bare node:http server, under the full renders' load. ---------------------
  results.reference = await phase("reference render", async () => {
    const file = path.join(dirs.static, "home.html");
    if (!existsSync(file)) throw new Error("no home page captured for the static baseline");
    const server = await startReferenceServer(file);
    try {
      const elements = Number((await fetch(`${server.url}/`)).headers.get("x-elements")) || null;
      log(
        `reference render: React renderToString of home's markup (${int(elements)} elements) per request, ` +
          `bare node:http, gzip level 1 as the store's full renders`,
      );
      const target = await measureTarget(server, "reference render", "/", {
        connections: config.uncachedConnections,
      });
      return { ...target, elements };
    } finally {
      await server.stop();
    }
  });

  // --- 1b. SSR without the HTML cache. --------------------------------------------------------------------------
  log(`SSR, PGlite, HTML cache off: SSR_CACHE_TTL_MS=0 (${pglite.uncached.url})`);
  for (const name of PAGE_NAMES) {
    results.ssr.uncached[name] =
      (await phase(`${name} uncached`, () =>
        measureTarget(pglite.uncached, `${name} uncached`, smallPath(name), {
          sampleRss: name === "home",
          connections: config.uncachedConnections,
        }),
      )) ?? undefined;
  }
  results.rss.pglite.uncachedHomePeakMb = results.ssr.uncached.home?.rss?.peakMb ?? null;

  // --- 1c. Personal pages, signed in (issue 15): rendered for the shopper every time, no HTML cache. ----------
  if (shopperToken) {
    log(`personal pages, PGlite, signed in (${pglite.uncached.url})`);
    const headers = { cookie: `${ACCESS_TOKEN_COOKIE}=${shopperToken}` };
    for (const name of PERSONAL_PAGE_NAMES) {
      const target = personalPath(name, planCode ?? "unknown");
      results.personal[name] = await phase(`${name} signed in`, () =>
        measureTarget(pglite.uncached, `${name} signed in`, target, {
          connections: config.uncachedConnections,
          headers,
        }),
      );
    }
  }
  await pglite.uncached.stop();

  const staticRps = results.static?.load?.rps ?? null;
  for (const mode of ["cached", "uncached"] as const) {
    for (const name of PAGE_NAMES) {
      const rps = results.ssr[mode][name]?.load?.rps ?? null;
      results.ratios[`${name} ${mode}`] = rps !== null && staticRps ? rps / staticRps : null;
    }
  }

  // --- 5. PostgreSQL: RSS under the home load, cached and uncached. --------------------------------------------
  if (postgres) {
    log(`PostgreSQL (${postgres.scratch.name}): home, RSS sampled from /proc every 100 ms`);
    const cachedHome = await phase("PostgreSQL home cached", () =>
      measureTarget(postgres.cached, "home cached", "/", { sampleRss: true }),
    );
    const uncachedHome = await phase("PostgreSQL home uncached", () =>
      measureTarget(postgres.uncached, "home uncached", "/", {
        sampleRss: true,
        connections: config.uncachedConnections,
      }),
    );
    const uncachedPages: Partial<Record<PageName, TargetResult | null>> = { home: uncachedHome };
    for (const name of PAGE_NAMES.filter((page) => page !== "home")) {
      uncachedPages[name] = await phase(`PostgreSQL ${name} uncached`, () =>
        measureTarget(postgres.uncached, `${name} uncached`, smallPath(name), {
          connections: config.uncachedConnections,
        }),
      );
    }
    await Promise.all([postgres.cached.stop(), postgres.uncached.stop()]);
    // --- 5a. Cache fill (issue 32, ADR 0315): a fresh production server, 5,000 distinct real page URLs. ----------
    const cacheFill = await phase("PostgreSQL cache fill", async () => {
      const server = await startStoreServer({
        label: "PostgreSQL cache fill",
        buildDir: config.buildDir,
        databaseUrl: postgres.scratch.url,
        htmlCacheTtlMs: 30_000,
      });
      try {
        await waitUntilIdle([server.pid]);
        const fill = await fillCache(server, cacheFillPaths(CACHE_FILL_URLS));
        const met = fill.peakMb !== null && fill.peakMb <= CACHE_FILL_BUDGET_MB;
        log(
          `  cache fill: ${int(fill.urls)} distinct page URLs in ${fixed(fill.seconds, 1)} s (${fill.failed} not OK), ` +
            `RSS ${fixed(fill.startMb, 0)} MB at start, ${fixed(fill.filledMb, 0)} MB after, ` +
            `${fixed(fill.peakMb, 0)} MB peak: ${met ? "PASS" : "MISS"} (≤ ${CACHE_FILL_BUDGET_MB} MB)`,
        );
        return fill;
      } finally {
        await server.stop();
      }
    });
    results.postgres = {
      url: redact(postgres.scratch.url),
      cachedHome,
      uncachedHome,
      uncachedPages,
      cacheFill,
    };
    results.rss.postgres = {
      cachedHomePeakMb: cachedHome?.rss?.peakMb ?? null,
      uncachedHomePeakMb: uncachedHome?.rss?.peakMb ?? null,
    };
    // --- 5b. Issue 34: scale-out and the mixed load, through HAProxy, on the same database (ADRs 0349, 0350). -----
    const clusterConfig: ClusterConfig = {
      buildDir: config.buildDir,
      databaseUrl: postgres.scratch.url,
      shopperToken: postgres.prepared.shopperToken ?? null,
      planCode: postgres.prepared.planCode,
      connections: config.connections,
      uncachedConnections: config.uncachedConnections,
      durationS: config.durationS,
      warmupS: config.warmupS,
      scaleOutRounds: config.scaleOutRounds,
      mixed: config.mixed,
      scratchDir: dirs.static,
    };
    results.cluster = { scaleOut: null, mixed: null, static: results.static?.load ?? null };
    if (!config.skipScaleOut) {
      results.cluster.scaleOut = await phase("scale-out", () => runScaleOut(clusterConfig, log));
    }
    if (!config.skipMixed) {
      results.cluster.mixed = await phase("mixed load", () => runMixed(clusterConfig, log));
    }
    await phase("drop PostgreSQL scratch database", () => postgres.scratch.drop());
  }

  // --- 6. Large catalogue: PLP without the HTML cache, and search. ----------------------------------------------
  if (large) {
    log(`large catalogue (${int(large.prepared.plans)} plans), HTML cache off (${large.server.url})`);
    const largePages: Partial<Record<PageName, TargetResult | null>> = {};
    for (const name of PAGE_NAMES) {
      const largePath = pagePath(name, large.prepared.planCode ?? planCode ?? "unknown");
      largePages[name] = await phase(`large ${name}`, () =>
        measureTarget(large.server, `${name} uncached (large)`, largePath, {
          connections: config.uncachedConnections,
        }),
      );
    }
    const plpUncached = largePages.plp ?? null;
    const search = await phase("bench/search.ts", async () => {
      const outcome = await runSearchBench({
        BENCH_BASE_URL: large.server.url,
        BENCH_LARGE_DATA_DIR: dirs.largeCopy,
        BENCH_DURATION: String(config.durationS),
        BENCH_CONNECTIONS: String(config.connections),
        // One round of its few hundred queries: enough for a p95, and it keeps the whole bench near 5 minutes.
        BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? "1",
      });
      if (!outcome) {
        log(`  ${SEARCH_SCRIPT} does not exist yet: search p95 not measured`);
        results.notes.push(`${SEARCH_SCRIPT} is absent: search p95 not measured.`);
        return null;
      }
      log(`  ${SEARCH_SCRIPT} output:`);
      for (const line of outcome.output.trim().split("\n").slice(-25)) console.log(`      ${line}`);
      log(`  search p95: ${ms(outcome.p95Ms, 2)}`);
      return outcome;
    });
    results.large = { plans: large.prepared.plans, plpUncached, pages: largePages, search };
    await large.server.stop();
  }

  // --- 4. Lighthouse, alone on the machine's share of CPU, against the cached home, plp and pdp. -------------
  if (!config.skipLighthouse) {
    // Issue 33: the CPU slowdown is calibrated to this host before the runs (bench/lib/lighthouse.ts).
    const calibration = await phase("Lighthouse CPU calibration", () =>
      calibrateCpu(`${pglite.cached.url}${smallPath("home")}`),
    );
    results.lighthouseCalibration = calibration;
    const cpuSlowdown = calibration?.cpuSlowdown ?? DEFAULT_CPU_SLOWDOWN;
    log(
      `Lighthouse mobile (simulated throttling, ${calibration ? calibrationLine(calibration) : `uncalibrated, CPU ${cpuSlowdown}×`}), ` +
        `performance only, ${config.lighthouseRuns} run(s) per page…`,
    );
    for (const name of PAGE_NAMES) {
      const url = `${pglite.cached.url}${smallPath(name)}`;
      const outcome = await phase(`Lighthouse ${name}`, async () => {
        const runs: LighthouseResult[] = [];
        for (let run = 0; run < config.lighthouseRuns; run++) {
          await probe(url); // the cache may have expired since the load test
          const result = await runLighthouse(url, undefined, cpuSlowdown);
          log(
            `  ${name} run ${run + 1}: score ${result.score ?? "—"}, LCP ${ms(result.lcpMs)}, TBT ${ms(result.tbtMs)}, ` +
              `load average ${fixed(os.loadavg()[0])}`,
          );
          runs.push(result);
        }
        const sorted = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
        return {
          median: sorted[Math.floor((sorted.length - 1) / 2)] ?? null,
          scores: runs.map((r) => r.score),
        };
      });
      if (!outcome) continue;
      results.lighthousePages[name] = outcome;
      const lh = outcome.median;
      if (!lh) continue;
      log(
        `  ${name} median score ${lh.score ?? "—"}: FCP ${ms(lh.fcpMs)}, LCP ${ms(lh.lcpMs)}, TBT ${ms(lh.tbtMs)}, ` +
          `CLS ${fixed(lh.cls, 3)}, SI ${ms(lh.speedIndexMs)} (CPU benchmark index ${int(lh.benchmarkIndex)})`,
      );
      for (const audit of lh.failing.slice(0, 6)) {
        log(
          `    ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ""} (score ${fixed(audit.score, 2)})`,
        );
      }
      for (const warning of lh.warnings) log(`    warning: ${warning}`);
    }
    results.lighthouse = results.lighthousePages.home?.median ?? null;
    results.lighthouseScores = results.lighthousePages.home?.scores ?? [];
  }
  await pglite.cached.stop();

  // --- 7. Statements per warm render (issue 15), in-process on a copy of the small database, machine quiet. ----
  results.queries = await phase(QUERIES_SCRIPT, async () => {
    const counts = await countWarmRenderQueries({
      DATA_DIR: dirs.queries,
      BUILD_DIR: config.buildDir,
      BENCH_PDP_PLAN: planCode ?? "",
      BENCH_SHOPPER_TOKEN: shopperToken ?? "",
    });
    const list = (counted: Record<string, number>) =>
      Object.entries(counted)
        .map(([name, n]) => `${name} ${n}`)
        .join(", ");
    log(
      `statements per warm render: ${list(counts.pages)}; personal pages (information): ${list(counts.personal)}`,
    );
    return counts;
  });

  // --- 8. Budgets. --------------------------------------------------------------------------------------------
  const pgRss = results.rss.postgres;
  const pgPeak =
    pgRss && (pgRss.cachedHomePeakMb !== null || pgRss.uncachedHomePeakMb !== null)
      ? Math.max(pgRss.cachedHomePeakMb ?? 0, pgRss.uncachedHomePeakMb ?? 0)
      : null;
  const notes: Record<string, string> = {};
  if (config.skipLighthouse) notes.lighthouseMobile = "BENCH_SKIP_LIGHTHOUSE";
  if (config.skipLarge) notes.searchP95Ms = "BENCH_SKIP_LARGE";
  else if (!existsSync(SEARCH_SCRIPT)) notes.searchP95Ms = `${SEARCH_SCRIPT} absent`;
  if (!postgres) {
    const why = config.skipPostgres ? "BENCH_SKIP_POSTGRES" : "no PostgreSQL";
    notes.postgresRssMb = why;
    notes.i32CacheFillRssMb = why;
    notes.i34ScaleOut = why;
  } else if (config.skipScaleOut) notes.i34ScaleOut = "BENCH_SKIP_SCALE_OUT";
  const pgPages = results.postgres?.uncachedPages ?? {};
  const perPage: Record<string, number | null> = {};
  for (const name of PAGE_NAMES) {
    const lh = results.lighthousePages[name];
    const scores = (lh?.scores ?? []).filter((score): score is number => score !== null);
    perPage[`i15LighthouseEveryRun_${name}`] = scores.length > 0 ? Math.min(...scores) : null;
    perPage[`i15LcpMs_${name}`] = lh?.median?.lcpMs ?? null;
    const firstLoadJs = results.firstLoadJsByPage[name];
    perPage[`firstLoadJsKb_${name}`] = firstLoadJs === undefined ? null : firstLoadJs / 1000;
    perPage[`i15TbtMs_${name}`] = lh?.median?.tbtMs ?? null;
    const small = results.ssr.uncached[name]?.load?.rps ?? null;
    const largeRps = results.large?.pages[name]?.load?.rps ?? null;
    perPage[`i15LargeCatalogue_${name}`] = small && largeRps !== null ? (largeRps / small) * 100 : null;
    if (config.skipLighthouse) {
      for (const id of ["i15LighthouseEveryRun", "i15LcpMs", "i15TbtMs"])
        notes[`${id}_${name}`] = "BENCH_SKIP_LIGHTHOUSE";
    }
    if (config.skipLarge) notes[`i15LargeCatalogue_${name}`] = "BENCH_SKIP_LARGE";
  }
  if (!results.queries) notes.i15WarmRenderQueries = `${QUERIES_SCRIPT} failed (see its output above)`;
  const signedIn = PAGE_NAMES.map((name) => {
    const target = results.signedIn[name];
    // Only a page that came from the shared template with the shopper's own header counts.
    return target?.status === 200 && target.cacheHit && target.personal ? (target.load?.rps ?? null) : null;
  });
  if (!shopperToken) notes.i15SignedInRps = "no bench shopper in the database template";
  else if (signedIn.some((rps) => rps === null))
    notes.i15SignedInRps =
      "a signed-in page was not served from the shared template with the shopper's header";
  const personalRps = PERSONAL_PAGE_NAMES.map((name) => {
    const target = results.personal[name];
    // A page that answered anything but 200 (a redirect to sign-in) measured nothing personal.
    return target?.status === 200 ? (target.load?.rps ?? null) : null;
  });
  if (!shopperToken) notes.i15PersonalPagesRps = "no bench shopper in the database template";
  results.budgets = judge(
    {
      i15SignedInRps: signedIn.every((rps) => rps !== null) ? Math.min(...(signedIn as number[])) : null,
      i15FullRender_home: pgPages.home?.load?.rps ?? null,
      i15FullRender_plp: pgPages.plp?.load?.rps ?? null,
      i15FullRender_pdp: pgPages.pdp?.load?.rps ?? null,
      i15Personal_esimList: personalRps[0] ?? null,
      i15Personal_orderList: personalRps[1] ?? null,
      i15Personal_checkout: personalRps[2] ?? null,
      i15PersonalPagesRps: personalRps.every((rps) => rps !== null)
        ? Math.min(...(personalRps as number[]))
        : null,
      i15WarmRenderQueries: results.queries?.most ?? null,
      i15HomeHtmlKb: results.firstLoad ? results.firstLoad.htmlBytes / 1000 : null,
      ...perPage,
      i15StaticSameBytes: results.staticBytesPercent,
      lighthouseMobile: results.lighthouse?.score ?? null,
      cachedHomeRps: results.ssr.cached.home?.load?.rps ?? null,
      postgresRssMb: pgPeak,
      i32CacheFillRssMb: results.postgres?.cacheFill?.peakMb ?? null,
      searchP95Ms: results.large?.search?.p95Ms ?? null,
      i34ScaleOut: results.cluster?.scaleOut?.ratio ?? null,
    },
    notes,
  );

  const loadAvgEnd = os.loadavg()[0] ?? 0;
  if (Math.max(results.machine.loadAvgStart[0] ?? 0, loadAvgEnd) > results.machine.cpus) {
    results.notes.push(
      `The machine was busy (load average up to ${fixed(Math.max(results.machine.loadAvgStart[0] ?? 0, loadAvgEnd))} ` +
        `on ${results.machine.cpus} cores): throughput and latency figures are pessimistic.`,
    );
  }
  results.seconds = (Date.now() - started) / 1000;
  printSummary(results);

  mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `${results.date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten ${file} (${fixed(results.seconds, 0)} s in all).`);
}

function printSummary(results: Results) {
  const rule = "=".repeat(100);
  console.log(
    `\n${rule}\nSUMMARY  ${results.date}  git ${results.git?.commit ?? "?"}${results.git?.dirty ? " (dirty)" : ""}`,
  );
  console.log(
    `${results.machine.cpus} CPUs, load average at start ${results.machine.loadAvgStart.join(" ")}; ` +
      `${config.connections} connections (${config.uncachedConnections} uncached), ${config.durationS} s per target ` +
      `after ${config.warmupS} s warm-up\n`,
  );

  const staticRps = results.static?.load?.rps ?? null;
  const referenceRps = results.reference?.load?.rps ?? null;
  /** A full render (HTML cache off or not applicable) is also shown over the reference render (ADR 0348). */
  const row = (
    label: string,
    target: TargetResult | null | undefined,
    flags: string[] = [],
    full = false,
  ) => {
    const rps = target?.load?.rps ?? null;
    const overReference = full && rps !== null && referenceRps ? rps / referenceRps : null;
    if (full) results.referenceRatios[label] = overReference;
    const problems = [
      target?.routeMissing ? "ROUTE MISSING" : "",
      target && !target.routeMissing && target.status !== 200 ? `status ${target.status}` : "",
      target?.load?.non2xx ? `${int(target.load.non2xx)} non-2xx` : "",
      target?.load?.errors ? `${int(target.load.errors)} errors` : "",
      ...flags,
    ].filter(Boolean);
    return [
      label,
      target?.path ?? "—",
      target ? String(target.connections) : "—",
      int(rps),
      fixed(target?.load?.p50Ms, 0),
      fixed(target?.load?.p99Ms, 0),
      kb(target?.bytes),
      rps !== null && staticRps ? `${fixed(rps / staticRps, 2)}×` : "—",
      overReference !== null ? `${fixed(overReference, 2)}×` : "—",
      fixed(target?.load?.loadAvg, 1),
      problems.join("; ") || "",
    ];
  };
  const header = [
    "target",
    "path",
    "conns",
    "req/s",
    "p50 ms",
    "p99 ms",
    "size",
    "÷ static",
    "÷ reference",
    "load",
    "notes",
  ];
  const rows: string[][] = [];
  for (const name of PAGE_NAMES) {
    const target = results.ssr.cached[name];
    rows.push(
      row(
        `${name}, cached`,
        target,
        target && !target.cacheHit && !target.routeMissing ? ["CACHE NOT HIT"] : [],
      ),
    );
  }
  for (const name of PAGE_NAMES) rows.push(row(`${name}, uncached`, results.ssr.uncached[name], [], true));
  for (const name of PERSONAL_PAGE_NAMES) {
    const target = results.personal[name];
    if (target) rows.push(row(`${name}, signed in`, target, [], true));
  }
  rows.push(row("static file (node:http)", results.static));
  if (results.reference) {
    rows.push(
      row(
        `reference render (React, ${int(results.reference.elements)} elements)`,
        results.reference,
        [],
        false,
      ),
    );
  }
  if (results.postgres) {
    rows.push(row("home, cached, PostgreSQL", results.postgres.cachedHome));
    for (const name of PAGE_NAMES) {
      rows.push(row(`${name}, uncached, PostgreSQL`, results.postgres.uncachedPages[name], [], true));
    }
  }
  if (results.large) {
    for (const name of PAGE_NAMES) {
      rows.push(
        row(`${name}, uncached, ${int(results.large.plans)} plans`, results.large.pages[name], [], true),
      );
    }
  }
  console.log(
    "Throughput and latency (SSR on PGlite unless named; load: the machine's 1-minute load average as each began;\n" +
      "÷ reference: a full render's req/s over React's own renderToString of home's markup, same connections)",
  );
  console.log(table(header, rows));

  const fl = results.firstLoad;
  if (fl) {
    console.log(
      `\nFirst-load JS, home: ${kb(fl.jsGzipBytes)} gzipped (${kb(fl.jsRawBytes)} raw), ${fl.chunks.length} chunks; ` +
        `CSS ${kb(fl.cssGzipBytes)}, HTML ${kb(fl.htmlGzipBytes)} gzipped`,
    );
    const parts = fl.html;
    console.log(
      `Home HTML ${kb(fl.htmlBytes)} uncompressed: inline CSS ${kb(parts.inlineCss)}, inline scripts ` +
        `${kb(parts.inlineScripts)} (loader data ${kb(parts.loaderData)}), markup ${kb(parts.markup)} ` +
        `(class attributes ${kb(parts.classAttributes)})`,
    );
    console.log(
      table(
        ["chunk", "gzip", "raw"],
        fl.chunks.slice(0, 6).map((chunk) => [chunk.path, kb(chunk.gzipBytes), kb(chunk.rawBytes)]),
      ),
    );
  }

  if (results.lighthouseCalibration) {
    console.log(`\nLighthouse calibration: ${calibrationLine(results.lighthouseCalibration)}`);
  }
  for (const name of PAGE_NAMES) {
    const page = results.lighthousePages[name];
    const lh = page?.median;
    if (!page || !lh) continue;
    console.log(
      `${name === PAGE_NAMES[0] ? "\n" : ""}Lighthouse mobile, ${name}: performance ${lh.score ?? "—"} ` +
        `(median of ${page.scores.join(", ")}); FCP ${ms(lh.fcpMs)}, LCP ${ms(lh.lcpMs)}, ` +
        `TBT ${ms(lh.tbtMs)}, CLS ${fixed(lh.cls, 3)}, Speed Index ${ms(lh.speedIndexMs)}`,
    );
  }

  const rss = results.rss;
  console.log(
    `\nServer RSS, peak during the home load: PGlite ${fixed(rss.pglite.cachedHomePeakMb, 0)} MB cached, ` +
      `${fixed(rss.pglite.uncachedHomePeakMb, 0)} MB uncached; PostgreSQL ` +
      (rss.postgres
        ? `${fixed(rss.postgres.cachedHomePeakMb, 0)} MB cached, ${fixed(rss.postgres.uncachedHomePeakMb, 0)} MB uncached`
        : "not measured"),
  );
  const fill = results.postgres?.cacheFill;
  if (fill) {
    console.log(
      `Cache fill, PostgreSQL: ${int(fill.urls)} distinct page URLs, RSS ${fixed(fill.startMb, 0)} MB at start, ` +
        `${fixed(fill.filledMb, 0)} MB after, ${fixed(fill.peakMb, 0)} MB peak ` +
        `(${fill.peakMb !== null && fill.peakMb <= CACHE_FILL_BUDGET_MB ? "PASS" : "MISS"}, ≤ ${CACHE_FILL_BUDGET_MB} MB)`,
    );
  }
  if (results.large) {
    console.log(
      `Large catalogue (${int(results.large.plans)} plans): PLP uncached ${int(results.large.plpUncached?.load?.rps)} req/s, ` +
        `p99 ${ms(results.large.plpUncached?.load?.p99Ms)}; search p95 ${ms(results.large.search?.p95Ms ?? null, 2)}`,
    );
  }

  if (results.cluster) {
    const lines = clusterSummary(results.cluster, results.static?.load?.rps ?? null);
    if (lines.length) console.log(`\n${lines.join("\n")}`);
  }

  console.log("\nBudgets (tracked, never failing the run)");
  console.log(
    table(
      ["budget", "target", "measured", "status"],
      results.budgets.map((b) => [
        b.label,
        b.target,
        b.value === null
          ? "—"
          : `${fixed(b.value, b.unit === "ms" ? 2 : b.unit === "kB" ? 1 : b.unit === "×" ? 2 : 0)} ${b.unit}`.trim(),
        b.note ? `${b.status} (${b.note})` : b.status,
      ]),
    ),
  );
  for (const note of results.notes) console.log(`note: ${note}`);
  console.log(`The whole bench took ${fixed((Date.now() - started) / 1000, 0)} s.`);
  if (results.errors.length) {
    console.log(`\n${results.errors.length} phase(s) failed:`);
    for (const error of results.errors) console.log(`  ${error.phase}: ${error.message.split("\n")[0]}`);
  }
}

await runTool(main, (error) => recordError("bench", error));
