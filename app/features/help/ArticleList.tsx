import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

export interface HelpArticleCard {
  slug: string;
  title: string;
  summary: string;
}

/** Help articles as links with their summaries. */
export function ArticleList({ articles, labelledBy }: { articles: HelpArticleCard[]; labelledBy?: string }) {
  const { href } = useI18n();
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-200">
      {articles.map((article) => (
        <li key={article.slug} className="py-3">
          <Link
            to={href(`/ucenter/help/${article.slug}`)}
            className="font-medium text-brand-700 hover:underline"
          >
            {article.title}
          </Link>
          <p className="mt-0.5 text-sm text-slate-700">{article.summary}</p>
        </li>
      ))}
    </ul>
  );
}
