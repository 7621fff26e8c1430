import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runTool } from "./lib/children.ts";
import { htmlParts } from "./lib/first-load.ts";
import { BROWSER_HEADERS } from "./lib/load.ts";
import { ensureFreshBuild, smallDatabase } from "./lib/quick.ts";
import { startStoreServer } from "./lib/servers.ts";

/**
 * `node bench/weights.ts [outDir]`: issue 15's page weight split (ADR 0285's table) for home on a phone and a
 * desktop, plp and pdp: HTML, inline CSS, loader data, React Router's manifest script, markup and its class
 * attributes, each uncompressed, as `npm run bench` measures home (its browser headers, HTML cache warm).
 * outDir (optional) keeps each page's HTML. BENCH_BUILD_DIR as for bench/page.ts.
 */

const buildDir = process.env.BENCH_BUILD_DIR || "build-bench";
const outDir = process.argv[2];
const DESKTOP_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function main() {
  ensureFreshBuild(buildDir);
  const { dataDir, prepared } = await smallDatabase("esim-bench-weights-");

  const server = await startStoreServer({ label: "store", buildDir, dataDir, htmlCacheTtlMs: 30_000 });
  const pages: [string, string, Record<string, string>][] = [
    ["home, phone", "/", BROWSER_HEADERS],
    ["home, desktop", "/", { ...BROWSER_HEADERS, "user-agent": DESKTOP_UA }],
    ["plp", "/plp?type=COUNTRY", BROWSER_HEADERS],
    ["pdp", `/pdp/${prepared?.planCode ?? "unknown"}`, BROWSER_HEADERS],
  ];
  if (outDir) mkdirSync(outDir, { recursive: true });
  const rows: string[][] = [["page", "HTML", "inline CSS", "loader data", "manifest", "markup (class)"]];
  for (const [name, pagePath, headers] of pages) {
    const get = (url: string) =>
      fetch(url, { headers: { ...headers, "accept-encoding": "identity" } }).then((r) => r.text());
    // Twice in another locale, then twice here: the measured render is a warm one, as the bench's.
    const other = pagePath === "/" ? "/zh_HK" : `/zh_HK${pagePath}`;
    await get(`${server.url}${other}`);
    await get(`${server.url}${pagePath}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const html = await get(`${server.url}${pagePath}`);
    if (outDir) writeFileSync(path.join(outDir, `${name.replace(/\W+/g, "-")}.html`), html);
    const parts = htmlParts(html);
    const manifest = [
      ...html.matchAll(/<script\b[^>]*>[^<]*window\.__reactRouterManifest[\s\S]*?<\/script>/g),
    ]
      .map(([m]) => Buffer.byteLength(m))
      .reduce((a, b) => a + b, 0);
    rows.push([
      name,
      String(Buffer.byteLength(html)),
      String(parts.inlineCss),
      String(parts.loaderData),
      String(manifest),
      `${parts.markup} (${parts.classAttributes})`,
    ]);
  }
  await server.stop();
  for (const row of rows)
    console.log(row.map((cell, i) => (i ? cell.padStart(14) : cell.padEnd(14))).join(" "));
}

await runTool(main);
