import { useId } from "react";
import { Form, Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/** The help search (a GET form, so it works before hydration) and the help words (spec 9: up to 10). */
export function HelpSearch({ keyword, helpWords }: { keyword: string; helpWords: string[] }) {
  const { t, href } = useI18n();
  const inputId = useId();
  const wordsId = useId();
  return (
    <div className="mt-6">
      <Form method="get" action={href("/ucenter/help")} role="search" className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t("help.searchLabel")}
        </label>
        <input
          id={inputId}
          name="keyword"
          type="search"
          defaultValue={keyword}
          key={keyword}
          maxLength={100}
          required
          placeholder={t("help.searchPlaceholder")}
          className="min-w-0 flex-1 rounded-full border border-slate-400 px-4 py-2.5 text-slate-900"
        />
        <button
          type="submit"
          className="rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-900"
        >
          {t("help.searchButton")}
        </button>
      </Form>
      {helpWords.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span id={wordsId} className="text-slate-700">
            {t("help.words")}
          </span>
          <ul aria-labelledby={wordsId} className="flex flex-wrap gap-2">
            {helpWords.map((word) => (
              <li key={word}>
                <Link
                  to={href(`/ucenter/help?keyword=${encodeURIComponent(word)}`)}
                  className="inline-block rounded-full bg-slate-100 px-3 py-1 text-slate-800 hover:bg-slate-200"
                >
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
