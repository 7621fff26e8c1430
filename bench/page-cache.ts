import { onCleanup, runTool, spawnTracked, waitForExit } from "./lib/children.ts";
import { fixed } from "./lib/format.ts";
import { BROWSER_HEADERS } from "./lib/load.ts";
import { createScratchDatabase, DEFAULT_POSTGRES_URL } from "./lib/postgres.ts";
import { ensureFreshBuild } from "./lib/quick.ts";
import { rssMb, startStoreServer } from "./lib/servers.ts";

/**
 * `node bench/page-cache.ts`: the anonymous HTML cache under unique URLs (issue 14, item 3; ADR 0179). One
 * production server over a freshly seeded PostgreSQL database (DATABASE_URL's server or the local default); 5,000 GETs to unique URLs, half with a query parameter no page
 * reads (`/?x=N`, which must share one entry) and half with one the product list reads (`/plp?keyword=N`, each
 * its own page, held within the cache's byte budget). Prints the server's RSS after the fill against the
 * budget, and again once the entries have expired and been swept. BENCH_BUILD_DIR as bench/page.ts.
 */

const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
const URLS = Number(process.env.BENCH_CACHE_URLS ?? "5000");
const CONCURRENCY = 8;
const TTL_MS = 30_000;
const BUDGET_MB = 350;

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
  const startMb = rssMb(server.pid);
  const paths = Array.from({ length: URLS }, (_, n) =>
    n % 2 === 0 ? `/?x=${n}` : `/plp?keyword=${encodeURIComponent(`bench-${n}`)}`,
  );
  let next = 0;
  let failed = 0;
  let peakMb = startMb ?? 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const target = paths[next++]!;
        const response = await fetch(`${server.url}${target}`, { headers: BROWSER_HEADERS });
        await response.arrayBuffer();
        if (!response.ok) failed += 1;
        if (next % 250 === 0) peakMb = Math.max(peakMb, rssMb(server.pid) ?? 0);
      }
    }),
  );
  const filledMb = rssMb(server.pid);
  peakMb = Math.max(peakMb, filledMb ?? 0);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${URLS} unique URLs in ${fixed(seconds, 1)} s (${failed} not OK): RSS ${fixed(startMb, 0)} MB at start, ` +
      `${fixed(filledMb, 0)} MB after the fill, ${fixed(peakMb, 0)} MB peak`,
  );
  // Past the time to live and one sweep, the pages are gone whether or not their URLs come back.
  await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2 + 1_000));
  const sweptMb = rssMb(server.pid);
  console.log(`RSS ${fixed(sweptMb, 0)} MB after the entries expired (nothing requested meanwhile)`);
  const met = peakMb <= BUDGET_MB;
  console.log(
    `${met ? "PASS" : "MISS"}  page cache, ${URLS} unique URLs: peak RSS ${fixed(peakMb, 0)} MB (≤ ${BUDGET_MB} MB)`,
  );
  if (!met) process.exitCode = 1;
  await server.stop();
}

await runTool(main);
