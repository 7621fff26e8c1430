import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { useConsoleT } from "./i18n.tsx";
import { buttonClass, Cell, Field, Pager, PageTitle, SelectField, Table } from "./ui.tsx";

/** One search field of a list page: a text input, or a select when it has options. */
export interface SearchField {
  label: string;
  name: string;
  type?: string;
  inputMode?: "numeric" | "decimal" | "text" | "email";
  options?: { value: string; label: string }[];
}

/** One column: its header (also the table's accessible column name) and what a row shows in it. */
export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  className?: string;
}

/**
 * A console list page (ADR 0284): the heading, a search form sent as the page's query, the rows as a table
 * captioned with the title (or "no records"), and the pager that keeps the query. Coupons, plans, orders and
 * reviews.
 */
export function ListPage<R>({
  title,
  actions,
  search,
  note,
  columns,
  rows,
  rowKey,
  rowTestId,
  pager,
}: {
  /** The heading, the document title and the table's caption. */
  title: string;
  /** Between the heading and the search form (a "new" link). */
  actions?: ReactNode;
  search: {
    fields: SearchField[];
    /** The query's values, shown in the fields. */
    values: Record<string, string | undefined>;
    /** The submit button's label. */
    submit: string;
    /** Many fields: a wider form (a search landmark), the button on a line of its own. */
    wide?: boolean;
  };
  /** Under the form: an action's outcome. */
  note?: ReactNode;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  rowTestId?: (row: R) => string;
  pager: { page: number; size: number; total: number };
}) {
  const t = useConsoleT();
  const location = useLocation();
  return (
    <>
      <title>{`${title} · ${t("console.title")}`}</title>
      <PageTitle>{title}</PageTitle>
      {actions}
      {/* Keyed by the query: the fields keep no state of their own, so a navigation to other filters (a saved
          view, a pager link, back) shows that URL's values instead of what React kept from the last render. */}
      <Form
        key={location.search}
        method="get"
        role={search.wide ? "search" : undefined}
        className={`mb-4 grid ${search.wide ? "max-w-4xl" : "max-w-2xl"} grid-cols-1 gap-x-4 md:grid-cols-3`}
      >
        {search.fields.map((f) =>
          f.options ? (
            <SelectField
              key={f.name}
              label={f.label}
              name={f.name}
              defaultValue={search.values[f.name] ?? ""}
              options={f.options}
            />
          ) : (
            <Field
              key={f.name}
              label={f.label}
              name={f.name}
              type={f.type}
              inputMode={f.inputMode}
              defaultValue={search.values[f.name]}
            />
          ),
        )}
        <div className={search.wide ? "md:col-span-3" : "flex items-end pb-3"}>
          <button type="submit" className={buttonClass}>
            {search.submit}
          </button>
        </div>
      </Form>
      {note}
      {rows.length === 0 ? (
        <p>{t("console.noRecords")}</p>
      ) : (
        <Table caption={title} head={columns.map((column) => column.header)}>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column) => (
                <Cell key={column.header} className={column.className}>
                  {column.cell(row)}
                </Cell>
              ))}
            </tr>
          ))}
        </Table>
      )}
      <Pager page={pager.page} size={pager.size} total={pager.total} search={location.search} />
    </>
  );
}
