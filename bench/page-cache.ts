import { CACHE_FILL_BUDGET_MB, CACHE_FILL_URLS, cacheFillPaths, fillCache } from "./lib/cache-fill.ts";
import { onCleanup, runTool, spawnTracked, waitForExit } from "./lib/children.ts";
import { fixed } from "./lib/format.ts";
import { createScratchDatabase, DEFAULT_POSTGRES_URL } from "./lib/postgres.ts";
import { ensureFreshBuild } from "./lib/quick.ts";
import { rssMb, startStoreServer, waitUntilIdle } from "./lib/servers.ts";

/**
 * `node bench/page-cache.ts`: the anonymous HTML cache under distinct URLs (issue 14, item 3; issue 32, item 4;
 * ADRs 0179, 0315). One production server over a freshly seeded PostgreSQL database (DATABASE_URL's server or the
 * local default); 5,000 GETs of distinct real pages (bench/lib/cache-fill.ts: random keywords, unknown marketing
 * codes, an unknown parameter), the row `npm run bench` prints as "cache fill". Prints the server's RSS after the
 * fill against the budget, and again once the entries have expired and been swept. BENCH_BUILD_DIR as
 * bench/page.ts; BENCH_CACHE_URLS for another count.
 */

const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
const URLS = Number(process.env.BENCH_CACHE_URLS ?? String(CACHE_FILL_URLS));
const TTL_MS = 30_000;

async function main() {
  ensureFreshBuild(buildDir);
  // PostgreSQL, as deployed: PGlite would run the database inside the server process and count in its RSS.
  const adminUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
  const scratch = await createScratchDatabase(adminUrl);
  if (!scratch) throw new Error("no PostgreSQL reachable (DATABASE_URL or the local default)");
  onCleanup(() => scratch.drop());
  console.log(`seeding PostgreSQL database ${scratch.name}…`);
  const prepared = spawnTracked(
    ["bench/lib/prepare-db.ts"],
    { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: "", LOG_LEVEL: "warn" },
    "seed",
  );
  await waitForExit(prepared, "seed", 400_000);

  const server = await startStoreServer({
    label: "store",
    buildDir,
    databaseUrl: scratch.url,
    htmlCacheTtlMs: TTL_MS,
  });
  await waitUntilIdle([server.pid]);
  const fill = await fillCache(server, cacheFillPaths(URLS));
  console.log(
    `${URLS} distinct page URLs in ${fixed(fill.seconds, 1)} s (${fill.failed} not OK): RSS ${fixed(fill.startMb, 0)} MB ` +
      `at start, ${fixed(fill.filledMb, 0)} MB after the fill, ${fixed(fill.peakMb, 0)} MB peak`,
  );
  // Past the time to live and one sweep, the pages are gone whether or not their URLs come back.
  await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2 + 1_000));
  const sweptMb = rssMb(server.pid);
  console.log(`RSS ${fixed(sweptMb, 0)} MB after the entries expired (nothing requested meanwhile)`);
  const met = fill.peakMb !== null && fill.peakMb <= CACHE_FILL_BUDGET_MB;
  console.log(
    `${met ? "PASS" : "MISS"}  cache fill, ${URLS} distinct page URLs, PostgreSQL: peak RSS ${fixed(fill.peakMb, 0)} MB ` +
      `(≤ ${CACHE_FILL_BUDGET_MB} MB)`,
  );
  if (!met) process.exitCode = 1;
  await server.stop();
}

await runTool(main);
