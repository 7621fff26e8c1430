import { CACHE_TAGS, CATALOG_TAGS, type SharedCache } from "../infra/cache.ts";
import type { CatalogService } from "../modules/catalog/service.ts";

/**
 * A price written into content as `{from:DEST}` or `{price:PLAN}` (ADR 0264), in minor units of a currency, or
 * null when there is none: the content module's blocks priced by the catalogue. Read on every home render, so from
 * the shared cache (issue 15, ADR 0209), dropped with the catalogue or the rates.
 */
export function createContentPriceFlow(deps: {
  cache: SharedCache;
  catalog: Pick<CatalogService, "getPlan" | "listPlansForDestination">;
}) {
  const { catalog } = deps;
  return deps.cache.define("content-price", {
    ttlS: 300,
    tags: ({ kind, code }) => [
      CACHE_TAGS.catalog,
      CACHE_TAGS.currencies,
      kind === "price" ? CATALOG_TAGS.plan(code) : CATALOG_TAGS.destination(code),
    ],
    load: async ({
      kind,
      code,
      currencyCode,
    }: {
      kind: "from" | "price";
      code: string;
      currencyCode: string;
    }) => {
      try {
        const amount =
          kind === "price"
            ? (await catalog.getPlan(code, currencyCode, "en_US")).unitPrice
            : Math.min(
                ...(await catalog.listPlansForDestination(code, currencyCode, "en_US")).map(
                  (plan) => plan.unitPrice,
                ),
              );
        return Number.isSafeInteger(amount) ? amount : null;
      } catch {
        // An unknown plan or destination: no price.
        return null;
      }
    },
  });
}
