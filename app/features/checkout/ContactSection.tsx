import { useI18n } from "../../lib/i18n.tsx";
import { AreaCodeSelect } from "../account/AreaCodeSelect.tsx";
import { inputClass } from "../account/form.ts";
import type { CheckoutContact, ContactErrors } from "./contact.ts";

/**
 * The checkout's contact details (ADR 0110): the delivery e-mail with its hint, and an optional phone with the
 * area-code picker. A field's error clears as soon as the shopper edits it.
 */
export function ContactSection({
  id,
  contact,
  errors,
  onChange,
}: {
  id: string;
  contact: CheckoutContact;
  errors: ContactErrors;
  onChange: (contact: CheckoutContact, edited: keyof ContactErrors | null) => void;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={`${id}-contact`} className="rounded-2xl border border-slate-200 p-5">
      <h2 id={`${id}-contact`} className="text-lg font-semibold text-slate-900">
        {t("checkoutUi.contactHeading")}
      </h2>
      <div className="mt-3 space-y-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
            {t("checkoutUi.email")}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="contactEmail"
            autoComplete="email"
            value={contact.email}
            onChange={(event) => onChange({ ...contact, email: event.target.value }, "email")}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={`${id}-email-hint${errors.email ? ` ${id}-email-error` : ""}`}
            className={inputClass}
          />
          <p id={`${id}-email-hint`} className="text-sm text-slate-700">
            {t("checkoutUi.emailHint")}
          </p>
          {errors.email && (
            <p id={`${id}-email-error`} className="text-sm text-red-700">
              {t(errors.email)}
            </p>
          )}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <AreaCodeSelect
            id={`${id}-area`}
            value={contact.areaCode}
            onChange={(areaCode) => onChange({ ...contact, areaCode }, null)}
          />
          <div className="space-y-1">
            <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-slate-800">
              {t("checkoutUi.phone")}
            </label>
            <input
              id={`${id}-phone`}
              type="tel"
              name="phone"
              inputMode="numeric"
              autoComplete="tel-national"
              value={contact.phone}
              onChange={(event) =>
                onChange({ ...contact, phone: event.target.value.replace(/\D/g, "").slice(0, 15) }, "phone")
              }
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={`${id}-phone-hint${errors.phone ? ` ${id}-phone-error` : ""}`}
              className={inputClass}
            />
          </div>
        </div>
        <p id={`${id}-phone-hint`} className="text-sm text-slate-700">
          {t("checkoutUi.phoneHint")}
        </p>
        {errors.phone && (
          <p id={`${id}-phone-error`} className="text-sm text-red-700">
            {t(errors.phone)}
          </p>
        )}
      </div>
    </section>
  );
}
