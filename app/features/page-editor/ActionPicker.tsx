import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { urlProblem } from "../../../core/content/actions.ts";
import type { ComponentAction } from "../../../db/schema/content-document.ts";
import type { LinkTarget } from "../../../server/modules/content/console-contract.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { inputClass, secondaryButtonClass } from "../admin/ui.tsx";
import { actionName } from "../content-blocks/links.ts";

/*
 * Where a tap on a block goes (issue 31 item 2, ADR 0369): a destination, plan, landing page or note found by name
 * in any language, an https address (checked by the same rule as the server), the search overlay, sign in, or
 * invite friends.
 */

const KINDS = ["NONE", "FIND", "URL", "SEARCH_DIALOG", "LOGIN", "SFB"] as const;
type Kind = (typeof KINDS)[number];
export const LINK_TARGETS_ROUTE = "/admin/pages/link-targets";

function kindOf(action: ComponentAction | undefined): Kind {
  if (!action || action.code === "NONE") return "NONE";
  if (action.code === "URL") return "URL";
  if (action.code === "SEARCH_DIALOG" || action.code === "LOGIN" || action.code === "SFB") return action.code;
  return "FIND";
}

function currentTarget(action: ComponentAction | undefined, picked: string | null): string | null {
  if (!action || action.code === "NONE") return null;
  if (picked) return picked;
  const data = action.data ?? {};
  const code =
    typeof data.noteInfoCode === "string"
      ? data.noteInfoCode
      : typeof data.url === "string"
        ? data.url
        : undefined;
  return actionName(action) ?? code ?? action.code;
}

export function ActionPicker({
  value,
  onChange,
  siteCode,
  lang,
}: {
  value: ComponentAction | undefined;
  onChange: (action: ComponentAction | undefined) => void;
  siteCode: string;
  lang: string;
}) {
  const t = useConsoleT();
  const id = useId();
  const fetcher = useFetcher<{ targets: LinkTarget[] }>();
  const [kind, setKind] = useState<Kind>(kindOf(value));
  const [term, setTerm] = useState("");
  const [picked, setPicked] = useState<string | null>(null);
  const [url, setUrl] = useState(value?.code === "URL" ? String(value.data?.url ?? "") : "");
  const problem = kind === "URL" && url.trim() !== "" ? urlProblem(url) : null;

  // The search runs a moment after typing stops; the fetcher drops an answer a newer request overtook.
  const { load } = fetcher;
  useEffect(() => {
    if (kind !== "FIND" || term.trim() === "") return;
    const timer = setTimeout(() => {
      void load(`${LINK_TARGETS_ROUTE}?${new URLSearchParams({ q: term.trim(), siteCode, lang })}`);
    }, 250);
    return () => clearTimeout(timer);
  }, [kind, term, siteCode, lang, load]);

  const targets = term.trim() === "" ? [] : (fetcher.data?.targets ?? []);
  const current = currentTarget(value, picked);

  return (
    <fieldset className="mb-2 rounded border border-slate-300 p-2 text-sm">
      <legend className="px-1 font-medium">{t("console.action.legend")}</legend>
      <label className="mb-2 block">
        <span className="font-medium">{t("console.action.kind")}</span>
        <select
          className={inputClass}
          value={kind}
          onChange={(event) => {
            const next = event.target.value as Kind;
            setKind(next);
            setPicked(null);
            if (next === "NONE") onChange(undefined);
            else if (next === "SEARCH_DIALOG" || next === "LOGIN" || next === "SFB")
              onChange({ code: next, data: {} });
            else if (next === "URL")
              onChange(url && !urlProblem(url) ? { code: "URL", data: { url } } : undefined);
          }}
        >
          {KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`console.action.kind.${option}`)}
            </option>
          ))}
        </select>
      </label>
      {kind === "FIND" && (
        <div>
          <label htmlFor={`${id}-search`} className="block font-medium">
            {t("console.action.search")}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={inputClass}
            value={term}
            autoComplete="off"
            onChange={(event) => setTerm(event.target.value)}
          />
          <p role="status" className="mt-1 text-xs text-slate-700">
            {term.trim() === ""
              ? ""
              : fetcher.state !== "idle"
                ? t("console.action.searching")
                : fetcher.data
                  ? targets.length === 0
                    ? t("console.action.noResults")
                    : t("console.action.results", { count: targets.length })
                  : ""}
          </p>
          {targets.length > 0 && (
            <ul className="mt-1 max-h-56 overflow-y-auto rounded border border-slate-200">
              {targets.map((target) => (
                <li key={`${target.kind}:${JSON.stringify(target.action.data)}`}>
                  <button
                    type="button"
                    className="block w-full px-2 py-1 text-left hover:bg-slate-100 focus:bg-slate-100"
                    onClick={() => {
                      const label = `${target.label} (${t(`console.action.target.${target.kind}`)})`;
                      setPicked(label);
                      onChange(target.action);
                    }}
                  >
                    <span className="font-medium">{target.label}</span>{" "}
                    <span className="text-xs text-slate-700">
                      {t(`console.action.target.${target.kind}`)} · {target.detail}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {kind === "URL" && (
        <div>
          <label htmlFor={`${id}-url`} className="block font-medium">
            {t("console.action.url")}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className={inputClass}
            value={url}
            placeholder="https://"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-url-problem` : undefined}
            onChange={(event) => {
              const next = event.target.value;
              setUrl(next);
              onChange(
                next.trim() !== "" && !urlProblem(next)
                  ? { code: "URL", data: { url: next.trim() } }
                  : undefined,
              );
            }}
          />
          {problem && (
            <p id={`${id}-url-problem`} className="mt-1 text-red-800">
              {t(`console.action.problem.${problem}`)}
            </p>
          )}
        </div>
      )}
      <p className="mt-2 text-xs text-slate-800" data-testid="action-current">
        {current ? t("console.action.current", { target: current }) : t("console.action.none")}
      </p>
      {value && kind === "FIND" && (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-1`}
          onClick={() => {
            setPicked(null);
            onChange(undefined);
          }}
        >
          {t("console.action.kind.NONE")}
        </button>
      )}
    </fieldset>
  );
}
