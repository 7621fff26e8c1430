import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildState } from "../scripts/build-freshness.ts";
import { runTool } from "./lib/children.ts";
import { measureFirstLoad } from "./lib/first-load.ts";
import { fixed, kb, ms, table } from "./lib/format.ts";
import { calibrateCpu, calibrationLine, type LighthouseResult, runLighthouse } from "./lib/lighthouse.ts";
import { BROWSER_HEADERS } from "./lib/load.ts";
import { PAGE_NAMES, type PageName, pagePath } from "./lib/pages.ts";
import { smallDatabase } from "./lib/quick.ts";
import { type RunningServer, startStoreServer } from "./lib/servers.ts";

/**
 * `node bench/renderers.ts` (issue 33, ADR 0402): the browser hydrating with Preact (the default build, ADR 0292)
 * and with React (`HYDRATE_WITH=react`), measured side by side in one run. Both builds are made when stale
 * (build-bench-preact, build-bench-react), each served by its own production server over a copy of today's small
 * seeded database; then, for home, plp and pdp, first-load JS (gzip) and `BENCH_LIGHTHOUSE_RUNS` (3) calibrated
 * Lighthouse mobile runs each, the two builds' runs interleaved so the machine's other load falls on both alike.
 * It prints each page's median by score, the median TBT, and the decision rule of issue 33: keep Preact only if
 * React costs more than 5 points or 150 ms of TBT on a page's median. Results go to bench/results/renderers-*.json.
 * The figures mean something on an idle machine only: the load average is printed beside them.
 */

type Renderer = "preact" | "react";
const RENDERERS: Renderer[] = ["preact", "react"];
const BUILD_DIRS: Record<Renderer, string> = { preact: "build-bench-preact", react: "build-bench-react" };
/** Issue 33's rule: React stays unless it costs more than this on a page's median run. */
const MAX_SCORE_COST = 5;
const MAX_TBT_COST_MS = 150;

const runsVar = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? "3");
const runs = Number.isInteger(runsVar) && runsVar >= 1 ? runsVar : 3;

/** Builds `renderer`'s bundle into its folder unless a build of the same renderer there is newer than the sources. */
function ensureBuild(renderer: Renderer): void {
  const dir = BUILD_DIRS[renderer];
  const marker = path.join(dir, "hydrate-with");
  const same = existsSync(marker) && readFileSync(marker, "utf8") === renderer;
  if (same && buildState(dir) === "fresh") return;
  console.log(`building the ${renderer} browser bundle into ${dir}…`);
  const built = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, BUILD_DIR: dir, HYDRATE_WITH: renderer },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) throw new Error(`npm run build (${renderer}) failed (${built.status})`);
  writeFileSync(marker, renderer);
}

interface PageFigures {
  firstLoadJsGzipBytes: number;
  chunks: number;
  runs: LighthouseResult[];
  median: LighthouseResult;
  medianTbtMs: number | null;
}

function median<T>(values: T[], by: (value: T) => number): T {
  const sorted = [...values].sort((a, b) => by(a) - by(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function main() {
  const loadAtStart = os.loadavg();
  for (const renderer of RENDERERS) ensureBuild(renderer);

  const servers = {} as Record<Renderer, RunningServer>;
  let planCode = "unknown";
  for (const renderer of RENDERERS) {
    const { dataDir, prepared } = await smallDatabase(`esim-bench-${renderer}-`);
    planCode = prepared.planCode ?? planCode;
    servers[renderer] = await startStoreServer({
      label: renderer,
      buildDir: BUILD_DIRS[renderer],
      dataDir,
      htmlCacheTtlMs: 600_000,
    });
  }
  const urlOf = (renderer: Renderer, page: PageName) => `${servers[renderer].url}${pagePath(page, planCode)}`;

  // Every page rendered once, so the measured loads are cache hits as a shopper's are.
  for (const renderer of RENDERERS) {
    for (const page of PAGE_NAMES) await fetch(urlOf(renderer, page), { headers: BROWSER_HEADERS });
  }

  const calibration = await calibrateCpu(urlOf("preact", "home"));
  console.log(
    `Lighthouse calibration: ${calibrationLine(calibration)}; load average ${fixed(os.loadavg()[0])}`,
  );

  const figures = {} as Record<Renderer, Partial<Record<PageName, PageFigures>>>;
  for (const renderer of RENDERERS) figures[renderer] = {};
  for (const page of PAGE_NAMES) {
    const collected: Record<Renderer, LighthouseResult[]> = { preact: [], react: [] };
    for (let run = 1; run <= runs; run++) {
      // Interleaved, and the first build alternating, so drift in the machine's load falls on both builds.
      const order = run % 2 === 1 ? RENDERERS : [...RENDERERS].reverse();
      for (const renderer of order) {
        const result = await runLighthouse(urlOf(renderer, page), undefined, calibration.cpuSlowdown);
        console.log(
          `  ${page} ${renderer} run ${run}: score ${result.score ?? "—"}, TBT ${ms(result.tbtMs)}, ` +
            `LCP ${ms(result.lcpMs)} (load average ${fixed(os.loadavg()[0])})`,
        );
        collected[renderer].push(result);
      }
    }
    for (const renderer of RENDERERS) {
      const firstLoad = await measureFirstLoad(urlOf(renderer, page), BROWSER_HEADERS);
      const results = collected[renderer];
      figures[renderer][page] = {
        firstLoadJsGzipBytes: firstLoad.jsGzipBytes,
        chunks: firstLoad.chunks.length,
        runs: results,
        median: median(results, (r) => r.score ?? -1),
        medianTbtMs: median(results, (r) => r.tbtMs ?? Number.POSITIVE_INFINITY).tbtMs,
      };
    }
  }
  const loadAtEnd = os.loadavg();
  for (const renderer of RENDERERS) await servers[renderer].stop();

  const rows: string[][] = [];
  const costs: string[] = [];
  let reactTooCostly = false;
  for (const page of PAGE_NAMES) {
    for (const renderer of RENDERERS) {
      const f = figures[renderer][page]!;
      rows.push([
        page,
        renderer,
        f.runs.map((r) => r.score ?? "—").join(", "),
        String(f.median.score ?? "—"),
        ms(f.medianTbtMs),
        ms(f.median.lcpMs),
        kb(f.firstLoadJsGzipBytes),
      ]);
    }
    const preact = figures.preact[page]!;
    const react = figures.react[page]!;
    const scoreCost = (preact.median.score ?? 0) - (react.median.score ?? 0);
    const tbtCost = (react.medianTbtMs ?? 0) - (preact.medianTbtMs ?? 0);
    const over = scoreCost > MAX_SCORE_COST || tbtCost > MAX_TBT_COST_MS;
    reactTooCostly ||= over;
    costs.push(
      `${page}: React costs ${scoreCost} point(s), ${ms(tbtCost)} TBT, ` +
        `${kb(react.firstLoadJsGzipBytes - preact.firstLoadJsGzipBytes)} first-load JS${over ? "  (over the rule)" : ""}`,
    );
  }
  console.log(
    `\nPreact and React side by side: median of ${runs} Lighthouse mobile run(s) per page and build, ` +
      `${calibrationLine(calibration)}`,
  );
  console.log(
    table(
      [
        "page",
        "hydrates with",
        "scores",
        "median score",
        "median TBT",
        "LCP (median run)",
        "first-load JS gz",
      ],
      rows,
    ),
  );
  for (const line of costs) console.log(`  ${line}`);
  // kB of 1,000 bytes, as every first-load figure and budget of the bench (bench/lib/format.ts, bench/budgets.ts).
  const reactBudgetKb =
    Math.max(...PAGE_NAMES.map((page) => figures.react[page]!.firstLoadJsGzipBytes)) / 1000;
  console.log(
    `\nIssue 33's rule (keep Preact only if React costs > ${MAX_SCORE_COST} points or > ${MAX_TBT_COST_MS} ms TBT on a ` +
      `page's median): ${reactTooCostly ? "keep Preact" : "hydrate with React"}. React's largest first-load JS ` +
      `${fixed(reactBudgetKb)} kB gzip (budget if React stays: ≤ 150 kB) ${reactBudgetKb <= 150 ? "PASS" : "MISS"}.`,
  );
  console.log(
    `Load average (1, 5, 15 min) at the start ${loadAtStart.map((l) => fixed(l)).join(", ")}, at the end ` +
      `${loadAtEnd.map((l) => fixed(l)).join(", ")} on ${os.cpus().length} cores` +
      (loadAtStart[0]! > os.cpus().length / 2
        ? ": the machine was busy, the figures are indicative only."
        : "."),
  );

  mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `renderers-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { calibration, loadAtStart, loadAtEnd, runs, figures, keepPreact: reactTooCostly },
      null,
      2,
    ),
  );
  console.log(`Results: ${file}`);
}

await runTool(main);
