import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { LIST_PAGE_SIZE, nextPage } from "../../lib/list-pages.ts";

/**
 * The foot of a "Show more" list (ADR 0152, spec 9 list texts): a link to the same address with one more page
 * (`?page=N`, replace, no scroll reset), "数据加载中..." while that page loads, and "已经加载完毕" once every row is
 * shown. The empty list says its own empty text, so nothing shows here for it. Given the list's id, the first
 * new row takes the focus once it arrives, so a keyboard or screen-reader user goes on reading where the new
 * rows start instead of staying below them (or losing the focus when the link goes).
 */
export function ShowMoreLink({
  shown,
  total,
  label,
  size = LIST_PAGE_SIZE,
  list,
}: {
  shown: number;
  total: number;
  label: string;
  size?: number;
  /** The id of the list (its `li` children are the rows) whose first new row gets the focus. */
  list?: string;
}) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from || !list) return;
    focusFrom.current = null;
    const row = document.getElementById(list)?.querySelectorAll<HTMLElement>(":scope > li")[from];
    if (!row) return;
    row.tabIndex = -1;
    row.focus();
  }, [shown, list]);
  if (shown === 0) return null;
  if (shown >= total)
    return (
      <p className="mt-8 text-center text-sm text-slate-700" data-list-end>
        {t("common.allLoaded")}
      </p>
    );
  const params = new URLSearchParams(search);
  const next = String(nextPage(shown, size));
  params.set("page", next);
  const pending =
    navigation.state !== "idle" &&
    navigation.location.pathname === pathname &&
    new URLSearchParams(navigation.location.search).get("page") === next;
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      <Link
        to={`${pathname}?${params}`}
        preventScrollReset
        replace
        onClick={() => {
          focusFrom.current = shown;
        }}
        aria-disabled={pending || undefined}
        className="inline-block rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {label}
      </Link>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {pending ? t("common.dataLoading") : ""}
      </p>
    </div>
  );
}
