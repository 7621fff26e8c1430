import { randomBytes } from "node:crypto";
import { BROWSER_HEADERS } from "./load.ts";
import { type RunningServer, rssMb } from "./servers.ts";

/** The RSS a production server on PostgreSQL may reach while 5,000 distinct pages fill its cache (issue 32). */
export const CACHE_FILL_BUDGET_MB = 350;
export const CACHE_FILL_URLS = 5_000;

/**
 * Distinct real page URLs as a crawler, a campaign mailing or a fuzzer sends them (issue 32, item 4): product lists
 * searched for random keywords, home and the product list with unknown marketing codes, in every locale, with and
 * without a filter the shop's own links carry, and a parameter no page reads. Each is asked for once.
 */
export function cacheFillPaths(count: number): string[] {
  const patterns = [
    (value: string) => `/plp?keyword=${value}`,
    (value: string) => `/?marketingCode=${value}`,
    (value: string) => `/plp?marketingCode=${value}`,
    (value: string) => `/zh_CN/plp?keyword=${value}`,
    (value: string) => `/zh_HK?marketingCode=${value}`,
    (value: string) => `/plp?type=COUNTRY&keyword=${value}`,
    (value: string) => `/?x=${value}`,
  ];
  return Array.from({ length: count }, (_, n) => {
    const pattern = patterns[n % patterns.length] as (value: string) => string;
    return pattern(randomBytes(6).toString("hex"));
  });
}

export interface CacheFillResult {
  urls: number;
  failed: number;
  seconds: number;
  startMb: number | null;
  filledMb: number | null;
  /** The highest RSS sampled during the fill (every 250 requests) and after it. */
  peakMb: number | null;
}

/** GETs every path once, `concurrency` at a time, sampling the server's RSS (bench/page-cache.ts, npm run bench). */
export async function fillCache(
  server: RunningServer,
  paths: string[],
  concurrency = 8,
): Promise<CacheFillResult> {
  const startMb = rssMb(server.pid);
  let next = 0;
  let failed = 0;
  let peakMb = startMb ?? 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const target = paths[next++] as string;
        const response = await fetch(`${server.url}${target}`, { headers: BROWSER_HEADERS });
        await response.arrayBuffer();
        if (!response.ok) failed += 1;
        if (next % 250 === 0) peakMb = Math.max(peakMb, rssMb(server.pid) ?? 0);
      }
    }),
  );
  const filledMb = rssMb(server.pid);
  return {
    urls: paths.length,
    failed,
    seconds: (performance.now() - started) / 1000,
    startMb,
    filledMb,
    peakMb: Math.max(peakMb, filledMb ?? 0) || null,
  };
}
