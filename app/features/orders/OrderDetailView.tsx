import { Link } from "react-router";
import type { OrderDetailView as OrderDetailData } from "../../../server/modules/order/service.ts";
import { LocalTime } from "../../components/ui/LocalTime.tsx";
import { openPdfInApp } from "../../lib/bridge/in-app-actions.ts";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { currencyFormat, formatDateTime } from "./format.ts";
import type { OrderBase } from "./OrderListView.tsx";
import { RateOrder } from "./RateOrder.tsx";
import { RefundPanel, type ShopperRefundOptions } from "./RefundPanel.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { UnpaidOrderActions } from "./UnpaidOrderActions.tsx";

/** The eSIMs an order made; the eSIM work adds them to the detail (issue 6). */
type WithEsims = { esims?: { id: string; iccid: string; state?: string }[] };

const cardClass = "rounded-2xl border border-slate-200 bg-white p-4";
const headingClass = "text-lg font-semibold text-slate-900";

/**
 * spec 2 /my/order/{code} and /ucenter/order/{code}: lines, amounts, coupon, payment, the status history with
 * times, the eSIMs it made, the invoice, and paying or cancelling while unpaid.
 */
export function OrderDetailView({
  order,
  base,
  refund = null,
}: {
  order: OrderDetailData & WithEsims;
  base: OrderBase;
  /** What the shopper may do now by the refund policy (a paid order only; issue 29). */
  refund?: ShopperRefundOptions | null;
}) {
  const { t, has, href, price, locale } = useI18n();
  const { site } = useRootData();
  const money = currencyFormat(site.supportCurrencyList, order.currencyCode, order.currencySymbol);
  const amount = (minor: number) => price(minor, true, money);
  const unpaid = order.status === "PENDING_PAYMENT";
  const methodKey = `ordersUi.method.${order.payment?.method ?? ""}`;
  const esims = order.esims ?? [];
  return (
    <article className="flex flex-col gap-4" data-order-detail={order.code}>
      <Link to={href(`${base}/list`)} className="text-sm font-medium text-brand-700 hover:underline">
        {t("ordersUi.detail.back")}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {t("ordersUi.detail.title", { code: order.code })}
        </h1>
        <StatusBadge status={order.status} name={order.statusName} />
      </header>

      {unpaid && (
        <section className={`${cardClass} border-amber-300 bg-amber-50`}>
          <p className="text-slate-900">
            {t("ordersUi.detail.notPaid", { time: formatDateTime(order.expiresAt, locale) })}
          </p>
          <UnpaidOrderActions code={order.code} className="mt-3 flex" />
        </section>
      )}

      <section className={cardClass} aria-labelledby="order-items">
        <h2 id="order-items" className={headingClass}>
          {t("ordersUi.detail.items")}
        </h2>
        <table className="mt-2 w-full text-sm" data-order-lines>
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="py-1 font-medium">
                {t("ordersUi.field.plan")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("ordersUi.detail.unitPrice")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("ordersUi.field.quantity")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-slate-200 text-slate-900">
              <td className="py-2">
                <Link to={href(`/pdp/${order.platformProductCode}`)} className="font-medium text-brand-700">
                  {order.planTitle}
                </Link>
                {order.topUpIccid && (
                  <span className="block text-xs text-slate-700">
                    {t("ordersUi.detail.topUp", { iccid: order.topUpIccid })}
                  </span>
                )}
              </td>
              <td className="py-2 text-right">{amount(order.unitPrice)}</td>
              <td className="py-2 text-right">{order.quantity}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section className={cardClass} aria-labelledby="order-amounts">
        <h2 id="order-amounts" className={headingClass}>
          {t("ordersUi.detail.amounts")}
        </h2>
        <dl className="mt-2 flex flex-col gap-1 text-sm" data-order-amounts>
          <div className="flex justify-between">
            <dt className="text-slate-700">{t("ordersUi.detail.subtotal")}</dt>
            <dd className="text-slate-900">{amount(order.subtotal)}</dd>
          </div>
          {order.couponCode && (
            <div className="flex justify-between">
              <dt className="text-slate-700">
                {t("ordersUi.detail.couponDiscount", { code: order.couponCode })}
              </dt>
              <dd className="text-rose-800">−{amount(order.couponDiscount)}</dd>
            </div>
          )}
          {order.promoCode && (
            <div className="flex justify-between">
              <dt className="text-slate-700">
                {t("ordersUi.detail.promoDiscount", { code: order.promoCode })}
              </dt>
              <dd className="text-rose-800">−{amount(order.promoDiscount)}</dd>
            </div>
          )}
          {!order.couponCode && !order.promoCode && (
            <div className="flex justify-between">
              <dt className="text-slate-700">{t("ordersUi.detail.discount")}</dt>
              <dd className="text-slate-700">{t("ordersUi.detail.noCoupon")}</dd>
            </div>
          )}
          <div className="mt-1 flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
            <dt className="text-slate-900">{t("ordersUi.detail.total")}</dt>
            <dd className="text-slate-900">{amount(order.total)}</dd>
          </div>
        </dl>
      </section>

      <section className={cardClass} aria-labelledby="order-payment">
        <h2 id="order-payment" className={headingClass}>
          {t("ordersUi.detail.payment")}
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          {order.payment && (
            <>
              <div>
                <dt className="text-slate-700">{t("ordersUi.detail.method")}</dt>
                <dd className="text-slate-900">{has(methodKey) ? t(methodKey) : order.payment.method}</dd>
              </div>
              {order.payment.maskedPaymentId && (
                <div>
                  <dt className="text-slate-700">{t("ordersUi.detail.paymentId")}</dt>
                  <dd className="font-mono text-slate-900">{order.payment.maskedPaymentId}</dd>
                </div>
              )}
              {order.payment.paidAt && (
                <div>
                  <dt className="text-slate-700">{t("ordersUi.detail.paidAt")}</dt>
                  <dd className="text-slate-900">
                    <LocalTime iso={order.payment.paidAt} />
                  </dd>
                </div>
              )}
            </>
          )}
          <div>
            <dt className="text-slate-700">{t("ordersUi.detail.contact")}</dt>
            <dd className="break-all text-slate-900">{order.contactEmail}</dd>
          </div>
          {order.contactPhone && (
            <div>
              <dt className="text-slate-700">{t("ordersUi.detail.contactPhone")}</dt>
              <dd className="text-slate-900">{order.contactPhone}</dd>
            </div>
          )}
        </dl>
      </section>

      {(order.refunds ?? []).length > 0 && (
        <section className={cardClass} aria-labelledby="order-refunds">
          <h2 id="order-refunds" className={headingClass}>
            {t("ordersUi.detail.refunds")}
          </h2>
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {(order.refunds ?? []).map((refund) => (
              <li
                key={refund.createdAt + refund.destination}
                className="flex flex-wrap justify-between gap-2"
              >
                <span className="text-slate-900">
                  {t(
                    refund.destination === "CREDIT"
                      ? "ordersUi.detail.refundToCredit"
                      : "ordersUi.detail.refundToCard",
                    { amount: amount(refund.amount) },
                  )}
                  {refund.status === "PENDING" && ` (${t("ordersUi.detail.refundPending")})`}
                </span>
                <span className="text-slate-700">
                  <LocalTime iso={refund.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {(esims.length > 0 || ["PAID", "FULFILLING", "COMPLETED"].includes(order.status)) && (
        <section className={cardClass} aria-labelledby="order-esims">
          <h2 id="order-esims" className={headingClass}>
            {t("ordersUi.detail.esims")}
          </h2>
          {esims.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-1">
              {esims.map((esim) => {
                const stateKey = `esimUi.state.${esim.state ?? ""}`;
                return (
                  <li
                    key={esim.id}
                    className="flex flex-wrap items-center gap-2"
                    data-order-esim={esim.state}
                  >
                    <Link
                      to={href(`/ucenter/eSIM/${esim.id}`)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {t("ordersUi.detail.esimLink", { iccid: esim.iccid })}
                    </Link>
                    {esim.state && has(stateKey) && (
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                          esim.state === "CANCELLED"
                            ? "bg-rose-50 text-rose-900"
                            : "bg-slate-100 text-slate-800"
                        }`}
                      >
                        {t(stateKey)}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{t("ordersUi.detail.esimPending")}</p>
          )}
        </section>
      )}

      {refund && <RefundPanel code={order.code} options={refund} amount={amount} />}

      {order.status === "COMPLETED" && <RateOrder orderCode={order.code} />}

      <section className={cardClass} aria-labelledby="order-history">
        <h2 id="order-history" className={headingClass}>
          {t("ordersUi.detail.history")}
        </h2>
        <ol className="mt-2 flex flex-col gap-2 border-l-2 border-slate-200 pl-4" data-status-history>
          {order.statusHistory.map((entry) => {
            const reasonKey = `ordersUi.reason.${entry.reason}`;
            return (
              <li key={`${entry.toStatus}-${entry.at}`} className="text-sm">
                <span className="font-semibold text-slate-900">{t(`purchase.status.${entry.toStatus}`)}</span>
                {has(reasonKey) && <span className="text-slate-700"> · {t(reasonKey)}</span>}
                <LocalTime iso={entry.at} className="block text-slate-700" />
              </li>
            );
          })}
        </ol>
      </section>

      {!unpaid && order.status !== "CANCELLED" && (
        <a
          href={`${href("/ucenter/order/pdf-page")}?orderCode=${encodeURIComponent(order.code)}`}
          onClick={(event) => {
            // Inside the app (spec 1 bridge openPdf): its PDF viewer shows the invoice; a web view cannot.
            const bridge = getAppBridge();
            if (!bridge.available) return;
            event.preventDefault();
            const url = event.currentTarget.href;
            void openPdfInApp(bridge, url, `${t("ordersUi.detail.invoice")} ${order.code}`).then((opened) => {
              if (!opened) window.location.assign(url);
            });
          }}
          className="inline-flex min-h-11 w-fit items-center rounded-full border border-brand-700 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("ordersUi.detail.invoice")}
        </a>
      )}
    </article>
  );
}
