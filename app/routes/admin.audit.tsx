import { data, Form, useLocation } from "react-router";
import * as api from "../../server/modules/admin/console-contract.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { buttonClass, Cell, Field, Pager, PageTitle, SelectField, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.audit";

const FILTERS = ["entity", "entityId", "operatorId", "action", "page"] as const;

// The audit log (ADR 0223): every console change, newest first, by entity or operator. Read-only. The page reads
// through the audit and operator contracts (issue 33 item 1, ADR 0411).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "audit.read");
  const filters: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = consoleParam(args.request, name);
    if (value) filters[name] = value;
  }
  // The filters as the endpoint takes them; a filter it would refuse is the page's 400 too.
  const query = api.AuditQuery.safeParse(filters);
  if (!query.success) throw data({ code: "error.badRequest" }, { status: 400 });
  const [log, operators] = await Promise.all([
    readConsole(args, api.listAudit, { query: query.data }),
    operator.permissions.includes("operators.manage")
      ? readConsole(args, api.listOperators, {})
      : Promise.resolve({ operators: [] }),
  ]);
  return { log, operators: operators.operators, filters };
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span aria-hidden="true">—</span>;
  return (
    <pre className="max-w-xs overflow-x-auto whitespace-pre-wrap break-all text-xs">
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

export default function ConsoleAudit({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const location = useLocation();
  const { log, filters, operators } = loaderData;
  return (
    <>
      <title>{`${t("console.audit.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.audit.title")}</PageTitle>
      <Form method="get" className="mb-4 grid max-w-3xl grid-cols-1 gap-x-4 md:grid-cols-4">
        <Field label={t("console.audit.entity")} name="entity" defaultValue={filters.entity} />
        <Field label={t("console.audit.entityId")} name="entityId" defaultValue={filters.entityId} />
        <Field label={t("console.audit.action")} name="action" defaultValue={filters.action} />
        {operators.length > 0 ? (
          <SelectField
            label={t("console.audit.operator")}
            name="operatorId"
            defaultValue={filters.operatorId ?? ""}
            options={[
              { value: "", label: t("console.audit.anyOperator") },
              ...operators.map((o) => ({ value: o.id, label: o.email })),
            ]}
          />
        ) : null}
        <div className="md:col-span-4">
          <button type="submit" className={buttonClass}>
            {t("console.filter")}
          </button>
        </div>
      </Form>
      {log.records.length === 0 ? (
        <p>{t("console.noRecords")}</p>
      ) : (
        <Table
          caption={t("console.audit.title")}
          head={[
            t("console.audit.when"),
            t("console.audit.who"),
            t("console.audit.action"),
            t("console.audit.entity"),
            t("console.audit.before"),
            t("console.audit.after"),
          ]}
        >
          {log.records.map((record) => (
            <tr key={record.id}>
              <Cell className="whitespace-nowrap">{formatWhen(record.createdAt, t.language)}</Cell>
              <Cell>{record.operatorEmail}</Cell>
              <Cell>
                <code>{record.action}</code>
              </Cell>
              <Cell>
                {record.entity} <span className="break-all text-slate-700">{record.entityId}</span>
              </Cell>
              <Cell>
                <Json value={record.before} />
              </Cell>
              <Cell>
                <Json value={record.after} />
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={log.page} size={log.size} total={log.total} search={location.search} />
    </>
  );
}
