import { Form, Link } from "react-router";
import { appContext } from "../context.ts";
import { dataText, validityText } from "../features/catalog/plan-format.ts";
import { iccidTail } from "../features/checkout/types.ts";
import { loadTopUpOptions } from "../features/esim/top-up.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.esim.topup";

export const handle = { messages: ["esim"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "esimUi.topUpPicker.title", { noindex: true });
}

// /ucenter/eSIM/{id}/top-up (issue 12): the top-up packages that fit this eSIM's coverage and supplier, priced in
// the shopper's currency, the plan it was issued with preselected. Choosing one opens the top-up checkout.
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  return loadTopUpOptions(context.get(appContext), request, url, params.id);
}

export default function EsimTopUpPage({ loaderData, params }: Route.ComponentProps) {
  const { t, href, price } = useI18n();
  const { options, refused } = loaderData;
  const back = href(`/ucenter/eSIM/${params.id}`);
  const packages = options?.packages ?? [];
  const chosen = options?.preselected ?? packages[0]?.platformProductCode;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
        {t("esimUi.topUpPicker.back")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{t("esimUi.topUpPicker.title")}</h1>
      {options && (
        <p className="mt-1 text-sm text-slate-700">
          {t("esimUi.topUpPicker.intro", { last: iccidTail(options.iccid) })}
        </p>
      )}
      {refused && (
        <p
          role="alert"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          {refused}
        </p>
      )}
      {options && packages.length === 0 && (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {t("esimUi.topUpPicker.none")}
        </p>
      )}
      {options && packages.length > 0 && (
        <Form method="get" action={href("/checkout")} className="mt-6">
          <input type="hidden" name="iccid" value={options.iccid} />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">{t("esimUi.topUpPicker.legend")}</legend>
            <ul className="mt-3 flex flex-col gap-3">
              {packages.map((pkg) => (
                <li key={pkg.platformProductCode}>
                  <label
                    data-top-up-package={pkg.platformProductCode}
                    className="flex cursor-pointer items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
                  >
                    <input
                      type="radio"
                      name="platformProductCode"
                      value={pkg.platformProductCode}
                      defaultChecked={pkg.platformProductCode === chosen}
                      className="size-4 shrink-0 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{pkg.title}</span>
                      <span className="mt-0.5 block text-sm text-slate-700">
                        {dataText(t, pkg)} · {validityText(t, pkg.validityDays)}
                        {pkg.platformProductCode === options.preselected && (
                          <> · {t("esimUi.topUpPicker.current")}</>
                        )}
                      </span>
                    </span>
                    <span className="shrink-0 text-right">
                      {pkg.displayPrice !== null && (
                        <span className="block text-xs text-slate-600 line-through">
                          {price(pkg.displayPrice)}
                        </span>
                      )}
                      <span className="block font-semibold text-slate-900">{price(pkg.unitPrice)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <p className="mt-3 text-xs text-slate-700">{t("esimUi.topUpPicker.note")}</p>
          <button
            type="submit"
            className="mt-5 w-full rounded-full bg-brand-600 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-700 sm:w-auto"
          >
            {t("esimUi.topUpPicker.continue")}
          </button>
        </Form>
      )}
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
