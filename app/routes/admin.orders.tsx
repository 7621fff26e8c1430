import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { BULK_MAX_ORDERS, BulkActionResult } from "../../core/console-bulk.ts";
import { CONSOLE_ORDER_FILTERS, type ConsoleOrderPage, PAYMENT_METHODS } from "../../core/console-orders.ts";
import { SUPPLIER_NAMES } from "../../core/esim-supplier.ts";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import { ORDER_STATUSES } from "../../db/schema/orders.ts";
import * as api from "../../server/modules/admin/support-contract.ts";
import { appContext } from "../context.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  formProblem,
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
  const filters: Record<string, string> = {};
  for (const name of [...CONSOLE_ORDER_FILTERS, "page"]) {
    const value = consoleParam(args.request, name);
    if (value) filters[name] = value;
  }
  // The link's filters, checked as the API checks them: one it does not take is a bad request, as it was.
  const search = api.searchOrders.query.safeParse(filters);
  if (!search.success) throw data({ code: "error.badRequest" }, { status: 400 });
  const [result, currencies, saved] = await Promise.all([
    readConsole(args, api.searchOrders, { query: search.data }),
    args.context.get(appContext).services.site.currencies(),
    readConsole(args, api.listOrderViews, {}),
  ]);
  return {
    canExport: operator.permissions.includes("reports.read"),
    canBulk: operator.permissions.includes("orders.write"),
    // One key per rendering of the list: a double submit sends the same key, so it does nothing again (ADR 0383).
    batchKey: crypto.randomUUID(),
    result,
    currencies: [...currencies.keys()].sort(),
    filters,
    views: saved.views,
  };
}

const Intent = z.object({ intent: z.enum(["saveView", "deleteView", "bulk"]) });
/**
 * The bulk form: its buttons are named `bulkAction` (a field named "action" would stand for the form's own action
 * in the browser), the rest is the endpoint's body schema.
 */
const BulkForm = api.bulkOrders.body
  .omit({ action: true })
  .extend({ bulkAction: api.bulkOrders.body.shape.action })
  .transform(({ bulkAction, ...rest }) => ({ ...rest, action: bulkAction }));

/**
 * Saved views (issue 29, ADR 0362): save the current filters under a name, or delete one of the operator's own;
 * and the bulk actions on the chosen rows (ADR 0383). Each form parses with its endpoint's own schema.
 */
export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "orders.read");
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  if (intent === "saveView") {
    const submission = parseWithZod(form, { schema: api.saveOrderView.body });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.saveOrderView, { body: submission.value }));
  }
  if (intent === "bulk") {
    const submission = parseWithZod(form, { schema: BulkForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.bulkOrders, { body: submission.value }));
  }
  const submission = parseWithZod(form, { schema: api.deleteOrderView.params });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(intent, await callConsole(args, api.deleteOrderView, { params: submission.value }));
}

export default function ConsoleOrders({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { result, filters, currencies, canExport, canBulk, batchKey, views } = loaderData;
  const done = useActionData<typeof action>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageCodes = result.records.map((order) => order.code);
  const allSelected = pageCodes.length > 0 && pageCodes.every((code) => selected.has(code));
  // A new page of rows (another search or page) starts with nothing chosen.
  const pageKey = pageCodes.join(",");
  useEffect(() => {
    if (pageKey !== undefined) setSelected(new Set());
  }, [pageKey]);
  const toggle = (code: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  // The API's answer, checked with the schema it was built from rather than cast.
  const bulkDone: BulkOutcome | undefined =
    done?.intent !== "bulk"
      ? undefined
      : done.ok
        ? { ...done, value: BulkActionResult.parse(done.value) }
        : done;
  const submitting = useNavigation().formData?.get("intent") === "bulk";
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
              {Object.entries(filters)
                .filter(([name]) => name !== "page")
                .map(([name, value]) => (
                  <input key={name} type="hidden" name={`filters.${name}`} value={value} />
                ))}
              <Field label={t("console.orders.viewName")} name="name" required maxLength={60} />
              <div className="mb-3">
                <button type="submit" className={secondaryButtonClass}>
                  {t("console.orders.saveView")}
                </button>
              </div>
            </Form>
          </section>
        </>
      }
      note={
        canBulk && result.records.length > 0 ? (
          <BulkActions
            formId="bulk-actions"
            batchKey={batchKey}
            selected={selected.size}
            allSelected={allSelected}
            busy={submitting}
            onSelectAll={(on) => setSelected(on ? new Set(pageCodes) : new Set())}
            outcome={bulkDone}
          />
        ) : null
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
        ...(canBulk
          ? [
              {
                header: t("console.bulk.select"),
                cell: (order: OrderRecord) => (
                  <input
                    type="checkbox"
                    form="bulk-actions"
                    name="codes"
                    value={order.code}
                    checked={selected.has(order.code)}
                    onChange={(event) => toggle(order.code, event.currentTarget.checked)}
                    aria-label={t("console.bulk.selectOrder", { code: order.code })}
                    className="h-5 w-5"
                  />
                ),
              },
            ]
          : []),
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

type BulkOutcome =
  | { ok: true; intent: string; value: BulkActionResult }
  | { ok: false; intent: string; message: string; fields?: Record<string, string> };

/**
 * The orders list's bulk actions (issue 29 item 3, ADR 0383): the form the rows' checkboxes belong to, "select all
 * on this page", the two actions, and what the last submit did (done, skipped with why, failed) per order.
 */
function BulkActions({
  formId,
  batchKey,
  selected,
  allSelected,
  busy,
  onSelectAll,
  outcome,
}: {
  formId: string;
  batchKey: string;
  selected: number;
  allSelected: boolean;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  outcome: BulkOutcome | undefined;
}) {
  const t = useConsoleT();
  const value = outcome?.ok ? outcome.value : undefined;
  const listed = value?.orders.filter((order) => order.outcome !== "done") ?? [];
  return (
    <section aria-labelledby="bulk-heading" className="mb-4 max-w-4xl">
      <h2 id="bulk-heading" className="mb-1 text-base font-semibold">
        {t("console.bulk.heading")}
      </h2>
      {outcome && !outcome.ok ? <ActionNote result={outcome} /> : null}
      {value ? (
        <div
          role="status"
          className="mb-3 rounded border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          <p>
            {t("console.bulk.summary", { done: value.done, skipped: value.skipped, failed: value.failed })}
          </p>
          {listed.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {listed.map((order) => (
                <li key={order.code}>
                  {order.code}: {t(`console.bulk.outcome.${order.outcome}` as ConsoleMessageKey)}
                  {order.reason ? ` (${t(`console.bulk.reason.${order.reason}` as ConsoleMessageKey)})` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Form method="post" id={formId} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="batchKey" value={batchKey} />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(event) => onSelectAll(event.currentTarget.checked)}
            className="h-5 w-5"
          />
          {t("console.bulk.selectAll")}
        </label>
        <span className="text-sm" aria-live="polite">
          {t("console.bulk.selected", { count: selected })}
        </span>
        <button
          type="submit"
          name="bulkAction"
          value="resend-email"
          disabled={selected === 0 || selected > BULK_MAX_ORDERS || busy}
          className={secondaryButtonClass}
        >
          {t("console.bulk.resend")}
        </button>
        <button
          type="submit"
          name="bulkAction"
          value="retry-provisioning"
          disabled={selected === 0 || selected > BULK_MAX_ORDERS || busy}
          className={secondaryButtonClass}
        >
          {t("console.bulk.retry")}
        </button>
      </Form>
      <p className="mt-1 text-sm">{t("console.bulk.help")}</p>
    </section>
  );
}
