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
const SLOW = defineJob("slow", numbered);
const RACE = defineJob("race", numbered);
const SAME = defineJob("same-work", z.object({ orderId: z.string(), step: z.number().optional() }));
const BLOCKED = defineJob("blocked", numbered);
const POLLED = defineJob("polled", numbered);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  it("claims only the jobs it is about to run, so a stuck or dead worker holds its lanes' jobs, not a batch", async () => {
    const busy = createJobRunner({ db: database.db, batch: 10, concurrency: 2 });
    const other = createJobRunner({ db: database.db, batch: 10 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = 0;
    let bothStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const done: number[] = [];
    busy.register(ONE_AT_A_TIME, async (payload) => {
      entered += 1;
      if (entered === 2) bothStarted();
      await gate;
      done.push(Number(payload.n));
    });
    other.register(ONE_AT_A_TIME, async (payload) => {
      done.push(Number(payload.n));
    });
    const due = new Date(Date.now() - 1000);
    for (let n = 0; n < 6; n += 1) await busy.enqueue(ONE_AT_A_TIME, { n }, { runAt: due });
    const first = busy.runDue();
    await started;
    const held = await database.db.select().from(jobs).where(eq(jobs.kind, "one-at-a-time"));
    expect(held.filter((job) => job.status === "RUNNING")).toHaveLength(2);
    // The other four are free for another worker while the first two run.
    expect(await other.drain()).toBe(4);
    release();
    expect(await first).toBe(2);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("runs due jobs concurrently, never more than its concurrency at once (issue 32, ADR 0316)", async () => {
    const runner = createJobRunner({ db: database.db, batch: 100, concurrency: 4 });
    let active = 0;
    let most = 0;
    runner.register(SLOW, async () => {
      active += 1;
      most = Math.max(most, active);
      // A slow supplier call: no connection or transaction is held meanwhile.
      await sleep(150);
      active -= 1;
    });
    for (let n = 0; n < 12; n += 1) await runner.enqueue(SLOW, { n });
    const began = performance.now();
    expect(await runner.drain()).toBe(12);
    const elapsed = performance.now() - began;
    expect(most).toBe(4);
    // One at a time takes at least 12 × 150 ms; four lanes about three rounds.
    expect(elapsed).toBeLessThan(12 * 150);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "slow"));
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => "DONE"));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it("holds no connection while a handler waits: another lane reads and writes the database meanwhile", async () => {
    // On PGlite (one connection) a transaction held across the first job's wait would block the second job's
    // claim and statements, and the first would wait forever for the second.
    const runner = createJobRunner({ db: database.db, concurrency: 2 });
    let secondDone!: () => void;
    const second = new Promise<void>((resolve) => {
      secondDone = resolve;
    });
    const order: string[] = [];
    runner.register(BLOCKED, async (payload) => {
      if (payload.n === 0) {
        await second;
        order.push("first");
        return;
      }
      await database.db.select().from(jobs).where(eq(jobs.kind, "blocked"));
      order.push("second");
      secondDone();
    });
    await runner.enqueue(BLOCKED, { n: 0 }, { runAt: new Date(Date.now() - 2000) });
    await runner.enqueue(BLOCKED, { n: 1 }, { runAt: new Date(Date.now() - 1000) });
    expect(await runner.drain()).toBe(2);
    expect(order).toEqual(["second", "first"]);
  });

  it("never claims one job twice across runners and their lanes", async () => {
    const runs: number[] = [];
    const runners = Array.from({ length: 3 }, () =>
      createJobRunner({ db: database.db, batch: 50, concurrency: 4 }),
    );
    for (const runner of runners)
      runner.register(RACE, async (payload) => {
        runs.push(payload.n);
        await sleep(5);
      });
    for (let n = 0; n < 60; n += 1) await runners[0]!.enqueue(RACE, { n });
    await Promise.all(runners.map((runner) => runner.drain()));
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "race"));
    expect(rows.every((row) => row.status === "DONE" && row.attempts === 1)).toBe(true);
  });

  it("runs two jobs of one kind with the same payload one after the other, never at once", async () => {
    const runner = createJobRunner({ db: database.db, concurrency: 4 });
    const active = new Map<string, number>();
    let overlapped = false;
    let ran = 0;
    runner.register(SAME, async (payload) => {
      const work = JSON.stringify(payload);
      const now = (active.get(work) ?? 0) + 1;
      active.set(work, now);
      if (now > 1) overlapped = true;
      await sleep(60);
      active.set(work, (active.get(work) ?? 1) - 1);
      ran += 1;
    });
    // The same order's job three times (first run, a poll, a webhook's hint), and two other pieces of work.
    await runner.enqueue(SAME, { orderId: "a" }, { dedupeKey: "same-a-1" });
    await runner.enqueue(SAME, { orderId: "a" }, { dedupeKey: "same-a-2" });
    await database.db.insert(jobs).values({ kind: SAME.kind, payload: { orderId: "a" }, runAt: new Date() });
    await runner.enqueue(SAME, { orderId: "b" });
    await runner.enqueue(SAME, { orderId: "a", step: 2 });
    const began = performance.now();
    expect(await runner.drain()).toBe(5);
    expect(ran).toBe(5);
    expect(overlapped).toBe(false);
    // Order "a"'s three identical jobs took three turns (the other two payloads ran beside them).
    expect(performance.now() - began).toBeGreaterThanOrEqual(3 * 60);
  });

  it("polls for the next due job while a slow one runs, and stops only once its lanes have finished", async () => {
    const runner = createJobRunner({ db: database.db, pollMs: 20, concurrency: 2 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const done: number[] = [];
    runner.register(POLLED, async (payload) => {
      if (payload.n === 0) {
        slowStarted();
        await gate;
      }
      done.push(payload.n);
    });
    await runner.enqueue(POLLED, { n: 0 });
    runner.start();
    await started;
    // Due after the slow job began: the loop takes it without waiting for the slow one.
    await runner.enqueue(POLLED, { n: 1 });
    const deadline = Date.now() + 20_000;
    while (!done.includes(1) && Date.now() < deadline) await sleep(20);
    expect(done).toEqual([1]);
    const stopping = runner.stop();
    release();
    await stopping;
    expect(done).toEqual([1, 0]);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "polled"));
    expect(rows.map((row) => row.status)).toEqual(["DONE", "DONE"]);
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
