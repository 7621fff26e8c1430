import { useId } from "react";
import { Link } from "react-router";
import { HELP_TOPICS, type HelpTopicPage } from "../../../core/help.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** The help articles that fit a page (checkout, eSIM, payment result), and the help centre (issue 10). */
export function HelpLinks({ page, className = "" }: { page: HelpTopicPage; className?: string }) {
  const { t, href } = useI18n();
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId} className={`text-left text-sm ${className}`}>
      <h2 id={titleId} className="font-semibold text-slate-900">
        {t("helpLinks.title")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {HELP_TOPICS[page].map((slug) => (
          <li key={slug}>
            <Link to={href(`/ucenter/help/${slug}`)} className="text-brand-700 underline">
              {t(`helpLinks.${slug}`)}
            </Link>
          </li>
        ))}
        <li>
          <Link to={href("/ucenter/help")} className="text-brand-700 underline">
            {t("helpLinks.all")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
