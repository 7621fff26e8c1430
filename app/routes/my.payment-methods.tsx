import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { appContext } from "../context.ts";
import { linkClass } from "../features/account/form.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { useApi } from "../lib/api.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import { notify } from "../lib/notify.ts";
import type { Route } from "./+types/my.payment-methods";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.savedCards.title", { noindex: true });
}

// Each /my page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  return { cards: await app.services.payment.savedCards(customer) };
}

// Saved cards (issue 30 item 4, ADR 0325): the cards the shopper saved at the payment provider, each removable.
export default function SavedCardsPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);

  async function remove(id: string) {
    if (!(await notify.dialog({ title: t("accountUi.savedCards.confirm") }))) return;
    setBusy(id);
    try {
      await api.delete(`/o2pay/v1/customer/payment-methods/${encodeURIComponent(id)}`);
      notify.toast(t("accountUi.savedCards.removed"));
      await revalidator.revalidate();
    } catch {
      // The API client already showed the failure's translated message.
    } finally {
      setBusy(null);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{t("accountUi.savedCards.title")}</h1>
      <p className="mt-2 text-sm text-slate-700">{t("accountUi.savedCards.intro")}</p>
      {loaderData.cards.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          {t("accountUi.savedCards.empty")}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {loaderData.cards.map((card) => {
            const brand = card.brand.toUpperCase();
            return (
              <li key={card.id} className="flex items-center justify-between gap-4 px-4 py-3">
                <div>
                  <p className="text-sm font-medium text-slate-900">
                    {t("accountUi.savedCards.card", { brand, last4: card.last4 })}
                  </p>
                  <p className="text-sm text-slate-700">
                    {t("accountUi.savedCards.expires", {
                      month: String(card.expMonth).padStart(2, "0"),
                      year: String(card.expYear),
                    })}
                  </p>
                </div>
                <button
                  type="button"
                  className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
                  aria-label={t("accountUi.savedCards.removeLabel", { brand, last4: card.last4 })}
                  disabled={busy !== null}
                  onClick={() => void remove(card.id)}
                >
                  {t("accountUi.savedCards.remove")}
                </button>
              </li>
            );
          })}
        </ul>
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
