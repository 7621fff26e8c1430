import { Form, Link } from "react-router";
import * as api from "../../server/modules/admin/support-contract.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { buttonClass, Cell, Field, linkClass, PageTitle, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.customers";

// Customers (issue 16): search by e-mail, phone or name.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "customers.read");
  const q = consoleParam(args.request, "q");
  const result = q ? await readConsole(args, api.searchCustomers, { query: { q } }) : { records: [] };
  return { q, records: result.records };
}

export default function ConsoleCustomers({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { q, records } = loaderData;
  return (
    <>
      <title>{`${t("console.customers.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.customers.title")}</PageTitle>
      <Form method="get" role="search" className="mb-4 flex max-w-xl items-end gap-3">
        <div className="flex-1">
          <Field label={t("console.customers.search")} name="q" defaultValue={q} required />
        </div>
        <button type="submit" className={`${buttonClass} mb-3`}>
          {t("console.search")}
        </button>
      </Form>
      {q && records.length === 0 && <p>{t("console.noRecords")}</p>}
      {records.length > 0 && (
        <Table
          caption={t("console.customers.title")}
          head={[
            t("console.customers.email"),
            t("console.customers.phone"),
            t("console.customers.name"),
            t("console.customers.status"),
            t("console.customers.since"),
          ]}
        >
          {records.map((customer) => (
            <tr key={customer.id}>
              <Cell className="break-all">
                <Link className={linkClass} to={`/admin/customers/${customer.id}`}>
                  {customer.email ?? customer.id}
                </Link>
              </Cell>
              <Cell>{customer.phone ?? "—"}</Cell>
              <Cell>
                <bdi>{customer.nickName ?? "—"}</bdi>
              </Cell>
              <Cell>{customer.status}</Cell>
              <Cell className="whitespace-nowrap">{formatWhen(customer.createdAt, t.language)}</Cell>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
