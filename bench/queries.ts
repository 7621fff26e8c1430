import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { readEnv } from "../server/env.ts";
import { recordQueries } from "../test/queries.ts";
import { BROWSER_HEADERS } from "./lib/load.ts";
import { PAGE_NAMES, PERSONAL_PAGE_NAMES, pagePath, personalPath } from "./lib/pages.ts";
import { productionEnv } from "./lib/servers.ts";
import { greetsBenchShopper } from "./lib/shopper.ts";

/**
 * `npx node bench/queries.ts`, run by `npm run bench` (issue 15, ADR 0305): the database statements of a warm
 * render of home, plp, pdp and a signed-in home, on the production renderer with the HTML cache off. Each page is
 * rendered twice in this process; the second render's statements are counted by `recordQueries`, the tests' own
 * counter. The job runner does not poll here, so nothing else sends a statement meanwhile.
 *
 * Env: DATA_DIR (a seeded PGlite copy no server holds) or DATABASE_URL, BUILD_DIR (a production build),
 * BENCH_PDP_PLAN (a plan code), BENCH_SHOPPER_TOKEN (the bench shopper's access token; without it the signed-in
 * home and the personal pages are skipped). Each count is printed with its statements, then a last line of JSON:
 * `{pages: {home: 0, …}, personal: {esimList: 2, …}, most}`, where `most` is the largest count of the store pages
 * (the issue's target).
 */

const plan = process.env.BENCH_PDP_PLAN || "JP-1GB-7D";
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || undefined,
});
const env = readEnv({
  ...process.env,
  ...productionEnv("http://127.0.0.1"),
  SSR_CACHE_TTL_MS: "0",
  // No job runs meanwhile: every statement sent while a page renders is the render's. (A database copied in an
  // earlier hour has its hourly session purge due, which would drop every shopper's cached session and leave the
  // personal caches keeping nothing for a few seconds, ADR 0283.)
  JOBS_POLL_MS: "0",
});
const app = await buildApp({ env, database, ssr: "production", buildDir: env.BUILD_DIR, logger: false });
await app.server.ready();

async function render(url: string, headers: Record<string, string>) {
  const res = await app.server.inject({
    method: "GET",
    url,
    headers: { ...BROWSER_HEADERS, "accept-encoding": "identity", ...headers },
  });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  return res.body;
}

/** The statements of the second of two renders of one page. */
async function warmRender(url: string, headers: Record<string, string> = {}) {
  await render(url, headers);
  let html = "";
  const statements = await recordQueries({ database }, async () => {
    html = await render(url, headers);
  });
  return { html, statements };
}

/** Each page's statements, by page name. */
const pages: Record<string, string[]> = {};
const personal: Record<string, string[]> = {};
for (const name of PAGE_NAMES) pages[name] = (await warmRender(pagePath(name, plan))).statements;
const token = process.env.BENCH_SHOPPER_TOKEN;
if (token) {
  const cookie = { cookie: `${ACCESS_TOKEN_COOKIE}=${token}` };
  const { html, statements } = await warmRender("/", cookie);
  // A render that fell back to the visitor's page would count the wrong thing.
  if (!greetsBenchShopper(html)) throw new Error("the signed-in home has no account menu");
  pages.signedInHome = statements;
  // For information (no target): the personal pages read the shopper's own rows on every render.
  for (const name of PERSONAL_PAGE_NAMES) {
    personal[name] = (await warmRender(personalPath(name, plan), cookie)).statements;
  }
}

for (const [name, statements] of Object.entries({ ...pages, ...personal })) {
  console.log(`${name}: ${statements.length} statement(s)`);
  for (const sql of statements) console.log(`  ${sql.replace(/\s+/g, " ").slice(0, 160)}`);
}
await app.server.close();
await database.close();
const counts = (counted: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(counted).map(([name, statements]) => [name, statements.length]));
const most = Math.max(...Object.values(pages).map((statements) => statements.length));
console.log(JSON.stringify({ pages: counts(pages), personal: counts(personal), most }));
