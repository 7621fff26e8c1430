import {
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { checkNavigation } from "../../../core/url-safety.ts";
import type { AssociationResult, SpecificWord } from "../../../server/modules/search/service.ts";
import { trapTab } from "../../components/ui/focus.ts";
import { Icon } from "../../components/ui/Icon.tsx";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { discoveryApi } from "../catalog/api.ts";
import { addToHistory, clearHistory, historyKey, readHistory } from "./history.ts";

// spec 9: association results show 5 before expanding; typing waits 50 ms; the placeholder rotates every 3 s.
const COLLAPSED_RESULTS = 5;
const DEBOUNCE_MS = 50;
const ROTATE_MS = 3000;

function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The search overlay (spec 2, 3, 9): empty, it shows the shopper's recent searches and the hot words; typed
 * text shows association results. A specific word jumps to its deeplink; anything else lists plans on /plp.
 * A modal dialog with a combobox and listbox (WAI-ARIA), focus kept inside, Escape closes it and removes
 * searchDialog from the URL.
 */
export default function SearchOverlay() {
  const { t, href, locale } = useI18n();
  const { currency, channel, user } = useRootData();
  const api = useMemo(
    () => discoveryApi({ locale, currency: currency.currencyCode, channel }),
    [locale, currency.currencyCode, channel],
  );
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const storageKey = historyKey("product", (user as { loginName?: string } | null)?.loginName);

  const [text, setText] = useState("");
  const [hotWords, setHotWords] = useState<string[]>([]);
  const [specificWords, setSpecificWords] = useState<SpecificWord[]>([]);
  const [history, setHistory] = useState<string[]>([]);
  const [results, setResults] = useState<AssociationResult[] | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [rotation, setRotation] = useState(0);

  const close = useCallback(() => {
    const next = new URLSearchParams(location.search);
    next.delete("searchDialog");
    const search = next.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "" },
      {
        replace: true,
        preventScrollReset: true,
      },
    );
  }, [location.pathname, location.search, navigate]);

  // A page requested with searchDialog shows the overlay before its chunk is in: what the shopper typed meanwhile is
  // in the field when React hydrates it (React leaves a hydrated field's value alone) and becomes the search's text
  // before anything re-renders the field with the server's empty value.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) setText(typed);
  }, []);

  // Open: focus the input, keep Tab inside, Escape closes; the page behind does not scroll.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);

  useEffect(() => {
    const store = localStore();
    setHistory(store ? readHistory(store, storageKey) : []);
  }, [storageKey]);

  useEffect(() => {
    const controller = new AbortController();
    void api
      .get<{ hotWordList: string[] }>("/o2srh/v1/pub/hot-word", undefined, { signal: controller.signal })
      .then((body) => setHotWords(body.hotWordList.slice(0, 10)))
      .catch(() => undefined);
    void api
      .get<{ specificWordList: SpecificWord[] }>("/o2srh/v1/pub/specific-word-list", undefined, {
        signal: controller.signal,
        silent: true,
      })
      .then((body) => setSpecificWords(body.specificWordList))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);

  // spec 9: the placeholder walks through the hot words every 3 s.
  useEffect(() => {
    if (hotWords.length < 2) return;
    const timer = setInterval(() => setRotation((value) => (value + 1) % hotWords.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [hotWords.length]);

  // spec 9: association results 50 ms after the last keystroke; an older answer never replaces a newer one.
  useEffect(() => {
    const keyword = text.trim();
    setActive(-1);
    setExpanded(false);
    if (!keyword) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void api
        .get<{ associationList: AssociationResult[] }>(
          "/o2srh/v1/pub/cmi-package/search-result",
          { keyword },
          { signal: controller.signal },
        )
        .then((body) => setResults(body.associationList))
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, api]);

  const remember = (entry: string) => {
    const store = localStore();
    if (store) setHistory(addToHistory(store, storageKey, entry));
  };

  /** Typed text, a history entry or a hot word: a specific word's deeplink, else the product list. */
  const searchFor = (raw: string) => {
    const keyword = raw.trim();
    if (!keyword) return;
    remember(keyword);
    const specific = specificWords.find((w) => w.specificWord.trim().toLowerCase() === keyword.toLowerCase());
    if (specific) {
      // ADR 0023: operator links are untrusted; only same-origin paths are followed, script URLs never.
      const target = checkNavigation(specific.deeplink, { origin: window.location.origin });
      if (target.kind === "internal") {
        navigate(href(target.path));
        return;
      }
    }
    navigate(href(`/plp?${new URLSearchParams({ keyword })}`));
  };

  const choose = (result: AssociationResult) => {
    remember(text.trim() || result.name);
    const query = new URLSearchParams({
      hitName: result.name,
      hitNameSource: "DESTINATION",
      type: result.type.toUpperCase(),
      keyword: text.trim() || result.name,
    });
    if (result.superCountrys.length > 0) query.set("sourceCountryNames", result.superCountrys.join(","));
    navigate(href(`/plp?${query}`));
  };

  const visible = results ? (expanded ? results : results.slice(0, COLLAPSED_RESULTS)) : [];
  const listOpen = visible.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const placeholder = hotWords[rotation] ?? t("discovery.searchLabel");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = active >= 0 ? visible[active] : undefined;
    if (chosen) choose(chosen);
    else searchFor(text || (hotWords.length ? placeholder : ""));
  };

  const onInputKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!listOpen) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((value) => (value + 1) % visible.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((value) => (value <= 0 ? visible.length - 1 : value - 1));
    }
  };

  const onPanelKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      if (active >= 0) setActive(-1);
      else close();
    } else if (panel.current) trapTab(event, panel.current);
  };

  return (
    <div className="fixed inset-0 z-[1050] flex justify-center md:items-start md:pt-20">
      <div aria-hidden="true" className="absolute inset-0 hidden bg-slate-900/50 md:block" onClick={close} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onPanelKey}
        className="relative flex h-full w-full flex-col overflow-y-auto bg-white p-4 shadow-2xl md:h-auto md:max-h-[80vh] md:max-w-2xl md:rounded-2xl md:p-6"
      >
        <h2 id={`${id}-title`} className="sr-only">
          {t("discovery.searchTitle")}
        </h2>
        <form onSubmit={onSubmit} className="flex items-center gap-2">
          <label htmlFor={`${id}-input`} className="sr-only">
            {t("discovery.searchLabel")}
          </label>
          {/* min-w-0 and shrink-0: at 390 px the field gives way, so the close button stays on-screen (issue 12). */}
          <div className="flex min-w-0 flex-1 items-center gap-2 rounded-full border border-slate-300 bg-slate-50 px-4 py-2 focus-within:border-brand-600">
            <Icon name="search" className="size-5 shrink-0 text-slate-600" />
            <input
              ref={input}
              id={`${id}-input`}
              type="text"
              role="combobox"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={64}
              aria-autocomplete="list"
              aria-expanded={listOpen}
              aria-controls={`${id}-listbox`}
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              value={text}
              placeholder={placeholder}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onInputKey}
              className="min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-600"
            />
          </div>
          <button
            type="submit"
            className="shrink-0 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            {t("discovery.searchSubmit")}
          </button>
          <button
            type="button"
            onClick={close}
            aria-label={t("discovery.searchClose")}
            className="shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100"
          >
            <Icon name="close" />
          </button>
        </form>

        <p className="sr-only" aria-live="polite">
          {results === null
            ? ""
            : results.length
              ? t("discovery.suggestionsCount", { count: results.length })
              : t("discovery.noSuggestions")}
        </p>

        {text.trim() ? (
          <div className="mt-4">
            {listOpen && (
              <div
                id={`${id}-listbox`}
                role="listbox"
                aria-label={t("discovery.suggestions")}
                className="space-y-1"
              >
                {visible.map((result, index) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (WAI-ARIA)
                  <div
                    key={result.code}
                    tabIndex={-1}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    onClick={() => choose(result)}
                    onMouseEnter={() => setActive(index)}
                    className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 ${
                      index === active ? "bg-brand-50" : "hover:bg-slate-50"
                    }`}
                  >
                    <img
                      src={result.imageUrl}
                      alt=""
                      width={36}
                      height={24}
                      className="h-6 w-9 rounded-sm object-cover"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{result.name}</span>
                      {result.superCountrys.length > 0 && (
                        <span className="block text-xs text-slate-700">
                          {t("discovery.via", { names: result.superCountrys.join(", ") })}
                        </span>
                      )}
                    </span>
                    <span className="text-xs text-slate-700">
                      {t(
                        `catalog.destinationType.${result.type.toUpperCase()}` as "catalog.destinationType.COUNTRY",
                      )}
                    </span>
                  </div>
                ))}
              </div>
            )}
            {results !== null && results.length === 0 && (
              <p className="px-3 py-4 text-sm text-slate-700">{t("discovery.noSuggestions")}</p>
            )}
            {results !== null && results.length > COLLAPSED_RESULTS && (
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`${id}-listbox`}
                onClick={() => setExpanded((value) => !value)}
                className="mt-2 px-3 text-sm font-medium text-brand-700 underline"
              >
                {expanded ? t("discovery.showLess") : t("discovery.showMore")}
              </button>
            )}
          </div>
        ) : (
          <div className="mt-6 space-y-6">
            {history.length > 0 && (
              <section aria-labelledby={`${id}-history`}>
                <div className="flex items-center justify-between">
                  <h3 id={`${id}-history`} className="text-sm font-semibold text-slate-900">
                    {t("discovery.history")}
                  </h3>
                  <button
                    type="button"
                    onClick={() => {
                      const store = localStore();
                      if (store) clearHistory(store, storageKey);
                      setHistory([]);
                    }}
                    className="text-sm text-slate-700 underline"
                  >
                    {t("discovery.historyClear")}
                  </button>
                </div>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {history.map((entry) => (
                    <li key={entry}>
                      <button
                        type="button"
                        onClick={() => searchFor(entry)}
                        className="rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-200"
                      >
                        {entry}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {hotWords.length > 0 && (
              <section aria-labelledby={`${id}-hot`}>
                <h3 id={`${id}-hot`} className="text-sm font-semibold text-slate-900">
                  {t("discovery.hotWords")}
                </h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {hotWords.map((word) => (
                    <li key={word}>
                      <button
                        type="button"
                        onClick={() => searchFor(word)}
                        className="rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
                      >
                        {word}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
