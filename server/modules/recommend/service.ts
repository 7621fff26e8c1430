import type { Locale } from "../../../core/constants.ts";
import { type ScoreList, scoreList } from "../../../core/lists.ts";
import { DESTINATION_TYPES, type DestinationType } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { CACHE_TAGS, CATALOG_TAGS, type SharedCache } from "../../infra/cache.ts";
import type { CatalogService, PlanView } from "../catalog/service.ts";
import type { RecommendRepo } from "./repo.ts";

/** spec 3 Product (media): what product blocks render; prices are integer minor units of currencyCode. */
export interface ProductMedia {
  platformProductCode: string;
  title: string;
  currencyCode: string;
  unitPrice: number;
  /** Struck-through original; null when there is none (spec 3: hidden when empty or equal to unitPrice). */
  displayPrice: number | null;
  imageUrl: string;
  /** Label names, in the plan's order. */
  labelList: string[];
  /** The labels' types, parallel to labelList. */
  labelTypes: string[];
  /** labelCode → label name. */
  labelRelProductMap: Record<string, string>;
  /** How much lower than the original the price is (displayPrice − unitPrice); null without an original. */
  lowedPrice: number | null;
  /** The destination the plan is for. */
  entityName: string;
  mediaUrl: string;
}

export interface RecommendedProduct extends ProductMedia {
  score: number;
}

/** Derived lists (ADR 0071): "DESTINATION_TYPE:COUNTRY" and "CATEGORY:EAST_ASIA" page like curated ones. */
const TYPE_PREFIX = "DESTINATION_TYPE:";
const CATEGORY_PREFIX = "CATEGORY:";
/** Derived scores step by 10 from the end, like the seeded curated lists. */
const isDerived = (recommendCode: string) =>
  recommendCode.startsWith(TYPE_PREFIX) || recommendCode.startsWith(CATEGORY_PREFIX);

/** One page of a list, with the plans and destinations whose change can change it (its cache tags). */
interface ListPage {
  page: { platformProductCode: string; score: number }[];
  total: number;
  plans: string[];
  destinations: string[];
}
const SCORE_STEP = 10;

export function toProductMedia(plan: PlanView): ProductMedia {
  return {
    platformProductCode: plan.platformProductCode,
    title: plan.title,
    currencyCode: plan.currencyCode,
    unitPrice: plan.unitPrice,
    displayPrice: plan.displayPrice,
    imageUrl: plan.imageUrl,
    labelList: plan.labels.map((label) => label.labelName),
    labelTypes: plan.labels.map((label) => label.labelType),
    labelRelProductMap: Object.fromEntries(plan.labels.map((label) => [label.labelCode, label.labelName])),
    lowedPrice: plan.displayPrice === null ? null : plan.displayPrice - plan.unitPrice,
    entityName: plan.destinationName,
    mediaUrl: plan.imageUrl,
  };
}

/** Priced products are read by every uncached content render; a short cache keeps pricing off the hot path. */
const PRODUCT_CACHE_S = 10;
/** A list's membership changes with the catalogue (cleared by its tag), so it can stay longer. */
const LIST_CACHE_S = 300;

export function createRecommendService(repo: RecommendRepo, catalog: CatalogService, cache: SharedCache) {
  const priced = cache.define("priced-products", {
    ttlS: PRODUCT_CACHE_S,
    // The listed plans' tags (ADR 0282): a destination's change clears its plans' tags too.
    tags: ({ codes }) => [CACHE_TAGS.catalog, CACHE_TAGS.currencies, ...codes.map(CATALOG_TAGS.plan)],
    load: async ({ codes, currency, locale }: { codes: string[]; currency: string; locale: Locale }) => {
      const views = await catalog.priceMany(codes, currency, locale);
      const byCode = new Map(views.map((view) => [view.platformProductCode, toProductMedia(view)]));
      return codes.map((code) => byCode.get(code)).filter((item): item is ProductMedia => item !== undefined);
    },
  });

  /**
   * Prices plans in the shopper's currency and language, in the given order; unknown or off-shelf ones drop out.
   * The same list priced in the last few seconds comes from the shared cache (ADR 0176); otherwise the plans are
   * priced together in one batch.
   */
  async function products(
    codes: readonly string[],
    currency: string,
    locale: Locale,
  ): Promise<ProductMedia[]> {
    const unique = [...new Set(codes)];
    if (unique.length === 0) return [];
    return priced({ codes: unique, currency, locale });
  }

  async function derivedCodes(recommendCode: string) {
    if (recommendCode.startsWith(TYPE_PREFIX)) {
      const type = recommendCode.slice(TYPE_PREFIX.length);
      if (!(DESTINATION_TYPES as readonly string[]).includes(type)) return null;
      return repo.headlinePlans({ type: type as DestinationType });
    }
    if (recommendCode.startsWith(CATEGORY_PREFIX)) {
      return repo.headlinePlans({ categoryCode: recommendCode.slice(CATEGORY_PREFIX.length) });
    }
    return null;
  }

  /**
   * Which plans a list holds at this page, in order: read-mostly (ADR 0209), so a warm render asks the database
   * nothing (issue 15). Its tags are what can change its membership (ADR 0289), not the whole catalogue's lists:
   * a curated list's plans (publishing or unpublishing one moves it in or out; a price or a title does not), a
   * derived list's destinations' shelves (the first plan on each is its headline plan) and the destinations'
   * grouping. The prices, titles and labels shown are the priced products' tags.
   */
  const scored = cache.define("recommend-page", {
    ttlS: LIST_CACHE_S,
    tags: ({ recommendCode }, value?: ListPage) => [
      CACHE_TAGS.catalog,
      ...(isDerived(recommendCode) ? [CATALOG_TAGS.destinations] : []),
      ...(value?.plans ?? []).map(CATALOG_TAGS.plan),
      ...(value?.destinations ?? []).map(CATALOG_TAGS.shelf),
    ],
    load: async ({
      recommendCode,
      size,
      maxScore,
    }: {
      recommendCode: string;
      size: number;
      maxScore?: number;
    }): Promise<ListPage> => {
      const derived = await derivedCodes(recommendCode);
      if (derived) {
        const all = derived.codes.map((platformProductCode, index) => ({
          platformProductCode,
          score: (derived.codes.length - index) * SCORE_STEP,
        }));
        return {
          page: all.filter((item) => maxScore === undefined || item.score < maxScore).slice(0, size),
          total: all.length,
          plans: derived.codes,
          destinations: derived.destinations,
        };
      }
      if (!(await repo.listExists(recommendCode))) throw new ApiError(404, "content.recommendNotFound");
      const items = await repo.curatedItems(recommendCode);
      const onShelf = items.filter((item) => item.onShelf);
      return {
        page: onShelf
          .filter((item) => maxScore === undefined || item.score < maxScore)
          .slice(0, size)
          .map(({ platformProductCode, score }) => ({ platformProductCode, score })),
        total: onShelf.length,
        plans: items.map((item) => item.platformProductCode),
        destinations: [],
      };
    },
  });

  return {
    products,

    /**
     * spec 7 product/recommend in score mode: the first `size` items, or those after maxScore (the score of the
     * last item the client holds), highest score first; count is the list's length.
     */
    async recommend(
      query: { recommendCode: string; size: number; maxScore?: number },
      currency: string,
      locale: Locale,
    ): Promise<ScoreList<RecommendedProduct>> {
      const { page, total } = await scored(query);
      const priced = new Map(
        (
          await products(
            page.map((item) => item.platformProductCode),
            currency,
            locale,
          )
        ).map((product) => [product.platformProductCode, product]),
      );
      const data = page.flatMap((item) => {
        const product = priced.get(item.platformProductCode);
        return product ? [{ ...product, score: item.score }] : [];
      });
      return scoreList(data, total);
    },
  };
}

export type RecommendService = ReturnType<typeof createRecommendService>;
