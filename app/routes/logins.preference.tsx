import { useLocation, useNavigate } from "react-router";
import { isLocale } from "../../core/constants.ts";
import { appContext } from "../context.ts";
import { AuthCard } from "../features/account/AuthCard.tsx";
import { useAccountForm } from "../features/account/account-form.ts";
import { inputClass, primaryButtonClass } from "../features/account/form.ts";
import { preferenceFormSchema } from "../features/account/schemas.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { useApi } from "../lib/api.ts";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import { notify } from "../lib/notify.ts";
import { preferenceTarget, savePreferences } from "../lib/preferences.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/logins.preference";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.preference.title", { noindex: true });
}

// The preference is the customer's own (spec 3 customer info): a visitor logs in first.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const customer = await requirePageCustomer(context.get(appContext), request, url);
  return { defaultLanguage: customer.defaultLanguage, preferenceCurrency: customer.preferenceCurrency };
}

// spec 2 /logins/preference, spec 4: the default language and preferred currency are saved to the customer
// (PUT /o2cum/v1/customer-info) and apply at once: the page switches locale, with the currency query and cookie.
export default function PreferencePage({ loaderData }: Route.ComponentProps) {
  const { t, locale, currency } = useI18n();
  const { site } = useRootData();
  const api = useApi();
  const location = useLocation();
  const navigate = useNavigate();
  const language = isLocale(loaderData.defaultLanguage) ? loaderData.defaultLanguage : locale;
  const preferred = loaderData.preferenceCurrency ?? currency.currencyCode;
  const {
    formProps,
    errors: shown,
    busy,
  } = useAccountForm({
    schema: preferenceFormSchema(),
    submit: async (value) => {
      const choice = {
        locale: value.defaultLanguage ?? language,
        currency: value.preferenceCurrency ?? preferred,
      };
      await api.put("/o2cum/v1/customer-info", {
        defaultLanguage: choice.locale,
        preferenceCurrency: choice.currency,
      });
      savePreferences(choice);
      notify.toast(t("account.saved"));
      await navigate(preferenceTarget(location, choice), { replace: true });
    },
  });

  return (
    <AuthCard title={t("accountUi.preference.title")} intro={t("accountUi.preference.intro")}>
      <form {...formProps} className="space-y-4">
        <div className="space-y-1">
          <label htmlFor="preference-language" className="block text-sm font-medium text-slate-800">
            {t("accountUi.field.language")}
          </label>
          <select
            id="preference-language"
            name="defaultLanguage"
            className={inputClass}
            defaultValue={language}
            aria-invalid={shown.defaultLanguage ? true : undefined}
            aria-describedby={shown.defaultLanguage ? "preference-language-error" : undefined}
          >
            {site.supportLangList.map((entry) => (
              <option key={entry.lang} value={entry.lang}>
                {entry.langMeaning}
              </option>
            ))}
          </select>
          {shown.defaultLanguage && (
            <p id="preference-language-error" className="text-sm text-red-700">
              {shown.defaultLanguage}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor="preference-currency" className="block text-sm font-medium text-slate-800">
            {t("accountUi.field.currency")}
          </label>
          <select
            id="preference-currency"
            name="preferenceCurrency"
            className={inputClass}
            defaultValue={preferred}
            aria-invalid={shown.preferenceCurrency ? true : undefined}
            aria-describedby={shown.preferenceCurrency ? "preference-currency-error" : undefined}
          >
            {site.supportCurrencyList.map((entry) => (
              <option key={entry.currencyCode} value={entry.currencyCode}>
                {entry.currencyCode} {entry.currencySymbol}
              </option>
            ))}
          </select>
          {shown.preferenceCurrency && (
            <p id="preference-currency-error" className="text-sm text-red-700">
              {shown.preferenceCurrency}
            </p>
          )}
        </div>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.submit.save")}
        </button>
      </form>
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
