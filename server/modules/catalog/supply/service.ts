import { and, eq, inArray, isNull, sql } from "drizzle-orm";
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
  supplierPausedPlans,
} from "../../../../db/schema/index.ts";
import type { LocalizedText } from "../../../../db/schema/localized.ts";
import { ApiError } from "../../../http/errors.ts";
import { defineJob, type JobRunner, scheduleNext } from "../../../jobs/runner.ts";
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
  /** Plans whose package here is no longer listed (out of stock): the mapping is kept, paused (ADR 0310). */
  paused: string[];
  /** Plans whose paused package is listed again: the mapping resumes (and the plan, if the pause took it off). */
  resumed: string[];
}

/** What the sync writes into `supplier_paused_plan.supplier` for a plan it took off sale: `stock:<supplier>`. */
const stockPause = (name: string) => `stock:${name}`;

/** The languages a plan's shopper-visible texts must be written in before it goes on sale (ADR 0310). */
export const TRANSLATED_LANGUAGES = ["zh_CN", "zh_HK"] as const;

/**
 * The languages a title is missing: empty, or still the English copy (a synced draft starts with the supplier's
 * English title in every language).
 */
export function missingLanguages(title: LocalizedText): (typeof TRANSLATED_LANGUAGES)[number][] {
  const english = title.en_US.trim();
  return TRANSLATED_LANGUAGES.filter((lang) => {
    const text = (title[lang] ?? "").trim();
    return text === "" || text === english;
  });
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
  /**
   * The default supplier: it fulfils plans that name none. When it is not the sandbox, a plan on sale needs a
   * mapping to a configured real supplier (ADR 0310).
   */
  defaultSupplier?: SupplierName | null;
  /** Records each supplier's sync run for the console (sync-log.ts; issue 28, ADR 0311). */
  log?: {
    recordSync(name: SupplierName, run: () => Promise<CatalogueSyncResult>): Promise<CatalogueSyncResult>;
  };
}) {
  const { db, jobs, suppliers } = deps;

  /** The stored rule for the plan, most specific first; null when the operator has stored none. */
  async function storedRuleFor(tx: Database, code: string, destination: string): Promise<PricingRule | null> {
    const rows = await tx.select().from(pricingRules);
    return (
      rows.find((r) => r.platformProductCode === code) ??
      rows.find((r) => r.destinationCode === destination && r.platformProductCode === null) ??
      rows.find((r) => r.destinationCode === null && r.platformProductCode === null) ??
      null
    );
  }

  async function writePrices(tx: Database, code: string, pkg: SupplierPackage, rule: PricingRule) {
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
        rates,
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
    const result: CatalogueSyncResult = {
      created: [],
      updated: [],
      unpublished: [],
      skipped: [],
      paused: [],
      resumed: [],
    };
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
        // Every plan mapped to this package (two plans may share one) follows it.
        const matching = mapped.filter((m) => m.packageCode === pkg.packageCode);
        if (matching.length > 0) {
          for (const mapping of matching) {
            const [plan] = await tx
              .select()
              .from(plans)
              .where(eq(plans.platformProductCode, mapping.platformProductCode));
            if (!plan) continue;
            await writeCoverage(tx, plan.platformProductCode, pkg, countryCodes);
            // The cost is kept, so the console's price rules can reprice the plan without a sync (ADR 0231). A
            // paused mapping is listed again: it resumes (ADR 0310).
            await tx
              .update(planSuppliers)
              .set({
                costUsdCents: pkg.costUsdCents,
                recommendedRetail: pkg.recommendedRetail,
                pausedAt: null,
              })
              .where(
                and(
                  eq(planSuppliers.platformProductCode, mapping.platformProductCode),
                  eq(planSuppliers.supplier, name),
                ),
              );
            if (mapping.pausedAt) {
              result.resumed.push(plan.platformProductCode);
              // The plan comes back on sale if this sync's pause took it off (and nothing else has since).
              const back = await tx
                .delete(supplierPausedPlans)
                .where(
                  and(
                    eq(supplierPausedPlans.platformProductCode, plan.platformProductCode),
                    eq(supplierPausedPlans.supplier, stockPause(name)),
                  ),
                )
                .returning({ code: supplierPausedPlans.platformProductCode });
              if (back.length > 0)
                await tx
                  .update(plans)
                  .set({ status: "ON_SHELF" })
                  .where(
                    and(
                      eq(plans.platformProductCode, plan.platformProductCode),
                      eq(plans.status, "OFF_SHELF"),
                    ),
                  );
            }
            // Prices follow the plan's first-choice supplier only, and only by a rule the operator stored: with
            // none, the prices set by hand (or at creation) stay (ADR 0310).
            const rule =
              mapping.rank === 0
                ? await storedRuleFor(tx, plan.platformProductCode, plan.destinationCode)
                : null;
            if (rule) await writePrices(tx, plan.platformProductCode, pkg, rule);
            result.updated.push(plan.platformProductCode);
          }
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
        // A new draft has no prices yet: the stored rule, else the default markup.
        await writePrices(tx, code, pkg, (await storedRuleFor(tx, code, destination)) ?? DEFAULT_RULE);
        result.created.push(code);
      }
      // A package no longer listed (out of stock, withdrawn) pauses its mapping; it never deletes it, so the plan
      // keeps its failover and resumes when the package is back (issue 28; ADR 0310).
      for (const gone of mapped.filter((m) => !seen.has(m.packageCode) && m.pausedAt === null)) {
        await tx
          .update(planSuppliers)
          .set({ pausedAt: new Date() })
          .where(
            and(
              eq(planSuppliers.platformProductCode, gone.platformProductCode),
              eq(planSuppliers.supplier, name),
            ),
          );
        result.paused.push(gone.platformProductCode);
        const [live] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(planSuppliers)
          .where(
            and(
              eq(planSuppliers.platformProductCode, gone.platformProductCode),
              isNull(planSuppliers.pausedAt),
            ),
          );
        if ((live?.n ?? 0) > 0) continue;
        // No package of the plan is listed anywhere now: off sale until one is back.
        const changed = await tx
          .update(plans)
          .set({ status: "OFF_SHELF" })
          .where(and(eq(plans.platformProductCode, gone.platformProductCode), eq(plans.status, "ON_SHELF")))
          .returning({ code: plans.platformProductCode });
        if (changed.length > 0)
          await tx
            .insert(supplierPausedPlans)
            .values({ platformProductCode: gone.platformProductCode, supplier: stockPause(name) })
            .onConflictDoNothing();
        result.unpublished.push(...changed.map((c) => c.code));
      }
    });
    // Prices and coverage are rewritten on every sync: the store shows the new ones on the next request.
    await deps.onCatalogueChanged([
      ...new Set([...result.created, ...result.updated, ...result.unpublished, ...result.paused]),
    ]);
    return result;
  }

  /**
   * Syncs every supplier with a catalogue. One supplier's failure does not keep the others from syncing: each
   * runs, and the failures are thrown together at the end so the job is retried (a repeat is idempotent).
   */
  async function syncAll() {
    const results: Partial<Record<SupplierName, CatalogueSyncResult>> = {};
    const failures: unknown[] = [];
    for (const name of Object.keys(suppliers) as SupplierName[]) {
      if (!suppliers[name]?.catalogue) continue;
      try {
        results[name] = deps.log ? await deps.log.recordSync(name, () => sync(name)) : await sync(name);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1)
      throw new AggregateError(failures, "the catalogue sync failed for several suppliers");
    return results;
  }

  /** Enqueues the next hourly sync at the next slot boundary (one job per slot, whichever instance asks). */
  async function schedule(now = new Date()) {
    await scheduleNext(
      jobs,
      CATALOGUE_SYNC_JOB,
      {},
      { everyMs: CATALOGUE_SYNC_MS, key: "catalogue-sync", now },
    );
  }

  /**
   * The real suppliers a plan on sale must be mapped to: every configured supplier but the sandbox, when the
   * default supplier is not the sandbox (with the sandbox as default, it fulfils unmapped plans). Empty: no check.
   */
  function realSuppliers(): SupplierName[] {
    if (deps.defaultSupplier === "sandbox") return [];
    return (Object.keys(suppliers) as SupplierName[]).filter((n) => n !== "sandbox" && suppliers[n]);
  }

  /**
   * Refuses to put a plan on sale that would not sell: a shopper-visible text still missing a language (or
   * still the English copy), or, under a real supplier, no mapping to it (every sale would be refunded).
   */
  async function checkOnSale(tx: Database, plan: { platformProductCode: string; title: LocalizedText }) {
    const missing = missingLanguages(plan.title);
    if (missing.length > 0)
      throw new ApiError(400, "consoleMerch.missingLanguages", {
        params: { languages: missing.join(", ") },
        fields: Object.fromEntries(missing.map((lang) => [`title.${lang}`, "validation.required"])),
      });
    const real = realSuppliers();
    if (real.length === 0) return;
    const [mapped] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(planSuppliers)
      .where(
        and(
          eq(planSuppliers.platformProductCode, plan.platformProductCode),
          inArray(planSuppliers.supplier, real),
        ),
      );
    if ((mapped?.n ?? 0) === 0)
      throw new ApiError(400, "consoleMerch.planUnmapped", { params: { suppliers: real.join(", ") } });
  }

  /** Plans on sale with no mapping to a configured real supplier: every sale of one would be refunded. */
  async function unmappedOnSale(reader: Database = db) {
    const real = realSuppliers();
    if (real.length === 0) return { suppliers: real, plans: [] };
    const rows = await reader
      .select({ platformProductCode: plans.platformProductCode, destinationCode: plans.destinationCode })
      .from(plans)
      .where(
        and(
          eq(plans.status, "ON_SHELF"),
          sql`not exists (select 1 from plan_supplier ps where ps.platform_product_code = ${plans.platformProductCode} and ps.supplier in (${sql.join(
            real.map((n) => sql`${n}`),
            sql`, `,
          )}))`,
        ),
      )
      .orderBy(plans.platformProductCode);
    return { suppliers: real, plans: rows };
  }

  /**
   * Checks each package against its supplier's catalogue (read now; never inside a transaction): a supplier
   * with a catalogue feed must list the code. Gives the listed packages by supplier, for their cost and
   * recommended prices. A supplier without a feed (the sandbox, a contract supplier) is taken as it is.
   */
  async function checkPackages(packages: { supplier: SupplierName; packageCode: string; index?: number }[]) {
    const catalogues = await readCatalogues(packages.map((p) => p.supplier));
    const listed = new Map<SupplierName, SupplierPackage>();
    for (const [index, p] of packages.entries()) {
      const catalogue = catalogues.get(p.supplier);
      if (!catalogue) continue;
      if (catalogue === "unavailable")
        throw new ApiError(503, "consoleMerch.catalogueUnavailable", { params: { supplier: p.supplier } });
      const pkg = catalogue.get(p.packageCode);
      if (!pkg)
        throw new ApiError(400, "consoleMerch.unknownPackage", {
          params: { supplier: p.supplier, package: p.packageCode },
          fields: { [`packages.${p.index ?? index}.packageCode`]: "consoleMerch.import.unknownPackage" },
        });
      listed.set(p.supplier, pkg);
    }
    return listed;
  }

  async function readCatalogues(
    names: Iterable<SupplierName>,
  ): Promise<Map<SupplierName, SupplierCatalogue>> {
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
  }

  return {
    sync,
    syncAll,
    /**
     * The current catalogues of the named suppliers that keep one (a network call each; never inside a
     * transaction). A supplier without a catalogue (the sandbox) or not configured here is left out.
     */
    catalogues: readCatalogues,
    schedule,
    /** An operator asks for a sync now: one durable job (a second request while it waits is the same job). */
    async requestNow() {
      await jobs.enqueue(
        CATALOGUE_SYNC_JOB,
        {},
        { dedupeKey: `catalogue-sync:now:${Math.floor(Date.now() / 60_000)}` },
      );
    },
    /**
     * Publishes a draft plan (the operator has checked its titles and prices): refused while a language is
     * missing or the plan has no mapping to the store's real supplier (ADR 0310).
     */
    async publish(code: string) {
      const done = await db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        const [plan] = await tx.select().from(plans).where(eq(plans.platformProductCode, code)).for("update");
        if (plan?.status !== "DRAFT") return false;
        await checkOnSale(tx, plan);
        await tx.update(plans).set({ status: "ON_SHELF" }).where(eq(plans.platformProductCode, code));
        return true;
      });
      if (done) await deps.onCatalogueChanged([code]);
      return done;
    },
    /**
     * Logs a warning (at start-up) when plans on sale have no mapping to a configured real supplier; gives how
     * many.
     */
    async warnUnmapped(log: { warn(details: object, message: string): void }) {
      const { suppliers: real, plans: unmapped } = await unmappedOnSale();
      if (unmapped.length > 0)
        log.warn(
          {
            suppliers: real,
            count: unmapped.length,
            plans: unmapped.slice(0, 20).map((p) => p.platformProductCode),
          },
          "plans on sale have no supplier mapping: every sale of one would be refunded (map them in the console)",
        );
      return unmapped.length;
    },
    realSuppliers,
    checkOnSale,
    unmappedOnSale,
    checkPackages,
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
