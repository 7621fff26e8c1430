import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { buildState } from "../scripts/build-freshness.ts";
import { buildApp } from "../server/app.ts";
import { readEnv } from "../server/env.ts";
import { registerByEmail } from "../server/modules/account/account-test-kit.ts";
import { cleanupAll, onCleanup } from "./lib/children.ts";
import { fixed } from "./lib/format.ts";
import { measure } from "./lib/load.ts";
import { startStoreServer } from "./lib/servers.ts";

/**
 * `npx node bench/signed-in.ts`: issue 15's "a signed-in shopper gets the store pages as fast as a visitor"
 * (ADR 0246). One production server (`npm run build` first) over a seeded PGlite folder with a registered shopper;
 * home, plp and pdp requested with the shopper's session cookie, each checked to come from the shared template
 * (x-html-cache: hit, the shopper's name in the header), then loaded for BENCH_DURATION_S seconds with
 * BENCH_CONNECTIONS connections. Prints each page's req/s against the ≥ 1,000 target with PASS or MISS, and the
 * load average it ran under. BENCH_BUILD_DIR names the build (default build).
 */
const buildDir = process.env.BENCH_BUILD_DIR || "build";
const connections = Number(process.env.BENCH_CONNECTIONS ?? "10");
const durationS = Number(process.env.BENCH_DURATION_S ?? "10");
const TARGET_RPS = 1_000;
const PAGES = { home: "/", plp: "/plp?type=COUNTRY", pdp: "/pdp/JP-3GB-30D" } as const;

async function shopperToken(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedIfEmpty(database.db);
  const env = readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
  const app = await buildApp({ env, database, ssr: "none", logger: false });
  await app.server.ready();
  try {
    const { accessToken } = await registerByEmail(
      { server: app.server, services: app.services, database },
      "bench-shopper@example.com",
    );
    return accessToken;
  } finally {
    await app.server.close();
    await database.close();
  }
}

async function main() {
  if (buildState(buildDir) === "missing") throw new Error(`no build in ${buildDir}: run npm run build`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "esim-bench-signed-in-"));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  console.log("seeding PGlite and registering a shopper…");
  const token = await shopperToken(dataDir);
  const server = await startStoreServer({ label: "store", buildDir, dataDir, htmlCacheTtlMs: 30_000 });
  onCleanup(() => server.stop());
  const headers = { cookie: `esim_at=${token}` };
  const loadStart = os.loadavg()[0] ?? 0;
  const rows: { name: string; rps: number; hit: boolean; personal: boolean }[] = [];
  for (const [name, pagePath] of Object.entries(PAGES)) {
    const url = `${server.url}${pagePath}`;
    await fetch(url, { headers }).then((r) => r.arrayBuffer());
    const probe = await fetch(url, { headers: { ...headers, "accept-encoding": "identity" } });
    const html = await probe.text();
    const hit = probe.headers.get("x-html-cache") === "hit";
    const personal = html.includes("Account menu for bench-shopper");
    // The visitor's cached page on the same server, for comparison.
    const visitor = await measure({ url, connections, durationS, warmupS: 2 });
    const load = await measure({ url, connections, durationS, warmupS: 2, headers });
    rows.push({ name, rps: load.rps, hit, personal });
    console.log(`visitor   ${name.padEnd(4)} ${fixed(visitor.rps, 0).padStart(6)} req/s  (cached)`);
    console.log(
      `signed-in ${name.padEnd(4)} ${fixed(load.rps, 0).padStart(6)} req/s  ` +
        `${hit ? "from the shared template" : "NOT FROM THE CACHE"}` +
        `${personal ? "" : ", NO PERSONAL HEADER"}  ${load.rps >= TARGET_RPS && hit && personal ? "PASS" : "MISS"}`,
    );
  }
  const slowest = Math.min(...rows.map((row) => row.rps));
  const met = slowest >= TARGET_RPS && rows.every((row) => row.hit && row.personal);
  console.log(
    `\nIssue 15: signed-in store pages (home, plp, pdp), the slowest: ${fixed(slowest, 0)} req/s, target ≥ 1,000: ` +
      `${met ? "PASS" : "MISS"} (${connections} connections, ${os.cpus().length} cores, load average ` +
      `${fixed(loadStart)} at start, ${fixed(os.loadavg()[0] ?? 0)} at end)`,
  );
}

try {
  await main();
} finally {
  await cleanupAll();
}
