import { useId, useMemo, useState } from "react";
import type { PlanCoverageView } from "../../../server/modules/catalog/service.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** How many countries a regional plan shows before "show all". */
const COLLAPSED = 12;

function NetworkBadge({ network }: { network: string }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${network === "5G" ? "bg-violet-100 text-violet-900" : "bg-slate-100 text-slate-800"}`}
    >
      {network}
    </span>
  );
}

/**
 * Where a plan works: each country with its partner operators and 4G/5G. A regional or global plan's list is
 * searchable and collapsed to the first countries until the shopper expands it.
 */
export function CoverageList({ coverage }: { coverage: PlanCoverageView[] }) {
  const { t } = useI18n();
  const [filter, setFilter] = useState("");
  const [expanded, setExpanded] = useState(false);
  const searchId = useId();
  const listId = useId();
  const many = coverage.length > 1;
  const matching = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return coverage;
    return coverage.filter(
      (c) => c.countryName.toLowerCase().includes(needle) || c.countryCode.toLowerCase() === needle,
    );
  }, [coverage, filter]);
  const shown = expanded || filter ? matching : matching.slice(0, COLLAPSED);

  return (
    <section aria-labelledby={`${listId}-title`} className="rounded-2xl border border-slate-200 p-5">
      <h2 id={`${listId}-title`} className="text-lg font-semibold text-slate-900">
        {t("discovery.coverage")}
        {many && (
          <span className="ml-2 text-sm font-normal text-slate-700">
            {t("discovery.coverageCount", { count: coverage.length })}
          </span>
        )}
      </h2>
      {many && (
        <div className="mt-3">
          <label htmlFor={searchId} className="sr-only">
            {t("discovery.coverageSearch")}
          </label>
          <input
            id={searchId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t("discovery.coverageSearch")}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm md:max-w-xs"
          />
        </div>
      )}
      <ul id={listId} className="mt-3 divide-y divide-slate-100">
        {shown.map((country) => (
          <li
            key={country.countryCode}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
          >
            <span className="font-medium text-slate-900">{country.countryName}</span>
            <span className="flex items-center gap-2 text-slate-700">
              <span>
                <span className="sr-only">{t("discovery.operators")}: </span>
                {country.operators.join(", ")}
              </span>
              <NetworkBadge network={country.network} />
            </span>
          </li>
        ))}
        {shown.length === 0 && <li className="py-2 text-sm text-slate-700">{t("common.noData")}</li>}
      </ul>
      {many && !filter && matching.length > COLLAPSED && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 text-sm font-medium text-brand-700 underline"
        >
          {expanded ? t("discovery.coverageHide") : t("discovery.coverageShow")}
        </button>
      )}
    </section>
  );
}
