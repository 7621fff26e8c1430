import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  DATA_FILTERS,
  DAYS_FILTERS,
  PLP_SORTS,
  type ProductQuery,
} from "../../../server/modules/catalog/product-query.ts";
import { Icon } from "../../components/ui/Icon.tsx";
import { Modal } from "../../components/ui/Modal.tsx";
import { useI18n } from "../../lib/i18n.tsx";

const FILTER_KEYS = ["data", "days", "maxPrice", "unlimited", "fiveG"] as const;

/** The list's URL with one parameter set or removed (ADR 0081: filters and sorting live in the URL). */
function withParam(params: URLSearchParams, key: string, value: string | null): string {
  const next = new URLSearchParams(params);
  next.delete("searchDialog");
  if (value === null) next.delete(key);
  else next.set(key, value);
  const text = next.toString();
  return text ? `/plp?${text}` : "/plp";
}

function Chip({ to, selected, children }: { to: string; selected: boolean; children: React.ReactNode }) {
  const { href } = useI18n();
  return (
    <Link
      to={href(to)}
      preventScrollReset
      aria-current={selected ? "true" : undefined}
      className={`inline-flex items-center rounded-full border px-3 py-1.5 text-sm ${
        selected
          ? "border-brand-700 bg-brand-700 font-semibold text-white"
          : "border-slate-300 bg-white text-slate-800 hover:border-slate-500"
      }`}
    >
      {children}
    </Link>
  );
}

/** The sort order, a select that reloads the list at once. */
function SortSelect({ query, params }: { query: ProductQuery; params: URLSearchParams }) {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  const sortId = useId();
  return (
    <div className="ml-auto flex shrink-0 items-center gap-2">
      <label htmlFor={sortId} className="text-sm text-slate-700">
        {t("discovery.sort")}
      </label>
      <select
        id={sortId}
        value={query.sort}
        onChange={(event) =>
          navigate(
            href(withParam(params, "sort", event.target.value === "recommended" ? null : event.target.value)),
            { preventScrollReset: true },
          )
        }
        className="min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {PLP_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`discovery.sort.${sort}` as "discovery.sort.recommended")}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Data, validity, unlimited, 5G and price filters and the sort order, shoppers' usual ways to narrow a list.
 * Inline from md; on a phone (issue 12, ADR 0253) a "Filters" button with the count of active filters opens them
 * in a sheet, beside the sort order, so the first plans show on the first screen.
 */
export function PlpFilters({
  query,
  params,
  total,
}: {
  query: ProductQuery;
  params: URLSearchParams;
  /** Plans the list holds with these filters (the sheet's "Show N plans"). */
  total: number;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const active = FILTER_KEYS.filter((key) => params.has(key)).length;
  return (
    <>
      {/* One sort select for every width: beside the "Filters" button on a phone, beside the inline filters from md. */}
      <div className="flex items-center gap-3 md:items-start" data-plp-filter-bar>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 md:hidden rounded-full border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          <Icon name="filters" className="size-4" />
          {t("discovery.filters")}
          {active > 0 && (
            <>
              <span className="inline-flex size-5 items-center justify-center rounded-full bg-brand-700 text-xs text-white">
                {active}
              </span>
              {/* Read as "Filters 2 active": the badge's number and what it counts. */}
              <span className="sr-only"> {t("discovery.filtersActive")}</span>
            </>
          )}
        </button>
        <div className="hidden min-w-0 flex-1 md:block">
          <FilterGroups query={query} params={params} />
        </div>
        <SortSelect query={query} params={params} />
      </div>
      <Modal open={open} onClose={() => setOpen(false)} title={t("discovery.filters")}>
        <div className="mt-4">
          <FilterGroups query={query} params={params} />
        </div>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("discovery.showPlans", { count: total })}
        </button>
      </Modal>
    </>
  );
}

function FilterGroups({ query, params }: { query: ProductQuery; params: URLSearchParams }) {
  const { t, href, currency } = useI18n();
  const navigate = useNavigate();
  const priceId = useId();
  const toggle = (key: string, value: string, selected: boolean) =>
    withParam(params, key, selected ? null : value);
  const anyFilter = FILTER_KEYS.some((key) => params.has(key));

  const onPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("maxPrice")?.toString().trim() ?? "";
    navigate(href(withParam(params, "maxPrice", /^\d+$/.test(value) && value !== "0" ? value : null)), {
      preventScrollReset: true,
    });
  };

  return (
    <section aria-label={t("discovery.filters")} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-20 text-sm font-medium text-slate-700">{t("discovery.filterData")}</span>
        {Object.keys(DATA_FILTERS).map((key) => (
          <Chip key={key} to={toggle("data", key, query.data === key)} selected={query.data === key}>
            {t(`discovery.data.${key}` as "discovery.data.upTo3GB")}
          </Chip>
        ))}
        <Chip to={toggle("unlimited", "1", !!query.unlimited)} selected={!!query.unlimited}>
          {t("discovery.unlimited")}
        </Chip>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-20 text-sm font-medium text-slate-700">{t("discovery.filterDays")}</span>
        {Object.keys(DAYS_FILTERS).map((key) => (
          <Chip key={key} to={toggle("days", key, query.days === key)} selected={query.days === key}>
            {t(`discovery.days.${key}` as "discovery.days.upTo7")}
          </Chip>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="w-20 text-sm font-medium text-slate-700">{t("discovery.filterMore")}</span>
        <Chip to={toggle("fiveG", "1", !!query.fiveG)} selected={!!query.fiveG}>
          {t("discovery.fiveG")}
        </Chip>
        <form onSubmit={onPrice} className="flex items-center gap-2" key={query.maxPrice ?? "none"}>
          <label htmlFor={priceId} className="text-sm text-slate-700">
            {t("discovery.filterPrice")} ({currency.currencySymbol})
          </label>
          <input
            id={priceId}
            name="maxPrice"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={query.maxPrice ?? ""}
            className="w-24 rounded-lg border border-slate-300 px-2 py-1 text-sm"
          />
          <button
            type="submit"
            className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {t("discovery.filterPriceApply")}
          </button>
        </form>
      </div>
      {anyFilter && (
        <Link
          to={href(
            FILTER_KEYS.reduce(
              (path, key) => {
                const next = new URLSearchParams(path.split("?")[1] ?? "");
                next.delete(key);
                return `/plp?${next}`;
              },
              withParam(params, "page", null),
            ),
          )}
          preventScrollReset
          className="inline-block text-sm font-medium text-brand-700 underline"
        >
          {t("discovery.clearFilters")}
        </Link>
      )}
    </section>
  );
}
