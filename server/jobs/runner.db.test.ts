import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { createTestDatabase } from "../../test/db.ts";
import { backoffMs, createJobRunner, defineJob } from "./runner.ts";

let database: DatabaseHandle;

const numbered = z.object({ n: z.number().int() });
const FLAKY = defineJob("flaky", numbered);
const COUNT = defineJob("count", numbered);
const LEASE = defineJob("lease", z.object({}));
const ONE_AT_A_TIME = defineJob("one-at-a-time", numbered);
const HEARTBEAT = defineJob("heartbeat", z.object({}));
const HELD = defineJob("held", z.object({ name: z.string() }));

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
    runner.register(FLAKY, async (_payload, context) => {
      attempts.push(context.attempt);
      throw new Error(`attempt ${context.attempt} failed`);
    });
    await runner.enqueue(FLAKY, { n: 1 }, { maxAttempts: 3 });
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
      runner.register(COUNT, async (payload) => {
        runs.push(String(payload.n));
      });
    for (let n = 0; n < 20; n += 1) await runners[0]!.enqueue(COUNT, { n }, { dedupeKey: `count-${n}` });
    await runners[0]!.enqueue(COUNT, { n: 0 }, { dedupeKey: "count-0" });
    await Promise.all(runners.map((runner) => runner.drain()));
    expect(runs.sort()).toEqual(Array.from({ length: 20 }, (_, n) => String(n)).sort());
  });

  it("claims again a job whose worker died mid-run once its lease ran out", async () => {
    const crashed = createJobRunner({ db: database.db, leaseMs: 1000 });
    crashed.register(LEASE, async () => {
      throw new Error("unreachable");
    });
    await crashed.enqueue(LEASE, {});
    // Simulate a worker that claimed the job and died: RUNNING with a lease in the past.
    await database.db
      .update(jobs)
      .set({ status: "RUNNING", lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.kind, "lease"));
    const healthy = createJobRunner({ db: database.db });
    let ran = 0;
    healthy.register(LEASE, async () => {
      ran += 1;
    });
    expect(await healthy.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it("claims only the job it is about to run, so a stuck or dead worker holds one job, not a batch", async () => {
    const busy = createJobRunner({ db: database.db, batch: 10 });
    const other = createJobRunner({ db: database.db, batch: 10 });
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const done: number[] = [];
    busy.register(ONE_AT_A_TIME, async (payload) => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      done.push(Number(payload.n));
    });
    other.register(ONE_AT_A_TIME, async (payload) => {
      done.push(Number(payload.n));
    });
    const due = new Date(Date.now() - 1000);
    for (let n = 0; n < 4; n += 1) await busy.enqueue(ONE_AT_A_TIME, { n }, { runAt: due });
    const first = busy.runDue();
    await running;
    const held = await database.db.select().from(jobs).where(eq(jobs.kind, "one-at-a-time"));
    expect(held.filter((job) => job.status === "RUNNING")).toHaveLength(1);
    // The other three are free for another worker while the first one runs.
    expect(await other.drain()).toBe(3);
    release();
    expect(await first).toBe(1);
    expect(done.sort()).toEqual([0, 1, 2, 3]);
  });

  it("renews the lease while a job runs, so no other worker takes it over", async () => {
    const slow = createJobRunner({ db: database.db, leaseMs: 6000 });
    const other = createJobRunner({ db: database.db });
    let runs = 0;
    const leaseOf = async () =>
      (await database.db.select().from(jobs).where(eq(jobs.kind, "heartbeat")))[0]!.lockedUntil!.getTime();
    slow.register(HEARTBEAT, async () => {
      runs += 1;
      // Claimed with a clock a minute back, the first lease is already over; only a heartbeat renews it.
      while ((await leaseOf()) <= Date.now()) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await other.drain()).toBe(0);
    });
    other.register(HEARTBEAT, async () => {
      runs += 1;
    });
    const past = new Date(Date.now() - 60_000);
    await slow.enqueue(HEARTBEAT, {}, { runAt: past });
    expect(await slow.runDue(past)).toBe(1);
    expect(runs).toBe(1);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, "heartbeat"));
    expect(row).toMatchObject({ status: "DONE", lockedBy: null });
  });

  it("reclaims at start-up the jobs of dead workers on this host, and leaves live and remote workers' jobs", async () => {
    const host = hostname();
    const exited = spawnSync(process.execPath, ["-e", ""]).pid;
    const live = createJobRunner({ db: database.db });
    const holders = {
      restartedWithSamePid: `${host}:${process.pid}:before`,
      exitedProcess: `${host}:${exited}:gone`,
      liveHere: live.workerId,
      parentProcess: `${host}:${process.ppid}:parent`,
      otherHost: `elsewhere.example:${process.pid}:remote`,
    };
    const lease = new Date(Date.now() + 5 * 60_000);
    for (const [name, lockedBy] of Object.entries(holders)) {
      await live.enqueue(HELD, { name }, { dedupeKey: `held-${name}` });
      await database.db
        .update(jobs)
        .set({ status: "RUNNING", lockedBy, lockedUntil: lease, attempts: 1 })
        .where(eq(jobs.dedupeKey, `held-${name}`));
    }
    const restarted = createJobRunner({ db: database.db });
    expect(await restarted.recover()).toBe(2);
    const rows = await database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.dedupeKey,
          Object.keys(holders).map((name) => `held-${name}`),
        ),
      );
    const statusOf = (name: string) => rows.find((row) => row.dedupeKey === `held-${name}`)!.status;
    expect(statusOf("restartedWithSamePid")).toBe("PENDING");
    expect(statusOf("exitedProcess")).toBe("PENDING");
    expect(statusOf("liveHere")).toBe("RUNNING");
    expect(statusOf("parentProcess")).toBe("RUNNING");
    expect(statusOf("otherHost")).toBe("RUNNING");
    const ran: string[] = [];
    restarted.register(HELD, async (payload) => {
      ran.push(String(payload.name));
    });
    expect(await restarted.drain()).toBe(2);
    expect(ran.sort()).toEqual(["exitedProcess", "restartedWithSamePid"]);
    await live.stop();
    await restarted.stop();
  });

  it("checks a typed kind's payload on enqueue and before the handler, and uses the kind's backoff", async () => {
    const runner = createJobRunner({ db: database.db });
    const greet = defineJob("typed-greet", z.object({ name: z.string().min(1) }), {
      backoffMs: () => 30_000,
      maxAttempts: 2,
    });
    const seen: string[] = [];
    runner.register(greet, async (payload) => {
      seen.push(payload.name);
      if (payload.name === "fail") throw new Error("refused");
    });
    await expect(runner.enqueue(greet, { name: "" })).rejects.toThrow();
    await runner.enqueue(greet, { name: "fail" });
    const start = Date.now();
    // A row written past the schema (an older release, a hand edit) is DEAD at once, not retried. Its run time is
    // given: the database's now() has microseconds, so within the same millisecond it would fall after `start`.
    await database.db
      .insert(jobs)
      .values({ kind: greet.kind, payload: { name: 42 }, runAt: new Date(start) });
    expect(await runner.drain(new Date(start))).toBe(2);
    expect(seen).toEqual(["fail"]);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "typed-greet"));
    const failed = rows.find((row) => row.payload.name === "fail")!;
    expect(failed).toMatchObject({ status: "PENDING", attempts: 1, maxAttempts: 2 });
    expect(failed.runAt.getTime()).toBe(start + 30_000);
    expect(rows.find((row) => row.payload.name === 42)).toMatchObject({ status: "DEAD" });
  });
});
