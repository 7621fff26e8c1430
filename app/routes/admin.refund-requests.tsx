import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import { consoleHref } from "../../server/modules/admin/contract.ts";
import * as api from "../../server/modules/refund/console-contract.ts";
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
  buttonClass,
  Cell,
  Field,
  linkClass,
  PageTitle,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.refund-requests";

const Decision = z.object({ intent: z.enum(["approve", "decline"]), id: z.uuid() });

// Shoppers' refund requests waiting for an operator (issue 29, ADR 0357): the order, its eSIMs' install and usage
// state, the reason and screenshot beside each; approve (the one refund flow) or decline with a reason. The page
// reads and sends through the refund contracts (issue 33 item 1, ADR 0407); the decline form parses with its body.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "orders.read");
  const { requests } = await readConsole(args, api.listRefundRequests, {});
  return { requests, canDecide: operator.permissions.includes("refunds.create") };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "refunds.create");
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Decision });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent, id } = chosen.value;
  if (intent === "approve") {
    const answer = await callConsole(args, api.approveRefundRequest, { params: { id } });
    return { approve: answerResult(intent, answer) };
  }
  const submission = parseWithZod(form, { schema: api.DeclineBody });
  if (submission.status !== "success") return { decline: await formProblem(args, intent, submission) };
  const answer = await callConsole(args, api.declineRefundRequest, {
    params: { id },
    body: submission.value,
  });
  return { decline: answerResult(intent, answer) };
}

/** An amount in its currency's ISO minor digits (the queue's answer carries the order's currency only). */
function money(minor: number, currency: string, language: Parameters<typeof formatMoney>[2]) {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return formatMoney(minor, currency, language, digits ?? 2);
}

/** Where the queue shows a request's screenshot (an image the API serves to operators only). */
function screenshotUrl(id: string) {
  return consoleHref(api.refundScreenshot, { params: { id } });
}

export default function ConsoleRefundRequests({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const answer = useActionData<typeof action>();
  const result = answer?.approve ?? answer?.decline;
  const { requests, canDecide } = loaderData;
  const approved = answer?.approve?.ok ? answer.approve.value.refund : null;
  const destination = (d: string) => t(d === "CREDIT" ? "console.refund.toCredit" : "console.refund.toCard");
  return (
    <>
      <title>{`${t("console.refundRequests.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.refundRequests.title")}</PageTitle>
      <ActionNote
        result={result}
        success={
          approved
            ? t("console.refundRequests.approved", {
                amount: money(approved.amount, approved.currencyCode, t.language),
                destination: destination(approved.destination),
              })
            : answer?.decline?.ok
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
                    href={screenshotUrl(r.id)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    <img
                      src={screenshotUrl(r.id)}
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
