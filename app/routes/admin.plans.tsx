import { Form, Link, useLocation } from "react-router";
import { readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatMoney, useConsoleT } from "../features/admin/i18n.tsx";
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
import type { Route } from "./+types/admin.plans";

interface PlanRow {
  platformProductCode: string;
  destinationCode: string;
  title: { en_US: string; zh_CN: string; zh_HK: string };
  status: "ON_SHELF" | "OFF_SHELF" | "DRAFT";
  labelCodes: string[];
  prices: { currencyCode: string; unitPrice: number }[];
}

const STATUS_KEYS = {
  ON_SHELF: "console.plans.ON_SHELF",
  OFF_SHELF: "console.plans.OFF_SHELF",
  DRAFT: "console.plans.DRAFT",
} as const;

// The plans (ADR 0230): search by code or destination, filter by status, open one to edit it.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const name of ["q", "status", "page"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  query.set("size", "50");
  const list = await readConsole<{ total: number; rows: PlanRow[] }>(
    args,
    `/o2adm/v1/catalog/plans?${query}`,
  );
  return {
    list,
    page: Number(query.get("page") ?? 1),
    filters: Object.fromEntries(query) as Record<string, string>,
  };
}

export default function ConsolePlans({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const location = useLocation();
  const { list, filters, page } = loaderData;
  const title = (plan: PlanRow) => (t.language === "zh_CN" ? plan.title.zh_CN : plan.title.en_US);
  return (
    <>
      <title>{`${t("console.plans.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.plans.title")}</PageTitle>
      <Form method="get" className="mb-4 grid max-w-2xl grid-cols-1 gap-x-4 md:grid-cols-3">
        <Field label={t("console.plans.search")} name="q" defaultValue={filters.q} />
        <SelectField
          label={t("console.plans.status")}
          name="status"
          defaultValue={filters.status ?? ""}
          options={[
            { value: "", label: t("console.plans.anyStatus") },
            { value: "ON_SHELF", label: t("console.plans.ON_SHELF") },
            { value: "OFF_SHELF", label: t("console.plans.OFF_SHELF") },
            { value: "DRAFT", label: t("console.plans.DRAFT") },
          ]}
        />
        <div className="flex items-end pb-3">
          <button type="submit" className={buttonClass}>
            {t("console.filter")}
          </button>
        </div>
      </Form>
      {list.rows.length === 0 ? (
        <p>{t("console.noRecords")}</p>
      ) : (
        <Table
          caption={t("console.plans.title")}
          head={[
            t("console.plans.code"),
            t("console.plans.name"),
            t("console.plans.destination"),
            t("console.plans.status"),
            t("console.plans.priceUsd"),
            t("console.plans.labels"),
          ]}
        >
          {list.rows.map((plan) => {
            const usd = plan.prices.find((p) => p.currencyCode === "USD");
            return (
              <tr key={plan.platformProductCode}>
                <Cell>
                  <Link className={linkClass} to={`/admin/catalog/plans/${plan.platformProductCode}`}>
                    {plan.platformProductCode}
                  </Link>
                </Cell>
                <Cell>{title(plan)}</Cell>
                <Cell>{plan.destinationCode}</Cell>
                <Cell>{t(STATUS_KEYS[plan.status])}</Cell>
                <Cell>{usd ? formatMoney(usd.unitPrice, "USD", t.language) : "—"}</Cell>
                <Cell>{plan.labelCodes.join(", ")}</Cell>
              </tr>
            );
          })}
        </Table>
      )}
      <Pager page={page} size={50} total={list.total} search={location.search} />
    </>
  );
}
