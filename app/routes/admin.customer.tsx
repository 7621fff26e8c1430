import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/admin/support-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  Cell,
  Field,
  linkClass,
  PageTitle,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import { withIsolated } from "../lib/isolate.tsx";
import type { Route } from "./+types/admin.customer";

// One customer (issue 16): orders, eSIMs, coupons, credit; adjust credit, send a password reset, delete on request.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "customers.read");
  const id = args.params.id;
  const [detail, pending] = await Promise.all([
    readConsole(args, api.customerDetail, { params: { id } }),
    operator.permissions.includes("credit.adjust")
      ? readConsole(args, api.pendingCreditAdjustments, { query: { customerId: id } })
      : { requests: [] },
  ]);
  return {
    detail,
    pending: pending.requests,
    adjustKey: crypto.randomUUID(),
    can: {
      credit: operator.permissions.includes("credit.adjust"),
      write: operator.permissions.includes("customers.write"),
    },
  };
}

const Intent = z.object({
  intent: z.enum(["credit", "approve", "reject", "note", "editNote", "reset", "delete"]),
});
const NoteChoice = api.editCustomerNote.params.pick({ noteId: true });
/** The adjustment an approve or reject button decides (the button's intent is the decision). */
const RequestChoice = z.object({ requestId: api.decideCreditAdjustment.params.shape.id });

/** Each form parses with its endpoint's own schema (ADR 0413); the customer is the page's. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  const customer = { id: args.params.id };
  if (intent === "credit") {
    const submission = parseWithZod(form, { schema: api.CreditAdjustmentBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(
      intent,
      await callConsole(args, api.adjustCredit, { params: customer, body: submission.value }),
    );
  }
  if (intent === "approve" || intent === "reject") {
    const request = parseWithZod(form, { schema: RequestChoice });
    if (request.status !== "success") return formProblem(args, intent, request);
    return answerResult(
      intent,
      await callConsole(args, api.decideCreditAdjustment, {
        params: { id: request.value.requestId, decision: intent },
      }),
    );
  }
  if (intent === "note") {
    const submission = parseWithZod(form, { schema: api.NoteBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(
      intent,
      await callConsole(args, api.addCustomerNote, { params: customer, body: submission.value }),
    );
  }
  if (intent === "editNote") {
    const note = parseWithZod(form, { schema: NoteChoice });
    if (note.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
    const submission = parseWithZod(form, { schema: api.NoteBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(
      intent,
      await callConsole(args, api.editCustomerNote, {
        params: { ...customer, noteId: note.value.noteId },
        body: submission.value,
      }),
    );
  }
  if (intent === "reset")
    return answerResult(intent, await callConsole(args, api.customerPasswordReset, { params: customer }));
  const submission = parseWithZod(form, { schema: api.ReasonBody });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(
    intent,
    await callConsole(args, api.deleteCustomer, { params: customer, body: submission.value }),
  );
}

export default function ConsoleCustomer({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { detail, can, adjustKey, pending } = loaderData;
  const { customer, credit } = detail;
  const name = customer.nickName ?? customer.email ?? customer.id;
  const success = !result?.ok
    ? undefined
    : result.intent === "credit"
      ? // Above the operator's limit the API keeps it for approval and says so (ADR 0313).
        "message" in result.value
        ? result.value.message
        : t("console.customers.adjusted")
      : result.intent === "approve" || result.intent === "reject"
        ? t(result.intent === "approve" ? "console.customers.approved" : "console.customers.rejected")
        : result.intent === "reset"
          ? t("console.customers.resetSent", { to: "sentTo" in result.value ? result.value.sentTo : "" })
          : result.intent === "note"
            ? t("console.customers.noteAdded")
            : result.intent === "editNote"
              ? t("console.customers.noteSaved")
              : t("console.customers.deleted");
  // The customer's timeline: orders placed and staff notes, oldest first (as an order's timeline reads).
  const timeline = [
    ...detail.orders.map((o) => ({ at: o.createdAt, key: `order-${o.code}`, order: o, note: null })),
    ...detail.notes.map((n) => ({ at: n.createdAt, key: `note-${n.id}`, order: null, note: n })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <>
      <title>{`${t("console.customers.detailTitle", { name })} · ${t("console.title")}`}</title>
      <PageTitle>
        {withIsolated((params) => t("console.customers.detailTitle", params), "name", name)}
      </PageTitle>
      <dl className="mb-6 grid max-w-2xl grid-cols-2 gap-x-6 gap-y-1 text-sm">
        <dt className="font-medium">{t("console.customers.email")}</dt>
        <dd className="break-all">{customer.email ?? "—"}</dd>
        <dt className="font-medium">{t("console.customers.phone")}</dt>
        <dd>{customer.phone ?? "—"}</dd>
        <dt className="font-medium">{t("console.customers.status")}</dt>
        <dd>
          {customer.status === "DELETED"
            ? t("console.customers.status.DELETED")
            : t("console.customers.status.ACTIVE")}
        </dd>
        <dt className="font-medium">{t("console.customers.since")}</dt>
        <dd>{formatWhen(customer.createdAt, t.language)}</dd>
      </dl>
      <ActionNote result={result ?? undefined} success={success} />

      <section aria-labelledby="customer-orders" className="mb-6">
        <h2 id="customer-orders" className="mb-2 text-lg font-semibold">
          {t("console.customers.orders")}
        </h2>
        {detail.orders.length === 0 ? (
          <p>{t("console.noRecords")}</p>
        ) : (
          <Table
            caption={t("console.customers.orders")}
            head={[
              t("console.orders.code"),
              t("console.orders.status"),
              t("console.orders.total"),
              t("console.orders.placed"),
            ]}
          >
            {detail.orders.map((order) => (
              <tr key={order.code}>
                <Cell>
                  <Link className={linkClass} to={`/admin/orders/${encodeURIComponent(order.code)}`}>
                    {order.code}
                  </Link>
                </Cell>
                <Cell>{order.status}</Cell>
                <Cell>{formatMoney(order.total, order.currencyCode, t.language)}</Cell>
                <Cell>{formatWhen(order.createdAt, t.language)}</Cell>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <div className="mb-6 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-labelledby="customer-esims">
          <h2 id="customer-esims" className="mb-2 text-lg font-semibold">
            {t("console.customers.esims")}
          </h2>
          <ul className="text-sm">
            {detail.esims.map((esim) => (
              <li key={esim.id}>
                <a className={linkClass} href={`/admin/esims?iccid=${esim.iccid}`}>
                  {esim.iccid}
                </a>{" "}
                ({esim.state})
              </li>
            ))}
          </ul>
          {detail.esims.length === 0 && <p className="text-sm">{t("console.noRecords")}</p>}
          <h2 className="mb-2 mt-4 text-lg font-semibold">{t("console.customers.coupons")}</h2>
          <ul className="text-sm">
            {[...new Set(detail.coupons.map((coupon) => coupon.name))].map((coupon) => (
              <li key={coupon}>{coupon}</li>
            ))}
          </ul>
          {detail.coupons.length === 0 && <p className="text-sm">{t("console.noRecords")}</p>}
        </section>

        <section aria-labelledby="customer-credit">
          <h2 id="customer-credit" className="mb-2 text-lg font-semibold">
            {t("console.customers.credit")}
          </h2>
          <p className="mb-2 text-sm" data-testid="credit-balance">
            {t("console.customers.balance", {
              amount: formatMoney(credit.balanceMinor, credit.currencyCode, t.language),
            })}
          </p>
          <ul className="mb-4 text-sm">
            {credit.history.content.map((entry) => (
              <li key={entry.id}>
                {`${formatWhen(entry.createdAt, t.language)}: ${entry.kind} ${formatMoney(entry.amountMinor, credit.currencyCode, t.language)}${entry.note ? ` (${entry.note})` : ""}`}
              </li>
            ))}
          </ul>
          {can.credit && pending.length > 0 && (
            <div className="mb-4">
              <h3 className="mb-1 text-sm font-semibold">{t("console.customers.pending")}</h3>
              <ul className="text-sm">
                {pending.map((request) => (
                  <li key={request.id} className="mb-1 flex flex-wrap items-center gap-2">
                    <span>
                      {`${formatWhen(request.createdAt, t.language)}: ${formatMoney(request.amountMinor, request.currencyCode, t.language)} (${request.note})`}
                    </span>
                    {(["approve", "reject"] as const).map((decision) => (
                      <Form method="post" key={decision}>
                        <input type="hidden" name="intent" value={decision} />
                        <input type="hidden" name="requestId" value={request.id} />
                        <button type="submit" className={secondaryButtonClass}>
                          {t(
                            decision === "approve" ? "console.customers.approve" : "console.customers.reject",
                          )}
                        </button>
                      </Form>
                    ))}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {can.credit && customer.status !== "DELETED" && (
            <Form method="post" className="max-w-sm">
              <input type="hidden" name="intent" value="credit" />
              <input type="hidden" name="idempotencyKey" value={adjustKey} />
              <Field label={t("console.customers.adjustAmount")} name="amount" inputMode="decimal" required />
              <Field label={t("console.customers.adjustReason")} name="reason" required maxLength={500} />
              <button type="submit" className={secondaryButtonClass}>
                {t("console.customers.adjustSubmit")}
              </button>
            </Form>
          )}
        </section>
      </div>

      <section aria-labelledby="customer-timeline" className="mb-6 max-w-3xl">
        <h2 id="customer-timeline" className="mb-2 text-lg font-semibold">
          {t("console.customers.timeline")}
        </h2>
        {timeline.length === 0 ? <p className="text-sm">{t("console.noRecords")}</p> : null}
        <ol className="mb-4 space-y-2 text-sm">
          {timeline.map((entry) => (
            <li key={entry.key} className="border-l-2 border-slate-300 pl-3">
              <p>
                <time dateTime={entry.at} className="font-medium">
                  {formatWhen(entry.at, t.language)}
                </time>
                {": "}
                {entry.order
                  ? t("console.customers.timelineOrder", { code: entry.order.code })
                  : t("console.customers.timelineNote", { author: entry.note.operatorName })}
                {entry.note?.editedAt
                  ? ` (${t("console.customers.noteEdited", { when: formatWhen(entry.note.editedAt, t.language) })})`
                  : null}
              </p>
              {entry.note ? <p className="whitespace-pre-wrap">{entry.note.body}</p> : null}
              {entry.note?.mine && can.write ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-blue-800 underline">
                    {t("console.customers.editNote")}
                  </summary>
                  <Form method="post" className="mt-1 max-w-md">
                    <input type="hidden" name="intent" value="editNote" />
                    <input type="hidden" name="noteId" value={entry.note.id} />
                    <label htmlFor={`note-${entry.note.id}`} className="mb-1 block text-sm font-medium">
                      {t("console.customers.noteText")}
                    </label>
                    <textarea
                      id={`note-${entry.note.id}`}
                      name="body"
                      required
                      maxLength={2000}
                      rows={3}
                      defaultValue={entry.note.body}
                      className="mb-2 block w-full rounded border border-slate-500 p-2 text-sm"
                    />
                    <button type="submit" className={secondaryButtonClass}>
                      {t("console.customers.saveNote")}
                    </button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
        {can.write && customer.status !== "DELETED" && (
          <Form method="post" className="max-w-md">
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="customer-note-body" className="mb-1 block text-sm font-medium">
              {t("console.customers.note")}
            </label>
            <textarea
              id="customer-note-body"
              name="body"
              required
              maxLength={2000}
              rows={3}
              className="mb-2 block w-full rounded border border-slate-500 p-2 text-sm"
            />
            <button type="submit" className={secondaryButtonClass}>
              {t("console.customers.addNote")}
            </button>
          </Form>
        )}
      </section>

      {can.write && customer.status !== "DELETED" && (
        <section aria-labelledby="customer-account" className="max-w-md">
          <h2 id="customer-account" className="mb-2 text-lg font-semibold">
            {t("console.customers.delete")}
          </h2>
          <Form method="post" className="mb-4">
            <input type="hidden" name="intent" value="reset" />
            <button type="submit" className={secondaryButtonClass}>
              {t("console.customers.reset")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <Field label={t("console.customers.deleteReason")} name="reason" required maxLength={500} />
            <button
              type="submit"
              className="rounded bg-red-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-900"
            >
              {t("console.customers.deleteSubmit")}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
