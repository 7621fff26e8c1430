import { Form, Link, useLocation } from "react-router";
import { readConsole, requireOperator } from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { flagOf } from "../features/admin/merch.ts";
import { buttonClass, Cell, Field, linkClass, Pager, PageTitle, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.destinations";

interface Destination {
  code: string;
  type: string;
  iso2: string | null;
  nameEn: string;
  nameZhCn: string;
  continentCode: string | null;
  aliases: string[];
  enabled: boolean;
}

// Destinations (ADR 0230): names per language, continent, flag, the aliases search finds them by.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const name of ["q", "page"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  query.set("size", "50");
  const list = await readConsole<{ total: number; rows: Destination[] }>(
    args,
    `/o2adm/v1/catalog/destinations?${query}`,
  );
  return { list, page: Number(query.get("page") ?? 1), q: query.get("q") ?? "" };
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
