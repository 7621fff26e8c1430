import { data } from "react-router";
import { z } from "zod";
import type { Locale } from "../../../core/constants.ts";
import { type ParsedDocument, parseDocumentData } from "../../../core/content/components.ts";
import { isCrawler } from "../../../core/crawler.ts";
import { deepFreeze } from "../../../core/deep-freeze.ts";
import { keptAnswers } from "../../../core/kept.ts";
import { formatPrice } from "../../../core/money.ts";
import { type ContentDocument, PAGE_CODE, type PageVariant } from "../../../db/schema/content-document.ts";
import { FIRST_VIEW_ROW_CARDS } from "../../../server/modules/content/product-source.ts";
import type { BlockDataMap } from "../../../server/modules/content/types.ts";
import type { AppLoadContext } from "../../context.ts";
import { PRICE_TOKEN, priceTokensIn } from "./content-prices.ts";
import { assumedWidth, pickVariant } from "./variant.ts";

export interface ContentPageData {
  document: ParsedDocument;
  /** Deferred (ADR 0072): streams in behind Suspense and never rejects. */
  blocks: Promise<BlockDataMap>;
  assumedWidth: number;
  /**
   * ADR 0285: the variant whose components (and block data) the document carries; the others keep their widths and
   * layout but no components, and come from `variantsFrom` when the measured width picks one. Absent: all of them.
   */
  sentVariant?: string;
  /** The content/variant resource route's query for this page (no locale prefix, no `variant`). */
  variantsFrom?: string;
}

/** What the content/variant resource route answers: one variant of a published page and its block data. */
export interface VariantAnswer {
  /** Null when the page or the variant is gone (a publish in between): the page keeps what it shows. */
  variant: PageVariant | null;
  blocks: BlockDataMap;
}

const variantDocuments = new WeakMap<ContentDocument, Map<string, ContentDocument>>();

/**
 * The document with only `variantId`'s components; the other variants keep their bounds and layout, empty. Made
 * once per frozen (shared-cache) document and variant and frozen too, so the pricing and parsing kept per document
 * object (`priceTokens`, `parsedDocument`) apply to it on every render.
 */
export function onlyVariant(document: ContentDocument, variantId: string): ContentDocument {
  const known = variantDocuments.get(document)?.get(variantId);
  if (known) return known;
  const result: ContentDocument = {
    ...document,
    variants: document.variants.map((variant) =>
      variant.variantId === variantId ? variant : { ...variant, components: [] },
    ),
  };
  if (!Object.isFrozen(document)) return result;
  let byVariant = variantDocuments.get(document);
  if (!byVariant) {
    byVariant = new Map();
    variantDocuments.set(document, byVariant);
  }
  byVariant.set(variantId, deepFreeze(result));
  return result;
}

/**
 * ADR 0296: how many cards home's horizontal plan rows show a shopper at first (the rest come on "Show all"); a
 * crawler (the HTML cache keys it apart, ADR 0293) gets every card. Undefined: whole rows.
 */
export function homeRowCards(request: Request): number | undefined {
  return isCrawler(request.headers.get("user-agent")) ? undefined : FIRST_VIEW_ROW_CARDS;
}

/**
 * The block data of a document in the shopper's (supported) currency and, by default, the request's language (the
 * editor's canvas, under /admin, names the page's); a failure leaves the blocks empty.
 */
export async function blocksOf(
  app: AppLoadContext,
  document: ContentDocument,
  rowCards?: number,
  locale: Locale = app.request.locale,
): Promise<BlockDataMap> {
  const { services, request } = app;
  const site = await services.site.siteInfo(request.siteCode, locale);
  const currency = site.supportCurrencyList.some((c) => c.currencyCode === request.currency)
    ? request.currency
    : site.defCurrencyCode;
  return services.content.resolveBlocks(document, {
    currency,
    locale,
    siteTypeCode: site.siteTypeCode,
    rowCards,
    coupons: (codes, kind, locale) => services.coupon.byCodes(codes, kind, locale, undefined, currency),
  });
}

/** The shopper's currency if the site sells in it, else the site's default, with its display format. */
async function shopperCurrency(app: AppLoadContext) {
  const { services, request } = app;
  const site = await services.site.siteInfo(request.siteCode, request.locale);
  return (
    site.supportCurrencyList.find((c) => c.currencyCode === request.currency) ??
    site.supportCurrencyList.find((c) => c.currencyCode === site.defCurrencyCode) ??
    site.supportCurrencyList[0]
  );
}

/** Issue 12 (ADR 0264): prices written into content follow the shopper's currency (content-prices.ts). */
export { PRICE_TOKEN };

/**
 * What a document's prices need, per document object (ADR 0281): a published document comes from the shared
 * cache as one frozen object per entry, so it is written out and searched for tokens once, and each combination
 * of prices is applied once (the priced documents are frozen and shared too).
 */
interface PriceTokens {
  json: string;
  tokens: string[];
  /** Price combinations kept per document (currencies times price changes within a cache entry's life). */
  priced: (key: string, make: () => ContentDocument) => ContentDocument;
}
const priceTokensOf = new WeakMap<ContentDocument, PriceTokens>();

function priceTokens(document: ContentDocument): PriceTokens {
  let known = priceTokensOf.get(document);
  if (!known) {
    const json = JSON.stringify(document);
    const tokens = priceTokensIn(json);
    known = { json, tokens, priced: keptAnswers(32) };
    // Only a frozen document cannot change behind its copy (an unpublished preview is not frozen).
    if (Object.isFrozen(document)) priceTokensOf.set(document, known);
  }
  return known;
}

const parsedDocuments = new WeakMap<ContentDocument, ParsedDocument>();

/** The document with its components' data parsed, once per frozen document (see `priceTokens`). */
function parsedDocument(document: ContentDocument): ParsedDocument {
  let parsed = parsedDocuments.get(document);
  if (!parsed) {
    parsed = parseDocumentData(document);
    if (Object.isFrozen(document)) parsedDocuments.set(document, deepFreeze(parsed));
  }
  return parsed;
}

/** The shopper's text of each price token (empty for an unknown code), in the request's currency. */
async function priceTexts(app: AppLoadContext, tokens: readonly string[]): Promise<Map<string, string>> {
  const amounts = new Map<string, string>();
  if (tokens.length === 0) return amounts;
  const currency = await shopperCurrency(app);
  if (!currency) return amounts;
  const { services } = app;
  await Promise.all(
    tokens.map(async (token) => {
      const [, kind, code] = /^\{(from|price):(.+)\}$/.exec(token) ?? [];
      if ((kind !== "from" && kind !== "price") || !code) return;
      const amount = await services.contentPrice({ kind, code, currencyCode: currency.currencyCode });
      if (amount !== null) amounts.set(token, formatPrice(amount, currency, false));
    }),
  );
  return amounts;
}

export async function withContentPrices(
  app: AppLoadContext,
  document: ContentDocument,
): Promise<ContentDocument> {
  const { json, tokens, priced } = priceTokens(document);
  if (tokens.length === 0) return document;
  if (!(await shopperCurrency(app))) return document;
  const amounts = await priceTexts(app, tokens);
  const key = tokens.map((token) => amounts.get(token) ?? "").join("\u0000");
  // Replaced inside the JSON strings: a formatted price has no quote or backslash to escape.
  return priced(key, () =>
    deepFreeze(JSON.parse(json.replace(PRICE_TOKEN, (token) => amounts.get(token) ?? "")) as ContentDocument),
  );
}

/**
 * The editor's canvas (ADR 0394): the text the shopper's page writes for each price token of a draft (an unknown
 * code's is empty), so the canvas prices the document it is sent as the store prices the published one.
 */
export async function contentPriceTexts(
  app: AppLoadContext,
  document: ContentDocument,
): Promise<Record<string, string>> {
  const tokens = priceTokensIn(JSON.stringify(document));
  const amounts = await priceTexts(app, tokens);
  return Object.fromEntries(tokens.map((token) => [token, amounts.get(token) ?? ""]));
}

function withBlocks(
  app: AppLoadContext,
  document: ContentDocument,
  width?: number,
  rowCards?: number,
): ContentPageData {
  return {
    document: parsedDocument(document),
    blocks: blocksOf(app, document, rowCards).catch(() => ({})),
    // spec 2: the server assumes a width from the channel; the browser re-picks the variant once it measures.
    assumedWidth: width ?? assumedWidth(app.request.channel),
  };
}

type PublishedPage = { pageType: "HOME" } | { pageCode: string };

function variantsQuery(page: PublishedPage): string {
  return `/content/variant?${new URLSearchParams("pageCode" in page ? { pageCode: page.pageCode } : { page: "HOME" })}`;
}

/**
 * A published page for the request's locale (home or a landing page); 404 when there is none. With
 * `firstViewOnly` (ADR 0285) the document carries only the variant the server renders (for `assumedWidth`, else
 * the channel's width) and its block data; the browser loads another through the content/variant route.
 */
export async function loadPublishedPage(
  app: AppLoadContext,
  page: PublishedPage,
  options: { assumedWidth?: number; firstViewOnly?: boolean; rowCards?: number } = {},
): Promise<ContentPageData> {
  const published = await app.services.content.publishedPage(app.request.siteCode, app.request.locale, page);
  if (!published) throw data(null, { status: 404 });
  const width = options.assumedWidth ?? assumedWidth(app.request.channel);
  const { rowCards } = options;
  if (!options.firstViewOnly)
    return withBlocks(app, await withContentPrices(app, published.document), width, rowCards);
  const sentVariant = pickVariant(published.document, width).variantId;
  const document = onlyVariant(published.document, sentVariant);
  return {
    ...withBlocks(app, await withContentPrices(app, document), width, rowCards),
    sentVariant,
    variantsFrom: variantsQuery(page),
  };
}

/** The content/variant route's query; anything else is answered with no variant. */
const VariantQuery = z.object({
  variant: z.string().min(1).max(200),
  pageCode: PAGE_CODE.optional(),
  page: z.literal("HOME").optional(),
});

/**
 * GET content/variant?page=HOME|pageCode=…&variant=… (ADR 0285): one variant of a published page with its block
 * data, for a browser whose measured width picks a variant the page did not carry. Never fails: a fetcher's error
 * would replace the page with its error boundary, and the page already shows a variant.
 */
export async function loadPublishedVariant(
  app: AppLoadContext,
  request: Request,
  url: URL,
): Promise<VariantAnswer> {
  const none: VariantAnswer = { variant: null, blocks: {} };
  const query = VariantQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return none;
  const { variant: variantId, pageCode } = query.data;
  const page: PublishedPage | null = pageCode ? { pageCode } : query.data.page ? { pageType: "HOME" } : null;
  if (!page) return none;
  try {
    const published = await app.services.content.publishedPage(
      app.request.siteCode,
      app.request.locale,
      page,
    );
    if (!published?.document.variants.some((v) => v.variantId === variantId)) return none;
    const document = parsedDocument(await withContentPrices(app, onlyVariant(published.document, variantId)));
    // Home's rows as its document has them (ADR 0296); a landing page's whole.
    const rowCards = "pageType" in page ? homeRowCards(request) : undefined;
    const blocks = await blocksOf(app, document, rowCards).catch(() => ({}));
    return { variant: document.variants.find((v) => v.variantId === variantId) ?? null, blocks };
  } catch {
    return none;
  }
}

/** An unpublished page for the preview route (spec 2 /preview/{id}). */
export async function loadPreviewPage(
  app: AppLoadContext,
  siteCode: string,
  id: number,
): Promise<ContentPageData> {
  try {
    return withBlocks(app, await withContentPrices(app, await app.services.content.preview(siteCode, id)));
  } catch {
    throw data(null, { status: 404 });
  }
}
