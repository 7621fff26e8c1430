import type { Locale } from "../../../core/constants.ts";
import type { Database } from "../../../db/client.ts";
import type { InfoPageKey, LegalKind } from "../../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS, recordRead, type SharedCache } from "../../infra/cache.ts";
import { sanitizeOperatorHtml } from "../content/sanitize.ts";
import type { PagesRepo } from "./repo.ts";

/** spec 2 /pageHtml: one version of a legal document, as the page shows it. */
export interface LegalDocumentView {
  kind: LegalKind;
  lang: string;
  version: number;
  title: string;
  /** Sanitized operator HTML. */
  body: string;
  effectiveAt: string;
  /** Every version in force so far, newest first, so a shopper can read what they agreed to before. */
  versions: { version: number; effectiveAt: string }[];
}

export interface InfoPageView {
  pageKey: InfoPageKey;
  lang: string;
  title: string;
  summary: string;
  body: string;
  updatedAt: string;
}

/**
 * Legal documents and the about-us and join-us pages (issue 10, ADR 0200). The storefront reads them; the
 * operator console drafts, publishes and edits them through the same service.
 */
/** spec 3 footer content. */
export interface FooterContent {
  contactWaysTitle: string;
  contactWays: { key: string; value: string }[];
  contentList: string[];
}

/** How long a locale's footer is kept in the shared cache, in seconds (a change drops it at once). */
const FOOTER_CACHE_S = 10;

export function createPagesService(
  repo: PagesRepo,
  cache: SharedCache,
  clock: () => Date = () => new Date(),
) {
  // The footer is on every page render: the shared cache keeps it off the hot path (as site info). It carries the
  // content tag, so a change to it drops it on every instance, and every cached page that showed it (ADR 0245).
  const footer = cache.define<Locale, FooterContent>("footer", {
    ttlS: FOOTER_CACHE_S,
    tags: () => [CACHE_TAGS.content],
    load: async (lang) => {
      const row = await repo.footer(lang);
      return {
        contactWaysTitle: row?.contactWaysTitle ?? "",
        contactWays: row?.contactWays ?? [],
        contentList: row?.contentList ?? [],
      };
    },
  });

  return {
    /** spec 3: the footer's contact ways and content list in a locale; empty when none is stored. */
    footer(lang: Locale): Promise<FooterContent> {
      return footer(lang);
    },

    /** Replaces the footer content of a locale; every instance shows it from the next read. */
    async saveFooter(lang: Locale, input: FooterContent) {
      await repo.saveFooter({ lang, ...input });
      await cache.invalidate([CACHE_TAGS.content]);
    },

    /** The version in force (or the one asked for, if it has come into force) in a locale. */
    async legalDocument(kind: LegalKind, lang: Locale, version?: number): Promise<LegalDocumentView> {
      recordRead(CACHE_TAGS.content);
      const inForce = await repo.publishedVersions(kind, lang, clock());
      const row = version === undefined ? inForce[0] : inForce.find((r) => r.version === version);
      if (!row) throw notFound("pages.documentNotFound");
      return {
        kind,
        lang,
        version: row.version,
        title: row.title,
        body: sanitizeOperatorHtml(row.body),
        effectiveAt: row.effectiveAt.toISOString(),
        versions: inForce.map((r) => ({ version: r.version, effectiveAt: r.effectiveAt.toISOString() })),
      };
    },

    /**
     * The terms version a shopper accepts when they register now; null when no terms are in force. Inside a
     * transaction pass its executor: an embedded database has one connection, which the transaction holds.
     */
    async termsVersionInForce(lang: Locale, executor?: Database): Promise<number | null> {
      const [row] = await repo.publishedVersions("tacCondition", lang, clock(), executor);
      return row?.version ?? null;
    },

    /** Console: a new draft version; it is stored sanitized and shows nowhere until published. */
    async draftLegalDocument(
      kind: LegalKind,
      lang: Locale,
      input: { title: string; body: string; effectiveAt: Date },
    ) {
      const row = await repo.insertDraft({
        kind,
        lang,
        title: input.title,
        body: sanitizeOperatorHtml(input.body),
        effectiveAt: input.effectiveAt,
      });
      return { version: row.version };
    },

    /** Console: publishes a draft; it shows from its effective date. A published version never changes. */
    async publishLegalDocument(kind: LegalKind, lang: Locale, version: number) {
      const existing = await repo.findVersion(kind, lang, version);
      if (!existing) throw notFound("pages.documentNotFound");
      if (existing.publishedAt) throw new ApiError(409, "pages.alreadyPublished");
      const row = await repo.publish(kind, lang, version, clock());
      if (!row) throw new ApiError(409, "pages.alreadyPublished");
      return { version: row.version, effectiveAt: row.effectiveAt.toISOString() };
    },

    async infoPage(pageKey: InfoPageKey, lang: Locale): Promise<InfoPageView> {
      recordRead(CACHE_TAGS.content);
      const row = await repo.infoPage(pageKey, lang);
      if (!row) throw notFound("pages.documentNotFound");
      return {
        pageKey,
        lang,
        title: row.title,
        summary: row.summary,
        body: sanitizeOperatorHtml(row.body),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** Console: replaces an about-us or join-us page in one locale. */
    async saveInfoPage(
      pageKey: InfoPageKey,
      lang: Locale,
      input: { title: string; summary: string; body: string },
    ) {
      await repo.saveInfoPage({ pageKey, lang, ...input, body: sanitizeOperatorHtml(input.body) });
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
