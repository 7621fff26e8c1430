import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { serve } from "../server/main.ts";
import { applyHeapLimit } from "./heap-limit.ts";

// `npm start`: build when the build is missing or older than its sources, then serve, with the production heap
// limit (ADR 0145): the process restarts itself with it first.
applyHeapLimit();
const SOURCES = ["app", "core", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const STAMP = path.join(process.env.BUILD_DIR ?? "build", "server", "index.js");

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await serve("production");
