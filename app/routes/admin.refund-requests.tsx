import { Form, useActionData } from "react-router";
import {
  type ActionResult,
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
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.refund-requests";

/** One waiting request, as GET /o2adm/v1/refund-requests answers (server/flows/refund-order.ts `queue`). */
interface QueuedRequest {
  id: string;
  reason: string;
  destination: "CARD" | "CREDIT";
  hasScreenshot: boolean;
  createdAt: string;
  order: {
    code: string;
    status: string;
    total: number;
    currencyCode: string;
    paidAt: string | null;
    contactEmail: string;
    planTitle: string;
  };
  left: number;
  esims: {
    esimId: string;
    iccid: string;
    topUp: boolean;
    esimState: string;
    installed: boolean;
    dataUsedMb: number;
    dataTotalMb: number | null;
    usedPercent: number;
  }[];
}

// Shoppers' refund requests waiting for an operator (issue 29, ADR 0357): the order, its eSIMs' install and usage
// state, the reason and screenshot beside each; approve (the one refund flow) or decline with a reason.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "orders.read");
  const { requests } = await readConsole<{ requests: QueuedRequest[] }>(args, "/o2adm/v1/refund-requests");
  return { requests, canDecide: operator.permissions.includes("refunds.create") };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "refunds.create");
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const id = encodeURIComponent(field(form, "id"));
  if (intent === "approve")
    return actionResult(
      intent,
      await callConsole(args, { method: "POST", path: `/o2adm/v1/refund-requests/${id}/approve` }),
    );
  if (intent === "decline")
    return actionResult(
      intent,
      await callConsole(args, {
        method: "POST",
        path: `/o2adm/v1/refund-requests/${id}/decline`,
        body: { reason: field(form, "reason") },
      }),
    );
  return null;
}

/** An amount in its currency's ISO minor digits (the queue's answer carries the order's currency only). */
function money(minor: number, currency: string, language: Parameters<typeof formatMoney>[2]) {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return formatMoney(minor, currency, language, digits ?? 2);
}

export default function ConsoleRefundRequests({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>() as ActionResult | null | undefined;
  const { requests, canDecide } = loaderData;
  const approved =
    result?.ok && result.intent === "approve"
      ? (result.value as { refund: { amount: number; currencyCode: string; destination: string } }).refund
      : null;
  const destination = (d: string) => t(d === "CREDIT" ? "console.refund.toCredit" : "console.refund.toCard");
  return (
    <>
      <title>{`${t("console.refundRequests.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.refundRequests.title")}</PageTitle>
      <ActionNote
        result={result ?? undefined}
        success={
          approved
            ? t("console.refundRequests.approved", {
                amount: money(approved.amount, approved.currencyCode, t.language),
                destination: destination(approved.destination),
              })
            : result?.ok && result.intent === "decline"
              ? t("console.refundRequests.declined")
              : undefined
        }
      />
      {requests.length === 0 ? (
        <p>{t("console.refundRequests.none")}</p>
      ) : (
        <Table
          caption={t("console.refundRequests.caption")}
          head={[
            t("console.refundRequests.order"),
            t("console.refundRequests.asked"),
            t("console.refundRequests.reason"),
            t("console.refundRequests.esims"),
            t("console.refundRequests.decision"),
          ]}
        >
          {requests.map((r) => (
            <tr key={r.id} data-request={r.order.code}>
              <Cell>
                <a className={linkClass} href={`/admin/orders/${encodeURIComponent(r.order.code)}`}>
                  {r.order.code}
                </a>
                <div>{r.order.planTitle}</div>
                <div className="break-all">{r.order.contactEmail}</div>
                <div>{r.order.status}</div>
                <div>
                  {t("console.refundRequests.left", {
                    left: money(r.left, r.order.currencyCode, t.language),
                    destination: destination(r.destination),
                  })}
                </div>
              </Cell>
              <Cell className="whitespace-nowrap">{formatWhen(r.createdAt, t.language)}</Cell>
              <Cell className="max-w-xs">
                <p className="whitespace-pre-wrap break-words">{r.reason}</p>
                {r.hasScreenshot ? (
                  <a
                    className={`${linkClass} mt-2 block`}
                    href={`/o2adm/v1/refund-requests/${r.id}/screenshot`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    <img
                      src={`/o2adm/v1/refund-requests/${r.id}/screenshot`}
                      alt={t("console.refundRequests.screenshotOf", { code: r.order.code })}
                      className="max-h-40 max-w-full rounded border border-slate-300"
                    />
                  </a>
                ) : (
                  <p className="mt-2 text-slate-700">{t("console.refundRequests.noScreenshot")}</p>
                )}
              </Cell>
              <Cell>
                <ul>
                  {r.esims.map((e) => (
                    <li key={`${e.esimId}-${e.topUp}`} className="break-all">
                      {t("console.refundRequests.esimLine", {
                        iccid: e.iccid,
                        state: e.esimState,
                        installed: t(e.installed ? "console.refund.yes" : "console.refund.no"),
                        usage: e.dataTotalMb
                          ? t("console.refund.usageLine", {
                              used: e.dataUsedMb,
                              total: e.dataTotalMb,
                              percent: e.usedPercent,
                            })
                          : t("console.refund.usageNoTotal", { used: e.dataUsedMb }),
                      })}
                    </li>
                  ))}
                </ul>
              </Cell>
              <Cell>
                {canDecide ? (
                  <div className="flex min-w-56 flex-col gap-3">
                    <Form method="post">
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" className={buttonClass}>
                        {t("console.refundRequests.approve", { code: r.order.code })}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="decline" />
                      <input type="hidden" name="id" value={r.id} />
                      <Field
                        label={t("console.refundRequests.declineReason", { code: r.order.code })}
                        name="reason"
                        required
                        maxLength={500}
                      />
                      <button type="submit" className={secondaryButtonClass}>
                        {t("console.refundRequests.decline", { code: r.order.code })}
                      </button>
                    </Form>
                  </div>
                ) : null}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
