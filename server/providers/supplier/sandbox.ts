import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { sandboxSupplierPackages, sandboxSupplierProfiles } from "../../../db/schema/index.ts";
import { newIccid, newMatchingId } from "./formats.ts";
import {
  type EsimSupplier,
  type SupplierCancellation,
  SupplierError,
  type SupplierOrderRecord,
  type SupplierPlan,
  type SupplierProfile,
  type SupplierUsage,
} from "./types.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface SandboxSupplierOptions {
  db: Database;
  /** The SM-DP+ server the sandbox's activation codes point at. */
  smdpAddress: string;
  /** Every call waits this long first (a slow supplier). */
  delayMs: number;
  /** Share of calls (0..1) that fail with a retryable error. */
  failureRate: number;
  /**
   * Provision and top-up calls whose idempotency key matches fail every time (a SKU the supplier cannot issue
   * for that request), e.g. /:2$/ fails the third unit of every order. Tests and the sandbox tools set it.
   */
  failingKeys?: RegExp | null;
  /** Whether those failures say retrying may help (default) or not (the store then gives up at once). */
  failingKeysRetryable?: boolean;
  /** Issue confirmation codes with profiles (some suppliers do). */
  confirmationCodes: boolean;
  /** A profile's first package starts this long after issue (the phone joins a network); 0: only when told. */
  activateAfterMs: number;
  /** How fast an active package uses data, unless its usage was set through the sandbox tools. */
  usageMbPerHour: number;
  apnName: string;
  random?: () => number;
}

type PackageRow = typeof sandboxSupplierPackages.$inferSelect;
type ProfileRow = typeof sandboxSupplierProfiles.$inferSelect;

const tx$ = (tx: unknown) => tx as Database;

/**
 * The sandbox eSIM supplier (architecture: a faithful simulator; ADR 0132). It issues profiles in real
 * formats (ICCID with its Luhn digit, SGP.22 activation codes, APN), honours idempotency keys, can be slow or
 * fail, and runs a usage feed: an active package uses data over time until it is used up or expires. Its state
 * is in the database, so it survives restarts and every instance sees the same supplier.
 */
export function createSandboxSupplier(options: SandboxSupplierOptions) {
  const { db } = options;
  const random = options.random ?? Math.random;
  let failureRate = options.failureRate;
  let failingKeys = options.failingKeys ?? null;
  let failingKeysRetryable = options.failingKeysRetryable ?? true;

  async function call(idempotencyKey?: string) {
    if (options.delayMs > 0) await sleep(options.delayMs);
    if (failureRate > 0 && random() < failureRate)
      throw new SupplierError("SUPPLIER_UNAVAILABLE", "sandbox supplier: simulated failure");
    if (idempotencyKey && failingKeys?.test(idempotencyKey))
      throw new SupplierError("PROVISIONING_FAILED", `sandbox supplier: cannot issue ${idempotencyKey}`, {
        retryable: failingKeysRetryable,
      });
  }

  async function profileOf(iccid: string, executor: Database = db): Promise<SupplierProfile> {
    const [row] = await executor
      .select()
      .from(sandboxSupplierProfiles)
      .where(eq(sandboxSupplierProfiles.iccid, iccid));
    if (!row)
      throw new SupplierError("PROFILE_NOT_FOUND", `sandbox supplier: no profile ${iccid}`, {
        retryable: false,
      });
    return {
      iccid: row.iccid,
      smdpAddress: row.smdpAddress,
      matchingId: row.matchingId,
      confirmationCode: row.confirmationCode,
      apn: { name: options.apnName, username: null, password: null },
    };
  }

  async function byKey(key: string, executor: Database) {
    const [row] = await executor
      .select()
      .from(sandboxSupplierPackages)
      .where(eq(sandboxSupplierPackages.idempotencyKey, key));
    return row;
  }

  function packageValues(iccid: string, plan: SupplierPlan, key: string) {
    return {
      id: `pkg_${randomBytes(10).toString("hex")}`,
      iccid,
      idempotencyKey: key,
      productCode: plan.productCode,
      dataTotalMb: plan.dataMb,
      validityDays: plan.validityDays,
    };
  }

  /** Moves a profile's packages on to `now`: data used, used up, expired, the next package started. */
  async function simulate(
    iccid: string,
    now: Date,
    tx: Database,
  ): Promise<{ profile: ProfileRow; rows: PackageRow[] }> {
    const [profile] = await tx
      .select()
      .from(sandboxSupplierProfiles)
      .where(eq(sandboxSupplierProfiles.iccid, iccid))
      .for("update");
    if (!profile)
      throw new SupplierError("PROFILE_NOT_FOUND", `sandbox supplier: no profile ${iccid}`, {
        retryable: false,
      });
    const rows = await tx
      .select()
      .from(sandboxSupplierPackages)
      .where(eq(sandboxSupplierPackages.iccid, iccid))
      .orderBy(asc(sandboxSupplierPackages.createdAt), asc(sandboxSupplierPackages.id));
    for (const row of rows) {
      const before = { ...row };
      if (row.state === "ACTIVE") {
        const end = row.expiresAt && row.expiresAt < now ? row.expiresAt : now;
        const from = row.simulatedTo ?? row.activatedAt ?? now;
        if (!row.pinned && options.usageMbPerHour > 0 && end > from) {
          const used = Math.floor(((end.getTime() - from.getTime()) / HOUR_MS) * options.usageMbPerHour);
          if (used > 0) {
            row.usedMb += used;
            row.simulatedTo = new Date(from.getTime() + (used / options.usageMbPerHour) * HOUR_MS);
          }
        }
        if (row.dataTotalMb !== null && row.usedMb >= row.dataTotalMb) {
          row.usedMb = row.dataTotalMb;
          row.state = "USED_UP";
        }
      }
      if ((row.state === "ACTIVE" || row.state === "USED_UP") && row.expiresAt && row.expiresAt <= now)
        row.state = "EXPIRED";
      if (JSON.stringify(before) !== JSON.stringify(row)) await save(row, tx);
    }
    if (profile.state !== "CANCELLED" && !rows.some((r) => r.state === "ACTIVE")) {
      const next = rows.find((r) => r.state === "NOT_STARTED");
      const started = rows.some((r) => r.activatedAt !== null);
      const due =
        options.activateAfterMs > 0 && now.getTime() >= profile.createdAt.getTime() + options.activateAfterMs;
      if (next && (started || due)) {
        activate(next, now);
        await save(next, tx);
      }
    }
    // A package that started means the profile is on a phone.
    if (profile.state === "RELEASED" && rows.some((r) => r.activatedAt !== null)) {
      profile.state = "INSTALLED";
      profile.installedAt = rows.find((r) => r.activatedAt)!.activatedAt;
      await tx
        .update(sandboxSupplierProfiles)
        .set({ state: profile.state, installedAt: profile.installedAt })
        .where(eq(sandboxSupplierProfiles.iccid, iccid));
    }
    return { profile, rows };
  }

  function activate(row: PackageRow, now: Date) {
    row.state = "ACTIVE";
    row.activatedAt = now;
    row.simulatedTo = now;
    row.expiresAt = new Date(now.getTime() + row.validityDays * DAY_MS);
  }

  /** Cancels a profile (with its packages) while it is not on a phone; repeats answer with the first time. */
  async function cancelProfile(iccid: string, now: Date, tx: Database): Promise<SupplierCancellation> {
    const { profile, rows } = await simulate(iccid, now, tx);
    if (profile.state === "CANCELLED")
      return { outcome: "CANCELLED", cancelledAt: profile.cancelledAt!, alreadyCancelled: true };
    if (profile.state === "INSTALLED") return { outcome: "NOT_CANCELLABLE", reason: "PROFILE_INSTALLED" };
    await tx
      .update(sandboxSupplierProfiles)
      .set({ state: "CANCELLED", cancelledAt: now })
      .where(eq(sandboxSupplierProfiles.iccid, iccid));
    const open = rows.filter((r) => r.state === "NOT_STARTED").map((r) => r.id);
    if (open.length > 0)
      await tx
        .update(sandboxSupplierPackages)
        .set({ state: "CANCELLED", cancelledAt: now })
        .where(inArray(sandboxSupplierPackages.id, open));
    return { outcome: "CANCELLED", cancelledAt: now, alreadyCancelled: false };
  }

  /** Cancels one package (a top-up) while it has not started. */
  async function cancelPackage(packageId: string, now: Date, tx: Database): Promise<SupplierCancellation> {
    const [known] = await tx
      .select({ iccid: sandboxSupplierPackages.iccid })
      .from(sandboxSupplierPackages)
      .where(eq(sandboxSupplierPackages.id, packageId));
    if (!known)
      throw new SupplierError("PACKAGE_NOT_FOUND", `sandbox supplier: no package ${packageId}`, {
        retryable: false,
      });
    const { rows } = await simulate(known.iccid, now, tx);
    const row = rows.find((r) => r.id === packageId)!;
    if (row.state === "CANCELLED")
      return { outcome: "CANCELLED", cancelledAt: row.cancelledAt!, alreadyCancelled: true };
    if (row.state !== "NOT_STARTED") return { outcome: "NOT_CANCELLABLE", reason: "PACKAGE_STARTED" };
    await tx
      .update(sandboxSupplierPackages)
      .set({ state: "CANCELLED", cancelledAt: now })
      .where(eq(sandboxSupplierPackages.id, packageId));
    return { outcome: "CANCELLED", cancelledAt: now, alreadyCancelled: false };
  }

  async function save(row: PackageRow, tx: Database) {
    await tx
      .update(sandboxSupplierPackages)
      .set({
        state: row.state,
        usedMb: row.usedMb,
        pinned: row.pinned,
        activatedAt: row.activatedAt,
        expiresAt: row.expiresAt,
        simulatedTo: row.simulatedTo,
      })
      .where(eq(sandboxSupplierPackages.id, row.id));
  }

  const supplier: EsimSupplier = {
    name: "sandbox",

    async orders(since: Date): Promise<SupplierOrderRecord[]> {
      // The sandbox's listing of what it issued, as a supplier's order listing gives it (reconciliation, ADR 0365).
      await call();
      const rows = await db
        .select({
          id: sandboxSupplierPackages.id,
          key: sandboxSupplierPackages.idempotencyKey,
          iccid: sandboxSupplierPackages.iccid,
          createdAt: sandboxSupplierPackages.createdAt,
          state: sandboxSupplierProfiles.state,
        })
        .from(sandboxSupplierPackages)
        .innerJoin(sandboxSupplierProfiles, eq(sandboxSupplierProfiles.iccid, sandboxSupplierPackages.iccid))
        .where(gte(sandboxSupplierPackages.createdAt, since));
      return rows.map((row) => ({
        reference: row.id,
        key: row.key,
        iccids: [row.iccid],
        costUsdCents: null,
        createdAt: row.createdAt,
        active: row.state !== "CANCELLED",
      }));
    },

    async provision(plan, idempotencyKey) {
      await call(idempotencyKey);
      return db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        const existing = await byKey(idempotencyKey, tx);
        if (existing) return { profile: await profileOf(existing.iccid, tx), packageId: existing.id };
        const matchingId = newMatchingId();
        const [profile] = await tx
          .insert(sandboxSupplierProfiles)
          .values({
            iccid: newIccid(),
            smdpAddress: options.smdpAddress,
            matchingId,
            confirmationCode: options.confirmationCodes ? String(1000 + Math.floor(random() * 9000)) : null,
          })
          .returning();
        const [created] = await tx
          .insert(sandboxSupplierPackages)
          .values(packageValues(profile!.iccid, plan, idempotencyKey))
          .onConflictDoNothing()
          .returning();
        if (!created) throw new SupplierError("CONFLICT", "sandbox supplier: concurrent request, retry");
        return { profile: await profileOf(profile!.iccid, tx), packageId: created.id };
      });
    },

    async topUp(iccid, plan, idempotencyKey) {
      await call(idempotencyKey);
      return db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        const existing = await byKey(idempotencyKey, tx);
        if (existing) return { packageId: existing.id };
        await profileOf(iccid, tx);
        const [state] = await tx
          .select({ state: sandboxSupplierProfiles.state })
          .from(sandboxSupplierProfiles)
          .where(eq(sandboxSupplierProfiles.iccid, iccid));
        if (state?.state === "CANCELLED")
          throw new SupplierError("PROFILE_CANCELLED", `sandbox supplier: profile ${iccid} is cancelled`, {
            retryable: false,
          });
        const [created] = await tx
          .insert(sandboxSupplierPackages)
          .values(packageValues(iccid, plan, idempotencyKey))
          .onConflictDoNothing()
          .returning();
        if (!created) throw new SupplierError("CONFLICT", "sandbox supplier: concurrent request, retry");
        return { packageId: created.id };
      });
    },

    async usage(iccid, asOf = new Date()): Promise<SupplierUsage> {
      const { profile, rows } = await db.transaction((tx) => simulate(iccid, asOf, tx$(tx)));
      return {
        iccid,
        profileState: profile.state,
        reportedAt: asOf,
        packages: rows.map((row) => ({
          packageId: row.id,
          state: row.state,
          usedMb: row.usedMb,
          activatedAt: row.activatedAt,
          expiresAt: row.expiresAt,
        })),
      };
    },

    async cancel(target, asOf = new Date()) {
      await call();
      // The profile row is locked while it changes, so two calls at once cancel it once.
      return db.transaction((tx) =>
        "iccid" in target
          ? cancelProfile(target.iccid, asOf, tx$(tx))
          : cancelPackage(target.packageId, asOf, tx$(tx)),
      );
    },
  };

  return {
    supplier,
    /** Sandbox tools and tests: the share of calls that fail from now on. */
    setFailureRate(rate: number) {
      failureRate = rate;
    },
    /** Sandbox tools and tests: provision and top-up calls whose idempotency key matches fail (null: none). */
    setFailingKeys(pattern: RegExp | null, { retryable = true }: { retryable?: boolean } = {}) {
      failingKeys = pattern;
      failingKeysRetryable = retryable;
    },
    /** Sandbox tools: a phone downloaded the profile (it can no longer be cancelled). False for an unknown ICCID. */
    async markInstalled(iccid: string, now = new Date()): Promise<boolean> {
      const updated = await db
        .update(sandboxSupplierProfiles)
        .set({ state: "INSTALLED", installedAt: now })
        .where(and(eq(sandboxSupplierProfiles.iccid, iccid), eq(sandboxSupplierProfiles.state, "RELEASED")))
        .returning({ iccid: sandboxSupplierProfiles.iccid });
      return updated.length > 0;
    },
    /**
     * Sandbox tools: puts the data used of the profile's current package (starting it when none is active) at
     * `usedMb` and keeps it there. False when there is no such profile or nothing left to use.
     */
    async setUsage(iccid: string, usedMb: number, now = new Date()): Promise<boolean> {
      return db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        const [profile] = await tx
          .select()
          .from(sandboxSupplierProfiles)
          .where(eq(sandboxSupplierProfiles.iccid, iccid));
        if (!profile) return false;
        const { rows } = await simulate(iccid, now, tx);
        const target =
          rows.find((r) => r.state === "ACTIVE") ??
          rows.find((r) => r.state === "NOT_STARTED") ??
          rows.findLast((r) => r.state === "USED_UP");
        if (!target) return false;
        if (target.state === "NOT_STARTED") activate(target, now);
        target.usedMb = target.dataTotalMb === null ? usedMb : Math.min(usedMb, target.dataTotalMb);
        target.pinned = true;
        target.state =
          target.dataTotalMb !== null && target.usedMb >= target.dataTotalMb ? "USED_UP" : "ACTIVE";
        await save(target, tx);
        return true;
      });
    },
  };
}

export type SandboxSupplier = ReturnType<typeof createSandboxSupplier>;
