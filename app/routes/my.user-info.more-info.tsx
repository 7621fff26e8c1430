import { Link } from "react-router";
import { appContext } from "../context.ts";
import { linkClass } from "../features/account/form.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/my.user-info.more-info";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.my.moreInfo", { noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const customer = await requirePageCustomer(context.get(appContext), request, url);
  return {
    loginName: customer.loginName,
    createdAt: customer.createdAt.toISOString(),
    hasPassword: customer.hasPassword,
  };
}

// spec 2 /my/userInfo/more-info: the rest of the account record (spec 3: other profile fields not shown).
export default function MoreInfoPage({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const since = new Intl.DateTimeFormat(locale.replace("_", "-"), {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(new Date(loaderData.createdAt));
  const rows: [string, string][] = [
    [t("accountUi.my.loginName"), loaderData.loginName ?? t("accountUi.my.notSet")],
    [t("accountUi.my.createdAt"), since],
    [
      t("accountUi.my.passwordSet"),
      t(loaderData.hasPassword ? "accountUi.my.passwordYes" : "accountUi.my.passwordNo"),
    ],
  ];
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{t("accountUi.my.moreInfo")}</h1>
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-right text-sm font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {!loaderData.hasPassword && (
        // Issue 30 (ADR 0320): an account made by code has no password; a code to its own e-mail or phone sets one.
        <p className="mt-4 text-sm">
          <Link className={linkClass} to={href("/my/userInfo/set-password")}>
            {t("accountUi.my.setPassword")}
          </Link>
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link className={linkClass} to={href("/my/userInfo")}>
          {t("accountUi.my.title")}
        </Link>
      </p>
    </section>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
