import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import {
  currencies,
  planPrices,
  planSuppliers,
  plans,
  priceRoundings,
  pricingRules,
} from "../../../../db/schema/index.ts";
import {
  type CurrencyRate,
  DEFAULT_RULE,
  type PricingRule,
  type Rounding,
  retailPrice,
} from "../supply/pricing.ts";

// The console's price rules, roundings and FX rates (issue 16; ADR 0231): what a change would do to every plan's
// prices (the preview) and doing it (the reprice), from the same maths the catalogue sync uses (ADR 0197).

export interface RuleRow extends PricingRule {
  id: number;
  destinationCode: string | null;
  platformProductCode: string | null;
}

export interface RuleDraft extends PricingRule {
  destinationCode: string | null;
  platformProductCode: string | null;
}

/** A change the operator is about to make; the preview applies it in memory, the save writes it first. */
export interface PricingChange {
  /** Replaces the rule with the same scope, or adds one. */
  rule?: RuleDraft;
  /** Removes a rule: its plans fall back to the next most specific one. */
  deleteRuleId?: number;
  /** New rates from the base currency, by currency code (decimal strings). */
  rates?: Record<string, string>;
  roundings?: Record<string, Rounding>;
}

export interface PriceChange {
  platformProductCode: string;
  destinationCode: string;
  currencyCode: string;
  before: number | null;
  after: number;
}

export interface PricingPreview {
  changes: PriceChange[];
  /** How many plans the change reprices. */
  plans: number;
  /** Plans with no known supplier cost: rules leave their prices as they were set (by hand or import). */
  unpriced: number;
}

const scopeKey = (r: { destinationCode: string | null; platformProductCode: string | null }) =>
  `${r.destinationCode ?? ""}|${r.platformProductCode ?? ""}`;

/** The most specific rule: the plan's, else its destination's, else the default (none stored: cost × 1.8). */
export function ruleFor(rules: RuleDraft[], code: string, destination: string): PricingRule {
  return (
    rules.find((r) => r.platformProductCode === code) ??
    rules.find((r) => r.destinationCode === destination && r.platformProductCode === null) ??
    rules.find((r) => r.destinationCode === null && r.platformProductCode === null) ??
    DEFAULT_RULE
  );
}

interface PricingState {
  rules: RuleDraft[];
  rates: (CurrencyRate & { enabled: boolean })[];
  roundings: Map<string, Rounding>;
}

export function applyChange(state: PricingState, change: PricingChange, rows: RuleRow[]): PricingState {
  let rules = rows
    .filter((r) => r.id !== change.deleteRuleId)
    .map(({ id: _id, ...rule }) => rule as RuleDraft);
  if (change.rule) {
    const key = scopeKey(change.rule);
    rules = [...rules.filter((r) => scopeKey(r) !== key), change.rule];
  }
  const rates = state.rates.map((r) =>
    change.rates?.[r.code] !== undefined ? { ...r, rateFromBase: change.rates[r.code]! } : r,
  );
  const roundings = new Map(state.roundings);
  for (const [code, rounding] of Object.entries(change.roundings ?? {})) roundings.set(code, rounding);
  return { rules, rates, roundings };
}

export function createConsolePricing() {
  async function read(tx: Database) {
    const [rules, rates, roundingRows, costed, current] = await Promise.all([
      tx.select().from(pricingRules).orderBy(asc(pricingRules.id)),
      tx.select().from(currencies).orderBy(asc(currencies.sortOrder)),
      tx.select().from(priceRoundings),
      // Each plan's first-choice supplier package with a known cost.
      tx
        .select({
          platformProductCode: planSuppliers.platformProductCode,
          destinationCode: plans.destinationCode,
          rank: planSuppliers.rank,
          costUsdCents: planSuppliers.costUsdCents,
          recommendedRetail: planSuppliers.recommendedRetail,
        })
        .from(planSuppliers)
        .innerJoin(plans, eq(plans.platformProductCode, planSuppliers.platformProductCode))
        .orderBy(asc(planSuppliers.platformProductCode), asc(planSuppliers.rank)),
      tx.select().from(planPrices),
    ]);
    const first = new Map<string, (typeof costed)[number]>();
    for (const row of costed)
      if (!first.has(row.platformProductCode)) first.set(row.platformProductCode, row);
    const prices = new Map(current.map((p) => [`${p.platformProductCode}|${p.currencyCode}`, p]));
    return {
      ruleRows: rules as RuleRow[],
      state: {
        rules: rules as RuleDraft[],
        rates,
        roundings: new Map(roundingRows.map((r) => [r.currencyCode, { step: r.step, ending: r.ending }])),
      } satisfies PricingState,
      firstChoice: [...first.values()],
      prices,
    };
  }

  /** Every price the state gives, compared with the stored ones: only the ones that differ. */
  function diff(data: Awaited<ReturnType<typeof read>>, state: PricingState): PricingPreview {
    const usd = state.rates.find((c) => c.code === "USD");
    const changes: PriceChange[] = [];
    const repriced = new Set<string>();
    let unpriced = 0;
    for (const plan of data.firstChoice) {
      if (plan.costUsdCents === null || !usd) {
        unpriced += 1;
        continue;
      }
      const rule = ruleFor(state.rules, plan.platformProductCode, plan.destinationCode);
      for (const currency of state.rates.filter((c) => c.enabled)) {
        const after = retailPrice({
          costUsdCents: plan.costUsdCents,
          recommendedRetail: plan.recommendedRetail ?? {},
          rule,
          currency,
          usd,
          rates: state.rates,
          rounding: state.roundings.get(currency.code),
        });
        const before = data.prices.get(`${plan.platformProductCode}|${currency.code}`)?.unitPrice ?? null;
        if (before === after) continue;
        repriced.add(plan.platformProductCode);
        changes.push({
          platformProductCode: plan.platformProductCode,
          destinationCode: plan.destinationCode,
          currencyCode: currency.code,
          before,
          after,
        });
      }
    }
    return { changes, plans: repriced.size, unpriced };
  }

  return {
    async rules(db: Database) {
      const data = await read(db);
      return {
        rules: data.ruleRows,
        roundings: [...data.state.roundings].map(([currencyCode, r]) => ({ currencyCode, ...r })),
        rates: data.state.rates.map((r) => ({
          code: r.code,
          rateFromBase: r.rateFromBase,
          minorDigits: r.minorDigits,
          enabled: r.enabled,
        })),
      };
    },

    /** What the change would do to the store's prices, without writing anything. */
    async preview(db: Database, change: PricingChange): Promise<PricingPreview> {
      const data = await read(db);
      return diff(data, applyChange(data.state, change, data.ruleRows));
    },

    /**
     * Writes the rule or rounding change, then reprices every plan with a known cost from what is now stored
     * (rates are the site module's: the caller writes them in the same transaction before this runs).
     */
    async save(tx: Database, change: Omit<PricingChange, "rates">) {
      const before = await tx.select().from(pricingRules).orderBy(asc(pricingRules.id));
      if (change.deleteRuleId !== undefined)
        await tx.delete(pricingRules).where(eq(pricingRules.id, change.deleteRuleId));
      if (change.rule) {
        const { destinationCode, platformProductCode, markupBp, floorUsdCents } = change.rule;
        // One rule per scope (the unique index on the coalesced codes): two operators saving the same scope at
        // once both succeed, the later one's values standing.
        await tx.execute(sql`
          insert into pricing_rule (destination_code, platform_product_code, markup_bp, floor_usd_cents)
          values (${destinationCode}, ${platformProductCode}, ${markupBp}, ${floorUsdCents})
          on conflict (coalesce(destination_code, ''), coalesce(platform_product_code, ''))
          do update set markup_bp = excluded.markup_bp, floor_usd_cents = excluded.floor_usd_cents`);
      }
      for (const [currencyCode, { step, ending }] of Object.entries(change.roundings ?? {}))
        await tx
          .insert(priceRoundings)
          .values({ currencyCode, step, ending })
          .onConflictDoUpdate({ target: priceRoundings.currencyCode, set: { step, ending } });
      const after = await tx.select().from(pricingRules).orderBy(asc(pricingRules.id));
      return { before, after };
    },

    /** Stores every price the rules now give that differs from the stored one; returns what changed. */
    async reprice(tx: Database): Promise<PricingPreview> {
      const data = await read(tx);
      const result = diff(data, data.state);
      for (const change of result.changes) {
        const stored = data.prices.get(`${change.platformProductCode}|${change.currencyCode}`);
        // A struck-through original no higher than the new price would mislead: it goes.
        const displayPrice =
          stored?.displayPrice != null && stored.displayPrice > change.after ? stored.displayPrice : null;
        await tx
          .insert(planPrices)
          .values({
            platformProductCode: change.platformProductCode,
            currencyCode: change.currencyCode,
            unitPrice: change.after,
            displayPrice,
          })
          .onConflictDoUpdate({
            target: [planPrices.platformProductCode, planPrices.currencyCode],
            set: { unitPrice: change.after, displayPrice },
          });
      }
      return result;
    },

    /** The rule rows that exist for these scopes (the route checks a plan or destination code is real). */
    async ruleById(db: Database, id: number) {
      const [row] = await db.select().from(pricingRules).where(eq(pricingRules.id, id));
      return row ?? null;
    },

    /** Plans' supplier packages, first choice first, with their known costs. */
    async suppliersOf(db: Database, codes: string[]) {
      if (codes.length === 0) return [];
      return db
        .select()
        .from(planSuppliers)
        .where(and(inArray(planSuppliers.platformProductCode, codes), isNotNull(planSuppliers.supplier)))
        .orderBy(asc(planSuppliers.platformProductCode), asc(planSuppliers.rank));
    },
  };
}

export type ConsolePricing = ReturnType<typeof createConsolePricing>;
