import { Link } from "react-router";
import type { HelpCategory } from "../../../db/schema/help.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";
import { OperatorDocument } from "../pages/OperatorDocument.tsx";
import { ArticleList, type HelpArticleCard } from "./ArticleList.tsx";
import { ContactSupport } from "./ContactSupport.tsx";
import { WasThisHelpful } from "./WasThisHelpful.tsx";

export interface HelpArticleData extends HelpArticleCard {
  category: HelpCategory;
  body: string;
  updatedAt: string;
  related: HelpArticleCard[];
}

/** /ucenter/help/{slug}: the article, "was this helpful", related articles and the way to support. */
export function HelpArticle({ article }: { article: HelpArticleData }) {
  const { t, href, locale } = useI18n();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:px-6 md:py-12">
      <nav aria-label={t("help.title")} className="text-sm">
        <Link to={href("/ucenter/help")} className="text-brand-700 underline">
          {t("help.back")}
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-700">{t(`help.category.${article.category}`)}</span>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{article.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{article.summary}</p>
      <OperatorDocument html={article.body} />
      <p className="mt-6 text-sm text-slate-600">
        {t("help.updated", { date: formatDay(article.updatedAt, locale) })}
      </p>
      <WasThisHelpful key={article.slug} slug={article.slug} />
      {article.related.length > 0 && (
        <section aria-labelledby="help-related" className="mt-10">
          <h2 id="help-related" className="text-base font-semibold text-slate-900">
            {t("help.related")}
          </h2>
          <ArticleList articles={article.related} />
        </section>
      )}
      <ContactSupport />
    </article>
  );
}
