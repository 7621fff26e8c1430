import { useId } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { AreaCodeSelect } from "./AreaCodeSelect.tsx";
import type { CodeTarget } from "./code-sending.tsx";
import { Field } from "./Field.tsx";
import type { FieldErrors } from "./form.ts";

export type ContactKind = "email" | "phone";

export interface ContactValue {
  kind: ContactKind;
  email: string;
  phone: string;
  internationalTelCode: string;
}

export function contactTarget(value: ContactValue): CodeTarget {
  return value.kind === "email"
    ? { kind: "email", email: value.email }
    : { kind: "phone", phone: value.phone, internationalTelCode: value.internationalTelCode };
}

/** The API's contact fields: an e-mail, or a phone with its calling code (ADR 0060). */
export function contactPayload(value: ContactValue) {
  return value.kind === "email"
    ? { email: value.email.trim() }
    : { phone: value.phone.trim(), internationalTelCode: value.internationalTelCode };
}

/** E-mail or phone (with the area-code picker), with a choice between them when both are allowed. */
export function ContactFields({
  value,
  onChange,
  errors,
  kinds = ["email", "phone"],
  legend,
}: {
  value: ContactValue;
  onChange: (value: ContactValue) => void;
  errors: FieldErrors;
  kinds?: ContactKind[];
  legend?: string;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="space-y-4">
      {/* The form schemas (schemas.ts) read the chosen kind from the form's data, with or without the choice. */}
      <input type="hidden" name="kind" value={value.kind} />
      {kinds.length > 1 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            {legend ?? t("accountUi.register.contactKind")}
          </legend>
          <div className="mt-1 flex gap-4">
            {kinds.map((kind) => (
              <label key={kind} className="inline-flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  defaultChecked={value.kind === kind}
                  onChange={() => onChange({ ...value, kind })}
                />
                {t(kind === "email" ? "accountUi.contact.email" : "accountUi.contact.phone")}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {value.kind === "email" ? (
        <Field
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          label={t("accountUi.field.email")}
          value={value.email}
          maxLength={254}
          onChange={(event) => onChange({ ...value, email: event.target.value })}
          error={errors.email}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
          <AreaCodeSelect
            id={`${id}-area`}
            value={value.internationalTelCode}
            onChange={(internationalTelCode) => onChange({ ...value, internationalTelCode })}
            error={errors.internationalTelCode}
          />
          <Field
            id={`${id}-phone`}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            label={t("accountUi.field.phone")}
            value={value.phone}
            maxLength={15}
            onChange={(event) => onChange({ ...value, phone: event.target.value.replace(/[^\d]/g, "") })}
            error={errors.phone}
          />
        </div>
      )}
    </div>
  );
}
