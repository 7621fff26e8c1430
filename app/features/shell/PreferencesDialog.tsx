import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { convertMinor } from "../../../core/money.ts";
import { Modal } from "../../components/ui/Modal.tsx";
import { saveCustomerPreferences, useApi } from "../../lib/api.ts";
import { HttpError } from "../../lib/http/client.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { preferenceTarget, savePreferences } from "../../lib/preferences.ts";

// A sample plan price in the base currency, shown in each currency so the shopper sees what a switch does.
const SAMPLE_BASE_MINOR = 8800;

/** spec 4: the language/currency popup. Apply saves, reloads the page's data in the choice; reset restores. */
export function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, locale, price } = useI18n();
  const { currency, site, user } = useRootData();
  const api = useApi();
  const [chosenLocale, setChosenLocale] = useState<Locale>(locale);
  const [chosenCurrency, setChosenCurrency] = useState(currency.currencyCode);
  const location = useLocation();
  const navigate = useNavigate();
  const base = site.supportCurrencyList.find((c) => c.rateFromBase === "1") ?? currency;

  const reset = () => {
    setChosenLocale(locale);
    setChosenCurrency(currency.currencyCode);
  };

  const apply = async () => {
    const choice = { locale: chosenLocale, currency: chosenCurrency };
    savePreferences(choice);
    onClose();
    // spec 4: a logged-in shopper's customer info follows the choice. The client reports a failure; a 401 that
    // a refresh cannot cure leaves for login instead of the route change.
    if (user) {
      try {
        await saveCustomerPreferences(api, choice);
      } catch (error) {
        if (error instanceof HttpError && error.kind === "unauthorized") return;
      }
    }
    await navigate(preferenceTarget(location, choice), { replace: true });
  };

  const samplePrice = (code: string) => {
    const target = site.supportCurrencyList.find((c) => c.currencyCode === code);
    if (!target) return "";
    const minor = convertMinor(SAMPLE_BASE_MINOR, base.minorDigits, target.minorDigits, target.rateFromBase);
    return price(minor, true, target);
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t("shell.preferences")}
    >
      <form
        className="mt-4 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t("shell.language")}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {site.supportLangList.map((language) => (
              <label
                key={language.lang}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  name="language"
                  value={language.lang}
                  checked={chosenLocale === language.lang}
                  onChange={() => isLocale(language.lang) && setChosenLocale(language.lang)}
                  className="accent-brand-600"
                />
                <span lang={language.lang.replace("_", "-")}>{language.langMeaning}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-700">{t("shell.currency")}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {site.supportCurrencyList.map((option) => (
              <label
                key={option.currencyCode}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="currency"
                  value={option.currencyCode}
                  checked={chosenCurrency === option.currencyCode}
                  onChange={() => setChosenCurrency(option.currencyCode)}
                  className="accent-brand-600"
                />
                <span className="font-medium">{option.currencyCode}</span>
                <span className="ml-auto text-slate-600" data-sample-price={option.currencyCode}>
                  {samplePrice(option.currencyCode)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-slate-700">
          {t("shell.samplePrice", { price: samplePrice(chosenCurrency) })}
        </p>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={reset}
            className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {t("shell.reset")}
          </button>
          <button
            type="submit"
            className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("shell.apply")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
