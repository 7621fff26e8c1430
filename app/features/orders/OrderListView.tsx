import { Link } from "react-router";
import { ORDER_TABS, type OrderTab } from "../../../core/order-tabs.ts";
import type { OrderView } from "../../../server/modules/order/service.ts";
import { LocalTime } from "../../components/ui/LocalTime.tsx";
import { SwipeRow } from "../../components/ui/SwipeRow.tsx";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { useCancelOrder } from "./cancel-order.ts";
import { currencyFormat } from "./format.ts";
import { OrderSearch } from "./OrderSearch.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { UnpaidOrderActions, usePayHref } from "./UnpaidOrderActions.tsx";

export interface OrderListData {
  tab: OrderTab;
  keyword: string;
  page: number;
  size: number;
  total: number;
  orders: OrderView[];
}

/** Where the list and its detail pages live: /my/order or /ucenter/order (spec 2). */
export type OrderBase = "/my/order" | "/ucenter/order";

function listSearch(tab: OrderTab, keyword: string, page = 1) {
  const query = new URLSearchParams();
  if (tab !== "all") query.set("tab", tab);
  if (keyword) query.set("keyword", keyword);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

function OrderRow({ order, base }: { order: OrderView; base: OrderBase }) {
  const { t, href, price } = useI18n();
  const { site } = useRootData();
  const { cancel, busy } = useCancelOrder();
  const money = currencyFormat(site.supportCurrencyList, order.currencyCode, order.currencySymbol);
  const unpaid = order.status === "PENDING_PAYMENT";
  const payHref = usePayHref(order.code);
  const body = (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={href(`${base}/${order.code}`)}
          className="font-mono text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          aria-label={t("ordersUi.action.view", { code: order.code })}
        >
          {order.code}
        </Link>
        <StatusBadge status={order.status} name={order.statusName} />
      </div>
      <p className="mt-2 font-semibold text-slate-900">{order.planTitle}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-700">{t("ordersUi.field.quantity")}</dt>
          <dd className="font-medium text-slate-900">{order.quantity}</dd>
        </div>
        <div>
          <dt className="text-slate-700">{t("ordersUi.field.amount")}</dt>
          <dd className="font-medium text-slate-900">{price(order.total, true, money)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">{t("ordersUi.field.date")}</dt>
          <dd className="font-medium text-slate-900">
            <LocalTime iso={order.createdAt} />
          </dd>
        </div>
      </dl>
    </>
  );
  if (!unpaid) {
    return (
      <li className="rounded-2xl border border-slate-200 bg-white p-4" data-order={order.code}>
        {body}
      </li>
    );
  }
  // Phones swipe the row left for cancel (spec 4 swipe rows, ADR 0125) and always see "Pay now" as a button of its
  // own (issue 12, ADR 0252); wider screens show both buttons.
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-order={order.code}>
      <SwipeRow
        id={`order-${order.code}`}
        smallOnly
        contentClassName="bg-white p-4"
        toggleText={t("ordersUi.swipe.actions")}
        toggleLabel={t("ordersUi.swipe.actionsFor", { code: order.code })}
        footer={
          <Link
            to={payHref}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-600"
          >
            {t("ordersUi.action.pay")}
          </Link>
        }
        right={[
          {
            key: "cancel",
            label: t("ordersUi.action.cancel"),
            confirmLabel: t("ordersUi.swipe.confirmCancel"),
            tone: "danger",
            disabled: busy === order.code,
            // The second press is the confirmation: no dialog on top of it.
            onAction: () => void cancel(order.code, { confirmed: true }),
          },
        ]}
      >
        {body}
        <UnpaidOrderActions code={order.code} className="mt-3 hidden md:flex" />
      </SwipeRow>
    </li>
  );
}

/** spec 2 /my/order/list and /ucenter/order/list: status tabs, search with history, pages (spec 3). */
export function OrderListView({ data, base }: { data: OrderListData; base: OrderBase }) {
  const { t, href } = useI18n();
  const pages = Math.max(1, Math.ceil(data.total / data.size));
  const listPath = href(`${base}/list`);
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{t("ordersUi.list.title")}</h1>
      <OrderSearch keyword={data.keyword} tab={data.tab} />
      <nav aria-label={t("ordersUi.tabs.label")} className="mt-4 overflow-x-auto">
        <ul className="flex gap-1 border-b border-slate-200">
          {ORDER_TABS.map((tab) => {
            const current = tab === data.tab;
            return (
              <li key={tab}>
                <Link
                  to={`${listPath}${listSearch(tab, data.keyword)}`}
                  aria-current={current ? "page" : undefined}
                  className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                    current
                      ? "border-brand-700 text-brand-900"
                      : "border-transparent text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {t(`ordersUi.tab.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {t("ordersUi.list.count", { count: data.total })}
      </p>
      {data.orders.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-800">
            {data.keyword ? t("ordersUi.list.noMatch", { keyword: data.keyword }) : t("ordersUi.list.empty")}
          </p>
          {data.keyword ? (
            <Link to={`${listPath}${listSearch(data.tab, "")}`} className="mt-3 inline-block text-brand-700">
              {t("ordersUi.search.reset")}
            </Link>
          ) : (
            <Link to={href("/plp")} className="mt-3 inline-block text-brand-700">
              {t("ordersUi.list.browse")}
            </Link>
          )}
        </div>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" data-order-list>
          {data.orders.map((order) => (
            <OrderRow key={order.code} order={order} base={base} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t("ordersUi.pager.label")} className="mt-6 flex items-center justify-between gap-2">
          {data.page > 1 ? (
            <Link
              to={`${listPath}${listSearch(data.tab, data.keyword, data.page - 1)}`}
              className="min-h-11 rounded-full border border-slate-400 px-4 py-2.5 text-sm font-semibold text-slate-800"
            >
              {t("ordersUi.pager.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">
            {t("ordersUi.pager.position", { page: data.page, pages })}
          </span>
          {data.page < pages ? (
            <Link
              to={`${listPath}${listSearch(data.tab, data.keyword, data.page + 1)}`}
              className="min-h-11 rounded-full border border-slate-400 px-4 py-2.5 text-sm font-semibold text-slate-800"
            >
              {t("ordersUi.pager.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
