import { createHash } from "node:crypto";
import type { Locale } from "../../../core/constants.ts";
import { type PageList, pageList } from "../../../core/lists.ts";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import {
  ContentDocumentSchema,
  componentDepth,
  MAX_COMPONENT_DEPTH,
} from "../../../db/schema/content-document.ts";
import type { LocalizedText } from "../../../db/schema/localized.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS, recordRead, type SharedCache } from "../../infra/cache.ts";
import type { RecommendService } from "../recommend/service.ts";
import { sanitizeDocument } from "./document.ts";
import { pageCacheTag } from "./editor.ts";
import {
  isHorizontalRow,
  pageSizeOf,
  productListRecommendCode,
  stringList,
  tabsOf,
} from "./product-source.ts";
import type { ContentRepo } from "./repo.ts";
import { sanitizeOperatorHtml } from "./sanitize.ts";
import {
  type BlockData,
  type BlockDataMap,
  type CouponView,
  type LiveRoomView,
  type NoteView,
  toBlockCoupon,
  toBlockLiveRoom,
  toBlockProduct,
} from "./types.ts";

/**
 * spec 7's coupon look-up by code and kind (the coupon module's `byCodes`, ADR 0118), which resolves the
 * receive-coupon block for the first render: unknown and disabled codes are left out, ended ones flagged.
 */
export type CouponLookup = (
  codes: string[],
  kind: "COUPON" | "PROMO_CODE",
  locale: Locale,
) => Promise<(CouponView & { ended: boolean })[]>;

/** A published page as a file: a versioned URL, its body and a strong ETag (ADR 0070). */
export interface PublishedPage {
  document: ContentDocument;
  pageCode: string;
  version: string;
  filePath: string;
  json: string;
  etag: string;
}

export type PageQuery = { pageType: "HOME" } | { pageCode: string };

/** A published page is read on every uncached render; a short in-process cache keeps it off the hot path. */
const PAGE_CACHE_S = 10;
/** Live rooms change status with their times: a short life, like the published pages. */
const LIVE_CACHE_S = 10;

const text = (value: LocalizedText, locale: Locale) => value[locale] || value.en_US;

export function pageFilePath(siteCode: string, lang: string, pageCode: string, version: string) {
  return `/pub-res/pages/${encodeURIComponent(siteCode)}/${lang}/${pageCode}.${version}.json`;
}

function asPublished(siteCode: string, lang: string, stored: ContentDocument): PublishedPage {
  const document = sanitizeDocument(stored);
  const json = JSON.stringify(document);
  const hash = createHash("sha256").update(json).digest("base64url");
  const version = hash.slice(0, 12).replace(/[-_]/g, "0");
  return {
    document,
    pageCode: document.pageCode,
    version,
    filePath: pageFilePath(siteCode, lang, document.pageCode, version),
    json,
    etag: `"${hash.slice(0, 27)}"`,
  };
}

/**
 * What a page shows at `now` (issue 31 item 7, ADR 0381): of the published row (live since it was published) and
 * the schedules running now (live from their start until their end), the one that went live last. When a
 * schedule ends, the page falls back to what was live before it; a publish after a schedule's start wins over it.
 */
export function liveDocument(
  published: { document: ContentDocument; publishedAt: Date | null; updatedAt: Date } | null,
  schedules: { startsAt: Date; endsAt: Date | null; document: ContentDocument }[],
  now: Date,
): ContentDocument | null {
  let best = published
    ? { document: published.document, since: (published.publishedAt ?? published.updatedAt).getTime() }
    : null;
  for (const schedule of schedules) {
    const since = schedule.startsAt.getTime();
    if (since > now.getTime() || (schedule.endsAt && schedule.endsAt.getTime() <= now.getTime())) continue;
    if (!best || since >= best.since) best = { document: schedule.document, since };
  }
  return best?.document ?? null;
}

export function createContentService(repo: ContentRepo, recommend: RecommendService, cache: SharedCache) {
  async function loadPublished(siteCode: string, locale: Locale, page: PageQuery) {
    const row = await repo.findPage(siteCode, locale, "published", page);
    const pageCode = row?.pageCode ?? ("pageCode" in page ? page.pageCode : null);
    if (!pageCode) return null;
    // A scheduled version live now wins over the published row when it went live after it (ADR 0381).
    const document = liveDocument(row, await repo.schedules(siteCode, locale, pageCode), new Date());
    return document ? asPublished(siteCode, locale, document) : null;
  }

  const cachedPage = cache.define("published-page", {
    ttlS: PAGE_CACHE_S,
    // The content tag drops every page (a seed, a test); a page's own tag drops only it (a publish, issue 17).
    tags: ({ siteCode, locale, page }) => [CACHE_TAGS.content, pageCacheTag(siteCode, locale, page)],
    load: ({ siteCode, locale, page }: { siteCode: string; locale: Locale; page: PageQuery }) =>
      loadPublished(siteCode, locale, page),
  });

  // Live rooms are read by every render of a page with a live block and change with the operator's content
  // (cleared with it, on every instance) or their own times: a short life keeps a room's status current.
  const cachedLiveRooms = cache.define("live-rooms", {
    ttlS: LIVE_CACHE_S,
    tags: () => [CACHE_TAGS.content],
    load: async ({ siteTypeCode, page, size }: { siteTypeCode: string; page: number; size: number }) => {
      const [rows, total] = await Promise.all([
        repo.liveRooms(siteTypeCode, page, size),
        repo.liveRoomCount(siteTypeCode),
      ]);
      return { rows, total };
    },
  });

  function publishedPage(siteCode: string, locale: Locale, page: PageQuery): Promise<PublishedPage | null> {
    return cachedPage({ siteCode, locale, page });
  }

  async function notes(codes: string[], locale: Locale): Promise<Record<string, NoteView>> {
    if (codes.length === 0) return {};
    recordRead(CACHE_TAGS.content);
    const rows = await repo.notes(codes, locale);
    const byCode = new Map(rows.map((row) => [row.noteInfoCode, row]));
    const result: Record<string, NoteView> = {};
    for (const code of codes) {
      const row = byCode.get(code);
      if (!row) continue;
      result[code] = {
        noteInfoCode: row.noteInfoCode,
        noteTitle: row.noteTitle,
        mediaUrl: row.mediaUrl,
        noteContent: sanitizeOperatorHtml(row.noteContent),
        topicNameList: row.topicNameList,
      };
    }
    return result;
  }

  async function liveList(
    query: { page: number; size: number; siteTypeCode: string },
    locale: Locale,
  ): Promise<PageList<LiveRoomView>> {
    const { rows, total } = await cachedLiveRooms(query);
    return pageList(
      rows.map((row) => ({
        roomCode: row.roomCode,
        roomName: text(row.roomName, locale),
        feedsImgUrl: row.feedsImgUrl,
        startTime: row.startTime.toISOString(),
        endTime: row.endTime.toISOString(),
        roomStatusCode: row.roomStatusCode,
        onlineShopCode: row.onlineShopCode,
      })),
      total,
    );
  }

  /**
   * The data the blocks of a document need on first render (ADR 0072): product lists, the first tab of each
   * tab group, notes, live rooms and coupons. A block whose data fails is left out, never failing the page.
   */
  async function resolveBlocks(
    document: ContentDocument,
    context: {
      currency: string;
      locale: Locale;
      siteTypeCode: string;
      coupons: CouponLookup;
      /** ADR 0296: a horizontal Recommend row resolves at most this many plans (the rest come on "Show all"). */
      rowCards?: number;
    },
  ): Promise<BlockDataMap> {
    const memo = new Map<string, Promise<BlockData>>();
    const jobs: [string, Promise<BlockData>][] = [];
    const once = (key: string, job: () => Promise<BlockData>) => {
      let value = memo.get(key);
      if (!value) {
        value = job();
        memo.set(key, value);
      }
      return value;
    };
    const products = (recommendCode: string, size: number) =>
      once(`rec|${recommendCode}|${size}`, async () => {
        const list = await recommend.recommend({ recommendCode, size }, context.currency, context.locale);
        return { kind: "products", products: list.data.map(toBlockProduct), count: list.count };
      });
    const noteList = (codes: string[]) =>
      once(`notes|${codes.join(",")}`, async () => ({
        kind: "notes",
        notes: Object.values(await notes(codes, context.locale)),
      }));

    const visit = (component: PageComponent) => {
      const { data } = component;
      switch (component.componentCode) {
        case "Recommend":
          if (typeof data.recommendCode === "string") {
            const size = pageSizeOf(data);
            const shown =
              context.rowCards !== undefined && isHorizontalRow(data)
                ? Math.min(size, context.rowCards)
                : size;
            jobs.push([component.componentId, products(data.recommendCode, shown)]);
          }
          return;
        case "ProductList": {
          const code = productListRecommendCode(data);
          if (code) jobs.push([component.componentId, products(code, pageSizeOf(data))]);
          return;
        }
        case "NoteList":
          jobs.push([component.componentId, noteList(stringList(data.noteInfoCodes))]);
          return;
        case "LiveList":
          jobs.push([
            component.componentId,
            once(`live|${String(data.siteTypeCode)}`, async () => ({
              kind: "live",
              rooms: (
                await liveList(
                  { page: 0, size: 3, siteTypeCode: String(data.siteTypeCode ?? context.siteTypeCode) },
                  context.locale,
                )
              ).content.map(toBlockLiveRoom),
            })),
          ]);
          return;
        case "ReceiveCoupon": {
          // spec 7's coupon look-ups (ADR 0118), one per kind; a code that has ended is not offered.
          const codes = (value: unknown) => stringList(value).map((code) => code.toUpperCase());
          jobs.push([
            component.componentId,
            Promise.all([
              context.coupons(codes(data.couponCodes), "COUPON", context.locale),
              context.coupons(codes(data.promoCodes), "PROMO_CODE", context.locale),
            ]).then(([couponList, promoList]) => ({
              kind: "coupons",
              coupons: [...couponList, ...promoList]
                .filter((coupon) => !coupon.ended)
                .map((coupon) => toBlockCoupon(coupon, context.locale)),
            })),
          ]);
          return;
        }
        case "Tabs":
        case "VerticalTabs": {
          // Tabs load lazily (spec 4): only the first tab's content is resolved for the first render.
          const first = tabsOf(data)[0]?.groupCode;
          for (const child of component.childrenData ?? []) if (child.groupCode === first) visit(child);
          return;
        }
        default:
          for (const child of component.childrenData ?? []) visit(child);
      }
    };
    for (const variant of document.variants) for (const component of variant.components) visit(component);

    const settled = await Promise.allSettled(jobs.map(([, job]) => job));
    const result: BlockDataMap = {};
    settled.forEach((outcome, index) => {
      if (outcome.status === "fulfilled") result[jobs[index]![0]] = outcome.value;
    });
    return result;
  }

  return {
    publishedPage,

    /** spec 7 pages/query-file: the file of each asked-for page, keyed by query type. */
    async queryFiles(
      asks: { siteCode: string; queryType: "HOME" | "LANDING"; pageCode?: string }[],
      locale: Locale,
    ): Promise<Record<string, { siteCode: string; pageCode: string; filePath: string; version: string }>> {
      const result: Record<
        string,
        { siteCode: string; pageCode: string; filePath: string; version: string }
      > = {};
      for (const ask of asks) {
        if (ask.queryType === "LANDING" && !ask.pageCode) continue;
        const page = await publishedPage(
          ask.siteCode,
          locale,
          ask.pageCode ? { pageCode: ask.pageCode } : { pageType: "HOME" },
        );
        if (!page || (ask.queryType === "HOME" && page.document.pageType !== "HOME")) continue;
        result[ask.queryType] = {
          siteCode: ask.siteCode,
          pageCode: page.pageCode,
          filePath: page.filePath,
          version: page.version,
        };
      }
      return result;
    },

    /** The published file at a versioned path; another version is gone (404), the client asks query-file again. */
    async pageFile(siteCode: string, locale: Locale, pageCode: string, version: string) {
      const page = await publishedPage(siteCode, locale, { pageCode });
      if (!page || page.version !== version) throw notFound("content.pageNotFound");
      return page;
    },

    /**
     * spec 7 sites/preview: the unpublished page behind a view id. A published row's id previews its draft when
     * one exists, else the row itself. Templates have no table of their own yet, so both kinds read pages.
     */
    async preview(siteCode: string, id: number): Promise<ContentDocument> {
      const row = await repo.findPageById(id);
      if (!row || row.siteCode !== siteCode) throw notFound("content.pageNotFound");
      const draft =
        row.status === "draft"
          ? row
          : ((await repo.findPage(siteCode, row.lang, "draft", { pageCode: row.pageCode })) ?? row);
      return sanitizeDocument(draft.document);
    },

    /** Saves an editor's draft: validated against the document format and sanitized on save (ADR 0070). */
    async saveDraft(siteCode: string, input: unknown) {
      if (componentDepth(input) > MAX_COMPONENT_DEPTH)
        throw new ApiError(400, "error.badRequest", { fields: { document: "validation.tooDeep" } });
      const parsed = ContentDocumentSchema.safeParse(input);
      if (!parsed.success) throw new ApiError(400, "error.badRequest");
      const row = await repo.saveDraft(siteCode, sanitizeDocument(parsed.data));
      return { id: row.id };
    },

    /**
     * Called after a page is published: drops the cached pages on every instance; the invalidation also clears
     * every instance's HTML cache (app.ts listens to the shared cache's invalidations, ADR 0176).
     */
    pagesChanged() {
      return cache.invalidate([CACHE_TAGS.content]);
    },

    notes,
    liveList,
    resolveBlocks,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
