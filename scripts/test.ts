import { spawnSync } from "node:child_process";

/**
 * `npm test`: lint, typecheck, unit and API tests, the production build, then the browser journeys, in that
 * order; stops at the first phase that fails and exits non-zero. Needs only Node and npm: the database suites
 * run on PGlite, and the Redis suites run only when REDIS_URL is set (.ci/run sets it).
 *
 *   npm test                 every phase
 *   npm test -- unit e2e     only the phases named (lint, typecheck, unit, build, e2e)
 */
interface Phase {
  name: string;
  title: string;
  command: string[];
  env?: Record<string, string>;
}

const E2E_BUILD_DIR = process.env.E2E_BUILD_DIR ?? "build-e2e";

// Biome also honours .gitignore here, so build folders (build-e2e, build-<name>) and test output are not linted.
const BIOME_VCS = ["--vcs-enabled=true", "--vcs-client-kind=git", "--vcs-use-ignore-file=true"];

const vitestArgs = ["vitest", "run"];
if (!process.env.REDIS_URL) vitestArgs.push("--exclude", "**/*.redis.test.ts");

const PHASES: Phase[] = [
  { name: "lint", title: "Lint and format (biome check)", command: ["biome", "check", ...BIOME_VCS, "."] },
  {
    name: "typecheck",
    title: "Typecheck (react-router typegen && tsc)",
    command: ["npm", "run", "typecheck"],
  },
  { name: "unit", title: "Unit and API tests (vitest)", command: vitestArgs },
  {
    name: "build",
    title: `Production build into ${E2E_BUILD_DIR}`,
    command: ["npm", "run", "build"],
    env: { BUILD_DIR: E2E_BUILD_DIR },
  },
  {
    name: "e2e",
    title: "Browser journeys (playwright test)",
    command: ["playwright", "test"],
    env: { BUILD_DIR: E2E_BUILD_DIR },
  },
];

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = wanted.filter((name) => !PHASES.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`Unknown phase ${unknown.join(", ")}; phases: ${PHASES.map((p) => p.name).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? PHASES.filter((phase) => wanted.includes(phase.name)) : PHASES;

const bar = "─".repeat(72);
const results: { phase: Phase; seconds: number; ok: boolean }[] = [];

function summary() {
  console.log(`\n${bar}`);
  for (const { phase, seconds, ok } of results) {
    console.log(`  ${ok ? "ok  " : "FAIL"}  ${phase.name.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  const total = results.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`        ${"total".padEnd(10)} ${total.toFixed(1).padStart(6)} s`);
  console.log(bar);
}

for (const [index, phase] of selected.entries()) {
  console.log(
    `\n${bar}\n▶ [${index + 1}/${selected.length}] ${phase.title}\n  $ ${phase.command.join(" ")}\n${bar}`,
  );
  const started = performance.now();
  const [program, ...args] = phase.command as [string, ...string[]];
  const run = spawnSync(program, args, {
    stdio: "inherit",
    env: { ...process.env, ...phase.env },
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = run.status === 0;
  results.push({ phase, seconds, ok });
  if (!ok) {
    const why = run.error ? run.error.message : `exit ${run.status ?? run.signal}`;
    console.error(`\n✖ ${phase.name} failed (${why}) after ${seconds.toFixed(1)} s`);
    summary();
    process.exit(1);
  }
  console.log(`✔ ${phase.name} passed in ${seconds.toFixed(1)} s`);
}

summary();
console.log(wanted.length > 0 ? "Selected phases passed." : "All phases passed.");
