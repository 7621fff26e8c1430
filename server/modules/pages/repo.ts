import { and, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  footerContents,
  type InfoPageKey,
  infoPages,
  type LegalKind,
  legalDocuments,
} from "../../../db/schema/index.ts";

export function createPagesRepo(db: Database) {
  return {
    /** Published versions of a document in a locale that are in force at `now`, newest first. */
    publishedVersions(kind: LegalKind, lang: string, now: Date, executor: Database = db) {
      return executor
        .select()
        .from(legalDocuments)
        .where(
          and(
            eq(legalDocuments.kind, kind),
            eq(legalDocuments.lang, lang),
            isNotNull(legalDocuments.publishedAt),
            lte(legalDocuments.effectiveAt, now),
          ),
        )
        .orderBy(desc(legalDocuments.version));
    },

    async findVersion(kind: LegalKind, lang: string, version: number) {
      const [row] = await db
        .select()
        .from(legalDocuments)
        .where(
          and(
            eq(legalDocuments.kind, kind),
            eq(legalDocuments.lang, lang),
            eq(legalDocuments.version, version),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * A new draft after the highest version of the document in this locale. The unique index on (kind, lang,
     * version) makes two concurrent drafts fail rather than share a number.
     */
    async insertDraft(values: {
      kind: LegalKind;
      lang: string;
      title: string;
      body: string;
      effectiveAt: Date;
    }) {
      const [row] = await db
        .insert(legalDocuments)
        .values({
          ...values,
          version: sql`(select coalesce(max(${legalDocuments.version}), 0) + 1 from ${legalDocuments}
            where ${legalDocuments.kind} = ${values.kind} and ${legalDocuments.lang} = ${values.lang})`,
        })
        .returning();
      return row!;
    },

    async publish(kind: LegalKind, lang: string, version: number, at: Date) {
      const [row] = await db
        .update(legalDocuments)
        .set({ publishedAt: at })
        .where(
          and(
            eq(legalDocuments.kind, kind),
            eq(legalDocuments.lang, lang),
            eq(legalDocuments.version, version),
            sql`${legalDocuments.publishedAt} is null`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async infoPage(pageKey: InfoPageKey, lang: string) {
      const [row] = await db
        .select()
        .from(infoPages)
        .where(and(eq(infoPages.pageKey, pageKey), eq(infoPages.lang, lang)))
        .limit(1);
      return row ?? null;
    },

    async footer(lang: string) {
      const [row] = await db.select().from(footerContents).where(eq(footerContents.lang, lang)).limit(1);
      return row ?? null;
    },

    async saveFooter(values: {
      lang: string;
      contactWaysTitle: string;
      contactWays: { key: string; value: string }[];
      contentList: string[];
    }) {
      const updatedAt = new Date();
      await db
        .insert(footerContents)
        .values({ ...values, updatedAt })
        .onConflictDoUpdate({
          target: footerContents.lang,
          set: {
            contactWaysTitle: values.contactWaysTitle,
            contactWays: values.contactWays,
            contentList: values.contentList,
            updatedAt,
          },
        });
    },

    async saveInfoPage(values: {
      pageKey: InfoPageKey;
      lang: string;
      title: string;
      summary: string;
      body: string;
    }) {
      const updatedAt = new Date();
      await db
        .insert(infoPages)
        .values({ ...values, updatedAt })
        .onConflictDoUpdate({
          target: [infoPages.pageKey, infoPages.lang],
          set: { title: values.title, summary: values.summary, body: values.body, updatedAt },
        });
    },
  };
}

export type PagesRepo = ReturnType<typeof createPagesRepo>;
