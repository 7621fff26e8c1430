import { and, asc, eq } from "drizzle-orm";
import { articleSearchText } from "../../../core/help-search-text.ts";
import type { Database } from "../../../db/client.ts";
import { type HelpCategory, helpArticles } from "../../../db/schema/index.ts";
import { sanitizeOperatorHtml } from "../content/sanitize.ts";

// Help articles in the console (issue 16; ADR 0234): per locale, sanitized, searchable as soon as saved.

export interface ArticleInput {
  category: HelpCategory;
  title: string;
  summary: string;
  body: string;
  sortOrder: number;
  published: boolean;
}

export function createConsoleHelp() {
  const article = async (db: Database, slug: string, lang: string) => {
    const [row] = await db
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.slug, slug), eq(helpArticles.lang, lang)));
    return row ?? null;
  };
  return {
    list(db: Database, lang: string) {
      return db
        .select({
          slug: helpArticles.slug,
          category: helpArticles.category,
          title: helpArticles.title,
          published: helpArticles.published,
          sortOrder: helpArticles.sortOrder,
          updatedAt: helpArticles.updatedAt,
        })
        .from(helpArticles)
        .where(eq(helpArticles.lang, lang))
        .orderBy(asc(helpArticles.category), asc(helpArticles.sortOrder), asc(helpArticles.slug));
    },
    article,
    async save(tx: Database, slug: string, lang: string, input: ArticleInput) {
      const before = await article(tx, slug, lang);
      const body = sanitizeOperatorHtml(input.body);
      const values = {
        ...input,
        body,
        searchText: articleSearchText({ ...input, body }),
        updatedAt: new Date(),
      };
      await tx
        .insert(helpArticles)
        .values({ slug, lang, ...values })
        .onConflictDoUpdate({ target: [helpArticles.slug, helpArticles.lang], set: values });
      return { before, after: await article(tx, slug, lang) };
    },
  };
}

export type ConsoleHelp = ReturnType<typeof createConsoleHelp>;
