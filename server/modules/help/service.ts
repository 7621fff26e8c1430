import type { Locale } from "../../../core/constants.ts";
import { articleSearchText, queryWords } from "../../../core/help-search-text.ts";
import { HELP_CATEGORIES, type HelpCategory } from "../../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { CACHE_TAGS, recordRead } from "../../infra/cache.ts";
import { sanitizeOperatorHtml } from "../content/sanitize.ts";
import type { HelpArticleCard, HelpRepo } from "./repo.ts";

// spec 9: hot words and help words up to 10.
export const HELP_WORD_LIMIT = 10;
export const HELP_SEARCH_LIMIT = 20;

export interface HelpCentre {
  categories: { category: HelpCategory; articles: HelpArticleCard[] }[];
  helpWords: string[];
}

export interface HelpArticleView extends HelpArticleCard {
  body: string;
  updatedAt: string;
  related: HelpArticleCard[];
}

/** The help centre (issue 10, ADR 0201): articles by category, a tolerant search, help words and feedback. */
export function createHelpService(repo: HelpRepo) {
  return {
    async centre(lang: Locale): Promise<HelpCentre> {
      recordRead(CACHE_TAGS.content);
      const [articles, words] = await Promise.all([
        repo.articles(lang),
        repo.helpWords(lang, HELP_WORD_LIMIT),
      ]);
      return {
        categories: HELP_CATEGORIES.map((category) => ({
          category,
          articles: articles.filter((a) => a.category === category),
        })).filter((c) => c.articles.length > 0),
        helpWords: words.map((w) => w.word),
      };
    },

    /** Typos, Simplified and Traditional Chinese, like destination search; every word must match. */
    search(keyword: string, lang: Locale): Promise<HelpArticleCard[]> {
      const words = queryWords(keyword);
      if (words.length === 0) return Promise.resolve([]);
      return repo.search(lang, words, HELP_SEARCH_LIMIT);
    },

    async article(slug: string, lang: Locale): Promise<HelpArticleView> {
      recordRead(CACHE_TAGS.content);
      const row = await repo.article(slug, lang);
      if (!row) throw notFound("help.articleNotFound");
      const siblings = await repo.articles(lang);
      return {
        slug: row.slug,
        category: row.category,
        title: row.title,
        summary: row.summary,
        body: sanitizeOperatorHtml(row.body),
        updatedAt: row.updatedAt.toISOString(),
        related: siblings.filter((a) => a.category === row.category && a.slug !== row.slug),
      };
    },

    /** "Was this helpful": one answer per voter, the last one counts. */
    async feedback(
      slug: string,
      lang: Locale,
      helpful: boolean,
      voter: { key: string; customerId: string | null },
    ) {
      if (!(await repo.article(slug, lang))) throw notFound("help.articleNotFound");
      await repo.recordFeedback({ slug, lang, voterKey: voter.key, customerId: voter.customerId, helpful });
      return repo.feedbackCounts(slug);
    },

    /** Console: creates or replaces an article in one locale; its search text follows. */
    async saveArticle(
      slug: string,
      lang: Locale,
      input: {
        category: HelpCategory;
        title: string;
        summary: string;
        body: string;
        sortOrder?: number;
        published?: boolean;
      },
    ) {
      const body = sanitizeOperatorHtml(input.body);
      await repo.upsertArticle({
        slug,
        lang,
        category: input.category,
        title: input.title,
        summary: input.summary,
        body,
        searchText: articleSearchText({ ...input, body }),
        sortOrder: input.sortOrder ?? 0,
        published: input.published ?? true,
      });
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
