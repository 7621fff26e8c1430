import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { appContext } from "../context.ts";
import { linkClass } from "../features/account/form.ts";
import { maskEmail, maskPhone } from "../features/account/mask.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { BillingAddressForm } from "../features/address/BillingAddressForm.tsx";
import { onlyDialogKeysChanged } from "../features/shell/use-query-dialog.ts";
import { ProfilePicture } from "../features/uploads/ProfilePicture.tsx";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my.user-info";

export const handle = { messages: ["uploads"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.my.title", { noindex: true });
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (onlyDialogKeysChanged(args.currentUrl, args.nextUrl)) return false;
  return args.defaultShouldRevalidate;
}

// Each /my page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const { locale, siteCode } = app.request;
  const [site, area] = await Promise.all([
    app.services.site.siteInfo(siteCode, locale),
    customer.billingAddress ? app.services.region.resolve(locale, customer.billingAddress) : null,
  ]);
  return {
    avatarUrl: await app.services.uploads.avatarOf(customer.id),
    billingAddress:
      area && customer.billingAddress ? { ...area, street: customer.billingAddress.street } : null,
    regionResourceUrl: site.regionResourceUrl,
    nickName: customer.nickName,
    email: maskEmail(customer.email),
    phone: maskPhone(customer.phone, customer.internationalTelCode),
    defaultLanguage: customer.defaultLanguage,
    preferenceCurrency: customer.preferenceCurrency,
  };
}

// spec 2 /my/userInfo: account information (nickname, masked contacts, language, currency) and the way on.
export default function UserInfoPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { site } = useRootData();
  const language = site.supportLangList.find(
    (entry) => entry.lang === loaderData.defaultLanguage,
  )?.langMeaning;
  const rows: [string, string | null | undefined][] = [
    [t("accountUi.field.nickName"), loaderData.nickName],
    [t("accountUi.field.email"), loaderData.email],
    [t("accountUi.field.phone"), loaderData.phone],
    [t("accountUi.field.language"), language],
    [t("accountUi.field.currency"), loaderData.preferenceCurrency],
  ];
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{t("accountUi.my.title")}</h1>
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-sm font-medium text-slate-900" dir="auto">
              {value || t("accountUi.my.notSet")}
            </dd>
          </div>
        ))}
      </dl>
      <ProfilePicture initialUrl={loaderData.avatarUrl} />
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li>
          <Link className={linkClass} to={href("/logins/preference")}>
            {t("accountUi.my.preference")}
          </Link>
        </li>
        <li>
          <Link className={linkClass} to={href("/my/userInfo/more-info")}>
            {t("accountUi.my.moreInfo")}
          </Link>
        </li>
        <li>
          <Link className={linkClass} to={href("/my/paymentMethods")}>
            {t("accountUi.savedCards.link")}
          </Link>
        </li>
        <li>
          <Link className={linkClass} to={href("/my/userInfo/delete")}>
            {t("accountUi.my.delete")}
          </Link>
        </li>
      </ul>
      <BillingAddressForm saved={loaderData.billingAddress} treeUrl={loaderData.regionResourceUrl} />
    </section>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
