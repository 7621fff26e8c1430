import type { HelpCategory } from "../../../db/schema/help.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { ArticleList, type HelpArticleCard } from "./ArticleList.tsx";
import { ContactSupport } from "./ContactSupport.tsx";
import { HelpSearch } from "./HelpSearch.tsx";

export interface HelpCentreData {
  keyword: string;
  results: HelpArticleCard[] | null;
  helpWords: string[];
  categories: { category: HelpCategory; articles: HelpArticleCard[] }[];
}

/** spec 2 /ucenter/help: search with help words, the results, then every category's articles. */
export function HelpCentre({ centre }: { centre: HelpCentreData }) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:px-6 md:py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t("help.title")}</h1>
      <p className="mt-2 text-slate-700">{t("help.intro")}</p>
      <HelpSearch keyword={centre.keyword} helpWords={centre.helpWords} />

      {centre.results && (
        <section aria-labelledby="help-results" className="mt-8">
          <h2 id="help-results" className="text-xl font-semibold text-slate-900">
            {t("help.results", { keyword: centre.keyword })}
          </h2>
          <p className="mt-1 text-sm text-slate-700" role="status">
            {centre.results.length > 0
              ? t("help.resultCount", { count: centre.results.length })
              : t("help.noResults", { keyword: centre.keyword })}
          </p>
          {centre.results.length > 0 && <ArticleList articles={centre.results} />}
        </section>
      )}

      <section aria-labelledby="help-categories" className="mt-10">
        <h2 id="help-categories" className="text-xl font-semibold text-slate-900">
          {t("help.categories")}
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          {centre.categories.map(({ category, articles }) => (
            <section key={category} aria-labelledby={`help-category-${category}`}>
              <h3 id={`help-category-${category}`} className="text-lg font-semibold text-slate-900">
                {t(`help.category.${category}`)}
              </h3>
              <ArticleList articles={articles} />
            </section>
          ))}
        </div>
      </section>
      <ContactSupport />
    </div>
  );
}
