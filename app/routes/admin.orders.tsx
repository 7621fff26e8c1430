import { Form, Link, useLocation } from "react-router";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  buttonClass,
  Cell,
  Field,
  linkClass,
  Pager,
  PageTitle,
  SelectField,
  Table,
} from "../features/admin/ui.tsx";
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
  const location = useLocation();
  const { result, filters } = loaderData;
  return (
    <>
      <title>{`${t("console.orders.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.orders.title")}</PageTitle>
      <Form method="get" role="search" className="mb-4 grid max-w-4xl grid-cols-1 gap-x-4 md:grid-cols-3">
        <Field label={t("console.orders.code")} name="code" defaultValue={filters.code} />
        <Field label={t("console.orders.email")} name="email" type="email" defaultValue={filters.email} />
        <Field
          label={t("console.orders.iccid")}
          name="iccid"
          inputMode="numeric"
          defaultValue={filters.iccid}
        />
        <Field label={t("console.orders.from")} name="from" type="date" defaultValue={filters.from} />
        <Field label={t("console.orders.to")} name="to" type="date" defaultValue={filters.to} />
        <SelectField
          label={t("console.orders.status")}
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: t("console.orders.anyStatus") },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: s })),
          ]}
        />
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass}>
            {t("console.search")}
          </button>
        </div>
      </Form>
      {result.records.length === 0 ? (
        <p>{t("console.noRecords")}</p>
      ) : (
        <Table
          caption={t("console.orders.title")}
          head={[
            t("console.orders.code"),
            t("console.orders.status"),
            t("console.orders.email"),
            t("console.orders.plan"),
            t("console.orders.total"),
            t("console.orders.placed"),
          ]}
        >
          {result.records.map((order) => (
            <tr key={order.code}>
              <Cell>
                <Link className={linkClass} to={`/admin/orders/${encodeURIComponent(order.code)}`}>
                  {order.code}
                </Link>
              </Cell>
              <Cell>{order.status}</Cell>
              <Cell className="break-all">{order.contactEmail}</Cell>
              <Cell>{order.planTitle}</Cell>
              <Cell className="whitespace-nowrap">
                {formatMoney(order.total, order.currencyCode, t.language)}
              </Cell>
              <Cell className="whitespace-nowrap">{formatWhen(order.createdAt, t.language)}</Cell>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={result.page} size={result.size} total={result.total} search={location.search} />
    </>
  );
}
