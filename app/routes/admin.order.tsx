import { Form, useActionData, useLoaderData } from "react-router";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  buttonClass,
  Cell,
  Field,
  linkClass,
  PageTitle,
  SelectField,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.order";

/** An e-mail's delivery state on the timeline (emailDelivery in server/modules/admin/support-routes.ts). */
type DeliveryState = "SENT" | "FAILED" | "RETRYING" | "QUEUED" | "UNSENT";

interface OrderDetail {
  order: {
    code: string;
    status: string;
    customerId: string;
    contactEmail: string;
    planTitle: string;
    quantity: number;
    total: number;
    currencyCode: string;
    minorDigits: number;
    createdAt: string;
    paidAt: string | null;
  };
  refunded: number;
  refundable: number;
  refunds: {
    id: string;
    amount: number;
    destination: string;
    status: string;
    cardPart: number;
    creditPart: number;
    failureCode: string | null;
  }[];
  esims: { id: string; iccid: string; state: string; supplier: string }[];
  timeline: {
    at: string;
    kind: string;
    label: string;
    detail: string;
    /** An e-mail's delivery state (issue 29). */
    delivery?: { state: DeliveryState; attempts: number; at: string | null };
  }[];
}

// One order (issue 16): summary, refund, resend the eSIM e-mail, internal notes, eSIMs, the timeline.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "orders.read");
  const detail = await readConsole<OrderDetail>(
    args,
    `/o2adm/v1/orders/${encodeURIComponent(args.params.code)}`,
  );
  return {
    detail,
    can: {
      refund: operator.permissions.includes("refunds.create"),
      write: operator.permissions.includes("orders.write"),
    },
    // A fresh key per render: a resubmitted form (double click, retry) is the same refund (ADR 0225).
    refundKey: crypto.randomUUID(),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const base = `/o2adm/v1/orders/${encodeURIComponent(args.params.code)}`;
  if (intent === "refund") {
    const digits = Number(field(form, "minorDigits")) || 0;
    const amount = Math.round(Number(field(form, "amount").replace(",", ".")) * 10 ** digits);
    const body = {
      amount: Number.isFinite(amount) ? amount : 0,
      destination: field(form, "destination"),
      reason: field(form, "reason"),
      idempotencyKey: field(form, "idempotencyKey"),
    };
    return actionResult(intent, await callConsole(args, { method: "POST", path: `${base}/refunds`, body }));
  }
  if (intent === "retry-refund") {
    const path = `/o2adm/v1/refunds/${encodeURIComponent(field(form, "refundId"))}/retry`;
    return actionResult(intent, await callConsole(args, { method: "POST", path }));
  }
  if (intent === "refund-to-credit") {
    const path = `/o2adm/v1/refunds/${encodeURIComponent(field(form, "refundId"))}/to-credit`;
    return actionResult(intent, await callConsole(args, { method: "POST", path }));
  }
  if (intent === "resend")
    return actionResult(intent, await callConsole(args, { method: "POST", path: `${base}/resend-email` }));
  if (intent === "note")
    return actionResult(
      intent,
      await callConsole(args, { method: "POST", path: `${base}/notes`, body: { body: field(form, "body") } }),
    );
  if (intent === "cancel") {
    const path = `/o2adm/v1/esims/${encodeURIComponent(field(form, "iccid"))}/cancel`;
    return actionResult(
      intent,
      await callConsole(args, { method: "POST", path, body: { reason: field(form, "reason") } }),
    );
  }
  return null;
}

function kindKey(kind: string): ConsoleMessageKey {
  const keys: Record<string, ConsoleMessageKey> = {
    order: "console.orders.kind.order",
    payment: "console.orders.kind.payment",
    supplier: "console.orders.kind.supplier",
    email: "console.orders.kind.email",
    refund: "console.orders.kind.refund",
    note: "console.orders.kind.note",
  };
  return keys[kind] ?? "console.orders.kind.order";
}

function RefundForm() {
  const t = useConsoleT();
  const { detail, refundKey } = useLoaderData<typeof loader>();
  const { order, refundable } = detail;
  if (refundable <= 0) return <p>{t("console.orders.refundNone")}</p>;
  const step = 1 / 10 ** order.minorDigits;
  return (
    <Form method="post" className="max-w-sm">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="idempotencyKey" value={refundKey} />
      <input type="hidden" name="minorDigits" value={order.minorDigits} />
      <Field
        label={t("console.orders.refundAmount", { currency: order.currencyCode })}
        name="amount"
        inputMode="decimal"
        defaultValue={(refundable / 10 ** order.minorDigits).toFixed(order.minorDigits)}
        required
      />
      <p className="-mt-2 mb-3 text-xs text-slate-700">{`0 < x ≤ ${(refundable * step).toFixed(order.minorDigits)}`}</p>
      <SelectField
        label={t("console.orders.refundDestination")}
        name="destination"
        defaultValue="CARD"
        options={[
          { value: "CARD", label: t("console.orders.refundToCard") },
          { value: "CREDIT", label: t("console.orders.refundToCredit") },
        ]}
      />
      <Field label={t("console.orders.refundReason")} name="reason" required maxLength={500} />
      <button type="submit" className={buttonClass}>
        {t("console.orders.refundSubmit")}
      </button>
    </Form>
  );
}

/** The order's refunds; a card refund the provider refused can be sent again (ADR 0236). */
function RefundList() {
  const t = useConsoleT();
  const { detail } = useLoaderData<typeof loader>();
  const { order } = detail;
  if (detail.refunds.length === 0) return null;
  const money = (minor: number) => formatMoney(minor, order.currencyCode, t.language, order.minorDigits);
  return (
    <ul className="mt-4 text-sm" aria-label={t("console.orders.refundList")}>
      {detail.refunds.map((r) => {
        const failed = r.status === "FAILED";
        const refused = r.destination === "CARD" && (failed || (r.status === "PENDING" && r.failureCode));
        return (
          <li key={r.id} className="mb-2" data-refund-status={r.status}>
            {t("console.orders.refundLine", {
              amount: money(r.amount),
              card: money(r.cardPart),
              credit: money(r.creditPart),
            })}{" "}
            ·{" "}
            {t(
              r.status === "REPLACED"
                ? "console.orders.refundReplaced"
                : failed
                  ? "console.orders.refundFailed"
                  : refused
                    ? "console.orders.refundRetrying"
                    : r.status === "PENDING"
                      ? "console.orders.refundPending"
                      : "console.orders.refundSucceeded",
            )}
            {refused && (
              <div className="mt-1 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="retry-refund" />
                  <input type="hidden" name="refundId" value={r.id} />
                  <button type="submit" className={secondaryButtonClass}>
                    {t(failed ? "console.orders.refundRetryCard" : "console.orders.refundRetry")}
                  </button>
                </Form>
                {/* A refund the card refused for good can go to store credit instead (ADR 0280). */}
                {failed && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="refund-to-credit" />
                    <input type="hidden" name="refundId" value={r.id} />
                    <button type="submit" className={secondaryButtonClass}>
                      {t("console.orders.refundToCreditInstead")}
                    </button>
                  </Form>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export default function ConsoleOrder({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { detail, can } = loaderData;
  const { order } = detail;
  const money = (minor: number) => formatMoney(minor, order.currencyCode, t.language, order.minorDigits);
  const refundDone =
    result?.ok && result.intent === "refund"
      ? (result.value as { refund: { amount: number; destination: string } }).refund
      : null;
  return (
    <>
      <title>{`${t("console.orders.detailTitle", { code: order.code })} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.orders.detailTitle", { code: order.code })}</PageTitle>
      <section aria-labelledby="summary" className="mb-6">
        <h2 id="summary" className="mb-2 text-lg font-semibold">
          {t("console.orders.summary")}
        </h2>
        <dl className="grid max-w-3xl grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-4">
          <dt className="font-medium">{t("console.orders.status")}</dt>
          <dd data-testid="order-status">{order.status}</dd>
          <dt className="font-medium">{t("console.orders.customer")}</dt>
          <dd className="break-all">
            <a className={linkClass} href={`/admin/customers/${order.customerId}`}>
              {order.contactEmail}
            </a>
          </dd>
          <dt className="font-medium">{t("console.orders.plan")}</dt>
          <dd>{`${order.planTitle} × ${order.quantity}`}</dd>
          <dt className="font-medium">{t("console.orders.total")}</dt>
          <dd>{money(order.total)}</dd>
          <dt className="font-medium">{t("console.orders.placed")}</dt>
          <dd>{formatWhen(order.createdAt, t.language)}</dd>
          <dt className="font-medium">{t("console.orders.paid")}</dt>
          <dd>{order.paidAt ? formatWhen(order.paidAt, t.language) : "—"}</dd>
          <dt className="font-medium">{t("console.orders.refunded")}</dt>
          <dd>{money(detail.refunded)}</dd>
          <dt className="font-medium">{t("console.orders.refundable")}</dt>
          <dd data-testid="refundable">{money(detail.refundable)}</dd>
        </dl>
      </section>

      <ActionNote
        result={result ?? undefined}
        success={
          result?.ok
            ? result.intent === "refund" && refundDone
              ? t(
                  refundDone.destination === "CREDIT"
                    ? "console.orders.refundDoneCredit"
                    : "console.orders.refundDoneCard",
                  {
                    amount: money(refundDone.amount),
                  },
                )
              : result.intent === "retry-refund"
                ? t("console.orders.refundRetried")
                : result.intent === "resend"
                  ? t("console.orders.resent", { to: (result.value as { to: string }).to })
                  : result.intent === "note"
                    ? t("console.orders.noteAdded")
                    : t("console.orders.cancelled")
            : undefined
        }
      />

      <div className="mb-6 grid grid-cols-1 gap-8 lg:grid-cols-2">
        {can.refund && (
          <section aria-labelledby="refund">
            <h2 id="refund" className="mb-2 text-lg font-semibold">
              {t("console.orders.refund")}
            </h2>
            <RefundForm />
            <RefundList />
          </section>
        )}
        {can.write && (
          <section aria-labelledby="support-actions">
            <h2 id="support-actions" className="mb-2 text-lg font-semibold">
              {t("console.orders.esims")}
            </h2>
            <ul className="mb-3 text-sm">
              {detail.esims.map((esim) => (
                <li key={esim.id} className="mb-2">
                  <a className={linkClass} href={`/admin/esims?iccid=${esim.iccid}`}>
                    {esim.iccid}
                  </a>{" "}
                  ({esim.state}, {esim.supplier})
                  {esim.state === "READY" && (
                    <Form method="post" className="mt-1 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="iccid" value={esim.iccid} />
                      <Field
                        label={t("console.orders.cancelReason", { iccid: esim.iccid })}
                        name="reason"
                        required
                      />
                      <button type="submit" className={`${secondaryButtonClass} mb-3`}>
                        {t("console.orders.cancelEsim", { iccid: esim.iccid })}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
            {detail.esims.length > 0 && (
              <Form method="post" className="mb-4">
                <input type="hidden" name="intent" value="resend" />
                <button type="submit" className={secondaryButtonClass}>
                  {t("console.orders.resend")}
                </button>
              </Form>
            )}
            <Form method="post" className="max-w-md">
              <input type="hidden" name="intent" value="note" />
              <label htmlFor="note-body" className="mb-1 block text-sm font-medium">
                {t("console.orders.note")}
              </label>
              <textarea
                id="note-body"
                name="body"
                required
                maxLength={2000}
                rows={3}
                className="mb-2 block w-full rounded border border-slate-500 p-2 text-sm"
              />
              <button type="submit" className={secondaryButtonClass}>
                {t("console.orders.addNote")}
              </button>
            </Form>
          </section>
        )}
      </div>

      <section aria-labelledby="timeline">
        <h2 id="timeline" className="mb-2 text-lg font-semibold">
          {t("console.orders.timeline")}
        </h2>
        <Table
          caption={t("console.orders.timeline")}
          head={[
            t("console.orders.when"),
            t("console.orders.kind"),
            t("console.orders.event"),
            t("console.orders.detail"),
          ]}
        >
          {detail.timeline.map((event) => (
            <tr key={`${event.at}|${event.kind}|${event.label}|${event.detail}`}>
              <Cell className="whitespace-nowrap">{formatWhen(event.at, t.language)}</Cell>
              <Cell>{t(kindKey(event.kind))}</Cell>
              <Cell>{event.label}</Cell>
              <Cell className="break-all">
                {event.detail}
                {event.delivery ? (
                  <>
                    {" · "}
                    {t(`console.orders.delivery.${event.delivery.state}`, {
                      attempts: event.delivery.attempts,
                      at: event.delivery.at ? formatWhen(event.delivery.at, t.language) : "",
                    })}
                  </>
                ) : null}
              </Cell>
            </tr>
          ))}
        </Table>
      </section>
    </>
  );
}
