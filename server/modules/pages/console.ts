import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { footerContents, type LegalKind, legalDocuments } from "../../../db/schema/index.ts";
import { sanitizeOperatorHtml } from "../content/sanitize.ts";

// Legal documents and footer contact ways in the console (issue 16; ADR 0234). Writes take the caller's
// transaction (the audit record is written beside them) and store operator HTML sanitized (ADR 0200).

export interface FooterInput {
  contactWaysTitle: string;
  contactWays: { key: string; value: string }[];
  contentList: string[];
}

export function createConsolePages() {
  const footer = async (db: Database, lang: string) => {
    const [row] = await db.select().from(footerContents).where(eq(footerContents.lang, lang));
    return row
      ? { contactWaysTitle: row.contactWaysTitle, contactWays: row.contactWays, contentList: row.contentList }
      : null;
  };
  return {
    /** Every version of every legal document in a locale, newest first (drafts included). */
    legalDocuments(db: Database, lang: string) {
      return db
        .select({
          id: legalDocuments.id,
          kind: legalDocuments.kind,
          version: legalDocuments.version,
          title: legalDocuments.title,
          effectiveAt: legalDocuments.effectiveAt,
          publishedAt: legalDocuments.publishedAt,
        })
        .from(legalDocuments)
        .where(eq(legalDocuments.lang, lang))
        .orderBy(asc(legalDocuments.kind), desc(legalDocuments.version));
    },

    async legalDocument(db: Database, id: number) {
      const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.id, id));
      return row ?? null;
    },

    /** A new draft version after the highest one; shows nowhere until published. */
    async draftLegal(
      tx: Database,
      input: { kind: LegalKind; lang: string; title: string; body: string; effectiveAt: Date },
    ) {
      const [row] = await tx
        .insert(legalDocuments)
        .values({
          ...input,
          body: sanitizeOperatorHtml(input.body),
          version: sql`(select coalesce(max(${legalDocuments.version}), 0) + 1 from ${legalDocuments}
            where ${legalDocuments.kind} = ${input.kind} and ${legalDocuments.lang} = ${input.lang})`,
        })
        .returning();
      return row!;
    },

    /** Publishes a draft (a published version never changes); null when it is not a draft. */
    async publishLegal(tx: Database, id: number, at: Date) {
      const [row] = await tx
        .update(legalDocuments)
        .set({ publishedAt: at })
        .where(and(eq(legalDocuments.id, id), isNull(legalDocuments.publishedAt)))
        .returning();
      return row ?? null;
    },

    footer,

    async saveFooter(tx: Database, lang: string, input: FooterInput) {
      const before = await footer(tx, lang);
      const updatedAt = new Date();
      await tx
        .insert(footerContents)
        .values({ lang, ...input, updatedAt })
        .onConflictDoUpdate({ target: footerContents.lang, set: { ...input, updatedAt } });
      return { before, after: input };
    },
  };
}
