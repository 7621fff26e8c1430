import { Link } from "react-router";
import { appContext } from "../context.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { EsimCard } from "../features/esim/EsimCard.tsx";
import { loadEsims } from "../features/esim/esim.server.ts";
import { OnItsWayCard, useRefreshWhile } from "../features/esim/OnItsWay.tsx";
import { ShowMore } from "../features/esim/ShowMore.tsx";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.esim";

export const handle = { messages: ["esim"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "esimUi.list.title", { noindex: true });
}

// Each protected page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const [list, paid] = await Promise.all([
    loadEsims(app.services, customer.id, url, app.request.locale),
    // Orders paid and still being prepared: each shows as an eSIM on its way (issue 12). Top-ups add data to an
    // eSIM already listed, so they are not on their way.
    app.services.order.list(
      customer.id,
      { page: 0, size: 20, status: ["PAID", "FULFILLING"] },
      app.request.locale,
    ),
  ]);
  const preparing = paid.content
    .filter((order) => !order.topUpIccid)
    .map(({ code, planTitle, quantity }) => ({ code, planTitle, quantity }));
  return { list, preparing };
}

// spec 2 /ucenter/eSIM (also the my-eSIM bottom tab): every eSIM with its state, plans, data and days left, and
// when usage was last reported (ADR 0135). The scroll position is remembered (app/lib/scroll.ts).
export default function MyEsimsPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { list, preparing } = loaderData;
  useRefreshWhile(preparing.length > 0);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t("esimUi.list.title")}</h1>
      {preparing.length > 0 && (
        <ul aria-label={t("journey.onItsWay")} className="mt-6 flex flex-col gap-4">
          {preparing.map((order) => (
            <li key={order.code}>
              <OnItsWayCard order={order} />
            </li>
          ))}
        </ul>
      )}
      {list.totalElements === 0 && preparing.length > 0 ? null : list.totalElements === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <p className="text-lg font-semibold text-slate-900">{t("esimUi.list.empty")}</p>
          <p className="mt-2 text-slate-700">{t("esimUi.list.emptyHint")}</p>
          <Link
            to={href("/category")}
            className="mt-6 inline-block rounded-full bg-brand-600 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("esimUi.list.shop")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t("esimUi.list.count", { count: list.totalElements })}
          </p>
          <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
            {t("esimUi.list.lagNote")}
          </p>
          <ul id="esim-list" className="mt-6 flex flex-col gap-4">
            {list.content.map((esim) => (
              <li key={esim.id}>
                <EsimCard esim={esim} />
              </li>
            ))}
          </ul>
          <ShowMore shown={list.content.length} total={list.totalElements} list="esim-list" />
        </>
      )}
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
