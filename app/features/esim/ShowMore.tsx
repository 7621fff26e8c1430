import { Link, useLocation } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { MAX_PAGES_SHOWN } from "./paging.ts";

/**
 * "Show more": a link to the same list with one more page (`?page=N`, ADR 0135). The loader lists pages 0..N,
 * so Back from a detail returns to the same items and the remembered scroll position finds its place.
 */
export function ShowMore({ shown, total }: { shown: number; total: number }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const page = Number(params.get("page") ?? "0") || 0;
  if (shown === 0) return null;
  if (shown >= total || page + 1 >= MAX_PAGES_SHOWN)
    return <p className="mt-8 text-center text-sm text-slate-700">{t("common.allLoaded")}</p>;
  params.set("page", String(page + 1));
  return (
    <div className="mt-8 text-center">
      <Link
        to={`${pathname}?${params}`}
        preventScrollReset
        replace
        className="inline-block rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {t("esimUi.list.more")}
      </Link>
    </div>
  );
}
