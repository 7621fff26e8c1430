import { runTool } from "./lib/children.ts";
import { measureFirstLoad } from "./lib/first-load.ts";
import { kb } from "./lib/format.ts";
import { BROWSER_HEADERS } from "./lib/load.ts";
import { PAGE_NAMES, pagePath } from "./lib/pages.ts";
import { ensureFreshBuild, smallDatabase } from "./lib/quick.ts";
import { startStoreServer } from "./lib/servers.ts";

/**
 * `node bench/first-load.ts`: the quick loop for the first-load JS budget (ADR 0417: ≤ 150 kB gzipped on home, plp
 * and pdp). One production server over a copy of today's small database, then each store page's first-load JS
 * (`measureFirstLoad`, as `npm run bench` counts it) with its chunks, largest first. BENCH_BUILD_DIR (default
 * build-bench) is rebuilt when stale. No Lighthouse: `node bench/page.ts` runs it for one page.
 */

const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
const BUDGET_KB = 150;

async function main() {
  ensureFreshBuild(buildDir);
  const { dataDir, prepared } = await smallDatabase("esim-bench-first-load-");
  const server = await startStoreServer({ label: "store", buildDir, dataDir, htmlCacheTtlMs: 30_000 });
  try {
    for (const page of PAGE_NAMES) {
      const url = `${server.url}${pagePath(page, prepared.planCode ?? "unknown")}`;
      // The first render waits for lazy chunks behind Suspense; measure a typical (second) one.
      await fetch(url, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer());
      const fl = await measureFirstLoad(url, BROWSER_HEADERS);
      const verdict = fl.jsGzipBytes / 1000 <= BUDGET_KB ? "PASS" : "MISS";
      console.log(
        `${page}: first-load JS ${kb(fl.jsGzipBytes)} gzipped (≤ ${BUDGET_KB} kB: ${verdict}), ` +
          `${kb(fl.jsRawBytes)} raw, ${fl.chunks.length} chunks`,
      );
      for (const chunk of [...fl.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
        console.log(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.path}`);
      }
    }
  } finally {
    await server.stop();
  }
}

runTool(main);
