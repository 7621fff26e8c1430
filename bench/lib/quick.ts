import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildState } from "../../scripts/build-freshness.ts";
import { onCleanup, spawnTracked, waitForExit } from "./children.ts";
import { restoreTemplate, saveTemplate, templateKey } from "./templates.ts";

/** What the seed reports: a plan code for the product page (null when the catalogue has none). */
export interface PreparedDatabase {
  planCode: string | null;
}

/** The quick tools' build (bench/page.ts, bench/weights.ts, bench/page-cache.ts): rebuilt when stale, as `npm run bench` does. */
export function ensureFreshBuild(buildDir: string): void {
  if (buildState(buildDir) === "fresh") return;
  console.log(`building into ${buildDir}…`);
  const built = spawnSync("npm", ["run", "build"], {
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) throw new Error(`npm run build failed (${built.status})`);
}

/**
 * A scratch copy of today's small seeded PGlite database (seeded once and kept as the template), removed when the
 * tool exits.
 */
export async function smallDatabase(
  prefix: string,
): Promise<{ dataDir: string; prepared: PreparedDatabase }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => rmSync(scratch, { recursive: true, force: true }));
  const dataDir = path.join(scratch, "small");
  const key = templateKey();
  const restored = restoreTemplate<PreparedDatabase>(key, "small", dataDir);
  if (restored) return { dataDir, prepared: restored };
  console.log("seeding a PGlite database (kept as today's template)…");
  const seed = spawnTracked(
    ["bench/lib/prepare-db.ts"],
    { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    "seed",
  );
  const output = await waitForExit(seed, "seed", 400_000);
  const line = output
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("{"));
  const prepared: PreparedDatabase = line ? JSON.parse(line) : { planCode: null };
  saveTemplate(key, "small", dataDir, prepared);
  return { dataDir, prepared };
}
