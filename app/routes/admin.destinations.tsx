import { Form, Link, useLocation } from "react-router";
import * as api from "../../server/modules/catalog/console/console-contract.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { flagOf } from "../features/admin/merch.ts";
import { buttonClass, Cell, Field, linkClass, Pager, PageTitle, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.destinations";

// Destinations (ADR 0230): names per language, continent, flag, the aliases search finds them by.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  const asked = api.listDestinations.query.safeParse({
    q: consoleParam(args.request, "q") || undefined,
    page: consoleParam(args.request, "page") || undefined,
    size: 50,
  });
  const query = asked.success ? asked.data : { page: 1, size: 50 };
  const list = await readConsole(args, api.listDestinations, { query });
  return { list, page: query.page, q: query.q ?? "" };
}

export default function ConsoleDestinations({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const location = useLocation();
  const { list, page, q } = loaderData;
  return (
    <>
      <title>{`${t("console.destinations.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.destinations.title")}</PageTitle>
      <Form method="get" className="mb-4 flex max-w-md items-end gap-3">
        <Field label={t("console.destinations.search")} name="q" defaultValue={q} />
        <button type="submit" className={`${buttonClass} mb-3`}>
          {t("console.search")}
        </button>
      </Form>
      <Table
        caption={t("console.destinations.title")}
        head={[
          t("console.destinations.code"),
          t("console.destinations.name"),
          t("console.destinations.continent"),
          t("console.destinations.aliases"),
          t("console.destinations.onSale"),
        ]}
      >
        {list.rows.map((d) => (
          <tr key={d.code}>
            <Cell>
              <span aria-hidden="true">{flagOf(d.iso2)} </span>
              <Link className={linkClass} to={`/admin/catalog/destinations/${d.code}`}>
                {d.code}
              </Link>
            </Cell>
            <Cell>{t.language === "zh_CN" ? d.nameZhCn : d.nameEn}</Cell>
            <Cell>{d.continentCode ?? "—"}</Cell>
            <Cell>{d.aliases.join(", ")}</Cell>
            <Cell>{d.enabled ? t("console.yes") : t("console.no")}</Cell>
          </tr>
        ))}
      </Table>
      <Pager page={page} size={50} total={list.total} search={location.search} />
    </>
  );
}
