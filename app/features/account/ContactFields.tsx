import { useId } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { AreaCodeSelect, DEFAULT_AREA_CODE } from "./AreaCodeSelect.tsx";
import type { CodeTarget } from "./code-sending.tsx";
import { Field, keepOnly } from "./Field.tsx";
import type { FieldErrors } from "./form.ts";

export type ContactKind = "email" | "phone";

/** The contact fields as typed (the form's value): any of them may be missing. */
export interface ContactValue {
  kind?: string;
  email?: string;
  phone?: string;
  internationalTelCode?: string;
}

/** The kind of contact chosen in the form, else the first one offered. */
export function contactKind(value: ContactValue, kinds: ContactKind[] = ["email", "phone"]): ContactKind {
  return value.kind === "email" || value.kind === "phone" ? value.kind : (kinds[0] ?? "email");
}

export function contactTarget(value: ContactValue, kinds?: ContactKind[]): CodeTarget {
  return contactKind(value, kinds) === "email"
    ? { kind: "email", email: value.email ?? "" }
    : {
        kind: "phone",
        phone: value.phone ?? "",
        internationalTelCode: value.internationalTelCode ?? DEFAULT_AREA_CODE,
      };
}

/** The API's contact fields: an e-mail, or a phone with its calling code (ADR 0060). */
export function contactPayload(value: ContactValue, kinds?: ContactKind[]) {
  return contactKind(value, kinds) === "email"
    ? { email: (value.email ?? "").trim() }
    : { phone: (value.phone ?? "").trim(), internationalTelCode: value.internationalTelCode };
}

const nonDigits = keepOnly(/[^\d]/g);

/**
 * E-mail or phone (with the area-code picker), with a choice between them when both are allowed. The inputs keep
 * their own values (the form reads them, ADR 0419); `kind` is the choice as the form has it, which decides the
 * fields shown.
 */
export function ContactFields({
  kind,
  errors,
  kinds = ["email", "phone"],
  legend,
  defaultEmail,
}: {
  kind: ContactKind;
  errors: FieldErrors;
  kinds?: ContactKind[];
  legend?: string;
  /** An address already known (a social sign-in's), filled in to start with. */
  defaultEmail?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="space-y-4">
      {/* The form schemas (schemas.ts) read the chosen kind from the form's data, with or without the choice. */}
      {kinds.length > 1 ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            {legend ?? t("accountUi.register.contactKind")}
          </legend>
          <div className="mt-1 flex gap-4">
            {kinds.map((choice, index) => (
              <label key={choice} className="inline-flex items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="kind" value={choice} defaultChecked={index === 0} />
                {t(choice === "email" ? "accountUi.contact.email" : "accountUi.contact.phone")}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name="kind" value={kind} />
      )}
      {kind === "email" ? (
        <Field
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t("accountUi.field.email")}
          defaultValue={defaultEmail}
          maxLength={254}
          error={errors.email}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
          <AreaCodeSelect id={`${id}-area`} error={errors.internationalTelCode} />
          <Field
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            label={t("accountUi.field.phone")}
            maxLength={15}
            onInput={nonDigits}
            error={errors.phone}
          />
        </div>
      )}
    </div>
  );
}
