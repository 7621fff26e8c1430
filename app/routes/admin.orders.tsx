import { Form, Link, useActionData } from "react-router";
import { CONSOLE_ORDER_FILTERS, ConsoleOrderPage, PAYMENT_METHODS } from "../../core/console-orders.ts";
import { SUPPLIER_NAMES } from "../../core/esim-supplier.ts";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import { appContext } from "../context.ts";
import {
  actionResult,
  callConsole,
  consoleParam,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ListPage } from "../features/admin/ListPage.tsx";
import { ActionNote, Field, linkClass, secondaryButtonClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.orders";

type OrderRecord = ConsoleOrderPage["records"][number];

// Orders (issues 16 and 29): one search box (name, e-mail, phone, code, ICCID, plan or destination name) and
// filters by code, e-mail, ICCID, placing date, status, payment method, supplier and currency.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "orders.read");
  const query = new URLSearchParams();
  for (const name of [...CONSOLE_ORDER_FILTERS, "page"]) {
    const value = consoleParam(args.request, name);
    if (value) query.set(name, value);
  }
  const [result, currencies, saved] = await Promise.all([
    readConsole<unknown>(args, `/o2adm/v1/orders?${query.toString()}`).then((body) =>
      ConsoleOrderPage.parse(body),
    ),
    args.context.get(appContext).services.site.currencies(),
    readConsole<{ views: SavedView[] }>(args, "/o2adm/v1/orders/views"),
  ]);
  return {
    canExport: operator.permissions.includes("reports.read"),
    result,
    currencies: [...currencies.keys()].sort(),
    filters: Object.fromEntries(query) as Record<string, string>,
    views: saved.views,
  };
}

interface SavedView {
  id: string;
  name: string;
  filters: Record<string, string>;
}

/** Saved views (issue 29, ADR 0362): save the current filters under a name, or delete one of the operator's own. */
export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "orders.read");
  const form = await args.request.formData();
  const intent = field(form, "intent");
  if (intent === "saveView") {
    const filters: Record<string, string> = {};
    for (const name of CONSOLE_ORDER_FILTERS) {
      const value = field(form, name);
      if (value) filters[name] = value;
    }
    return actionResult(
      intent,
      await callConsole(args, {
        method: "PUT",
        path: "/o2adm/v1/orders/views",
        body: { name: field(form, "viewName"), filters },
      }),
    );
  }
  if (intent === "deleteView")
    return actionResult(
      intent,
      await callConsole(args, {
        method: "DELETE",
        path: `/o2adm/v1/orders/views/${encodeURIComponent(field(form, "viewId"))}`,
      }),
    );
  return null;
}

export default function ConsoleOrders({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { result, filters, currencies, canExport, views } = loaderData;
  const done = useActionData<typeof action>();
  const filterInputs = Object.entries(filters)
    .filter(([name]) => name !== "page")
    .map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <ListPage
      title={t("console.orders.title")}
      actions={
        <>
          {canExport ? (
            <Form method="post" action="/admin/orders/export" reloadDocument className="mb-4">
              {filterInputs}
              <button type="submit" className={secondaryButtonClass}>
                {t("console.orders.export")}
              </button>
            </Form>
          ) : null}
          <section aria-labelledby="saved-views" className="mb-4 max-w-3xl">
            <h2 id="saved-views" className="mb-1 text-base font-semibold">
              {t("console.orders.views")}
            </h2>
            <ActionNote
              result={done ?? undefined}
              success={
                done?.intent === "saveView" ? t("console.orders.viewSaved") : t("console.orders.viewDeleted")
              }
            />
            {views.length === 0 ? <p className="mb-2 text-sm">{t("console.orders.noViews")}</p> : null}
            <ul className="mb-2 flex flex-wrap gap-3 text-sm">
              {views.map((view) => (
                <li key={view.id} className="flex items-center gap-2">
                  <Link
                    className={linkClass}
                    to={`/admin/orders?${new URLSearchParams(view.filters).toString()}`}
                  >
                    {view.name}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="deleteView" />
                    <input type="hidden" name="viewId" value={view.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      {t("console.orders.deleteView", { name: view.name })}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="saveView" />
              {filterInputs}
              <Field label={t("console.orders.viewName")} name="viewName" required maxLength={60} />
              <div className="mb-3">
                <button type="submit" className={secondaryButtonClass}>
                  {t("console.orders.saveView")}
                </button>
              </div>
            </Form>
          </section>
        </>
      }
      search={{
        fields: [
          { label: t("console.orders.q"), name: "q", type: "search" },
          { label: t("console.orders.code"), name: "code" },
          { label: t("console.orders.email"), name: "email", type: "email" },
          { label: t("console.orders.iccid"), name: "iccid", inputMode: "numeric" },
          { label: t("console.orders.from"), name: "from", type: "date" },
          { label: t("console.orders.to"), name: "to", type: "date" },
          {
            label: t("console.orders.status"),
            name: "status",
            options: [
              { value: "", label: t("console.orders.anyStatus") },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
            ],
          },
          {
            label: t("console.orders.payment"),
            name: "payment",
            options: [
              { value: "", label: t("console.orders.anyPayment") },
              ...PAYMENT_METHODS.map((m) => ({ value: m, label: m })),
            ],
          },
          {
            label: t("console.orders.supplier"),
            name: "supplier",
            options: [
              { value: "", label: t("console.orders.anySupplier") },
              ...SUPPLIER_NAMES.map((m) => ({ value: m, label: m })),
            ],
          },
          {
            label: t("console.orders.currency"),
            name: "currency",
            options: [
              { value: "", label: t("console.orders.anyCurrency") },
              ...currencies.map((c) => ({ value: c, label: c })),
            ],
          },
        ],
        values: filters,
        submit: t("console.search"),
        wide: true,
      }}
      columns={[
        {
          header: t("console.orders.code"),
          cell: (order: OrderRecord) => (
            <Link className={linkClass} to={`/admin/orders/${encodeURIComponent(order.code)}`}>
              {order.code}
            </Link>
          ),
        },
        { header: t("console.orders.status"), cell: (order) => order.status },
        { header: t("console.orders.email"), cell: (order) => order.contactEmail, className: "break-all" },
        { header: t("console.orders.plan"), cell: (order) => order.planTitle },
        {
          header: t("console.orders.total"),
          cell: (order) => formatMoney(order.total, order.currencyCode, t.language),
          className: "whitespace-nowrap",
        },
        {
          header: t("console.orders.placed"),
          cell: (order) => formatWhen(order.createdAt, t.language),
          className: "whitespace-nowrap",
        },
      ]}
      rows={result.records}
      rowKey={(order) => order.code}
      pager={{ page: result.page, size: result.size, total: result.total }}
    />
  );
}
