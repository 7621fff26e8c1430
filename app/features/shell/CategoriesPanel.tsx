import { useCallback, useEffect } from "react";
import { Link } from "react-router";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import { type Continent, loadContinents } from "./continents.ts";

export type CategoriesState =
  | { status: "idle" | "loading" | "error" }
  | { status: "ready"; continents: Continent[] };

export interface CategoriesPanelProps {
  popupRef: React.RefObject<HTMLDivElement | null>;
  popupId: string;
  /** Kept by the entry, so a second opening shows the continents already loaded. */
  state: CategoriesState;
  setState: (state: CategoriesState) => void;
  setActive: (index: number) => void;
  active: number;
  close: () => void;
}

/**
 * The body of the desktop categories popup (spec 2): the continents as vertical tabs and their destinations, or
 * the loading, empty and failed states. It loads on first opening (ADR 0288), with the continents' loader, so
 * neither is in every page's first load; the dialog's frame, title and close button are CategoriesEntry's.
 */
export function CategoriesPanel({
  popupRef,
  popupId,
  state,
  setState,
  active,
  setActive,
  close,
}: CategoriesPanelProps) {
  const { t, locale, href } = useI18n();
  const { currency, channel } = useRootData();

  const load = useCallback(async () => {
    setState({ status: "loading" });
    const result = await loadContinents(locale, { currency: currency.currencyCode, channel });
    if (result.ok) {
      setState({ status: "ready", continents: result.continents });
      return;
    }
    setState({ status: "error" });
    // spec 8: a network failure opens a dialog titled 网络异常; a failed response shows its message in a toast.
    if (result.network) {
      void notify.dialog({
        title: t("error.networkTitle"),
        message: t("error.network"),
        cancelText: false,
        alert: true,
      });
    } else notify.toast(result.message ?? t("error.internal"));
  }, [locale, currency.currencyCode, channel, t, setState]);

  useEffect(() => {
    if (state.status === "idle") void load();
  }, [state.status, load]);

  const continents = state.status === "ready" ? state.continents : [];
  const current = continents[Math.min(active, continents.length - 1)];

  const onTabKey = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = continents.length - 1;
    const next =
      event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setActive(next);
    popupRef.current?.querySelector<HTMLElement>(`[data-tab-index="${next}"]`)?.focus();
  };

  return state.status === "ready" && current ? (
    <div className="flex min-h-0 flex-1">
      <div
        role="tablist"
        aria-orientation="vertical"
        aria-label={t("shell.continents")}
        className="w-56 shrink-0 overflow-y-auto border-r border-slate-200 bg-slate-50 py-2"
      >
        {continents.map((continent, index) => {
          const selected = continent === current;
          return (
            <button
              key={continent.continentId}
              type="button"
              role="tab"
              id={`${popupId}-tab-${index}`}
              data-tab-index={index}
              aria-selected={selected}
              aria-controls={`${popupId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(index)}
              onMouseEnter={() => setActive(index)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={`block w-full px-5 py-3 text-left text-sm ${
                selected ? "bg-white font-semibold text-brand-700" : "text-slate-800 hover:bg-white"
              }`}
            >
              {continent.continentName}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${popupId}-panel`}
        aria-labelledby={`${popupId}-tab-${continents.indexOf(current)}`}
        className="min-w-0 flex-1 overflow-y-auto p-6"
      >
        {String(current.showFlag) === "1" && (
          <Link
            to={href(
              `/plp?${new URLSearchParams({
                categoryCode: String(current.continentId),
                categoryName: current.continentName,
                type: "REGION",
              })}`,
            )}
            onClick={close}
            className="mb-4 inline-block font-medium text-brand-700 underline"
          >
            {t("shell.allOfContinent", { name: current.continentName })}
          </Link>
        )}
        {(current.cmiCountryList ?? []).length === 0 ? (
          <p className="py-16 text-center text-slate-600">{t("common.noData")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 md:grid-cols-4 lg:grid-cols-5">
            {(current.cmiCountryList ?? []).map((country) => (
              <li key={country.countryId}>
                <Link
                  to={href(
                    `/plp?${new URLSearchParams({
                      categoryCode: String(country.countryId),
                      categoryName: country.countryName,
                      type: "COUNTRY",
                    })}`,
                  )}
                  onClick={close}
                  className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100"
                >
                  {country.countryThumbnailUrl ? (
                    <img
                      src={country.countryThumbnailUrl}
                      alt=""
                      width={28}
                      height={20}
                      loading="lazy"
                      className="h-5 w-7 rounded-sm object-cover"
                    />
                  ) : null}
                  {country.countryName}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  ) : (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 text-slate-600">
      {state.status === "error" || state.status === "ready" ? (
        <>
          <p>{t("common.noData")}</p>
          {state.status === "error" && (
            <button
              type="button"
              onClick={() => void load()}
              className="rounded-full border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {t("error.tryAgain")}
            </button>
          )}
        </>
      ) : (
        <p role="status">{t("common.loading")}</p>
      )}
    </div>
  );
}
