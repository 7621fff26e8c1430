import { useEffect, useId, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";

/** Clipboard API first; the old selection copy where it is missing (an http page, an older web view). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (no user activation, permissions): try the selection copy.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * A code the shopper types into their phone (SM-DP+ address, activation code…) with a copy button (ADR 0136).
 * The value is selectable text; "Copied" shows on the button and is announced through a polite live region.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useI18n();
  const valueId = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (!(await copyText(value))) {
      notify.toast(t("esimUi.copyFailed"));
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-slate-700 sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-3">
        <code
          id={valueId}
          className="min-w-0 flex-1 select-all break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
        >
          {value}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          aria-describedby={valueId}
          className="shrink-0 rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {copied ? t("esimUi.copied") : t("esimUi.copy")}
          <span className="sr-only"> {label}</span>
        </button>
        <span role="status" className="sr-only">
          {copied ? t("esimUi.copiedLabel", { label }) : ""}
        </span>
      </dd>
    </div>
  );
}
