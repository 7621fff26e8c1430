import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import {
  type DestinationType,
  destinations,
  type PlanStatus,
  planLabels,
  planPrices,
  planSuppliers,
  plans,
} from "../../../../db/schema/index.ts";
import type { LocalizedText } from "../../../../db/schema/localized.ts";

// The console's catalogue (issue 16; ADR 0230): destinations and plans as operators edit them. Every write takes
// the caller's transaction and returns the row before and after, for the audit record written beside it.

export interface PlanPatch {
  title?: LocalizedText;
  status?: PlanStatus;
  labelCodes?: string[];
  sortOrder?: number;
  hotspot?: boolean;
}

export interface DestinationPatch {
  nameEn?: string;
  nameZhCn?: string;
  nameZhHk?: string;
  continentCode?: string | null;
  iso2?: string | null;
  aliases?: string[];
  enabled?: boolean;
  popularity?: number;
}

export interface SupplierPackage {
  supplier: string;
  packageCode: string;
  rank: number;
  costUsdCents: number | null;
  /** The supplier's recommended retail prices, when its catalogue gives them. */
  recommendedRetail?: Record<string, number> | null;
  /** When the catalogue sync paused the mapping (the package is not listed now); null while it is live. */
  pausedAt?: Date | null;
}

export interface PriceInput {
  currencyCode: string;
  unitPrice: number;
  displayPrice: number | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createConsoleCatalogue() {
  async function planRow(db: Database, code: string) {
    const [row] = await db.select().from(plans).where(eq(plans.platformProductCode, code));
    return row ?? null;
  }

  /** The plan, locked for this transaction: two operators changing one plan's rows take turns. */
  async function lockedPlan(tx: Database, code: string) {
    const [row] = await tx.select().from(plans).where(eq(plans.platformProductCode, code)).for("update");
    return row ?? null;
  }

  async function pricesOf(db: Database, code: string) {
    return db
      .select({
        currencyCode: planPrices.currencyCode,
        unitPrice: planPrices.unitPrice,
        displayPrice: planPrices.displayPrice,
      })
      .from(planPrices)
      .where(eq(planPrices.platformProductCode, code))
      .orderBy(asc(planPrices.currencyCode));
  }

  async function suppliersOf(db: Database, code: string): Promise<SupplierPackage[]> {
    return db
      .select({
        supplier: planSuppliers.supplier,
        packageCode: planSuppliers.packageCode,
        rank: planSuppliers.rank,
        costUsdCents: planSuppliers.costUsdCents,
        recommendedRetail: planSuppliers.recommendedRetail,
        pausedAt: planSuppliers.pausedAt,
      })
      .from(planSuppliers)
      .where(eq(planSuppliers.platformProductCode, code))
      .orderBy(asc(planSuppliers.rank));
  }

  async function destinationRow(db: Database, code: string) {
    const [row] = await db.select().from(destinations).where(eq(destinations.code, code));
    return row ?? null;
  }

  return {
    async listPlans(
      db: Database,
      query: { q?: string; destinationCode?: string; status?: PlanStatus; page: number; size: number },
    ) {
      const where: SQL[] = [];
      if (query.q) {
        const like = `%${escapeLike(query.q)}%`;
        where.push(or(ilike(plans.platformProductCode, like), ilike(plans.destinationCode, like)) as SQL);
      }
      if (query.destinationCode) where.push(eq(plans.destinationCode, query.destinationCode));
      if (query.status) where.push(eq(plans.status, query.status));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(plans)
          .where(condition)
          .orderBy(asc(plans.destinationCode), asc(plans.sortOrder), asc(plans.platformProductCode))
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        db.select({ n: count() }).from(plans).where(condition),
      ]);
      const codes = rows.map((r) => r.platformProductCode);
      const prices =
        codes.length === 0
          ? []
          : await db.select().from(planPrices).where(inArray(planPrices.platformProductCode, codes));
      return {
        total: total?.n ?? 0,
        rows: rows.map((plan) => ({
          ...plan,
          prices: prices
            .filter((p) => p.platformProductCode === plan.platformProductCode)
            .map(({ currencyCode, unitPrice, displayPrice }) => ({ currencyCode, unitPrice, displayPrice })),
        })),
      };
    },

    async plan(db: Database, code: string) {
      const plan = await planRow(db, code);
      if (!plan) return null;
      const [prices, suppliers] = await Promise.all([pricesOf(db, code), suppliersOf(db, code)]);
      return { ...plan, prices, suppliers };
    },

    labels(db: Database) {
      return db.select().from(planLabels).orderBy(asc(planLabels.sortOrder));
    },

    /**
     * `goingOnSale` is asked first when the patch puts a plan that was not on sale on sale, with the plan as it
     * would be: it throws to refuse (missing languages, no mapping to the real supplier; ADR 0310).
     */
    async updatePlan(
      tx: Database,
      code: string,
      patch: PlanPatch,
      goingOnSale?: (plan: typeof plans.$inferSelect) => Promise<void>,
    ) {
      const before = await lockedPlan(tx, code);
      if (!before) return null;
      if (goingOnSale && patch.status === "ON_SHELF" && before.status !== "ON_SHELF")
        await goingOnSale({ ...before, ...patch });
      const [after] = await tx
        .update(plans)
        .set(patch)
        .where(eq(plans.platformProductCode, code))
        .returning();
      return { before, after: after! };
    },

    /** Sets the plan's prices by hand (currencies not named keep theirs). */
    async setPrices(tx: Database, code: string, prices: PriceInput[]) {
      if (!(await lockedPlan(tx, code))) return null;
      const before = await pricesOf(tx, code);
      for (const price of prices)
        await tx
          .insert(planPrices)
          .values({ platformProductCode: code, ...price })
          .onConflictDoUpdate({
            target: [planPrices.platformProductCode, planPrices.currencyCode],
            set: { unitPrice: price.unitPrice, displayPrice: price.displayPrice },
          });
      return { before, after: await pricesOf(tx, code) };
    },

    /** Replaces the plan's supplier packages: rank 0 first, the others the failover order. */
    async setSuppliers(tx: Database, code: string, packages: SupplierPackage[]) {
      if (!(await lockedPlan(tx, code))) return null;
      const before = await suppliersOf(tx, code);
      await tx.delete(planSuppliers).where(eq(planSuppliers.platformProductCode, code));
      const ordered = [...packages].sort((a, b) => a.rank - b.rank);
      if (ordered.length > 0)
        await tx.insert(planSuppliers).values(
          ordered.map((p, rank) => {
            const known = before.find((b) => b.supplier === p.supplier && b.packageCode === p.packageCode);
            return {
              platformProductCode: code,
              supplier: p.supplier,
              packageCode: p.packageCode,
              rank,
              // A package kept as it was keeps the cost the sync last read when the operator gives none, and
              // its pause (only the sync, reading the catalogue, resumes it).
              costUsdCents: p.costUsdCents ?? known?.costUsdCents ?? null,
              recommendedRetail: p.recommendedRetail ?? known?.recommendedRetail ?? null,
              pausedAt: known?.pausedAt ?? null,
            };
          }),
        );
      return { before, after: await suppliersOf(tx, code) };
    },

    async listDestinations(
      db: Database,
      query: { q?: string; type?: DestinationType; page: number; size: number },
    ) {
      const where: SQL[] = [];
      if (query.q) {
        const like = `%${escapeLike(query.q.toLowerCase())}%`;
        where.push(or(ilike(destinations.code, like), ilike(destinations.searchText, like)) as SQL);
      }
      if (query.type) where.push(eq(destinations.type, query.type));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(destinations)
          .where(condition)
          .orderBy(asc(destinations.type), asc(destinations.code))
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        db.select({ n: count() }).from(destinations).where(condition),
      ]);
      return { total: total?.n ?? 0, rows };
    },

    destination: destinationRow,

    /**
     * The coupon form's picker (issue 29 item 5): destinations and plans whose name in any language, code or
     * alias holds `q` (a plan also by its destination's names, so "Japan" or "日本" finds Japan's plans), or those
     * with the given codes. Each with its names in the three languages.
     */
    async scopeOptions(db: Database, query: { q?: string; codes: string[] }) {
      const limit = 30;
      const like = query.q ? `%${escapeLike(query.q.toLowerCase())}%` : null;
      if (!like && query.codes.length === 0) return [];
      const destinationWhere = like
        ? or(ilike(destinations.code, like), ilike(destinations.searchText, like))
        : inArray(destinations.code, query.codes);
      const found = await db
        .select()
        .from(destinations)
        .where(destinationWhere)
        .orderBy(desc(destinations.popularity), asc(destinations.code))
        .limit(limit);
      const matchedDestinations = found.map((d) => d.code);
      const planWhere = like
        ? or(
            ilike(plans.platformProductCode, like),
            sql`lower(${plans.title}::text) like ${like}`,
            matchedDestinations.length > 0 ? inArray(plans.destinationCode, matchedDestinations) : undefined,
          )
        : inArray(plans.platformProductCode, query.codes);
      const planRows = await db
        .select({
          code: plans.platformProductCode,
          title: plans.title,
          destinationCode: plans.destinationCode,
        })
        .from(plans)
        .where(planWhere)
        .orderBy(asc(plans.destinationCode), asc(plans.sortOrder), asc(plans.platformProductCode))
        .limit(limit);
      return [
        ...found.map((d) => ({
          scopeType: "DESTINATION" as const,
          scopeCode: d.code,
          name: { en_US: d.nameEn, zh_CN: d.nameZhCn, zh_HK: d.nameZhHk },
        })),
        ...planRows.map((p) => ({ scopeType: "PLAN" as const, scopeCode: p.code, name: p.title })),
      ];
    },

    async updateDestination(tx: Database, code: string, patch: DestinationPatch) {
      const before = await destinationRow(tx, code);
      if (!before) return null;
      const merged = { ...before, ...patch };
      // The trigram search reads names and aliases from one lower-cased string (ADR 0080).
      const searchText = [merged.nameEn, merged.nameZhCn, merged.nameZhHk, ...merged.aliases]
        .join(" ")
        .toLowerCase();
      const [after] = await tx
        .update(destinations)
        .set({ ...patch, searchText })
        .where(eq(destinations.code, code))
        .returning();
      return { before, after: after! };
    },

    /** Label codes that exist, of those given (a plan may only carry known labels). */
    async unknownLabels(db: Database, codes: string[]) {
      if (codes.length === 0) return [];
      const known = await db
        .select({ code: planLabels.labelCode })
        .from(planLabels)
        .where(inArray(planLabels.labelCode, codes));
      const set = new Set(known.map((k) => k.code));
      return codes.filter((c) => !set.has(c));
    },
  };
}

export type ConsoleCatalogue = ReturnType<typeof createConsoleCatalogue>;
