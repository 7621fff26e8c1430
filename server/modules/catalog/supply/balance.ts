import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../../../core/i18n/index.ts";
import type { Database } from "../../../../db/client.ts";
import {
  plans,
  supplierBalanceReadings,
  supplierBalances,
  supplierPausedPlans,
} from "../../../../db/schema/index.ts";
import { defineJob, type JobRunner, scheduleNext } from "../../../jobs/runner.ts";
import type { MessageSender } from "../../../providers/messages/outbox.ts";
import type { EsimSupplier, SupplierName } from "../../../providers/supplier/types.ts";

export const SUPPLIER_BALANCE_JOB = defineJob("supplier-balance-check", z.object({}));
export const SUPPLIER_BALANCE_MS = 15 * 60_000;

const tx$ = (tx: unknown) => tx as Database;

/**
 * Supplier balances (issue 13; ADR 0198): read every 15 minutes. A balance that falls under its threshold
 * alerts operators once and pauses the plans only that supplier fulfils (taken off the shelf, remembered); when
 * it is back above, those plans return to the shelf. A plan with another supplier keeps selling: provisioning
 * fails over (ADR 0196).
 */
export function createSupplierBalances(deps: {
  db: Database;
  jobs: JobRunner;
  outbox: MessageSender;
  suppliers: Partial<Record<SupplierName, EsimSupplier>>;
  /** The default supplier: it alone fulfils plans that name none. */
  defaultSupplier: SupplierName | null;
  thresholds: Partial<Record<SupplierName, number>>;
  alertEmail?: string;
  /** Told once plans were paused or resumed, with their codes: the shared and page caches drop them (ADR 0282). */
  onCatalogueChanged: (planCodes: string[]) => Promise<void>;
  /** Records each check's time and error for the console (sync-log.ts; issue 28, ADR 0311). */
  log?: { recordBalance<T>(name: SupplierName, run: () => Promise<T>): Promise<T> };
}) {
  const { db, jobs, outbox, suppliers } = deps;

  /** Plans on sale that only `name` fulfils: all their supplier rows are it, or none and it is the default. */
  function soleCondition(name: string) {
    const mapped = sql`exists (select 1 from plan_supplier ps where ps.platform_product_code = ${plans.platformProductCode})`;
    const other = sql`exists (select 1 from plan_supplier ps where ps.platform_product_code = ${plans.platformProductCode} and ps.supplier <> ${name})`;
    return name === deps.defaultSupplier
      ? sql`((${mapped} and not ${other}) or not ${mapped})`
      : sql`(${mapped} and not ${other})`;
  }

  async function check(name: SupplierName, now = new Date()) {
    const supplier = suppliers[name];
    if (!supplier?.balance) return null;
    const { amountMinor, currency } = await supplier.balance();
    const outcome = await db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const [before] = await tx
        .select()
        .from(supplierBalances)
        .where(eq(supplierBalances.supplier, name))
        .for("update");
      const thresholdMinor = before?.thresholdMinor ?? deps.thresholds[name] ?? 0;
      const low = amountMinor < thresholdMinor;
      await tx
        .insert(supplierBalances)
        .values({ supplier: name, amountMinor, currency, thresholdMinor, low, checkedAt: now })
        .onConflictDoUpdate({
          target: supplierBalances.supplier,
          set: { amountMinor, currency, low, checkedAt: now },
        });
      // Each reading is kept: the reconciliation compares a day's drop with what our books say (ADR 0390).
      await tx
        .insert(supplierBalanceReadings)
        .values({ supplier: name, amountMinor, currency, takenAt: now });
      let paused = 0;
      let resumed = 0;
      const touched: string[] = [];
      if (low && !before?.low) {
        const rows = await tx
          .update(plans)
          .set({ status: "OFF_SHELF" })
          .where(and(eq(plans.status, "ON_SHELF"), soleCondition(name)))
          .returning({ code: plans.platformProductCode });
        paused = rows.length;
        touched.push(...rows.map((r) => r.code));
        if (rows.length > 0)
          await tx
            .insert(supplierPausedPlans)
            .values(rows.map((r) => ({ platformProductCode: r.code, supplier: name, pausedAt: now })))
            .onConflictDoNothing();
        if (deps.alertEmail) {
          const params = { supplier: name, amount: (amountMinor / 100).toFixed(2), currency, plans: paused };
          await outbox.send(
            {
              channel: "EMAIL",
              to: deps.alertEmail,
              subject: translate("en_US", "esim.supplierAlert.lowBalanceSubject", params),
              body: translate("en_US", "esim.supplierAlert.lowBalanceBody", params),
            },
            tx,
          );
        }
      }
      if (!low && before?.low) {
        const rows = await tx
          .delete(supplierPausedPlans)
          .where(eq(supplierPausedPlans.supplier, name))
          .returning({ code: supplierPausedPlans.platformProductCode });
        for (const row of rows) {
          const back = await tx
            .update(plans)
            .set({ status: "ON_SHELF" })
            .where(and(eq(plans.platformProductCode, row.code), eq(plans.status, "OFF_SHELF")))
            .returning({ code: plans.platformProductCode });
          resumed += back.length;
          touched.push(...back.map((b) => b.code));
        }
      }
      return { outcome: { amountMinor, currency, low, paused, resumed }, touched };
    });
    if (outcome.touched.length > 0) await deps.onCatalogueChanged(outcome.touched);
    return outcome.outcome;
  }

  async function schedule(now = new Date()) {
    await scheduleNext(
      jobs,
      SUPPLIER_BALANCE_JOB,
      {},
      {
        everyMs: SUPPLIER_BALANCE_MS,
        key: "supplier-balance",
        now,
      },
    );
  }

  return {
    check,
    schedule,
    /** Every supplier's last known balance and whether it is low (the console's dashboard, issue 16). */
    async latest() {
      const rows = await db.select().from(supplierBalances);
      return rows.map((row) => ({
        supplier: row.supplier,
        amountMinor: row.amountMinor,
        currency: row.currency,
        thresholdMinor: row.thresholdMinor,
        low: row.low,
        checkedAt: row.checkedAt.toISOString(),
      }));
    },
    registerJobs(runner: JobRunner) {
      runner.register(SUPPLIER_BALANCE_JOB, async (_payload, context) => {
        try {
          for (const name of Object.keys(suppliers) as SupplierName[])
            if (deps.log) await deps.log.recordBalance(name, () => check(name, context.now));
            else await check(name, context.now);
        } finally {
          await schedule(context.now);
        }
      });
    },
  };
}
export type SupplierBalances = ReturnType<typeof createSupplierBalances>;
