import os from "node:os";
import autocannon from "autocannon";

/** What a browser's first request for a page carries (no cookies: an anonymous shopper). */
export const BROWSER_HEADERS: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-US,en;q=0.9",
  "user-agent": "Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140 Mobile",
};

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  warmupS: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  url: string;
  /** Completed responses per second over the measured window (warm-up excluded). */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean bytes per response, headers included. */
  bytesPerResponse: number;
  /** 1-minute load average when the measured window started: other work on the machine skews the figures. */
  loadAvg: number;
  durationS: number;
}

function run(options: LoadOptions, durationS: number) {
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: durationS,
    headers: { ...BROWSER_HEADERS, ...options.headers },
    timeout: 10,
  });
}

async function settle(options: LoadOptions) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const response = await fetch(options.url, { headers: { ...BROWSER_HEADERS, ...options.headers } });
  await response.arrayBuffer();
}

/** A short warm-up (discarded), then the measured run. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupS > 0) {
    await run(options, options.warmupS);
    // Requests the warm-up left in flight are still being served: let them drain before measuring.
    await settle(options);
  }
  const loadAvg = os.loadavg()[0] ?? 0;
  const result = await run(options, options.durationS);
  const responses = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    url: options.url,
    rps: responses / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: responses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: responses ? result.throughput.total / responses : 0,
    loadAvg,
    durationS: result.duration,
  };
}
