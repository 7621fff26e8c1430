import { useEffect, useRef } from "react";
import { Link, useMatches } from "react-router";
import { Icon } from "../../components/ui/Icon.tsx";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { AccountArea } from "./AccountArea.tsx";
import { CategoriesEntry } from "./CategoriesPopup.tsx";
import { Logo } from "./Logo.tsx";
import { useTopBarHidden } from "./use-window-scroll.ts";

/** The top bar (spec 2, 9): 56 px high on small screens, 80 px from md; sticky layer 30; hides on scroll down. */
export function TopBar({
  className,
  onOpenPreferences,
}: {
  className: string;
  onOpenPreferences: () => void;
}) {
  const { t, href } = useI18n();
  const { currency, site, locale } = useRootData();
  const bar = useRef<HTMLElement>(null);
  const hidden = useTopBarHidden(bar);
  // Sticky blocks read the bar's state from the root element (ADR 0261).
  useEffect(() => {
    document.documentElement.dataset.topBar = hidden ? "hidden" : "shown";
  }, [hidden]);
  // Home carries its own search bar in the page: one search bar there, not two (issue 12, ADR 0261).
  const onHome = useMatches().some((match) => match.id === "routes/home");
  const language = site.supportLangList.find((l) => l.lang === locale)?.langMeaning ?? locale;
  return (
    <header
      ref={bar}
      data-hidden={hidden}
      className={`${className} sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur transition-transform duration-200 ${
        hidden ? "-translate-y-full" : "translate-y-0"
      }`}
    >
      <div className="mx-auto flex h-14 max-w-[1300px] items-center gap-2 px-4 md:h-20 md:gap-4 md:px-6">
        <Link to={href("/")} aria-label={t("shell.home")} className="shrink-0 rounded-md">
          <Logo />
        </Link>
        <CategoriesEntry />
        <Link
          to={href("/?searchDialog=true")}
          data-top-bar-search
          className={`${onHome ? "hidden" : "flex"} min-w-0 flex-1 items-center gap-2 rounded-full border border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-600 hover:border-slate-400 md:max-w-md`}
        >
          <Icon name="search" className="size-4 shrink-0" />
          <span className="sr-only">{t("shell.search")}</span>
          <span aria-hidden="true" className="truncate">
            {t("shell.searchPlaceholder")}
          </span>
        </Link>
        <button
          type="button"
          onClick={onOpenPreferences}
          aria-haspopup="dialog"
          className="ml-auto inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 md:px-3"
        >
          <Icon name="globe" />
          <span className="sr-only">{t("shell.preferences")}: </span>
          <span className="hidden md:inline">
            {t("shell.preferencesCurrent", { language, currency: currency.currencyCode })}
          </span>
          <span className="md:hidden">{currency.currencyCode}</span>
        </button>
        <AccountArea />
      </div>
    </header>
  );
}
