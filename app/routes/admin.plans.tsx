import { Link } from "react-router";
import type { z } from "zod";
import * as api from "../../server/modules/catalog/console/console-contract.ts";
import { consoleParam, readConsole, requireOperator, setFilters } from "../features/admin/console.server.ts";
import { formatMoney, useConsoleT } from "../features/admin/i18n.tsx";
import { ListPage } from "../features/admin/ListPage.tsx";
import { linkClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.plans";

type PlanRow = z.infer<typeof api.listPlans.response>["rows"][number];

const STATUS_KEYS = {
  ON_SHELF: "console.plans.ON_SHELF",
  OFF_SHELF: "console.plans.OFF_SHELF",
  DRAFT: "console.plans.DRAFT",
} as const;

// The plans (ADR 0230): search by code or destination, filter by status, open one to edit it.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  const asked = api.listPlans.query.safeParse({
    q: consoleParam(args.request, "q") || undefined,
    status: consoleParam(args.request, "status") || undefined,
    page: consoleParam(args.request, "page") || undefined,
    size: 50,
  });
  const query = asked.success ? asked.data : { page: 1, size: 50 };
  const [list, unmapped] = await Promise.all([
    readConsole(args, api.listPlans, { query }),
    // Plans on sale that the store's real supplier cannot fulfil (issue 28; ADR 0310).
    readConsole(args, api.unmapped, {}),
  ]);
  return {
    list,
    unmapped,
    page: query.page,
    filters: setFilters({ q: query.q, status: query.status }),
  };
}

export default function ConsolePlans({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { list, filters, page, unmapped } = loaderData;
  const title = (plan: PlanRow) => (t.language === "zh_CN" ? plan.title.zh_CN : plan.title.en_US);
  return (
    <ListPage
      title={t("console.plans.title")}
      actions={<UnmappedAlert unmapped={unmapped} />}
      search={{
        fields: [
          { label: t("console.plans.search"), name: "q" },
          {
            label: t("console.plans.status"),
            name: "status",
            options: [
              { value: "", label: t("console.plans.anyStatus") },
              { value: "ON_SHELF", label: t("console.plans.ON_SHELF") },
              { value: "OFF_SHELF", label: t("console.plans.OFF_SHELF") },
              { value: "DRAFT", label: t("console.plans.DRAFT") },
            ],
          },
        ],
        values: filters,
        submit: t("console.filter"),
      }}
      columns={[
        {
          header: t("console.plans.code"),
          cell: (plan: PlanRow) => (
            <Link className={linkClass} to={`/admin/catalog/plans/${plan.platformProductCode}`}>
              {plan.platformProductCode}
            </Link>
          ),
        },
        { header: t("console.plans.name"), cell: title },
        { header: t("console.plans.destination"), cell: (plan) => plan.destinationCode },
        { header: t("console.plans.status"), cell: (plan) => t(STATUS_KEYS[plan.status]) },
        {
          header: t("console.plans.priceUsd"),
          cell: (plan) => {
            const usd = plan.prices.find((p) => p.currencyCode === "USD");
            return usd ? formatMoney(usd.unitPrice, "USD", t.language) : "—";
          },
        },
        { header: t("console.plans.labels"), cell: (plan) => plan.labelCodes.join(", ") },
      ]}
      rows={list.rows}
      rowKey={(plan) => plan.platformProductCode}
      pager={{ page, size: 50, total: list.total }}
    />
  );
}

const SHOWN_UNMAPPED = 20;

/** Plans on sale with no package at the store's real supplier: every sale of one would be refunded. */
function UnmappedAlert({
  unmapped,
}: {
  unmapped: { suppliers: string[]; plans: { platformProductCode: string }[] };
}) {
  const t = useConsoleT();
  if (unmapped.plans.length === 0) return null;
  const suppliers = unmapped.suppliers.join(", ");
  const more = unmapped.plans.length - SHOWN_UNMAPPED;
  return (
    <section
      role="alert"
      aria-labelledby="unmapped-plans"
      className="mb-4 rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <h2 id="unmapped-plans" className="font-semibold">
        {t("console.plans.unmappedTitle", { count: unmapped.plans.length })}
      </h2>
      <p className="mb-1">{t("console.plans.unmappedBody", { suppliers })}</p>
      <p>
        {unmapped.plans.slice(0, SHOWN_UNMAPPED).map((plan, index) => (
          <span key={plan.platformProductCode}>
            {index > 0 && ", "}
            <Link className={linkClass} to={`/admin/catalog/plans/${plan.platformProductCode}`}>
              {plan.platformProductCode}
            </Link>
          </span>
        ))}
        {more > 0 && ` ${t("console.plans.unmappedMore", { count: more })}`}
      </p>
    </section>
  );
}
