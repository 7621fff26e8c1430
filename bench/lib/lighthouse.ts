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

/**
 * Lighthouse's default (mobile) configuration, simulated throttling, the performance category only. `reportFile`
 * keeps the whole report (every audit's details) as JSON.
 */
export async function runLighthouse(url: string, reportFile?: string): Promise<LighthouseResult> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), "esim-bench-chrome-"));
  const chrome = await chromeLauncher.launch({
    chromePath: await chromePath(),
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      formFactor: "mobile",
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
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
