import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import {
  apiFieldErrors,
  type FieldErrors,
  failureToastText,
  focusFirstInvalid,
  translateErrors,
} from "./form.ts";

/** A form value as text: each field's value, or undefined when the form has none (or several) of that name. */
export type TypedValues = Partial<Record<string, string>>;

function typedValues(value: unknown): TypedValues {
  const typed: TypedValues = {};
  if (typeof value !== "object" || value === null) return typed;
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === "string") typed[name] = entry;
  }
  return typed;
}

/** The name of the button Conform submits the form with to check a field again (@conform-to/dom's INTENT). */
const INTENT = "__intent__";

/**
 * The scaffolding every account form shares (register, forgotten password, bind, account deletion), over Conform
 * (ADR 0182): on submit the form's FormData is checked against the form's one zod schema; the first invalid field
 * gets the focus and each field shows its first message, translated. A valid submission runs `submit` with the
 * parsed values while `busy` is set (after `confirm`, when given, says yes); field errors the API answers with
 * (spec 8 `fields`) are shown the same way.
 * Errors first show on submit; from then on each edit checks the form again, so an error clears as soon as its
 * field becomes valid (issue 30, ADR 0319).
 */
export function useAccountForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  schema,
  confirm,
  submit,
  fieldErrorsOf = apiFieldErrors,
  toastInvalid = true,
}: {
  schema: Schema;
  /** Asked once the values are valid, before anything is sent; false leaves the form as it is. */
  confirm?: () => Promise<boolean>;
  submit: (value: z.output<Schema>) => Promise<void>;
  /** The field errors a failed `submit` shows: by default the API's `fields` (spec 8). */
  fieldErrorsOf?: (error: unknown) => FieldErrors;
  /** spec 5's failure toast for a page's form; a dialog's one field says it beside the field only. */
  toastInvalid?: boolean;
}) {
  const { t } = useI18n();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    shouldValidate: "onSubmit",
    // After the first submit every edit checks the form again: an error goes as soon as its field is valid (and a
    // new one shows only once the field was left invalid by an edit), without another submit (issue 30).
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const element = event.currentTarget;
      const value = submission.value;
      void (async () => {
        if (confirm && !(await confirm())) return;
        setBusy(true);
        await submit(value);
      })()
        .catch((error: unknown) => {
          const fields = Object.fromEntries(
            Object.entries(fieldErrorsOf(error)).map(([name, message]) => [name, [message]]),
          );
          setLastResult(submission.reply({ fieldErrors: fields }));
          focusFirstInvalid(element);
        })
        .finally(() => setBusy(false));
    },
  });
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(form.allErrors)) {
    if (messages[0]) errors[name] = messages[0];
  }
  // spec 5: a submission that fails the check also says so in a toast, naming the first invalid field.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    // Conform checks a field again on input by submitting the form with its own intent button: that is no submission
    // by the shopper, so no toast (only Conform handles it).
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === INTENT) {
      form.onSubmit(event);
      return;
    }
    const checked = parseWithZod(new FormData(element), { schema });
    if (toastInvalid && checked.status !== "success" && checked.error) {
      const text = failureToastText(t, element, checked.error);
      if (text) notify.toast(text);
    }
    form.onSubmit(event);
  };
  return {
    /** Spread on the <form>. */
    formProps: { id: form.id, onSubmit, noValidate: true },
    /**
     * The fields as typed so far, read from the form's data on each input (Conform's form value): what the page
     * shows from them (which fields the chosen kind needs, where the code is sent, the password rule). The inputs
     * keep their own values; no field's value lives in React state (issue 33 item 1, ADR 0419).
     */
    typed: typedValues(form.value),
    /** Each field's first message, translated. */
    errors: translateErrors(t, errors),
    busy,
  };
}
