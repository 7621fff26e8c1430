import { isMessageKey, type MessageKey } from "../../../core/i18n/index.ts";
import { HttpError } from "../../lib/http/client.ts";

export type FieldErrors = Record<string, string>;

/** The API's field errors (spec 8 failure body `fields`), message keys too. */
export function apiFieldErrors(error: unknown): FieldErrors {
  return error instanceof HttpError && error.fields ? { ...error.fields } : {};
}

/** Translates a message key; text that is not a key (an API message) is shown as it is. */
export function messageText(t: (key: MessageKey) => string, keyOrText: string): string {
  return isMessageKey(keyOrText) ? t(keyOrText) : keyOrText;
}

/** Each field's message key (or API text) as the shopper reads it. */
export function translateErrors(t: Parameters<typeof messageText>[0], errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, messageText(t, key)]));
}

/** Moves focus to the first invalid field once React has rendered the errors. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

export const inputClass =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 aria-[invalid=true]:border-red-700";

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-full bg-brand-600 px-5 py-3 text-base font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400";

export const secondaryButtonClass =
  "inline-flex items-center justify-center rounded-full border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-600";

export const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

/** What names a field for the shopper: its label, else its aria-label. */
function fieldLabel(field: Element): string {
  const labelled = field as HTMLInputElement;
  const label = labelled.labels?.[0]?.textContent ?? field.getAttribute("aria-label") ?? "";
  return label.replace(/\s+/g, " ").trim();
}

/**
 * spec 5: the failure toast '“{field label}”校验不通过，{message}' for the first invalid field in the form's
 * order (the one that gets the focus); null when no invalid field has a name the form shows.
 */
export function failureToastText(
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  form: HTMLFormElement,
  errors: Record<string, string[] | null | undefined>,
): string | null {
  for (const field of Array.from(form.elements)) {
    const name = field.getAttribute("name");
    const message = name ? errors[name]?.[0] : undefined;
    if (!message) continue;
    const label = fieldLabel(field);
    if (!label) continue;
    return t("validation.failedToast", { label, message: messageText(t, message) });
  }
  return null;
}
