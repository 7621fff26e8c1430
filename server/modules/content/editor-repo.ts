import { and, asc, desc, eq, isNull, max, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import {
  contentPageSchedules,
  contentPages,
  contentPageVersions,
  type PageType,
} from "../../../db/schema/index.ts";

type Tx = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export interface PageKey {
  siteCode: string;
  pageCode: string;
  lang: string;
}

/** A page row's columns from its document: the key, type and title stand beside the document for the page list. */
function pageRow(siteCode: string, document: ContentDocument, status: "draft" | "published") {
  return {
    siteCode,
    pageCode: document.pageCode,
    pageType: document.pageType as PageType,
    lang: document.lang,
    status,
    title: document.title,
    document,
  };
}

/** The page editor's storage (issue 17): drafts with a revision, published rows, and the published versions. */
export function createEditorRepo(db: Database) {
  const keyOf = (key: PageKey) =>
    and(
      eq(contentPages.siteCode, key.siteCode),
      eq(contentPages.pageCode, key.pageCode),
      eq(contentPages.lang, key.lang),
    );
  const versionKey = (key: PageKey) =>
    and(
      eq(contentPageVersions.siteCode, key.siteCode),
      eq(contentPageVersions.pageCode, key.pageCode),
      eq(contentPageVersions.lang, key.lang),
    );
  /** The one page row that matches, or null. */
  const firstPage = async (where: SQL | undefined, tx: Tx) => {
    const [row] = await tx.select().from(contentPages).where(where).limit(1);
    return row ?? null;
  };
  return {
    db,
    /** Every stored row (drafts and published), for the page list. */
    listRows(filter: { siteCode?: string; lang?: string }) {
      return db
        .select({
          id: contentPages.id,
          siteCode: contentPages.siteCode,
          pageCode: contentPages.pageCode,
          pageType: contentPages.pageType,
          lang: contentPages.lang,
          status: contentPages.status,
          title: contentPages.title,
          revision: contentPages.revision,
          updatedAt: contentPages.updatedAt,
          publishedAt: contentPages.publishedAt,
        })
        .from(contentPages)
        .where(
          and(
            filter.siteCode ? eq(contentPages.siteCode, filter.siteCode) : undefined,
            filter.lang ? eq(contentPages.lang, filter.lang) : undefined,
          ),
        )
        .orderBy(asc(contentPages.siteCode), asc(contentPages.lang), asc(contentPages.pageCode));
    },
    byId(id: number, tx: Tx = db) {
      return firstPage(eq(contentPages.id, id), tx);
    },
    /** The pages (drafts and published rows) whose document contains `text` (a media library URL). */
    mentioning(text: string, tx: Tx = db) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return tx
        .select({
          siteCode: contentPages.siteCode,
          pageCode: contentPages.pageCode,
          lang: contentPages.lang,
          status: contentPages.status,
        })
        .from(contentPages)
        .where(sql`${contentPages.document}::text like ${pattern}`)
        .orderBy(asc(contentPages.siteCode), asc(contentPages.pageCode), asc(contentPages.lang))
        .limit(20);
    },
    row(key: PageKey, status: "draft" | "published", tx: Tx = db) {
      return firstPage(and(keyOf(key), eq(contentPages.status, status)), tx);
    },
    /** Locks a page's rows (draft and published) for a publish or a roll-back. */
    async lockPage(key: PageKey, tx: Tx) {
      await tx.execute(
        sql`select id from ${contentPages} where ${contentPages.siteCode} = ${key.siteCode} and ${contentPages.pageCode} = ${key.pageCode} and ${contentPages.lang} = ${key.lang} for update`,
      );
    },
    async insertDraft(siteCode: string, document: ContentDocument, tx: Tx = db) {
      const [row] = await tx
        .insert(contentPages)
        .values(pageRow(siteCode, document, "draft"))
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    /** Replaces a draft's document if it is still at `revision`; null when another save came first. */
    async updateDraft(id: number, revision: number, document: ContentDocument, tx: Tx = db) {
      const [row] = await tx
        .update(contentPages)
        .set({ document, title: document.title, revision: revision + 1, updatedAt: new Date() })
        .where(
          and(eq(contentPages.id, id), eq(contentPages.status, "draft"), eq(contentPages.revision, revision)),
        )
        .returning();
      return row ?? null;
    },
    /** Writes the published row (what pages/query-file serves). */
    async upsertPublished(siteCode: string, document: ContentDocument, tx: Tx) {
      const now = new Date();
      const [row] = await tx
        .insert(contentPages)
        .values({ ...pageRow(siteCode, document, "published"), publishedAt: now })
        .onConflictDoUpdate({
          target: [contentPages.siteCode, contentPages.pageCode, contentPages.lang, contentPages.status],
          set: {
            title: document.title,
            document,
            pageType: document.pageType as PageType,
            updatedAt: now,
            publishedAt: now,
            revision: sql`${contentPages.revision} + 1`,
          },
        })
        .returning();
      return row!;
    },
    async lastVersion(key: PageKey, tx: Tx = db) {
      const [row] = await tx
        .select({ version: max(contentPageVersions.version) })
        .from(contentPageVersions)
        .where(versionKey(key));
      return row?.version ?? 0;
    },
    async insertVersion(
      key: PageKey,
      values: {
        version: number;
        document: ContentDocument;
        publishedBy: string | null;
        restoredFrom?: number;
      },
      tx: Tx,
    ) {
      const [row] = await tx
        .insert(contentPageVersions)
        .values({ ...key, ...values })
        .returning();
      return row!;
    },
    versions(key: PageKey) {
      return db
        .select({
          id: contentPageVersions.id,
          version: contentPageVersions.version,
          title: sql<string>`${contentPageVersions.document}->>'title'`,
          publishedBy: contentPageVersions.publishedBy,
          restoredFrom: contentPageVersions.restoredFrom,
          publishedAt: contentPageVersions.publishedAt,
        })
        .from(contentPageVersions)
        .where(versionKey(key))
        .orderBy(desc(contentPageVersions.version));
    },
    /** Stores a scheduled publish (issue 31 item 7): one language's part of a campaign (ADR 0396). */
    async insertSchedule(
      key: PageKey,
      values: {
        revision: number;
        document: ContentDocument;
        startsAt: Date;
        endsAt: Date | null;
        campaignId: string;
        createdBy: string;
      },
      tx: Tx,
    ) {
      const [row] = await tx
        .insert(contentPageSchedules)
        .values({ ...key, ...values })
        .returning();
      return row!;
    },
    /** A page's schedules in every language that are not cancelled, soonest first. */
    schedules(page: { siteCode: string; pageCode: string }) {
      return db
        .select({
          id: contentPageSchedules.id,
          lang: contentPageSchedules.lang,
          campaignId: contentPageSchedules.campaignId,
          revision: contentPageSchedules.revision,
          title: sql<string>`${contentPageSchedules.document}->>'title'`,
          startsAt: contentPageSchedules.startsAt,
          endsAt: contentPageSchedules.endsAt,
          createdBy: contentPageSchedules.createdBy,
        })
        .from(contentPageSchedules)
        .where(
          and(
            eq(contentPageSchedules.siteCode, page.siteCode),
            eq(contentPageSchedules.pageCode, page.pageCode),
            isNull(contentPageSchedules.cancelledAt),
          ),
        )
        .orderBy(
          asc(contentPageSchedules.startsAt),
          asc(contentPageSchedules.lang),
          asc(contentPageSchedules.id),
        );
    },
    /**
     * Cancels one of a page's schedules (any language) once, or with `campaign` every language of its campaign
     * not cancelled yet; the rows cancelled (none when it is not this page's or was cancelled already).
     */
    async cancelSchedule(
      page: { siteCode: string; pageCode: string },
      scheduleId: number,
      campaign: boolean,
      tx: Tx,
    ) {
      const samePage = and(
        eq(contentPageSchedules.siteCode, page.siteCode),
        eq(contentPageSchedules.pageCode, page.pageCode),
        isNull(contentPageSchedules.cancelledAt),
      );
      const [target] = await tx
        .select({ id: contentPageSchedules.id, campaignId: contentPageSchedules.campaignId })
        .from(contentPageSchedules)
        .where(and(eq(contentPageSchedules.id, scheduleId), samePage))
        .limit(1);
      if (!target) return [];
      return tx
        .update(contentPageSchedules)
        .set({ cancelledAt: new Date() })
        .where(
          and(
            campaign && target.campaignId
              ? eq(contentPageSchedules.campaignId, target.campaignId)
              : eq(contentPageSchedules.id, target.id),
            samePage,
          ),
        )
        .returning();
    },
    async version(key: PageKey, version: number, tx: Tx = db) {
      const [row] = await tx
        .select()
        .from(contentPageVersions)
        .where(and(versionKey(key), eq(contentPageVersions.version, version)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type EditorRepo = ReturnType<typeof createEditorRepo>;
