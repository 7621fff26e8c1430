import { useEffect, useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import type { OrderTab } from "../../../core/order-tabs.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { addToHistory, clearHistory, historyKey, readHistory } from "../search/history.ts";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Order search (spec 3, 9): by order number or plan name, with the shopper's recent searches of kind "order"
 * (at most 10, newest first, no repeats) kept in local storage per login name, as the product search does.
 */
export function OrderSearch({ keyword, tab }: { keyword: string; tab: OrderTab }) {
  const { t } = useI18n();
  const { user } = useRootData();
  const navigate = useNavigate();
  const inputId = useId();
  const key = historyKey("order", (user as { loginName?: string | null } | null)?.loginName);
  const [history, setHistory] = useState<string[]>([]);
  const [text, setText] = useState(keyword);

  // Local storage exists only in the browser: read it after hydration so both renders agree.
  useEffect(() => {
    const store = storage();
    setHistory(store ? readHistory(store, key) : []);
  }, [key]);
  useEffect(() => setText(keyword), [keyword]);

  function remember(entry: string) {
    const store = storage();
    if (store && entry.trim()) setHistory(addToHistory(store, key, entry));
  }

  function searchFor(entry: string) {
    remember(entry);
    const query = new URLSearchParams({ keyword: entry });
    if (tab !== "all") query.set("tab", tab);
    navigate({ search: `?${query.toString()}` });
  }

  return (
    <div className="mt-4">
      <Form method="get" role="search" className="flex gap-2" onSubmit={() => remember(text)}>
        <label htmlFor={inputId} className="sr-only">
          {t("ordersUi.search.label")}
        </label>
        <input
          id={inputId}
          name="keyword"
          type="search"
          maxLength={64}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("ordersUi.search.placeholder")}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 text-slate-900 placeholder:text-slate-600"
        />
        {tab !== "all" && <input type="hidden" name="tab" value={tab} />}
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-600"
        >
          {t("ordersUi.search.submit")}
        </button>
      </Form>
      {history.length > 0 && (
        <section aria-labelledby={`${inputId}-history`} className="mt-3" data-order-history>
          <div className="flex items-center justify-between gap-2">
            <h2 id={`${inputId}-history`} className="text-sm font-semibold text-slate-800">
              {t("ordersUi.search.history")}
            </h2>
            <button
              type="button"
              className="min-h-8 text-sm font-medium text-brand-700 hover:underline"
              onClick={() => {
                const store = storage();
                if (store) clearHistory(store, key);
                setHistory([]);
              }}
            >
              {t("ordersUi.search.clearHistory")}
            </button>
          </div>
          <ul className="mt-2 flex flex-wrap gap-2">
            {history.map((entry) => (
              <li key={entry}>
                <button
                  type="button"
                  onClick={() => searchFor(entry)}
                  className="min-h-8 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-100"
                >
                  {entry}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
