import type { DashboardPeriod } from "../../server/modules/admin/support-contract.ts";
import * as api from "../../server/modules/admin/support-contract.ts";
import { readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { TrendChart } from "../features/admin/TrendChart.tsx";
import { Cell, linkClass, PageTitle, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.dashboard";

// The dashboard (issue 16): today and the last 7 days, revenue by currency, checkout-to-paid conversion, stuck
// orders, supplier balances and alerts, and the daily trend as a chart.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "dashboard.read");
  const dashboard = await readConsole(args, api.dashboard, {});
  return {
    dashboard,
    canOpenOrders: operator.permissions.includes("orders.read"),
    canReconcile: operator.permissions.includes("reconciliation.read"),
  };
}

function conversion(period: DashboardPeriod): string {
  return period.placed === 0 ? "—" : `${Math.round((period.paid / period.placed) * 100)}%`;
}

function PeriodCard({ title, period }: { title: string; period: DashboardPeriod }) {
  const t = useConsoleT();
  return (
    <section aria-label={title} className="rounded border border-slate-300 bg-white p-4">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-2 gap-y-1 text-sm">
        <dt>{t("console.dashboard.placed")}</dt>
        <dd className="font-semibold">{period.placed}</dd>
        <dt>{t("console.dashboard.paidOrders")}</dt>
        <dd className="font-semibold">{period.paid}</dd>
        <dt>{t("console.dashboard.conversion")}</dt>
        <dd className="font-semibold">{conversion(period)}</dd>
      </dl>
      <h3 className="mb-1 mt-3 text-sm font-semibold">{t("console.dashboard.revenue")}</h3>
      {period.revenue.length === 0 ? (
        <p className="text-sm">{t("console.dashboard.noRevenue")}</p>
      ) : (
        <ul className="text-sm">
          {period.revenue.map((r) => (
            <li key={r.currency}>{`${formatMoney(r.amount, r.currency, t.language)} (${r.orders})`}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ConsoleDashboard({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { dashboard, canOpenOrders, canReconcile } = loaderData;
  const days = dashboard.trend.map((d) => d.day);
  return (
    <>
      <title>{`${t("console.dashboard.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.dashboard.title")}</PageTitle>
      <div className="mb-6 grid grid-cols-1 gap-4 md:grid-cols-2">
        <PeriodCard title={t("console.dashboard.today")} period={dashboard.today} />
        <PeriodCard title={t("console.dashboard.week")} period={dashboard.week} />
      </div>

      <section aria-labelledby="trend" className="mb-6 rounded border border-slate-300 bg-white p-4">
        <h2 id="trend" className="mb-2 text-lg font-semibold">
          {t("console.dashboard.trend")}
        </h2>
        <TrendChart
          label={t("console.dashboard.trend")}
          days={days}
          series={[
            {
              label: t("console.dashboard.trendPlaced"),
              values: dashboard.trend.map((d) => d.placed),
              colour: "#1d4ed8",
            },
            {
              label: t("console.dashboard.trendPaid"),
              values: dashboard.trend.map((d) => d.paid),
              colour: "#15803d",
            },
          ]}
        />
        <table className="sr-only">
          <caption>{t("console.dashboard.trend")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("console.dashboard.day")}</th>
              <th scope="col">{t("console.dashboard.trendPlaced")}</th>
              <th scope="col">{t("console.dashboard.trendPaid")}</th>
            </tr>
          </thead>
          <tbody>
            {dashboard.trend.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.placed}</td>
                <td>{d.paid}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="stuck">
          <h2 id="stuck" className="mb-2 text-lg font-semibold">
            {t("console.dashboard.stuck")}
          </h2>
          {dashboard.pendingRefunds > 0 && (
            <p className="mb-2 text-sm">
              {t("console.dashboard.pendingRefunds", { count: dashboard.pendingRefunds })}
            </p>
          )}
          {dashboard.stuck.length === 0 ? (
            <p className="text-sm">{t("console.dashboard.noStuck")}</p>
          ) : (
            <Table
              caption={t("console.dashboard.stuck")}
              head={[t("console.orders.code"), t("console.orders.status"), t("console.dashboard.since")]}
            >
              {dashboard.stuck.map((order) => (
                <tr key={order.code}>
                  <Cell>
                    {canOpenOrders ? (
                      <a className={linkClass} href={`/admin/orders/${encodeURIComponent(order.code)}`}>
                        {order.code}
                      </a>
                    ) : (
                      order.code
                    )}
                  </Cell>
                  <Cell>{order.status}</Cell>
                  <Cell>{formatWhen(order.since, t.language)}</Cell>
                </tr>
              ))}
            </Table>
          )}
        </section>
        <section aria-labelledby="balances">
          <h2 id="balances" className="mb-2 text-lg font-semibold">
            {t("console.dashboard.balances")}
          </h2>
          {dashboard.balances.length === 0 ? (
            <p className="text-sm">{t("console.dashboard.noBalances")}</p>
          ) : (
            <ul className="mb-4 text-sm">
              {dashboard.balances.map((b) => (
                <li key={b.supplier}>
                  {`${b.supplier}: ${formatMoney(b.amountMinor, b.currency, t.language)} · ${
                    b.low ? t("console.dashboard.low") : t("console.dashboard.ok")
                  } · ${formatWhen(b.checkedAt, t.language)}`}
                </li>
              ))}
            </ul>
          )}
          <h2 className="mb-2 text-lg font-semibold">{t("console.dashboard.alerts")}</h2>
          <p className="mb-2 text-sm" data-testid="reconcile-open">
            {`${t("console.dashboard.reconcile")}: `}
            {canReconcile ? (
              <a className={linkClass} href="/admin/reconciliation">
                {dashboard.reconcileOpen}
              </a>
            ) : (
              dashboard.reconcileOpen
            )}
          </p>
          {dashboard.alerts.length === 0 ? (
            <p className="text-sm">{t("console.dashboard.noAlerts")}</p>
          ) : (
            <ul className="text-sm">
              {dashboard.alerts.map((a) =>
                a.kind === "refund.failed" ? (
                  <li key={a.refundId} role="alert" data-alert="refund.failed">
                    {t("console.dashboard.alertRefundFailed", { order: a.orderCode ?? "" })}{" "}
                    {canOpenOrders && a.orderCode && (
                      <a className={linkClass} href={`/admin/orders/${encodeURIComponent(a.orderCode)}`}>
                        {a.orderCode}
                      </a>
                    )}
                  </li>
                ) : (
                  <li key={a.supplier} role="alert">
                    {t("console.dashboard.alertLow", { supplier: a.supplier ?? "" })}
                  </li>
                ),
              )}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
