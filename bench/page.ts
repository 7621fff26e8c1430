import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runTool } from "./lib/children.ts";
import { measureFirstLoad } from "./lib/first-load.ts";
import { fixed, kb, ms } from "./lib/format.ts";
import { calibrateCpu, calibrationLine, runLighthouse } from "./lib/lighthouse.ts";
import { BROWSER_HEADERS } from "./lib/load.ts";
import { ensureFreshBuild, smallDatabase } from "./lib/quick.ts";
import { startStoreServer } from "./lib/servers.ts";

/**
 * `node bench/page.ts [path]`: the quick loop for front-end work (ADR 0143). One production server over a seeded
 * PGlite copy (today's bench template when there is one), then first-load JS and Lighthouse mobile for one page
 * (default "/"), with every failing audit; the whole Lighthouse report goes to bench/results/lighthouse-*.json.
 * BENCH_BUILD_DIR (default build-bench) is rebuilt when stale, as `npm run bench` does; BENCH_LIGHTHOUSE_RUNS
 * runs Lighthouse more than once (the score varies a few points between runs on a shared machine), 0 not at all.
 */

const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
const pagePath = process.argv[2] ?? "/";
const runsVar = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? "1");
const runs = Number.isInteger(runsVar) && runsVar >= 0 ? runsVar : 1;

async function main() {
  ensureFreshBuild(buildDir);
  const { dataDir } = await smallDatabase("esim-bench-page-");

  const server = await startStoreServer({ label: "store", buildDir, dataDir, htmlCacheTtlMs: 30_000 });
  const url = `${server.url}${pagePath}`;
  // A server's first render still waits for its lazy route and block chunks (they stream in behind Suspense); the
  // 30 s HTML cache would keep that first render. Render once under another URL so the measured page is typical:
  // the same page in another locale (a made-up query parameter would share the cache entry, ADR 0179).
  const warmUp = `${server.url}/zh_HK${pagePath === "/" ? "" : pagePath}`;
  await fetch(warmUp, { headers: BROWSER_HEADERS }).then((r) => r.arrayBuffer());
  const fl = await measureFirstLoad(url, BROWSER_HEADERS);
  console.log(
    `first-load JS ${kb(fl.jsGzipBytes)} gzipped (${kb(fl.jsRawBytes)} raw) in ${fl.chunks.length} chunks; ` +
      `CSS ${kb(fl.cssGzipBytes)} gzipped; HTML ${kb(fl.htmlBytes)} (${kb(fl.htmlGzipBytes)} gzipped)`,
  );
  for (const chunk of fl.chunks) console.log(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.path}`);

  mkdirSync("bench/results", { recursive: true });
  // Issue 33: the CPU slowdown is calibrated to this host before the runs.
  const calibration = runs > 0 ? await calibrateCpu(url) : null;
  if (calibration) console.log(`\nLighthouse calibration: ${calibrationLine(calibration)}`);
  for (let run = 1; run <= runs; run++) {
    const report = path.join(
      "bench/results",
      `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
    );
    const lh = await runLighthouse(url, report, calibration?.cpuSlowdown);
    console.log(
      `\nLighthouse ${run}/${runs}: score ${lh.score ?? "—"}; FCP ${ms(lh.fcpMs)}, LCP ${ms(lh.lcpMs)}, ` +
        `TBT ${ms(lh.tbtMs)}, CLS ${fixed(lh.cls, 3)}, SI ${ms(lh.speedIndexMs)} ` +
        `(benchmark index ${fixed(lh.benchmarkIndex, 0)}, CPU ${lh.cpuSlowdown}×, load ${fixed(os.loadavg()[0], 1)}); report ${report}`,
    );
    for (const audit of lh.failing) {
      console.log(`  ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    }
    for (const warning of lh.warnings) console.log(`  warning: ${warning}`);
  }
  await server.stop();
}

await runTool(main);
