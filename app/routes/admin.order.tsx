import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import {
  type ConsoleMessageKey,
  consoleCatalogues,
  consoleTranslate,
} from "../../core/i18n/console/index.ts";
import type { AnyConsoleContract } from "../../server/modules/admin/contract.ts";
import * as api from "../../server/modules/admin/support-contract.ts";
import type { RefundSummary } from "../../server/modules/refund/console-contract.ts";
import * as refundApi from "../../server/modules/refund/console-contract.ts";
import {
  answerResult,
  type ConsoleAnswer,
  callConsole,
  consoleLanguage,
  formProblem,
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

/** What the operator asked for, shown back for the explicit confirmation (ADR 0356). */
interface RefundDraft {
  amount: number;
  amountText: string;
  destination: "CARD" | "CREDIT";
  reason: string;
  notify: boolean;
  idempotencyKey: string;
  full: boolean;
}

// One order (issue 16): summary, refund, resend the eSIM e-mail, internal notes, eSIMs, the timeline.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "orders.read");
  const order = { code: args.params.code };
  const canRefund = operator.permissions.includes("refunds.create");
  const [detail, refundSummary] = await Promise.all([
    readConsole(args, api.orderDetail, { params: order }),
    canRefund ? readConsole(args, refundApi.refundSummary, { params: order }) : Promise.resolve(null),
  ]);
  return {
    detail,
    refundSummary,
    can: {
      refund: operator.permissions.includes("refunds.create"),
      write: operator.permissions.includes("orders.write"),
    },
    // A fresh key per render: a resubmitted form (double click, retry) is the same refund (ADR 0225).
    refundKey: crypto.randomUUID(),
  };
}

const Intent = z.object({
  intent: z.enum([
    "refund-review",
    "refund-change",
    "refund",
    "retry-refund",
    "refund-to-credit",
    "resend",
    "note",
    "cancel",
  ]),
});
const RefundChoice = z.object({ refundId: z.uuid() });
const EsimChoice = api.IccidParam;

/** A contract call's answer as this page's action result, its intent kept exact so the page reads its value typed. */
function answered<const I extends string, C extends AnyConsoleContract>(intent: I, answer: ConsoleAnswer<C>) {
  return { ...answerResult(intent, answer), intent };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  const order = { code: args.params.code };
  // The refund screen (issue 29, ADR 0356): the operator's values are checked and shown back with what they
  // will do; only the explicit confirmation refunds, through the one refund flow.
  if (intent === "refund-review" || intent === "refund-change") {
    const draft = await refundDraft(args, form);
    if (intent === "refund-change" || !draft.ok) return draft;
    return { ...draft, intent };
  }
  if (intent === "refund") {
    const submission = parseWithZod(form, { schema: api.RefundBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answered(
      intent,
      await callConsole(args, api.refundOrder, { params: order, body: submission.value }),
    );
  }
  if (intent === "retry-refund" || intent === "refund-to-credit") {
    const chosenRefund = parseWithZod(form, { schema: RefundChoice });
    if (chosenRefund.status !== "success") return formProblem(args, intent, chosenRefund);
    const params = { id: chosenRefund.value.refundId };
    return intent === "retry-refund"
      ? answered(intent, await callConsole(args, api.retryRefund, { params }))
      : answered(intent, await callConsole(args, api.refundToCredit, { params }));
  }
  if (intent === "resend")
    return answered(intent, await callConsole(args, api.resendOrderEmail, { params: order }));
  if (intent === "note") {
    const submission = parseWithZod(form, { schema: api.NoteBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answered(
      intent,
      await callConsole(args, api.addOrderNote, { params: order, body: submission.value }),
    );
  }
  const esim = parseWithZod(form, { schema: EsimChoice });
  if (esim.status !== "success") return formProblem(args, intent, esim);
  const submission = parseWithZod(form, { schema: api.ReasonBody });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answered(
    intent,
    await callConsole(args, api.cancelEsim, { params: esim.value, body: submission.value }),
  );
}

/** The refund form as typed (trimmed; checked against what is left in refundDraft, in the console's words). */
const RefundDraftForm = z.object({
  amount: z.string().trim().default(""),
  destination: z.string().trim().default(""),
  reason: z.string().trim().default(""),
  notify: z.string().trim().default(""),
  idempotencyKey: z.string().trim().default(""),
});

/** The refund form's values, checked against what is left (errors beside the fields, in the console's language). */
async function refundDraft(
  args: Route.ActionArgs,
  form: FormData,
): Promise<
  | { ok: true; intent: "refund-change"; value: RefundDraft }
  | {
      ok: false;
      intent: "refund-review";
      message: string;
      fields: Record<string, string>;
      value: RefundDraft;
    }
> {
  const typed = parseWithZod(form, { schema: RefundDraftForm });
  const entered = typed.status === "success" ? typed.value : RefundDraftForm.parse({});
  const [detail, summary, language] = await Promise.all([
    readConsole(args, api.orderDetail, { params: { code: args.params.code } }),
    readConsole(args, refundApi.refundSummary, { params: { code: args.params.code } }),
    consoleLanguage(args),
  ]);
  const t = (key: ConsoleMessageKey, params?: Record<string, string | number>) =>
    consoleTranslate(consoleCatalogues[language], key, params, language);
  const digits = detail.order.minorDigits;
  const amountText = entered.amount;
  const typedAmount = Number(amountText.replace(",", "."));
  const amount = Number.isFinite(typedAmount) ? Math.round(typedAmount * 10 ** digits) : 0;
  const reason = entered.reason;
  const value: RefundDraft = {
    amount,
    amountText,
    destination: entered.destination === "CREDIT" ? "CREDIT" : "CARD",
    reason,
    notify: entered.notify === "true" || entered.notify === "on",
    idempotencyKey: entered.idempotencyKey,
    full: amount === summary.left,
  };
  const fields: Record<string, string> = {};
  if (!/^\d+([.,]\d+)?$/.test(amountText) || amount <= 0 || amount > summary.left)
    fields.amount = t("console.refund.error.amount", {
      left: formatMoney(summary.left, detail.order.currencyCode, language, digits),
    });
  if (reason.length < 3 || reason.length > 500) fields.reason = t("console.refund.error.reason");
  if (Object.keys(fields).length > 0)
    return { ok: false, intent: "refund-review", message: Object.values(fields).join(" "), fields, value };
  return { ok: true, intent: "refund-change", value };
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

/** What a refund of this order would do: what is left, the eSIMs' install and usage state, the eSIM action. */
function RefundSummaryView({ summary }: { summary: RefundSummary }) {
  const t = useConsoleT();
  const { detail } = useLoaderData<typeof loader>();
  const { order } = detail;
  const yesNo = (value: boolean) => t(value ? "console.refund.yes" : "console.refund.no");
  return (
    <div className="mb-4 text-sm" data-testid="refund-summary">
      <p className="mb-2">
        <span className="font-medium">{t("console.refund.leftLabel")}: </span>
        {formatMoney(summary.left, order.currencyCode, t.language, order.minorDigits)}
      </p>
      {summary.esims.length > 0 && (
        <Table
          caption={t("console.refund.esimsCaption")}
          head={[
            t("console.refund.iccid"),
            t("console.refund.supplier"),
            t("console.refund.state"),
            t("console.refund.installed"),
            t("console.refund.usage"),
          ]}
        >
          {summary.esims.map((esim) => (
            <tr key={`${esim.esimId}-${esim.topUp}`}>
              <Cell className="break-all">{esim.iccid}</Cell>
              <Cell>{esim.supplier}</Cell>
              <Cell>{`${esim.esimState} / ${esim.packageState}`}</Cell>
              <Cell>{yesNo(esim.installed)}</Cell>
              <Cell>
                {esim.dataTotalMb
                  ? t("console.refund.usageLine", {
                      used: esim.dataUsedMb,
                      total: esim.dataTotalMb,
                      percent: esim.usedPercent,
                    })
                  : t("console.refund.usageNoTotal", { used: esim.dataUsedMb })}
                {esim.usageAt
                  ? ` (${t("console.refund.usageAt", { at: formatWhen(esim.usageAt, t.language) })})`
                  : ""}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <p className="mt-2">{t(`console.refund.action.${summary.esimAction}`)}</p>
      {summary.block && (
        <p className="mt-2 rounded border border-amber-700 bg-amber-50 px-3 py-2 text-amber-950" role="note">
          {t(`console.refund.block.${summary.block}`, { percent: summary.maxUsedPercent })}
        </p>
      )}
    </div>
  );
}

/** The refund form: amount, where it goes, whether the shopper is told, why; "Review" shows it back. */
function RefundForm({
  summary,
  draft,
  errors,
}: {
  summary: RefundSummary;
  draft: RefundDraft | null;
  errors: Record<string, string>;
}) {
  const t = useConsoleT();
  const { detail, refundKey } = useLoaderData<typeof loader>();
  const { order } = detail;
  if (summary.left <= 0) return <p>{t("console.orders.refundNone")}</p>;
  const step = 1 / 10 ** order.minorDigits;
  return (
    <Form method="post" className="max-w-sm">
      <input type="hidden" name="intent" value="refund-review" />
      <input type="hidden" name="idempotencyKey" value={draft?.idempotencyKey || refundKey} />
      <Field
        label={t("console.orders.refundAmount", { currency: order.currencyCode })}
        name="amount"
        inputMode="decimal"
        defaultValue={
          draft?.amountText ?? (summary.left / 10 ** order.minorDigits).toFixed(order.minorDigits)
        }
        error={errors.amount}
        required
      />
      <p className="-mt-2 mb-3 text-xs text-slate-700">{`0 < x ≤ ${(summary.left * step).toFixed(order.minorDigits)}`}</p>
      <SelectField
        label={t("console.orders.refundDestination")}
        name="destination"
        defaultValue={draft?.destination ?? summary.destinations[0] ?? "CARD"}
        options={[
          { value: "CARD", label: t("console.orders.refundToCard") },
          { value: "CREDIT", label: t("console.orders.refundToCredit") },
        ]}
      />
      <Field
        label={t("console.orders.refundReason")}
        name="reason"
        defaultValue={draft?.reason}
        error={errors.reason}
        required
        maxLength={500}
      />
      <div className="mb-3 flex items-center gap-2 text-sm">
        <input
          id="refund-notify"
          type="checkbox"
          name="notify"
          value="true"
          defaultChecked={draft ? draft.notify : true}
          className="h-4 w-4"
        />
        <label htmlFor="refund-notify">{t("console.refund.notify", { email: summary.notify })}</label>
      </div>
      <button type="submit" className={buttonClass}>
        {t("console.refund.review")}
      </button>
    </Form>
  );
}

/** The explicit confirmation: what the refund does, in words, before anything moves (ADR 0356). */
function RefundConfirm({ summary, draft }: { summary: RefundSummary; draft: RefundDraft }) {
  const t = useConsoleT();
  const { detail } = useLoaderData<typeof loader>();
  const { order } = detail;
  const money = (minor: number) => formatMoney(minor, order.currencyCode, t.language, order.minorDigits);
  const hidden = {
    amount: String(draft.amount),
    amountText: draft.amountText,
    destination: draft.destination,
    reason: draft.reason,
    notify: String(draft.notify),
    idempotencyKey: draft.idempotencyKey,
  };
  return (
    <div
      data-testid="refund-confirm"
      className="mb-4 max-w-xl rounded border border-blue-700 bg-blue-50 p-4 text-sm"
    >
      <h3 id="refund-confirm" className="mb-2 font-semibold">
        {t("console.refund.confirmTitle")}
      </h3>
      <ul className="mb-3 list-disc pl-5">
        <li>
          {t("console.refund.confirmAmount", {
            amount: money(draft.amount),
            destination: t(
              draft.destination === "CREDIT" ? "console.refund.toCredit" : "console.refund.toCard",
            ),
          })}
        </li>
        <li>
          {draft.full
            ? t("console.refund.confirmFull")
            : t("console.refund.confirmPartial", { left: money(summary.left) })}
        </li>
        <li>
          {draft.full ? t(`console.refund.action.${summary.esimAction}`) : t("console.refund.action.partial")}
        </li>
        <li>
          {draft.notify
            ? t("console.refund.confirmNotify", { email: summary.notify })
            : t("console.refund.confirmQuiet")}
        </li>
        <li>{t("console.refund.confirmReason", { reason: draft.reason })}</li>
      </ul>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="refund" />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClass}>
            {t("console.refund.confirm")}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="refund-change" />
          {Object.entries({ ...hidden, amount: draft.amountText }).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={secondaryButtonClass}>
            {t("console.refund.change")}
          </button>
        </Form>
      </div>
    </div>
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
  // The refund screen's step: the form (again, with the values and errors), or the confirmation.
  const reviewing = result?.intent === "refund-review" && result.ok ? result.value : null;
  const draft =
    (result?.intent === "refund-review" || result?.intent === "refund-change") && "value" in result
      ? result.value
      : null;
  const draftErrors = result && !result.ok && result.intent === "refund-review" ? (result.fields ?? {}) : {};
  const refundDone = result?.intent === "refund" && result.ok ? result.value.refund : null;
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
          result?.ok && result.intent !== "refund-review" && result.intent !== "refund-change"
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
                  ? t("console.orders.resent", { to: "to" in result.value ? result.value.to : "" })
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
            {loaderData.refundSummary && <RefundSummaryView summary={loaderData.refundSummary} />}
            {loaderData.refundSummary &&
              (reviewing ? (
                <RefundConfirm summary={loaderData.refundSummary} draft={reviewing} />
              ) : (
                <RefundForm summary={loaderData.refundSummary} draft={draft} errors={draftErrors} />
              ))}
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
