import { existsSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { LARGE_CATALOGUE_PLANS, seedLarge } from "../db/seed/large.ts";
import { createSearchRepo } from "../server/modules/search/repo.ts";
import { createSearchService } from "../server/modules/search/service.ts";

/**
 * Search p95 on the large catalogue (ADR 0080): a few hundred mixed queries (names in three scripts, typos,
 * prefixes, codes, cities, regions, misses) through the search service, in-process, against PGlite and, when
 * DATABASE_URL is set, PostgreSQL. With BENCH_BASE_URL it also times the HTTP endpoint end to end.
 *
 *   npx node bench/search.ts                       # PGlite in DATA_DIR (seeded to 10,000 plans first)
 *   DATABASE_URL=postgres://…/scratch npx node bench/search.ts
 *
 * Env: BENCH_LARGE_DATA_DIR (a PGlite data dir copy, from npm run bench), DATA_DIR, DATABASE_URL,
 * BENCH_BASE_URL, BENCH_ROUNDS (default 3), BENCH_JSON=1 (the last line is JSON; p95Ms is PGlite's p95).
 */

const QUERIES = [
  // names, three scripts
  "japan",
  "Japan",
  "日本",
  "日本國",
  "korea",
  "south korea",
  "韩国",
  "南韓",
  "thailand",
  "泰国",
  "泰國",
  "united states",
  "美国",
  "美國",
  "china",
  "中国",
  "中國",
  "united kingdom",
  "英国",
  "taiwan",
  "台湾",
  "台灣",
  "singapore",
  "新加坡",
  "france",
  "法国",
  "italy",
  "意大利",
  "malaysia",
  "vietnam",
  "越南",
  "australia",
  "澳大利亚",
  "spain",
  "germany",
  "德国",
  "hong kong",
  "香港",
  "macau",
  "澳門",
  "indonesia",
  "philippines",
  "turkey",
  "switzerland",
  "瑞士",
  "new zealand",
  "canada",
  "加拿大",
  "uae",
  "mexico",
  "netherlands",
  "portugal",
  "greece",
  "austria",
  "india",
  "egypt",
  "saudi arabia",
  "ireland",
  "brazil",
  "cambodia",
  "maldives",
  "iceland",
  "czechia",
  "belgium",
  "sweden",
  "norway",
  "denmark",
  "finland",
  "poland",
  "hungary",
  "israel",
  "qatar",
  "morocco",
  "south africa",
  "argentina",
  "sri lanka",
  "nepal",
  "laos",
  "kenya",
  "peru",
  "chile",
  "colombia",
  "mongolia",
  "fiji",
  "croatia",
  "romania",
  // typos
  "japn",
  "jpaan",
  "koera",
  "thailnd",
  "singapor",
  "frnace",
  "itlay",
  "germny",
  "austrlia",
  "vietnma",
  "malaysa",
  "indonesa",
  "phillipines",
  "switzerlnd",
  "portgual",
  "amercia",
  "brtain",
  "mexcio",
  "canda",
  "egpyt",
  "icelnd",
  "newzealand",
  "hongkong",
  "taiwn",
  "chinaa",
  // prefixes
  "j",
  "ja",
  "jap",
  "ko",
  "kor",
  "th",
  "tha",
  "sin",
  "fr",
  "fra",
  "it",
  "ita",
  "ge",
  "ger",
  "au",
  "aus",
  "uni",
  "new",
  "sou",
  "ma",
  "mal",
  "ind",
  "phi",
  "sw",
  "swi",
  "por",
  "gr",
  "no",
  "de",
  "den",
  "ca",
  "can",
  "日",
  "韩",
  "泰",
  "美",
  "中",
  "英",
  "台",
  "法",
  "意",
  "德",
  "澳",
  "香",
  "新",
  // country codes
  "jp",
  "kr",
  "th",
  "us",
  "cn",
  "gb",
  "tw",
  "sg",
  "fr",
  "de",
  "es",
  "hk",
  "mo",
  "au",
  "nz",
  "ae",
  "mx",
  "uk",
  // cities and aliases
  "paris",
  "巴黎",
  "tokyo",
  "东京",
  "東京",
  "osaka",
  "seoul",
  "首尔",
  "bangkok",
  "曼谷",
  "london",
  "伦敦",
  "new york",
  "纽约",
  "rome",
  "barcelona",
  "berlin",
  "bali",
  "巴厘岛",
  "dubai",
  "迪拜",
  "istanbul",
  "sydney",
  "hawaii",
  "夏威夷",
  "kyoto",
  "phuket",
  "hanoi",
  "kuala lumpur",
  "amsterdam",
  "prague",
  "vienna",
  "zurich",
  "lisbon",
  "athens",
  "cairo",
  "toronto",
  "vancouver",
  "cancun",
  "nihon",
  "nippon",
  "holland",
  "deutschland",
  "espana",
  "burma",
  "schengen",
  "apac",
  // regions and global
  "europe",
  "欧洲",
  "歐洲",
  "asia",
  "亚洲",
  "north america",
  "北美",
  "latin america",
  "south america",
  "middle east",
  "africa",
  "非洲",
  "oceania",
  "大洋洲",
  "global",
  "全球",
  "worldwide",
  "world",
  // misses and noise
  "qqqq",
  "zzxy",
  "esim",
  "unlimited",
  "无限流量",
  "5g",
  "data plan",
  "x",
  "!!",
  "a b c",
];

interface Stats {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    queries: sorted.length,
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    meanMs: round(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
  };
}

/** A fixed shuffle, so every run asks the same questions in the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

async function measureDatabase(label: string, database: DatabaseHandle) {
  await database.migrate();
  const seeded = await seedLarge(database.db);
  const service = createSearchService(createSearchRepo(database.db));
  const built = performance.now();
  await service.ensureTerms();
  const buildMs = performance.now() - built;
  // Warm-up: plans, caches and the JIT, not measured.
  for (const query of QUERIES.slice(0, 40)) await service.associations(query, "en_US");
  const samples: number[] = [];
  // PGlite runs inside this process, so its CPU time per query is the query's own cost, free of the waiting a
  // busy machine adds to wall time (for PostgreSQL it only counts the client side).
  const cpuSamples: number[] = [];
  const byQuery = new Map<string, number>();
  let empty = 0;
  for (let round = 0; round < rounds; round++) {
    for (const query of shuffled(QUERIES, round + 1)) {
      const locale = round % 3 === 0 ? "en_US" : round % 3 === 1 ? "zh_CN" : "zh_HK";
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const results = await service.associations(query, locale);
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      cpuSamples.push((cpu.user + cpu.system) / 1000);
      samples.push(elapsed);
      byQuery.set(query, Math.max(byQuery.get(query) ?? 0, elapsed));
      if (results.length === 0) empty++;
    }
  }
  // The machine's own noise floor: the cheapest possible round trip to the same database.
  const floor: number[] = [];
  for (let i = 0; i < 100; i++) {
    const started = performance.now();
    await database.ping();
    floor.push(performance.now() - started);
  }
  const slowest = [...byQuery].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const cpu = stats(cpuSamples);
  const result = {
    ...stats(samples),
    cpuP50Ms: cpu.p50Ms,
    cpuP95Ms: cpu.p95Ms,
    plans: seeded.total,
    termBuildMs: Math.round(buildMs),
    emptyResults: empty,
    noiseFloorP95Ms: stats(floor).p95Ms,
    slowest: Object.fromEntries(slowest.map(([query, time]) => [query, Math.round(time * 100) / 100])),
  };
  console.log(
    `${label}: ${result.queries} queries over ${result.plans} plans: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, ` +
      `p99 ${result.p99Ms} ms, max ${result.maxMs} ms; process CPU per query p50 ${result.cpuP50Ms} ms, ` +
      `p95 ${result.cpuP95Ms} ms (terms built in ${result.termBuildMs} ms; ` +
      `"select 1" p95 ${result.noiseFloorP95Ms} ms; slowest ${JSON.stringify(result.slowest)})`,
  );
  return result;
}

async function measureHttp(baseUrl: string) {
  const samples: number[] = [];
  for (const query of shuffled(QUERIES, 7)) {
    const url = `${baseUrl}/o2srh/v1/pub/cmi-package/search-result?keyword=${encodeURIComponent(query)}`;
    const started = performance.now();
    const response = await fetch(url, { headers: { "x-lang": "en_US" } });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  const result = stats(samples);
  console.log(`HTTP ${baseUrl}: ${result.queries} requests, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
  return result;
}

function pgliteDir(): string {
  const dir = process.env.BENCH_LARGE_DATA_DIR ?? process.env.DATA_DIR ?? ".data";
  // openDatabase keeps PGlite's files in <DATA_DIR>/pg; accept a copy of either folder.
  return existsSync(path.join(dir, "pg")) || !existsSync(path.join(dir, "PG_VERSION"))
    ? dir
    : path.dirname(dir);
}

const report: Record<string, unknown> = {};
const pglite = await openDatabase({ dataDir: pgliteDir() });
try {
  const result = await measureDatabase("PGlite", pglite);
  report.p95Ms = result.p95Ms;
  report.pglite = result;
} finally {
  await pglite.close();
}
if (process.env.DATABASE_URL) {
  const postgres = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
  try {
    report.postgres = await measureDatabase("PostgreSQL", postgres);
  } finally {
    await postgres.close();
  }
}
if (process.env.BENCH_BASE_URL)
  report.http = await measureHttp(process.env.BENCH_BASE_URL.replace(/\/$/, ""));
report.largeCataloguePlans = LARGE_CATALOGUE_PLANS;
console.log(JSON.stringify(report));
