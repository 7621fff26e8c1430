import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { prefixPattern } from "../../../core/search-normalize.ts";
import type { Database } from "../../../db/client.ts";
import { type HelpCategory, helpArticles, helpFeedback, helpWords } from "../../../db/schema/index.ts";

const ARTICLE_CARD = {
  slug: helpArticles.slug,
  category: helpArticles.category,
  title: helpArticles.title,
  summary: helpArticles.summary,
};

export interface HelpArticleCard {
  slug: string;
  category: HelpCategory;
  title: string;
  summary: string;
}

function containsPattern(text: string): string {
  return `%${prefixPattern(text).slice(0, -1)}%`;
}

/**
 * One word's match score against an article: 1 when its text contains the word, else its trigram word
 * similarity (typos, ADR 0201) for words of 3 or more characters. A word matches with a score of at least 0.45.
 */
function wordScore(spellings: string[]): SQL {
  const parts = spellings.map((spelling) => {
    const contains = sql`case when ${helpArticles.searchText} like ${containsPattern(spelling)} then 1.0 else 0 end`;
    return [...spelling].length >= 3
      ? sql`greatest(${contains}, word_similarity(${spelling}, ${helpArticles.searchText}))`
      : contains;
  });
  return sql`greatest(${sql.join(parts, sql`, `)})`;
}

export const WORD_MATCH = 0.45;

export function createHelpRepo(db: Database) {
  return {
    articles(lang: string): Promise<HelpArticleCard[]> {
      return db
        .select(ARTICLE_CARD)
        .from(helpArticles)
        .where(and(eq(helpArticles.lang, lang), eq(helpArticles.published, true)))
        .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.slug));
    },

    async article(slug: string, lang: string) {
      const [row] = await db
        .select()
        .from(helpArticles)
        .where(
          and(eq(helpArticles.slug, slug), eq(helpArticles.lang, lang), eq(helpArticles.published, true)),
        )
        .limit(1);
      return row ?? null;
    },

    /** Articles where every word matches, best first; a title hit counts double. */
    search(lang: string, words: string[][], limit: number): Promise<HelpArticleCard[]> {
      const scores = words.map(wordScore);
      const titleHits = words.map(
        (spellings) =>
          sql`case when ${sql.join(
            spellings.map((s) => sql`lower(${helpArticles.title}) like ${containsPattern(s)}`),
            sql` or `,
          )} then 1 else 0 end`,
      );
      return db
        .select(ARTICLE_CARD)
        .from(helpArticles)
        .where(
          and(
            eq(helpArticles.lang, lang),
            eq(helpArticles.published, true),
            ...scores.map((score) => sql`${score} >= ${WORD_MATCH}`),
          ),
        )
        .orderBy(
          sql`(${sql.join(scores, sql` + `)}) + (${sql.join(titleHits, sql` + `)}) desc`,
          asc(helpArticles.sortOrder),
        )
        .limit(limit);
    },

    helpWords(lang: string, limit: number) {
      return db
        .select({ word: helpWords.word })
        .from(helpWords)
        .where(eq(helpWords.lang, lang))
        .orderBy(asc(helpWords.sortOrder), asc(helpWords.id))
        .limit(limit);
    },

    /** One answer per voter and article; a second answer replaces the first. */
    async recordFeedback(values: {
      slug: string;
      lang: string;
      voterKey: string;
      customerId: string | null;
      helpful: boolean;
    }) {
      await db
        .insert(helpFeedback)
        .values(values)
        .onConflictDoUpdate({
          target: [helpFeedback.slug, helpFeedback.voterKey],
          set: { helpful: values.helpful, lang: values.lang, createdAt: new Date() },
        });
    },

    async feedbackCounts(slug: string) {
      const [row] = await db
        .select({
          helpful: sql<number>`count(*) filter (where ${helpFeedback.helpful})::int`,
          notHelpful: sql<number>`count(*) filter (where not ${helpFeedback.helpful})::int`,
        })
        .from(helpFeedback)
        .where(eq(helpFeedback.slug, slug));
      return row ?? { helpful: 0, notHelpful: 0 };
    },

    async upsertArticle(values: typeof helpArticles.$inferInsert) {
      await db
        .insert(helpArticles)
        .values(values)
        .onConflictDoUpdate({
          target: [helpArticles.slug, helpArticles.lang],
          set: {
            category: values.category,
            title: values.title,
            summary: values.summary,
            body: values.body,
            searchText: values.searchText,
            sortOrder: values.sortOrder,
            published: values.published,
            updatedAt: new Date(),
          },
        });
    },
  };
}

export type HelpRepo = ReturnType<typeof createHelpRepo>;
