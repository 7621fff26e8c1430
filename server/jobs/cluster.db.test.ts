import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { copyTestTemplate } from "../../test/db.ts";
import { readEnv } from "../env.ts";
import { createJobRunner, defineJob, jobStats, nextSlot, scheduleNext } from "./runner.ts";

// Issue 34, item 1 (ADR 0335): several worker instances over one database, as a cluster runs them. A schedule
// fires once per slot across all of them, however many ask for it; the queue's depth and oldest age per kind are
// read for metrics; the lanes per instance come from JOB_CONCURRENCY.

const INSTANCES = 3;
let handles: DatabaseHandle[] = [];

beforeAll(async () => {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") {
    // Each instance has its own pool, as separate processes would.
    handles = await Promise.all(
      Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 4 })),
    );
  } else {
    const handle = await openDatabase({ dataDir: "memory://", loadDataDir: copy.dump });
    handles = Array.from({ length: INSTANCES }, () => handle);
  }
});

afterAll(async () => {
  for (const handle of new Set(handles)) await handle.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("jobs across a cluster (issue 34, ADR 0335)", () => {
  it("fires a schedule once per slot across three worker instances that all keep asking for it", async () => {
    const TICK = defineJob("cluster.tick", z.object({}));
    const everyMs = 500;
    const fires: { instance: number; at: number }[] = [];
    const runners = handles.map((handle, instance) => {
      const runner = createJobRunner({ db: handle.db, pollMs: 20, concurrency: 4 });
      runner.register(TICK, async (_payload, context) => {
        fires.push({ instance, at: context.now.getTime() });
        // What every schedule does: its run asks for the next slot.
        await scheduleNext(runner, TICK, {}, { everyMs, key: "cluster-tick", now: context.now });
      });
      return runner;
    });
    // Every instance asks at its start and then again and again (restarts, a second worker), as in the app.
    await Promise.all(
      runners.map((runner) =>
        scheduleNext(runner, TICK, {}, { everyMs, key: "cluster-tick", now: new Date() }),
      ),
    );
    const askers = runners.map((runner) =>
      setInterval(() => {
        scheduleNext(runner, TICK, {}, { everyMs, key: "cluster-tick", now: new Date() }).catch(() => {});
      }, 30),
    );
    for (const runner of runners) runner.start();
    await sleep(everyMs * 10);
    for (const asker of askers) clearInterval(asker);
    await Promise.all(runners.map((runner) => runner.stop()));

    const rows = await handles[0]!.db
      .select({ status: jobs.status, attempts: jobs.attempts, key: jobs.dedupeKey, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, TICK.kind));
    const done = rows.filter((row) => row.status === "DONE");
    // Each slot's one job ran once (one claim), and each run is one of those jobs: one fire per slot.
    expect(done.length).toBeGreaterThanOrEqual(5);
    expect(done.every((row) => row.attempts === 1)).toBe(true);
    expect(fires.length).toBe(done.length);
    // The slots that fired are slots of the schedule, none twice. (A slot passes unfired only when no instance
    // ran at all during the one before it: on this loaded machine, an event loop held longer than a slot.)
    const slots = done.map((row) => row.runAt.getTime()).sort((a, b) => a - b);
    expect(new Set(slots).size).toBe(slots.length);
    for (const slot of slots) expect(slot % everyMs).toBe(0);
    // Each fire came in its own slot, at or after its start.
    const fireSlots = fires.map((fire) => nextSlot(everyMs, new Date(fire.at)).getTime() - everyMs);
    expect(new Set(fireSlots).size).toBe(fires.length);
  }, 60_000);

  it("reports each kind's queue depth and oldest age, and leaves out kinds with nothing queued", async () => {
    const db = handles[0]!.db;
    const WAITING = defineJob("cluster.waiting", z.object({ n: z.number().int() }));
    const LATER = defineJob("cluster.later", z.object({ n: z.number().int() }));
    const runner = createJobRunner({ db });
    const now = Date.now();
    for (const [n, ageMs] of [
      [1, 90_000],
      [2, 30_000],
      [3, 0],
    ] as const)
      await runner.enqueue(WAITING, { n }, { runAt: new Date(now - ageMs) });
    await runner.enqueue(LATER, { n: 1 }, { runAt: new Date(now + 3_600_000) });
    const stats = await jobStats(db);
    const waiting = stats.find((row) => row.kind === WAITING.kind);
    expect(waiting).toMatchObject({ depth: 3, running: 0, dead: 0 });
    expect(waiting!.oldestAgeSeconds).toBeGreaterThanOrEqual(89);
    expect(waiting!.oldestAgeSeconds).toBeLessThan(150);
    // A job due later is not a backlog.
    expect(stats.find((row) => row.kind === LATER.kind)).toBeUndefined();
    expect((await runner.stats()).find((row) => row.kind === WAITING.kind)?.depth).toBe(3);
    // Once they ran, the kind has nothing waiting.
    runner.register(WAITING, async () => {});
    await runner.drain();
    expect((await jobStats(db)).find((row) => row.kind === WAITING.kind)).toBeUndefined();
  });

  it("takes each instance's lanes from JOB_CONCURRENCY, checked by the environment schema", () => {
    expect(readEnv({ JOB_CONCURRENCY: "3" }).JOB_CONCURRENCY).toBe(3);
    expect(readEnv({}).JOB_CONCURRENCY).toBeUndefined();
    expect(() => readEnv({ JOB_CONCURRENCY: "0" })).toThrow();
    expect(() => readEnv({ JOB_CONCURRENCY: "many" })).toThrow();
  });
});
