import { data } from "react-router";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import type { BlockDataMap } from "../../../server/modules/content/types.ts";
import type { AppLoadContext } from "../../context.ts";
import { assumedWidth } from "./variant.ts";

export interface ContentPageData {
  document: ContentDocument;
  /** Deferred (ADR 0072): streams in behind Suspense and never rejects. */
  blocks: Promise<BlockDataMap>;
  assumedWidth: number;
}

/** The block data of a document in the shopper's (supported) currency; a failure leaves the blocks empty. */
async function blocksOf(app: AppLoadContext, document: ContentDocument): Promise<BlockDataMap> {
  const { services, request } = app;
  const site = await services.site.siteInfo(request.siteCode, request.locale);
  const currency = site.supportCurrencyList.some((c) => c.currencyCode === request.currency)
    ? request.currency
    : site.defCurrencyCode;
  return services.content.resolveBlocks(document, {
    currency,
    locale: request.locale,
    siteTypeCode: site.siteTypeCode,
    coupons: (codes, kind, locale) => services.coupon.byCodes(codes, kind, locale),
  });
}

function withBlocks(app: AppLoadContext, document: ContentDocument): ContentPageData {
  return {
    document,
    blocks: blocksOf(app, document).catch(() => ({})),
    // spec 2: the server assumes a width from the channel; the browser re-picks the variant once it measures.
    assumedWidth: assumedWidth(app.request.channel),
  };
}

/** A published page for the request's locale (home or a landing page); 404 when there is none. */
export async function loadPublishedPage(
  app: AppLoadContext,
  page: { pageType: "HOME" } | { pageCode: string },
): Promise<ContentPageData> {
  const published = await app.services.content.publishedPage(app.request.siteCode, app.request.locale, page);
  if (!published) throw data(null, { status: 404 });
  return withBlocks(app, published.document);
}

/** An unpublished page for the preview route (spec 2 /preview/{id}). */
export async function loadPreviewPage(
  app: AppLoadContext,
  siteCode: string,
  id: number,
): Promise<ContentPageData> {
  try {
    return withBlocks(app, await app.services.content.preview(siteCode, id));
  } catch {
    throw data(null, { status: 404 });
  }
}
