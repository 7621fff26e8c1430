import { existsSync } from "node:fs";
import { spawnTracked, waitForExit } from "./children.ts";

export const SEARCH_SCRIPT = "bench/search.ts";
const TIMEOUT_MS = 150_000;

export interface SearchResult {
  p95Ms: number | null;
  /** The JSON line the script printed last, when it printed one. */
  reported: unknown;
  output: string;
}

/** The first number under a key that mentions p95 (p95, p95Ms, search.p95 …), depth first. */
function findP95(value: unknown): number | null {
  if (!value || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (/p95/i.test(key) && typeof inner === "number") return inner;
  }
  for (const inner of Object.values(value)) {
    const found = findP95(inner);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Runs bench/search.ts (written separately) as a child, when it exists, against the large catalogue:
 * BENCH_BASE_URL is a production server over it (HTML cache off), BENCH_LARGE_DATA_DIR a private copy of its
 * PGlite data for in-process measurements, BENCH_JSON=1 asks for a JSON line. The p95 is read from the last
 * JSON line printed (any key containing "p95", in ms), or else from text such as "p95 4.2 ms".
 */
export async function runSearchBench(env: Record<string, string>): Promise<SearchResult | null> {
  if (!existsSync(SEARCH_SCRIPT)) return null;
  const spawned = spawnTracked(
    [SEARCH_SCRIPT],
    // DATABASE_URL is blanked: the script would otherwise top up whatever database it names to 10,000 plans.
    { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env, BENCH_JSON: "1" },
    "bench/search.ts",
    64_000,
  );
  const output = await waitForExit(spawned, SEARCH_SCRIPT, TIMEOUT_MS);
  let reported: unknown = null;
  for (const line of output.trim().split("\n").reverse()) {
    const trimmed = line.trim();
    if (!trimmed.startsWith("{")) continue;
    try {
      reported = JSON.parse(trimmed);
      break;
    } catch {
      // not JSON after all
    }
  }
  let p95Ms = findP95(reported);
  if (p95Ms === null) {
    const match = /p95[^0-9\n]*([0-9]+(?:\.[0-9]+)?)\s*ms/i.exec(output);
    p95Ms = match ? Number(match[1]) : null;
  }
  return { p95Ms, reported, output };
}
