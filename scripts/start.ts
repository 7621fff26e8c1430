import { spawnSync } from "node:child_process";
import { serve } from "../server/main.ts";
import { buildState } from "./build-freshness.ts";
import { applyHeapLimit } from "./heap-limit.ts";
import { startChosenStandin } from "./supplier-standin.ts";

// `npm start`: build when the build is missing or older than its sources, then serve, with the production heap
// limit (ADR 0145): the process restarts itself with it first.
applyHeapLimit();
const state = buildState(process.env.BUILD_DIR ?? "build");
if (state !== "fresh") {
  console.log(
    state === "stale" ? "Sources changed since the last build: rebuilding…" : "No build yet: building…",
  );
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// SUPPLIER_PROVIDER=esimaccess with ESIMACCESS_BASE_URL=standin: the supplier's stand-in runs beside the store.
const standin = await startChosenStandin();
try {
  await serve("production", { afterStart: standin?.afterStart });
} catch (error) {
  standin?.stop();
  throw error;
}
