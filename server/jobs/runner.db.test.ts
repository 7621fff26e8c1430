import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { createTestDatabase } from "../../test/db.ts";
import { backoffMs, createJobRunner } from "./runner.ts";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("durable job runner", () => {
  it("retries a failing job with growing backoff, then marks it DEAD", async () => {
    const runner = createJobRunner({ db: database.db });
    const attempts: number[] = [];
    runner.register("flaky", async (_payload, context) => {
      attempts.push(context.attempt);
      throw new Error(`attempt ${context.attempt} failed`);
    });
    await runner.enqueue("flaky", { n: 1 }, { maxAttempts: 3 });
    const start = Date.now();
    expect(await runner.runDue(new Date(start))).toBe(1);
    const [afterFirst] = await database.db.select().from(jobs).where(eq(jobs.kind, "flaky"));
    expect(afterFirst).toMatchObject({ status: "PENDING", attempts: 1, lastError: "attempt 1 failed" });
    expect(afterFirst!.runAt.getTime()).toBe(start + backoffMs(1));
    // Not due before the backoff has passed.
    expect(await runner.runDue(new Date(start + backoffMs(1) - 1))).toBe(0);
    expect(await runner.runDue(new Date(start + backoffMs(1)))).toBe(1);
    expect(await runner.runDue(new Date(start + 3_600_000))).toBe(1);
    const [dead] = await database.db.select().from(jobs).where(eq(jobs.kind, "flaky"));
    expect(dead).toMatchObject({ status: "DEAD", attempts: 3 });
    expect(attempts).toEqual([1, 2, 3]);
    expect(backoffMs(1)).toBeLessThan(backoffMs(2));
  });

  it("runs a job once however many runners race for it, and keeps one job per dedupe key", async () => {
    const runs: string[] = [];
    const runners = Array.from({ length: 4 }, () => createJobRunner({ db: database.db, batch: 5 }));
    for (const runner of runners)
      runner.register("count", async (payload) => {
        runs.push(String(payload.n));
      });
    for (let n = 0; n < 20; n += 1) await runners[0]!.enqueue("count", { n }, { dedupeKey: `count-${n}` });
    await runners[0]!.enqueue("count", { n: 0 }, { dedupeKey: "count-0" });
    await Promise.all(runners.map((runner) => runner.drain()));
    expect(runs.sort()).toEqual(Array.from({ length: 20 }, (_, n) => String(n)).sort());
  });

  it("claims again a job whose worker died mid-run once its lease ran out", async () => {
    const crashed = createJobRunner({ db: database.db, leaseMs: 1000 });
    crashed.register("lease", async () => {
      throw new Error("unreachable");
    });
    await crashed.enqueue("lease", {});
    // Simulate a worker that claimed the job and died: RUNNING with a lease in the past.
    await database.db
      .update(jobs)
      .set({ status: "RUNNING", lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.kind, "lease"));
    const healthy = createJobRunner({ db: database.db });
    let ran = 0;
    healthy.register("lease", async () => {
      ran += 1;
    });
    expect(await healthy.drain()).toBe(1);
    expect(ran).toBe(1);
  });
});
