import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseResult {
  url: string;
  /** 0-100, as Lighthouse shows it. */
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  /** Lighthouse's CPU benchmark of this machine (~1000+ on a quiet desktop); low means its timings are inflated. */
  benchmarkIndex: number | null;
  /** The CPU slowdown the run simulated (`calibratedCpuSlowdown`, or Lighthouse's default 4). */
  cpuSlowdown: number;
  /** Performance audits that did not pass, worst first: what to work on for a better score. */
  failing: Array<{ id: string; title: string; score: number | null; displayValue?: string }>;
  warnings: string[];
}

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function chromePath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const chromium = (await import("@sparticuz/chromium")).default;
  return chromium.executablePath();
}

/** Lighthouse's own mobile CPU slowdown, used when a run is not calibrated. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * DevTools' CPU calibration (issue 33): its mid-tier phone, a Pixel 5, scores 1,000 on Lighthouse's benchmark, so
 * a host scoring N emulates that phone at N ÷ 1,000 times slower. Lighthouse's fixed 4× made a slower host emulate
 * a weaker phone (a host of index 2,600 scored home 76–81 where one of 4,000 scored 100). Never below 1: a host
 * slower than the phone cannot be sped up.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round(benchmarkIndex / 10) / 100);
}

/**
 * The host's Lighthouse benchmark index, measured before the runs: the median of `samples` short Lighthouse runs
 * against `url` (one cheap audit; Lighthouse measures the index at the start of every run, in the page's Chrome).
 */
export async function measureBenchmarkIndex(url: string, samples = 3): Promise<number> {
  const indexes: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const lhr = await withChrome((port) =>
      lighthouse(url, { port, output: "json", logLevel: "error", onlyAudits: ["viewport"] }),
    );
    const index = lhr?.lhr.environment?.benchmarkIndex;
    if (typeof index === "number" && index > 0) indexes.push(index);
  }
  if (indexes.length === 0) throw new Error("Lighthouse measured no benchmark index");
  indexes.sort((a, b) => a - b);
  return indexes[Math.floor((indexes.length - 1) / 2)]!;
}

async function withChrome<T>(work: (port: number) => Promise<T>): Promise<T> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), "esim-bench-chrome-"));
  const chrome = await chromeLauncher.launch({
    chromePath: await chromePath(),
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: "silent",
  });
  try {
    return await work(chrome.port);
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse's default (mobile) configuration, simulated throttling, the performance category only, with the CPU
 * slowdown `cpuSlowdown` (a calibrated one from `calibratedCpuSlowdown`; Lighthouse's 4 without). `reportFile`
 * keeps the whole report (every audit's details) as JSON.
 */
export async function runLighthouse(
  url: string,
  reportFile?: string,
  cpuSlowdown = DEFAULT_CPU_SLOWDOWN,
): Promise<LighthouseResult> {
  return withChrome(async (port) => {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      formFactor: "mobile",
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr, null, 2));
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const score = lhr.categories.performance?.score;
    return {
      url,
      score: typeof score === "number" ? Math.round(score * 100) : null,
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: numeric("speed-index"),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      cpuSlowdown: lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? cpuSlowdown,
      failing: (lhr.categories.performance?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && typeof audit.score === "number" && audit.score < 0.9)
        .map((audit) => ({
          id: audit!.id,
          title: audit!.title,
          score: audit!.score,
          displayValue: audit!.displayValue,
        }))
        .sort((a, b) => (a.score ?? 0) - (b.score ?? 0)),
      warnings: [...(lhr.runWarnings ?? []), ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])],
    };
  });
}

export interface CpuCalibration {
  /** The host's benchmark index measured before the runs; null when BENCH_CPU_SLOWDOWN fixed the slowdown. */
  benchmarkIndex: number | null;
  /** What every run of this bench simulates: benchmark index ÷ 1,000, or BENCH_CPU_SLOWDOWN. */
  cpuSlowdown: number;
}

/**
 * The CPU slowdown of this bench's Lighthouse runs (issue 33): calibrated to the host (`measureBenchmarkIndex`
 * against `url`, then `calibratedCpuSlowdown`), unless BENCH_CPU_SLOWDOWN names one (4 gives Lighthouse's default).
 */
export async function calibrateCpu(url: string): Promise<CpuCalibration> {
  const fixedSlowdown = Number(process.env.BENCH_CPU_SLOWDOWN);
  if (process.env.BENCH_CPU_SLOWDOWN && Number.isFinite(fixedSlowdown) && fixedSlowdown >= 1) {
    return { benchmarkIndex: null, cpuSlowdown: fixedSlowdown };
  }
  const benchmarkIndex = await measureBenchmarkIndex(url);
  return { benchmarkIndex, cpuSlowdown: calibratedCpuSlowdown(benchmarkIndex) };
}

/** One line saying how the runs were calibrated, printed with their results. */
export function calibrationLine(calibration: CpuCalibration): string {
  return calibration.benchmarkIndex === null
    ? `CPU slowdown ${calibration.cpuSlowdown}× (fixed by BENCH_CPU_SLOWDOWN)`
    : `CPU slowdown ${calibration.cpuSlowdown}× = host benchmark index ${Math.round(calibration.benchmarkIndex)} ÷ 1,000 (a Pixel 5 scores 1,000)`;
}
