import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { PackageState } from "../../../core/esim.ts";
import type { SupplierCancelStatus } from "../../../core/esim-supplier.ts";
import type { Database } from "../../../db/client.ts";
import { esimPackages, esims, orders, plans } from "../../../db/schema/index.ts";
import { totalOver, withTotal } from "../../infra/paging.ts";

export type EsimRow = typeof esims.$inferSelect;
export type NewEsim = typeof esims.$inferInsert;
export type PackageRow = typeof esimPackages.$inferSelect;

/** A package with what its views need: the plan's titles, the order's code and language, the ICCID. */
export type PackageWithPlan = PackageRow & {
  title: Record<string, string>;
  orderCode: string;
  orderLocale: string;
  iccid: string;
};

/**
 * A package's plan title, looked up by the plan's primary key for each package (issue 15). As a join, the planner
 * of the embedded database (no statistics: it has no autovacuum) hashed every plan of the catalogue for each list:
 * 1.2 ms of a 1.4 ms statement with 951 plans, growing with the catalogue. The package's plan always exists (a
 * foreign key), so the title is never missing.
 */
const planTitle = sql<unknown>`(select ${plans.title} from ${plans} where ${plans.platformProductCode} = ${esimPackages.platformProductCode})`;

const packageColumns = {
  pkg: esimPackages,
  title: planTitle,
  orderCode: orders.code,
  orderLocale: orders.locale,
  iccid: esims.iccid,
};

/** What the eSIM list shows of an eSIM (its summary): never its activation secrets. */
const esimListColumns = {
  id: esims.id,
  iccid: esims.iccid,
  state: esims.state,
  usageUpdatedAt: esims.usageUpdatedAt,
  createdAt: esims.createdAt,
};
export type EsimListRow = Pick<EsimRow, keyof typeof esimListColumns>;

/** The same columns as a subquery (`shown`) of `esimListColumns` gives them back. */
function esimListOf<S extends { [K in keyof typeof esimListColumns]: unknown }>(shown: S) {
  const fields = Object.fromEntries(
    Object.keys(esimListColumns).map((name) => [name, shown[name as keyof typeof esimListColumns]]),
  );
  return fields as { [K in keyof typeof esimListColumns]: S[K] };
}

/** What the eSIM list shows of a package (its view and the eSIM's totals): not its supplier or notice bookkeeping. */
const packageListColumns = {
  id: esimPackages.id,
  esimId: esimPackages.esimId,
  platformProductCode: esimPackages.platformProductCode,
  state: esimPackages.state,
  dataTotalMb: esimPackages.dataTotalMb,
  dataUsedMb: esimPackages.dataUsedMb,
  validityDays: esimPackages.validityDays,
  activatedAt: esimPackages.activatedAt,
  expiresAt: esimPackages.expiresAt,
  topUp: esimPackages.topUp,
};
export type PackageListRow = Pick<PackageRow, keyof typeof packageListColumns> &
  Pick<PackageWithPlan, "title" | "orderCode" | "iccid">;

function flatten(
  rows: { pkg: PackageRow; title: unknown; orderCode: string; orderLocale: string; iccid: string }[],
) {
  return rows.map(
    (r): PackageWithPlan => ({
      ...r.pkg,
      title: r.title as Record<string, string>,
      orderCode: r.orderCode,
      orderLocale: r.orderLocale,
      iccid: r.iccid,
    }),
  );
}

/** eSIMs and their packages (ADRs 0130-0131). */
export function createEsimRepo(db: Database) {
  function packagesSelect(executor: Database = db) {
    return executor
      .select(packageColumns)
      .from(esimPackages)
      .innerJoin(esims, eq(esims.id, esimPackages.esimId))
      .innerJoin(orders, eq(orders.id, esimPackages.orderId));
  }

  return {
    /**
     * A page of the customer's eSIMs with every package of each, in one statement (issue 15: the eSIM list was
     * three round trips to the database; the package-less eSIM still comes back, once, with a null package).
     */
    async listEsimsWithPackages(customerId: string, page: number, size: number) {
      const where = eq(esims.customerId, customerId);
      const shown = db.$with("shown").as(
        db
          .select({ ...esimListColumns, matching: sql<number>`count(*) over ()`.as("matching") })
          .from(esims)
          .where(where)
          .orderBy(desc(esims.createdAt), desc(esims.id))
          .limit(size)
          .offset(page * size),
      );
      const joined = await db
        .with(shown)
        .select({
          esim: esimListOf(shown),
          matching: shown.matching,
          pkg: packageListColumns,
          title: planTitle,
          orderCode: orders.code,
        })
        .from(shown)
        .leftJoin(esimPackages, eq(esimPackages.esimId, shown.id))
        .leftJoin(orders, eq(orders.id, esimPackages.orderId))
        .orderBy(
          desc(shown.createdAt),
          desc(shown.id),
          asc(esimPackages.createdAt),
          asc(esimPackages.unitIndex),
          asc(esimPackages.id),
        );
      const byEsim = new Map<string, { esim: EsimListRow; packages: PackageListRow[]; matching: number }>();
      for (const row of joined) {
        let entry = byEsim.get(row.esim.id);
        if (!entry) {
          entry = { esim: row.esim, packages: [], matching: Number(row.matching) };
          byEsim.set(row.esim.id, entry);
        }
        if (row.pkg && row.orderCode !== null)
          entry.packages.push({
            ...row.pkg,
            title: row.title as Record<string, string>,
            orderCode: row.orderCode,
            iccid: row.esim.iccid,
          });
      }
      return withTotal(page, [...byEsim.values()], async () => {
        const [counted] = await db.select({ n: count() }).from(esims).where(where);
        return counted?.n ?? 0;
      });
    },

    async listEsims(customerId: string, page: number, size: number) {
      const where = eq(esims.customerId, customerId);
      const rows = await db
        .select({ ...getTableColumns(esims), matching: totalOver() })
        .from(esims)
        .where(where)
        .orderBy(desc(esims.createdAt), desc(esims.id))
        .limit(size)
        .offset(page * size);
      return withTotal(page, rows, async () => {
        const [counted] = await db.select({ n: count() }).from(esims).where(where);
        return counted?.n ?? 0;
      });
    },

    findEsim(id: string, executor: Database = db) {
      return executor
        .select()
        .from(esims)
        .where(eq(esims.id, id))
        .then((rows) => rows[0]);
    },

    findByIccid(iccid: string, executor: Database = db) {
      return executor
        .select()
        .from(esims)
        .where(eq(esims.iccid, iccid))
        .then((rows) => rows[0]);
    },

    findByOrderUnit(orderId: string, unitIndex: number, executor: Database = db) {
      return executor
        .select()
        .from(esims)
        .where(and(eq(esims.orderId, orderId), eq(esims.unitIndex, unitIndex)))
        .then((rows) => rows[0]);
    },

    packageFor(orderId: string, unitIndex: number, executor: Database = db) {
      return executor
        .select()
        .from(esimPackages)
        .where(and(eq(esimPackages.orderId, orderId), eq(esimPackages.unitIndex, unitIndex)))
        .then((rows) => rows[0]);
    },

    /** Inserts unless (order, unit) or the ICCID exists; undefined then. */
    insertEsim(values: NewEsim, executor: Database = db) {
      return executor
        .insert(esims)
        .values(values)
        .onConflictDoNothing()
        .returning()
        .then((rows) => rows[0]);
    },

    insertPackage(values: typeof esimPackages.$inferInsert, executor: Database = db) {
      return executor
        .insert(esimPackages)
        .values(values)
        .onConflictDoNothing()
        .returning()
        .then((rows) => rows[0]);
    },

    async packagesOf(esimIds: string[], executor: Database = db): Promise<PackageWithPlan[]> {
      if (esimIds.length === 0) return [];
      const rows = await packagesSelect(executor)
        .where(inArray(esimPackages.esimId, esimIds))
        .orderBy(asc(esimPackages.createdAt), asc(esimPackages.unitIndex), asc(esimPackages.id));
      return flatten(rows);
    },

    async listPackages(customerId: string, state: PackageState | undefined, page: number, size: number) {
      const where = and(eq(esims.customerId, customerId), state ? eq(esimPackages.state, state) : undefined);
      const [rows, total] = await Promise.all([
        packagesSelect()
          .where(where)
          .orderBy(desc(esimPackages.createdAt), desc(esimPackages.id))
          .limit(size)
          .offset(page * size),
        db
          .select({ n: count() })
          .from(esimPackages)
          .innerJoin(esims, eq(esims.id, esimPackages.esimId))
          .where(where),
      ]);
      return { rows: flatten(rows), total: total[0]?.n ?? 0 };
    },

    /** The eSIMs an order issued or topped up, with their state (order detail: a cancelled one says so). */
    esimsOfOrder(orderId: string, executor: Database = db) {
      return executor
        .selectDistinct({ id: esims.id, iccid: esims.iccid, state: esims.state, createdAt: esims.createdAt })
        .from(esimPackages)
        .innerJoin(esims, eq(esims.id, esimPackages.esimId))
        .where(eq(esimPackages.orderId, orderId))
        .orderBy(asc(esims.createdAt))
        .then((rows) => rows.map(({ id, iccid, state }) => ({ id, iccid, state })));
    },

    /** eSIMs the usage job still follows. */
    liveEsims(iccid?: string) {
      return db
        .select()
        .from(esims)
        .where(iccid ? eq(esims.iccid, iccid) : notInArray(esims.state, ["EXPIRED", "CANCELLED"]))
        .orderBy(asc(esims.usageUpdatedAt));
    },

    updateEsim(id: string, values: Partial<NewEsim>, executor: Database = db) {
      return executor
        .update(esims)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(esims.id, id));
    },

    updatePackage(id: string, values: Partial<typeof esimPackages.$inferInsert>, executor: Database = db) {
      return executor
        .update(esimPackages)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(esimPackages.id, id));
    },

    /**
     * Withdraws what a failed order issued (ADR 0151): its packages CANCELLED and due a cancellation at the
     * supplier, the profiles it issued CANCELLED. Repeating it changes nothing.
     */
    async withdrawOrder(orderId: string, executor: Database = db) {
      await executor
        .update(esimPackages)
        .set({ state: "CANCELLED", supplierCancel: "PENDING", updatedAt: sql`now()` })
        .where(and(eq(esimPackages.orderId, orderId), isNull(esimPackages.supplierCancel)));
      await executor
        .update(esims)
        .set({ state: "CANCELLED", updatedAt: sql`now()` })
        .where(and(eq(esims.orderId, orderId), sql`${esims.state} <> 'CANCELLED'`));
    },

    /** An order's packages still waiting for the supplier's cancellation, with the ICCID and who issued it. */
    pendingCancellations(orderId: string) {
      return db
        .select({
          id: esimPackages.id,
          supplierPackageId: esimPackages.supplierPackageId,
          topUp: esimPackages.topUp,
          iccid: esims.iccid,
          supplier: esims.supplier,
        })
        .from(esimPackages)
        .innerJoin(esims, eq(esims.id, esimPackages.esimId))
        .where(and(eq(esimPackages.orderId, orderId), eq(esimPackages.supplierCancel, "PENDING")))
        .orderBy(asc(esimPackages.unitIndex));
    },

    /** Records the supplier's answer once: false when another run recorded it first. */
    async recordCancellation(
      id: string,
      values: { status: Exclude<SupplierCancelStatus, "PENDING">; at: Date; note?: string | null },
    ) {
      const done = await db
        .update(esimPackages)
        .set({
          supplierCancel: values.status,
          supplierCancelAt: values.at,
          supplierCancelNote: values.note ?? null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(esimPackages.id, id), eq(esimPackages.supplierCancel, "PENDING")))
        .returning({ id: esimPackages.id });
      return done.length > 0;
    },

    /** Claims a once-only notice: true for exactly one caller. */
    async claimNotice(id: string, which: "low" | "expired", now: Date, executor: Database) {
      const column = which === "low" ? esimPackages.notifiedLowAt : esimPackages.notifiedExpiredAt;
      const claimed = await executor
        .update(esimPackages)
        .set(which === "low" ? { notifiedLowAt: now } : { notifiedExpiredAt: now })
        .where(and(eq(esimPackages.id, id), sql`${column} is null`))
        .returning({ id: esimPackages.id });
      return claimed.length > 0;
    },

    /** The plans on sale for a destination (top-up packages for an eSIM of that destination, issue 12). */
    onShelfPlanCodes(destinationCode: string) {
      return db
        .select({ platformProductCode: plans.platformProductCode })
        .from(plans)
        .where(and(eq(plans.destinationCode, destinationCode), eq(plans.status, "ON_SHELF")))
        .orderBy(asc(plans.sortOrder), asc(plans.platformProductCode))
        .then((rows) => rows.map((row) => row.platformProductCode));
    },

    plan(code: string, executor: Database = db) {
      return executor
        .select()
        .from(plans)
        .where(eq(plans.platformProductCode, code))
        .then((rows) => rows[0]);
    },
  };
}

export type EsimRepo = ReturnType<typeof createEsimRepo>;
