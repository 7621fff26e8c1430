import { useEffect, useId, useState } from "react";
import { data, Link } from "react-router";
import { isOrderCode } from "../../core/ids.ts";
import { appContext } from "../context.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { startPayment } from "../features/checkout/pay-flow.ts";
import { countdown, isPaid } from "../features/checkout/types.ts";
import { useApi } from "../lib/api.ts";
import { HttpError } from "../lib/http/client.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/pay";

export const handle = { messages: ["purchase"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "checkoutUi.pay.title", { noindex: true });
}

// spec 2 /pay?orderCode=…: pay, or pay again, an order that is still unpaid (ADR 0112).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const code = url.searchParams.get("orderCode") ?? "";
  if (!isOrderCode(code)) throw data(null, { status: 404 });
  try {
    const order = await app.services.order.detail(customer.id, code, app.request.locale);
    const currency = (await app.services.site.currencies()).get(order.currencyCode);
    return { order, minorDigits: currency?.minorDigits ?? 2, serverNow: Date.now() };
  } catch (error) {
    if ((error as { status?: number }).status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function PayPage({ loaderData }: Route.ComponentProps) {
  const { t, href, price, locale } = useI18n();
  const api = useApi();
  const id = useId();
  const { order } = loaderData;
  const expiresAt = Date.parse(order.expiresAt);
  // The server's clock for the first render (no hydration mismatch), the browser's once it ticks.
  const [now, setNow] = useState(loaderData.serverNow);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const pending = order.status === "PENDING_PAYMENT";
  const left = expiresAt - now;
  const open = pending && left > 0;

  useEffect(() => {
    if (!pending) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [pending]);

  const money = (amount: number) =>
    price(amount, true, {
      currencySymbol: order.currencySymbol,
      minorDigits: loaderData.minorDigits,
    });

  async function pay() {
    setBusy(true);
    setError("");
    try {
      await startPayment(api, order.code, locale, { onFailed: (e) => setError((e as Error).message) });
    } catch (e) {
      if (!(e instanceof HttpError)) setError(String(e));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-8 md:py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t("checkoutUi.pay.title")}</h1>
      <section aria-labelledby={`${id}-order`} className="mt-6 rounded-2xl border border-slate-200 p-5">
        <h2 id={`${id}-order`} className="text-lg font-semibold text-slate-900">
          {t("checkoutUi.pay.orderCode", { code: order.code })}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-700">
              {t("checkoutUi.pay.item", { plan: order.planTitle, quantity: order.quantity })}
            </dt>
            <dd className="font-medium text-slate-900">{money(order.subtotal)}</dd>
          </div>
          {order.couponCode && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">{t("checkoutUi.couponLine", { name: order.couponCode })}</dt>
              <dd className="font-medium text-red-700">−{money(order.couponDiscount)}</dd>
            </div>
          )}
          {order.promoCode && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">{t("checkoutUi.promoLine", { code: order.promoCode })}</dt>
              <dd className="font-medium text-red-700">−{money(order.promoDiscount)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
            <dt className="font-semibold text-slate-900">{t("checkoutUi.total")}</dt>
            <dd className="font-bold text-slate-900">{money(order.total)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-700">{t("checkoutUi.pay.status")}</dt>
            <dd className="font-medium text-slate-900" data-testid="order-status">
              {order.statusName}
            </dd>
          </div>
        </dl>
      </section>

      {open && (
        <>
          <p role="timer" className="mt-4 text-center text-base font-medium text-slate-900">
            {t("checkoutUi.pay.timeLeft", { time: countdown(left) })}
          </p>
          <p role="alert" className="mt-2 text-center text-sm text-red-700 empty:hidden">
            {error}
          </p>
          <button
            type="button"
            onClick={() => void pay()}
            disabled={busy}
            className="mt-4 w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {busy ? t("checkoutUi.redirecting") : t("checkoutUi.pay.button", { amount: money(order.total) })}
          </button>
        </>
      )}
      {pending && !open && (
        <p role="status" className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900">
          {t("checkoutUi.pay.expired")}
        </p>
      )}
      {order.status === "CANCELLED" && (
        <p role="status" className="mt-6 rounded-xl bg-slate-100 p-4 text-slate-900">
          {t("checkoutUi.pay.cancelled")}
        </p>
      )}
      {isPaid(order.status) && (
        <p role="status" className="mt-6 rounded-xl bg-green-50 p-4 text-green-900">
          {t("checkoutUi.pay.paid")}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-4 text-sm">
        <Link
          to={href(`/my/order/${encodeURIComponent(order.code)}`)}
          className="font-medium text-brand-700 underline"
        >
          {t("checkoutUi.pay.viewOrder")}
        </Link>
        {!open && (
          <Link to={href("/plp")} className="font-medium text-brand-700 underline">
            {t("checkoutUi.pay.browse")}
          </Link>
        )}
      </div>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
