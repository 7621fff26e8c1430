import { LOCALES } from "../../core/constants.ts";
import { articleSearchText } from "../../core/help-search-text.ts";
import { helpArticleBody, SEED_HELP_ARTICLES, SEED_HELP_WORDS } from "./help.ts";

/** The seed help articles as rows, with their search text (ADR 0201). */
export function seedHelpArticles() {
  return SEED_HELP_ARTICLES.flatMap((article, index) =>
    LOCALES.map((lang) => {
      const copy = article.copy[lang];
      const body = helpArticleBody(copy.paragraphs);
      return {
        slug: article.slug,
        lang,
        category: article.category,
        title: copy.title,
        summary: copy.summary,
        body,
        searchText: articleSearchText({ title: copy.title, summary: copy.summary, body }),
        sortOrder: index,
        updatedAt: new Date("2025-06-01T00:00:00Z"),
      };
    }),
  );
}

export function seedHelpWords() {
  return LOCALES.flatMap((lang) =>
    SEED_HELP_WORDS.map((word, index) => ({ lang, word: word[lang], sortOrder: index })),
  );
}
