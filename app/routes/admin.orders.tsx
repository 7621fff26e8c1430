import { Link } from "react-router";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ListPage } from "../features/admin/ListPage.tsx";
import { linkClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.orders";

interface OrderRecord {
  code: string;
  status: string;
  contactEmail: string;
  planTitle: string;
  total: number;
  currencyCode: string;
  createdAt: string;
}

const FILTERS = ["code", "email", "iccid", "from", "to", "status", "page"] as const;

// Orders (issue 16): search by code, e-mail, ICCID and placing date.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "orders.read");
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = consoleParam(args.request, name);
    if (value) query.set(name, value);
  }
  const result = await readConsole<{ total: number; page: number; size: number; records: OrderRecord[] }>(
    args,
    `/o2adm/v1/orders?${query.toString()}`,
  );
  return { result, filters: Object.fromEntries(query) as Record<string, string> };
}

export default function ConsoleOrders({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { result, filters } = loaderData;
  return (
    <ListPage
      title={t("console.orders.title")}
      search={{
        fields: [
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
