import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  continentDestinations,
  continents,
  currencies,
  type DestinationType,
  destinations,
  planCoverage,
  planLabels,
  planPrices,
  plans,
} from "../../../db/schema/index.ts";

export function createCatalogRepo(db: Database) {
  return {
    continents() {
      return db.select().from(continents).orderBy(asc(continents.sortOrder));
    },
    /** Every continent tab's enabled members, in tab order. */
    continentMembers() {
      return db
        .select({
          continentId: continentDestinations.continentId,
          code: destinations.code,
          nameEn: destinations.nameEn,
          nameZhCn: destinations.nameZhCn,
          nameZhHk: destinations.nameZhHk,
          thumbnailUrl: destinations.thumbnailUrl,
        })
        .from(continentDestinations)
        .innerJoin(destinations, eq(destinations.code, continentDestinations.destinationCode))
        .where(eq(destinations.enabled, true))
        .orderBy(asc(continentDestinations.continentId), asc(continentDestinations.sortOrder));
    },
    destinationsByType(type: DestinationType) {
      return db
        .select()
        .from(destinations)
        .where(and(eq(destinations.type, type), eq(destinations.enabled, true)))
        .orderBy(desc(destinations.popularity), asc(destinations.code));
    },
    async findDestination(code: string) {
      const [row] = await db.select().from(destinations).where(eq(destinations.code, code)).limit(1);
      return row ?? null;
    },
    async findPlan(platformProductCode: string) {
      const [row] = await db
        .select()
        .from(plans)
        .where(eq(plans.platformProductCode, platformProductCode))
        .limit(1);
      return row ?? null;
    },
    /** The given plans that are on sale, in no particular order. */
    onShelfPlans(platformProductCodes: readonly string[]) {
      if (platformProductCodes.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(plans)
        .where(
          and(inArray(plans.platformProductCode, [...platformProductCodes]), eq(plans.status, "ON_SHELF")),
        );
    },
    async onShelfPlansOf(destinationCode: string) {
      return db
        .select()
        .from(plans)
        .where(and(eq(plans.destinationCode, destinationCode), eq(plans.status, "ON_SHELF")))
        .orderBy(asc(plans.sortOrder), asc(plans.platformProductCode));
    },
    /** Prices of these plans in one currency and in the base currency (for conversion when one is missing). */
    /** Every on-shelf plan of a destination type with its price in each of the currencies (ADR 0262). */
    typePlanPrices(type: DestinationType, currencyCodes: string[]) {
      return db
        .select({
          destinationCode: plans.destinationCode,
          currencyCode: planPrices.currencyCode,
          unitPrice: planPrices.unitPrice,
          platformProductCode: plans.platformProductCode,
        })
        .from(plans)
        .innerJoin(destinations, eq(destinations.code, plans.destinationCode))
        .innerJoin(planPrices, eq(planPrices.platformProductCode, plans.platformProductCode))
        .where(
          and(
            eq(destinations.type, type),
            eq(destinations.enabled, true),
            eq(plans.status, "ON_SHELF"),
            inArray(planPrices.currencyCode, currencyCodes),
          ),
        );
    },
    async prices(platformProductCodes: string[], currencyCodes: string[]) {
      if (platformProductCodes.length === 0) return [];
      return db
        .select()
        .from(planPrices)
        .where(
          and(
            inArray(planPrices.platformProductCode, platformProductCodes),
            inArray(planPrices.currencyCode, currencyCodes),
          ),
        );
    },
    async coverage(platformProductCode: string) {
      return db
        .select({
          countryCode: planCoverage.countryCode,
          operators: planCoverage.operators,
          network: planCoverage.network,
          nameEn: destinations.nameEn,
          nameZhCn: destinations.nameZhCn,
          nameZhHk: destinations.nameZhHk,
        })
        .from(planCoverage)
        .innerJoin(destinations, eq(destinations.code, planCoverage.countryCode))
        .where(eq(planCoverage.platformProductCode, platformProductCode))
        .orderBy(asc(destinations.nameEn));
    },
    async labels() {
      return db.select().from(planLabels).orderBy(asc(planLabels.sortOrder));
    },
    async findCurrency(code: string) {
      const [row] = await db
        .select()
        .from(currencies)
        .where(and(eq(currencies.code, code), eq(currencies.enabled, true)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
