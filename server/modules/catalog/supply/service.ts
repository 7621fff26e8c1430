import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../../db/client.ts";
import {
  currencies,
  destinations,
  planCoverage,
  planPrices,
  planSuppliers,
  plans,
  priceRoundings,
  pricingRules,
} from "../../../../db/schema/index.ts";
import { defineJob, type JobRunner } from "../../../jobs/runner.ts";
import type { EsimSupplier, SupplierName, SupplierPackage } from "../../../providers/supplier/types.ts";
import { DEFAULT_RULE, type PricingRule, retailPrice } from "./pricing.ts";

export const CATALOGUE_SYNC_JOB = defineJob("catalogue-sync", z.object({}));
/** Airalo asks partners to sync at least hourly. */
export const CATALOGUE_SYNC_MS = 3_600_000;

const tx$ = (tx: unknown) => tx as Database;

export interface CatalogueSyncResult {
  created: string[];
  updated: string[];
  unpublished: string[];
  /** Packages with no country the store sells (their plan needs a destination an operator chooses). */
  skipped: string[];
}

/** The plan code for a new supplier package: the supplier and its package code, upper case. */
export function planCodeFor(supplier: string, packageCode: string): string {
  return `${supplier}-${packageCode}`
    .toUpperCase()
    .replace(/[^A-Z0-9-]+/g, "-")
    .slice(0, 48);
}

/**
 * A plan's coverage rows from its supplier package: each country the store sells, with the package's operators
 * there (the sync and the sheet import write the same rows; ADR 0280).
 */
export function coverageRows(code: string, pkg: SupplierPackage, known: Set<string>) {
  return pkg.countries
    .filter((c) => known.has(c))
    .map((country) => {
      const operator = pkg.operators.find((o) => o.country === country);
      return {
        platformProductCode: code,
        countryCode: country,
        operators: operator?.names ?? [],
        network: operator?.network ?? ("4G" as const),
      };
    });
}

/** A supplier's packages by code; "unavailable" when its catalogue could not be read just now. */
export type SupplierCatalogue = Map<string, SupplierPackage> | "unavailable";

/**
 * The catalogue sync (issue 13; ADR 0197): a durable job, hourly and on demand, that maps each supplier's packages
 * to plans. A new package becomes a DRAFT plan for an operator to publish; a package that disappears unpublishes
 * the plan it fulfilled (when no other supplier package does); coverage, operator names and prices follow the
 * supplier. Prices come from the pricing rules (cost × markup, floor, rounding, stored rates).
 */
export function createCatalogueSync(deps: {
  db: Database;
  jobs: JobRunner;
  suppliers: Partial<Record<SupplierName, EsimSupplier>>;
  /**
   * Told once a change to plans or prices has committed, with the plans it touched: the shared and page caches
   * drop them (ADRs 0176, 0282).
   */
  onCatalogueChanged: (planCodes: string[]) => Promise<void>;
}) {
  const { db, jobs, suppliers } = deps;

  async function ruleFor(tx: Database, code: string, destination: string): Promise<PricingRule> {
    const rows = await tx.select().from(pricingRules);
    return (
      rows.find((r) => r.platformProductCode === code) ??
      rows.find((r) => r.destinationCode === destination && r.platformProductCode === null) ??
      rows.find((r) => r.destinationCode === null && r.platformProductCode === null) ??
      DEFAULT_RULE
    );
  }

  async function writePrices(tx: Database, code: string, destination: string, pkg: SupplierPackage) {
    const rule = await ruleFor(tx, code, destination);
    const rates = await tx.select().from(currencies).where(eq(currencies.enabled, true));
    const usd = rates.find((c) => c.code === "USD");
    if (!usd) throw new Error("the catalogue sync needs the USD rate");
    const roundings = new Map((await tx.select().from(priceRoundings)).map((r) => [r.currencyCode, r]));
    for (const currency of rates) {
      const unitPrice = retailPrice({
        costUsdCents: pkg.costUsdCents,
        recommendedRetail: pkg.recommendedRetail,
        rule,
        currency,
        usd,
        rounding: roundings.get(currency.code),
      });
      await tx
        .insert(planPrices)
        .values({ platformProductCode: code, currencyCode: currency.code, unitPrice, displayPrice: null })
        .onConflictDoUpdate({
          target: [planPrices.platformProductCode, planPrices.currencyCode],
          set: { unitPrice },
        });
    }
  }

  async function writeCoverage(tx: Database, code: string, pkg: SupplierPackage, known: Set<string>) {
    await tx.delete(planCoverage).where(eq(planCoverage.platformProductCode, code));
    const rows = coverageRows(code, pkg, known);
    if (rows.length > 0) await tx.insert(planCoverage).values(rows);
  }

  async function sync(name: SupplierName): Promise<CatalogueSyncResult> {
    const supplier = suppliers[name];
    if (!supplier?.catalogue) throw new Error(`supplier ${name} has no catalogue`);
    const packages = await supplier.catalogue();
    const result: CatalogueSyncResult = { created: [], updated: [], unpublished: [], skipped: [] };
    await db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const countryCodes = new Set(
        (
          await tx
            .select({ code: destinations.code })
            .from(destinations)
            .where(
              inArray(destinations.code, [...new Set(packages.flatMap((p) => p.countries))].concat([""])),
            )
        ).map((d) => d.code),
      );
      const mapped = await tx.select().from(planSuppliers).where(eq(planSuppliers.supplier, name));
      const seen = new Set<string>();
      for (const pkg of packages) {
        seen.add(pkg.packageCode);
        const mapping = mapped.find((m) => m.packageCode === pkg.packageCode);
        if (mapping) {
          const [plan] = await tx
            .select()
            .from(plans)
            .where(eq(plans.platformProductCode, mapping.platformProductCode));
          if (!plan) continue;
          await writeCoverage(tx, plan.platformProductCode, pkg, countryCodes);
          // The cost is kept, so the console's price rules can reprice the plan without a sync (ADR 0231).
          await tx
            .update(planSuppliers)
            .set({ costUsdCents: pkg.costUsdCents, recommendedRetail: pkg.recommendedRetail })
            .where(
              and(
                eq(planSuppliers.platformProductCode, mapping.platformProductCode),
                eq(planSuppliers.supplier, name),
              ),
            );
          // Prices follow the plan's first-choice supplier only.
          if (mapping.rank === 0) await writePrices(tx, plan.platformProductCode, plan.destinationCode, pkg);
          result.updated.push(plan.platformProductCode);
          continue;
        }
        const destination = pkg.countries.length === 1 ? pkg.countries[0]! : undefined;
        if (!destination || !countryCodes.has(destination)) {
          result.skipped.push(pkg.packageCode);
          continue;
        }
        const code = planCodeFor(name, pkg.packageCode);
        const network = pkg.operators.some((o) => o.network === "5G") ? "5G" : "4G";
        const inserted = await tx
          .insert(plans)
          .values({
            platformProductCode: code,
            destinationCode: destination,
            // Supplier titles are English only: the operator writes the others before publishing.
            title: { en_US: pkg.title, zh_CN: pkg.title, zh_HK: pkg.title },
            dataMb: pkg.dataMb,
            unlimited: pkg.dataMb === null,
            validityDays: pkg.validityDays,
            network,
            status: "DRAFT",
          })
          .onConflictDoNothing()
          .returning({ code: plans.platformProductCode });
        if (inserted.length === 0) {
          result.skipped.push(pkg.packageCode);
          continue;
        }
        await tx.insert(planSuppliers).values({
          platformProductCode: code,
          supplier: name,
          packageCode: pkg.packageCode,
          rank: 0,
          costUsdCents: pkg.costUsdCents,
          recommendedRetail: pkg.recommendedRetail,
        });
        await writeCoverage(tx, code, pkg, countryCodes);
        await writePrices(tx, code, destination, pkg);
        result.created.push(code);
      }
      for (const gone of mapped.filter((m) => !seen.has(m.packageCode))) {
        await tx
          .delete(planSuppliers)
          .where(
            and(
              eq(planSuppliers.platformProductCode, gone.platformProductCode),
              eq(planSuppliers.supplier, name),
            ),
          );
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(planSuppliers)
          .where(eq(planSuppliers.platformProductCode, gone.platformProductCode));
        if ((left?.n ?? 0) > 0) continue;
        const changed = await tx
          .update(plans)
          .set({ status: "OFF_SHELF" })
          .where(
            and(eq(plans.platformProductCode, gone.platformProductCode), sql`${plans.status} <> 'OFF_SHELF'`),
          )
          .returning({ code: plans.platformProductCode });
        result.unpublished.push(...changed.map((c) => c.code));
      }
    });
    // Prices and coverage are rewritten on every sync: the store shows the new ones on the next request.
    await deps.onCatalogueChanged([...result.created, ...result.updated, ...result.unpublished]);
    return result;
  }

  async function syncAll() {
    const results: Partial<Record<SupplierName, CatalogueSyncResult>> = {};
    for (const name of Object.keys(suppliers) as SupplierName[])
      if (suppliers[name]?.catalogue) results[name] = await sync(name);
    return results;
  }

  /** Enqueues the next hourly sync at the next slot boundary (one job per slot, whichever instance asks). */
  async function schedule(now = new Date()) {
    const slot = Math.floor(now.getTime() / CATALOGUE_SYNC_MS) * CATALOGUE_SYNC_MS + CATALOGUE_SYNC_MS;
    await jobs.enqueue(
      CATALOGUE_SYNC_JOB,
      {},
      { runAt: new Date(slot), dedupeKey: `catalogue-sync:${slot}` },
    );
  }

  return {
    sync,
    syncAll,
    /**
     * The current catalogues of the named suppliers that keep one (a network call each; never inside a
     * transaction). A supplier without a catalogue (the sandbox) or not configured here is left out.
     */
    async catalogues(names: Iterable<SupplierName>): Promise<Map<SupplierName, SupplierCatalogue>> {
      const result = new Map<SupplierName, SupplierCatalogue>();
      for (const name of new Set(names)) {
        const supplier = suppliers[name];
        if (!supplier?.catalogue) continue;
        try {
          result.set(name, new Map((await supplier.catalogue()).map((p) => [p.packageCode, p])));
        } catch {
          result.set(name, "unavailable");
        }
      }
      return result;
    },
    schedule,
    /** An operator asks for a sync now: one durable job (a second request while it waits is the same job). */
    async requestNow() {
      await jobs.enqueue(
        CATALOGUE_SYNC_JOB,
        {},
        { dedupeKey: `catalogue-sync:now:${Math.floor(Date.now() / 60_000)}` },
      );
    },
    /** Publishes a draft plan (the operator has checked its titles and prices). */
    async publish(code: string) {
      const done = await db
        .update(plans)
        .set({ status: "ON_SHELF" })
        .where(and(eq(plans.platformProductCode, code), eq(plans.status, "DRAFT")))
        .returning({ code: plans.platformProductCode });
      if (done.length > 0) await deps.onCatalogueChanged([code]);
      return done.length > 0;
    },
    registerJobs(runner: JobRunner) {
      runner.register(CATALOGUE_SYNC_JOB, async (_payload, context) => {
        try {
          await syncAll();
        } finally {
          await schedule(context.now);
        }
      });
    },
  };
}

export type CatalogueSync = ReturnType<typeof createCatalogueSync>;
