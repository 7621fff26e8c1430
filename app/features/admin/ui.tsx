import { useId } from "react";
import { Form, Link } from "react-router";
import type { ConsoleMessageKey } from "../../../core/i18n/console/index.ts";
import type { ActionResult } from "./console.server.ts";
import { useConsoleT } from "./i18n.tsx";

/** The console's small design system: plain, dense, keyboard- and screen-reader-friendly. */
export const buttonClass =
  "inline-flex items-center rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 disabled:opacity-50";
export const secondaryButtonClass =
  "inline-flex items-center rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500";
export const inputClass =
  "block w-full rounded border border-slate-500 px-2 py-1.5 text-sm text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-1 focus:ring-blue-700";
export const linkClass = "text-blue-800 underline hover:text-blue-900";

export function PageTitle({ children }: { children: React.ReactNode }) {
  return <h1 className="mb-4 text-xl font-semibold text-slate-900">{children}</h1>;
}

export function Field({
  label,
  name,
  type = "text",
  defaultValue,
  required,
  autoComplete,
  inputMode,
  error,
  pattern,
  maxLength,
}: {
  label: string;
  name: string;
  type?: string;
  defaultValue?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text" | "email";
  error?: string;
  pattern?: string;
  maxLength?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        pattern={pattern}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  name,
  options,
  defaultValue,
}: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={inputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An action's failure (role="alert") or success (role="status"), for the form that sent `intent`. */
export function ActionNote({
  result,
  intent,
  success,
}: {
  result: ActionResult | undefined;
  intent?: string;
  success?: string;
}) {
  if (!result || (intent && result.intent !== intent)) return null;
  if (!result.ok)
    return (
      <p role="alert" className="mb-3 rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
        {result.message}
      </p>
    );
  if (!success) return null;
  return (
    <p
      role="status"
      className="mb-3 rounded border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900"
    >
      {success}
    </p>
  );
}

export function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-400">
            {head.map((label) => (
              <th key={label} scope="col" className="px-2 py-2 font-semibold text-slate-800">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className = "" }: { children?: React.ReactNode; className?: string }) {
  return (
    <td className={`border-b border-slate-200 px-2 py-2 align-top text-slate-900 ${className}`}>
      {children}
    </td>
  );
}

/** Previous/next links that keep the page's other query parameters. */
export function Pager({
  page,
  size,
  total,
  search,
}: {
  page: number;
  size: number;
  total: number;
  search: string;
}) {
  const t = useConsoleT();
  const pages = Math.max(1, Math.ceil(total / size));
  const at = (target: number) => {
    const query = new URLSearchParams(search);
    query.set("page", String(target));
    return `?${query.toString()}`;
  };
  return (
    <nav aria-label={t("console.pageOf", { page, pages })} className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 && (
        <Link className={linkClass} to={at(page - 1)}>
          {t("console.previous")}
        </Link>
      )}
      <span>{t("console.pageOf", { page, pages })}</span>
      {page < pages && (
        <Link className={linkClass} to={at(page + 1)}>
          {t("console.next")}
        </Link>
      )}
    </nav>
  );
}

/** A one-button form posting `intent` (and hidden fields) to this page's action. */
export function IntentButton({
  intent,
  label,
  fields = {},
  secondary,
}: {
  intent: string;
  label: string;
  fields?: Record<string, string>;
  secondary?: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={secondary ? secondaryButtonClass : buttonClass}>
        {label}
      </button>
    </Form>
  );
}

export function roleKey(role: string): ConsoleMessageKey {
  return (
    (
      {
        owner: "console.role.owner",
        merchandiser: "console.role.merchandiser",
        support: "console.role.support",
        finance: "console.role.finance",
      } as const
    )[role as "owner"] ?? "console.role.support"
  );
}
