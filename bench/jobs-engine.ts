/**
 * The job runner's side of the engine spike (ADR 0333): enqueues 10,000 jobs one by one (as the app does, one
 * statement each), then runs them with one runner of JOB_CONCURRENCY lanes (default 8) and prints both times.
 * `node bench/jobs-engine.ts` runs on an in-memory PGlite; DATABASE_URL runs it on PostgreSQL.
 */
import { z } from "zod";
import { openDatabase } from "../db/client.ts";
import { createJobRunner, defineJob } from "../server/jobs/runner.ts";

const total = Number(process.env.JOBS ?? 10_000);
const concurrency = Number(process.env.JOB_CONCURRENCY ?? 8);
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://" });
await handle.migrate();
const { db } = handle;
const kind = defineJob("bench.noop", z.object({ n: z.number().int() }));
const runner = createJobRunner({ db, pollMs: 50, concurrency });
let ran = 0;
let finished: () => void = () => {};
const allRan = new Promise<void>((resolve) => {
  finished = resolve;
});
runner.register(kind, async () => {
  ran += 1;
  if (ran === total) finished();
});
const enqueueStart = performance.now();
for (let n = 0; n < total; n += 1) await runner.enqueue(kind, { n });
const enqueueMs = performance.now() - enqueueStart;
const runStart = performance.now();
runner.start();
await allRan;
const runMs = performance.now() - runStart;
await runner.stop();
console.log(
  JSON.stringify({
    engine: "own runner",
    database: handle.kind,
    jobs: total,
    concurrency,
    enqueueMs: Math.round(enqueueMs),
    runMs: Math.round(runMs),
    jobsPerSecond: Math.round(total / (runMs / 1000)),
  }),
);
await handle.close();
