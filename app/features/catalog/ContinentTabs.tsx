import { useId, useState } from "react";
import { Link } from "react-router";
import type { Continent } from "../../../server/modules/catalog/service.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** The /plp link for one destination of a tab (spec 2: /plp?categoryCode={id}&categoryName={name}). */
function plpLink(code: string, name: string, area: boolean): string {
  const type = code === "GLOBAL" ? "GLOBAL" : area ? "REGION" : "COUNTRY";
  return `/plp?${new URLSearchParams({ categoryCode: code, categoryName: name, type })}`;
}

/**
 * spec 2 /category: one tab per continent (spec 3 Continent), areas (showFlag 1) and global included. WAI-ARIA
 * tabs: arrow keys, Home and End move between tabs; each panel links every destination to its product list.
 */
export function ContinentTabs({ continents }: { continents: Continent[] }) {
  const { t, href } = useI18n();
  const [active, setActive] = useState(0);
  const id = useId();
  const current = continents[Math.min(active, continents.length - 1)];

  const onKey = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = continents.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  if (!current) return <p className="py-16 text-center text-slate-700">{t("common.noData")}</p>;
  return (
    <div>
      <div
        role="tablist"
        aria-label={t("discovery.storeTabs")}
        className="flex gap-2 overflow-x-auto border-b border-slate-200 pb-2"
      >
        {continents.map((continent, index) => {
          const selected = continent === current;
          return (
            <button
              key={continent.continentId}
              id={`${id}-tab-${index}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(index)}
              onKeyDown={(event) => onKey(event, index)}
              className={`shrink-0 rounded-full px-4 py-2 text-sm ${
                selected ? "bg-brand-700 font-semibold text-white" : "text-slate-800 hover:bg-slate-100"
              }`}
            >
              {continent.continentName}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${continents.indexOf(current)}`}
        className="pt-6"
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {current.cmiCountryList.map((country) => (
            <li key={country.countryId}>
              <Link
                to={href(plpLink(country.countryId, country.countryName, current.showFlag === 1))}
                className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm text-slate-900 hover:border-slate-400 hover:bg-slate-50"
              >
                <img
                  src={country.countryThumbnailUrl}
                  alt=""
                  width={32}
                  height={22}
                  loading="lazy"
                  className="h-[22px] w-8 shrink-0 rounded-sm object-cover"
                />
                <span className="min-w-0 truncate">{country.countryName}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
