import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useApi } from "../../lib/api.ts";
import { HttpError } from "../../lib/http/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import { useAccountForm } from "../account/account-form.ts";
import { inputClass, secondaryButtonClass } from "../account/form.ts";
import { billingAddressFormSchema } from "../account/schemas.ts";
import { useQueryDialog } from "../shell/use-query-dialog.ts";
import { AddressPicker, type PickedAddress } from "./AddressPicker.tsx";

export interface BillingAddress extends PickedAddress {
  street: string;
}

const BILLING_URL = "/o2cum/v1/customer/billing-address";

/** The picked area as one line: "Nanshan, Shenzhen, Guangdong" in English, "广东省深圳市南山区" in Chinese. */
export function areaLine(address: PickedAddress, locale: string): string {
  const parts = [address.districtName, address.cityName, address.regionName];
  return locale === "en_US" ? parts.join(", ") : parts.reverse().join("");
}

/**
 * The profile's billing address (ADR 0215): the area from the address picker (a dialog tied to the
 * `addressPicker` query key on small screens, spec 2) and a street line; the invoice shows what is saved.
 */
export function BillingAddressForm({ saved, treeUrl }: { saved: BillingAddress | null; treeUrl: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const picker = useQueryDialog("addressPicker");
  // The area picked in the dialog, with its names to show; the form sends its codes (hidden inputs). The street
  // input keeps its own value (ADR 0419).
  const [area, setArea] = useState<PickedAddress | null>(saved);
  const [removing, setRemoving] = useState(false);
  const ids = { area: useId(), street: useId(), error: useId(), hint: useId() };
  const street = useRef<HTMLInputElement>(null);

  const {
    formProps,
    errors: shown,
    busy: saving,
  } = useAccountForm({
    schema: billingAddressFormSchema(),
    submit: async (value) => {
      try {
        await api.put(BILLING_URL, value);
        notify.toast(t("address.saved"));
        await revalidator.revalidate();
      } catch (error) {
        // The client has shown the failure; the API's field errors show beside their fields.
        if (!(error instanceof HttpError) || error.fields) throw error;
      }
    },
  });
  const busy = saving || removing;
  // The area's codes are checked together, by the picker: no area picked reads "address.incomplete"; a picked one the
  // API refuses shows the API's message.
  const areaProblem = shown.districtCode ?? shown.cityCode ?? shown.regionCode;
  const areaError = areaProblem === undefined ? undefined : area ? areaProblem : t("address.incomplete");
  // A newly picked area is a changed field: the form checks it again (as it does on typing), so a shown problem goes.
  const district = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (area) district.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [area]);

  const remove = async () => {
    setRemoving(true);
    try {
      await api.delete(BILLING_URL);
      setArea(null);
      if (street.current) street.current.value = "";
      notify.toast(t("address.removed"));
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section aria-labelledby={ids.hint} className="mt-8">
      <h2 id={ids.hint} className="text-lg font-semibold text-slate-900">
        {t("address.billing")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("address.billingHint")}</p>
      <form {...formProps} className="mt-4 space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
        {area && (
          <>
            <input type="hidden" name="regionCode" value={area.regionCode} />
            <input type="hidden" name="cityCode" value={area.cityCode} />
            <input ref={district} type="hidden" name="districtCode" value={area.districtCode} />
          </>
        )}
        <div>
          <span id={ids.area} className="block text-sm font-medium text-slate-800">
            {t("address.area")}
          </span>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <output aria-labelledby={ids.area} className="text-base text-slate-900" data-testid="picked-area">
              {area ? areaLine(area, locale) : t("accountUi.my.notSet")}
            </output>
            <button
              type="button"
              className={secondaryButtonClass}
              aria-describedby={areaError ? ids.error : undefined}
              onClick={picker.show}
            >
              {t("address.pick")}
            </button>
          </div>
          {areaError && (
            <p id={ids.error} role="alert" className="mt-1 text-sm text-red-700">
              {areaError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.street} className="block text-sm font-medium text-slate-800">
            {t("address.street")}
          </label>
          <input
            ref={street}
            id={ids.street}
            name="street"
            className={`mt-1 ${inputClass}`}
            defaultValue={saved?.street ?? ""}
            maxLength={200}
            required
            autoComplete="street-address"
            aria-invalid={shown.street ? true : undefined}
            aria-describedby={shown.street ? `${ids.street}-error` : undefined}
          />
          {shown.street && (
            <p id={`${ids.street}-error`} className="mt-1 text-sm text-red-700">
              {shown.street}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={secondaryButtonClass} disabled={busy}>
            {t("address.save")}
          </button>
          {saved && (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => void remove()}
            >
              {t("address.remove")}
            </button>
          )}
        </div>
      </form>
      <AddressPicker
        open={picker.open}
        onClose={picker.hide}
        onPick={(address) => setArea(address)}
        treeUrl={treeUrl}
      />
    </section>
  );
}
