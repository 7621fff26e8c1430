import { and, asc, count, desc, eq, ilike, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import {
  contentPageSchedules,
  contentPages,
  liveRooms,
  notes,
  type PageStatus,
  type PageType,
} from "../../../db/schema/index.ts";

/** Content pages, notes, live rooms and the coupon definitions the receive-coupon block shows. */
export function createContentRepo(db: Database) {
  return {
    async findPage(
      siteCode: string,
      lang: string,
      status: PageStatus,
      page: { pageCode: string } | { pageType: PageType },
    ) {
      const which =
        "pageCode" in page
          ? eq(contentPages.pageCode, page.pageCode)
          : eq(contentPages.pageType, page.pageType);
      const [row] = await db
        .select()
        .from(contentPages)
        .where(
          and(
            eq(contentPages.siteCode, siteCode),
            eq(contentPages.lang, lang),
            eq(contentPages.status, status),
            which,
          ),
        )
        .orderBy(asc(contentPages.id))
        .limit(1);
      return row ?? null;
    },
    /** A page's schedules that are not cancelled (issue 31 item 7); the service picks what is live now. */
    schedules(siteCode: string, lang: string, pageCode: string) {
      return db
        .select({
          startsAt: contentPageSchedules.startsAt,
          endsAt: contentPageSchedules.endsAt,
          document: contentPageSchedules.document,
        })
        .from(contentPageSchedules)
        .where(
          and(
            eq(contentPageSchedules.siteCode, siteCode),
            eq(contentPageSchedules.lang, lang),
            eq(contentPageSchedules.pageCode, pageCode),
            isNull(contentPageSchedules.cancelledAt),
          ),
        );
    },
    async findPageById(id: number) {
      const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id)).limit(1);
      return row ?? null;
    },
    /** Saves a draft (insert or replace); the document is already validated and sanitized. */
    async saveDraft(siteCode: string, document: ContentDocument) {
      const [row] = await db
        .insert(contentPages)
        .values({
          siteCode,
          pageCode: document.pageCode,
          pageType: document.pageType,
          lang: document.lang,
          status: "draft",
          title: document.title,
          document,
        })
        .onConflictDoUpdate({
          target: [contentPages.siteCode, contentPages.pageCode, contentPages.lang, contentPages.status],
          set: { title: document.title, document, pageType: document.pageType, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
    notes(noteInfoCodes: string[], lang: string) {
      return db
        .select()
        .from(notes)
        .where(and(inArray(notes.noteInfoCode, noteInfoCodes), eq(notes.lang, lang)));
    },
    /** Notes whose title (in any language) holds `term`, every language's row of each (the action picker). */
    async searchNotes(term: string, limit: number) {
      const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const found = await db
        .selectDistinct({ noteInfoCode: notes.noteInfoCode })
        .from(notes)
        .where(ilike(notes.noteTitle, pattern))
        .limit(limit);
      if (found.length === 0) return [];
      return db
        .select({ noteInfoCode: notes.noteInfoCode, lang: notes.lang, noteTitle: notes.noteTitle })
        .from(notes)
        .where(
          inArray(
            notes.noteInfoCode,
            found.map((row) => row.noteInfoCode),
          ),
        );
    },
    liveRooms(siteTypeCode: string, page: number, size: number) {
      return db
        .select()
        .from(liveRooms)
        .where(eq(liveRooms.siteTypeCode, siteTypeCode))
        .orderBy(asc(liveRooms.sortOrder), desc(liveRooms.startTime))
        .limit(size)
        .offset(page * size);
    },
    async liveRoomCount(siteTypeCode: string) {
      const [row] = await db
        .select({ total: count() })
        .from(liveRooms)
        .where(eq(liveRooms.siteTypeCode, siteTypeCode));
      return row?.total ?? 0;
    },
  };
}

export type ContentRepo = ReturnType<typeof createContentRepo>;
