import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { CouponScopeOption } from "../../routes/admin.coupon-scopes.ts";
import { useConsoleT } from "./i18n.tsx";
import { inputClass, secondaryButtonClass } from "./ui.tsx";

export interface PickedScope {
  scopeType: "PLAN" | "DESTINATION";
  scopeCode: string;
  /** Null when the plan or destination no longer exists. */
  name: CouponScopeOption["name"] | null;
}

/** Where the fetcher asks: the console's resource route over `GET /o2adm/v1/marketing/coupon-scopes`. */
const SCOPES_URL = "/admin/marketing/coupon-scopes";

/**
 * The coupon form's plans and destinations (issue 29 item 5): a combobox (ARIA 1.2 list autocomplete) that finds
 * them by name in any of the three languages; each pick is a chip with a remove button, sent as
 * `scopes[i].scopeType` / `scopes[i].scopeCode`. Keyboard: type, arrows to move, Enter to pick, Escape to close.
 */
export function CouponScopePicker({ initial, error }: { initial: PickedScope[]; error?: string }) {
  const t = useConsoleT();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fetcher = useFetcher<{ options: CouponScopeOption[] }>();
  const [picked, setPicked] = useState<PickedScope[]>(initial);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const nameOf = (name: PickedScope["name"], code: string) =>
    name ? name[t.language] || name.en_US || code : code;
  const kindOf = (type: PickedScope["scopeType"]) =>
    type === "PLAN" ? t("console.coupons.scopePlan") : t("console.coupons.scopeDestination");
  const isPicked = (o: { scopeType: string; scopeCode: string }) =>
    picked.some((p) => p.scopeType === o.scopeType && p.scopeCode === o.scopeCode);
  const options = query.trim() ? (fetcher.data?.options ?? []).filter((o) => !isPicked(o)) : [];
  const showList = open && query.trim() !== "" && fetcher.state === "idle" && fetcher.data !== undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  // A new answer starts at its first option.
  const answer = fetcher.data;
  useEffect(() => {
    if (answer) setActive(0);
  }, [answer]);

  const search = (text: string) => {
    setQuery(text);
    setOpen(true);
    if (text.trim()) void fetcher.load(`${SCOPES_URL}?q=${encodeURIComponent(text.trim())}`);
  };
  const pick = (option: CouponScopeOption) => {
    setPicked((current) => [...current, option]);
    setQuery("");
    setOpen(false);
    input.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp" && options.length > 0) {
      event.preventDefault();
      setActive((i) => (i - 1 + options.length) % options.length);
    } else if (event.key === "Enter" && query.trim() !== "") {
      // Enter in the search box picks; it never submits the form half-typed.
      event.preventDefault();
      const option = options[active];
      if (showList && option) pick(option);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  return (
    <fieldset className="mb-3">
      <legend className="mb-1 block text-sm font-medium text-slate-800">{t("console.coupons.scopes")}</legend>
      <ul className="mb-2 flex flex-wrap gap-2" aria-live="polite">
        {picked.length === 0 ? (
          <li className="text-sm text-slate-700">{t("console.coupons.scopeEmpty")}</li>
        ) : null}
        {picked.map((scope, index) => {
          const name = nameOf(scope.name, scope.scopeCode);
          return (
            <li
              key={`${scope.scopeType}-${scope.scopeCode}`}
              className="flex items-center gap-2 rounded border border-slate-400 bg-slate-50 px-2 py-1 text-sm"
            >
              <span>
                {name}{" "}
                <span className="text-slate-700">
                  ({kindOf(scope.scopeType)} {scope.scopeCode})
                </span>
              </span>
              <input type="hidden" name={`scopes[${index}].scopeType`} value={scope.scopeType} />
              <input type="hidden" name={`scopes[${index}].scopeCode`} value={scope.scopeCode} />
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setPicked((current) => current.filter((_, i) => i !== index))}
              >
                {t("console.coupons.scopeRemove", { name })}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="relative max-w-md">
        <label htmlFor={`${id}-input`} className="mb-1 block text-sm text-slate-800">
          {t("console.coupons.scopeSearch")}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && options[active] ? optionId(active) : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => query.trim() && setOpen(true)}
          className={inputClass}
        />
        <p id={hintId} className="mt-1 text-xs text-slate-700">
          {t("console.coupons.scopeHint")}
        </p>
        {showList && options.length === 0 ? (
          <p role="status" className="mt-1 text-sm text-slate-700">
            {t("console.coupons.scopeNone")}
          </p>
        ) : null}
        {showList && options.length > 0 ? (
          <div
            id={listId}
            role="listbox"
            aria-label={t("console.coupons.scopeSearch")}
            className="absolute z-10 mt-1 max-h-72 w-full overflow-auto rounded border border-slate-500 bg-white shadow"
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (WAI-ARIA)
              <div
                key={`${option.scopeType}-${option.scopeCode}`}
                id={optionId(index)}
                tabIndex={-1}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-2 py-1 text-sm ${index === active ? "bg-blue-100" : ""}`}
                // Keeps the focus in the search box, so its blur does not close the list before the pick.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
              >
                {nameOf(option.name, option.scopeCode)}{" "}
                <span className="text-slate-700">
                  ({kindOf(option.scopeType)} {option.scopeCode})
                </span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
