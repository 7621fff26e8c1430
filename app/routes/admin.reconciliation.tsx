import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import * as api from "../../server/modules/reconcile/console-contract.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  Cell,
  inputClass,
  linkClass,
  PageTitle,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.reconciliation";

// Reconciliation (issue 29 item 4, ADRs 0365 and 0390): what the daily job found between our books and the suppliers'
// orders and balances and the payment provider's charges and refunds; each mismatch links to its order and is
// resolved with a note. The page reads and sends through the reconciliation contracts (issue 33 item 1, ADR 0407).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "reconciliation.read");
  const show = consoleParam(args.request, "show") === "all" ? "all" : "open";
  const list = await readConsole(args, api.listMismatches, { query: { show } });
  return {
    ...list,
    show,
    canResolve: operator.permissions.includes("reconciliation.resolve"),
    canOpenOrders: operator.permissions.includes("orders.read"),
  };
}

const Mismatch = z.object({ id: z.uuid() });

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Mismatch });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const submission = parseWithZod(form, { schema: api.ResolveBody });
  if (submission.status !== "success") return formProblem(args, "resolve", submission);
  const answer = await callConsole(args, api.resolveMismatch, {
    params: { id: chosen.value.id },
    body: submission.value,
  });
  return answerResult("resolve", answer);
}

const kindKey = (kind: string) => `console.reconcile.kind.${kind}` as ConsoleMessageKey;
const partyKey = (party: string) => `console.reconcile.party.${party}` as ConsoleMessageKey;

/** ISO 4217 minor digits of a currency, as Intl knows them (JPY 0, HKD 2). */
function digitsOf(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

function ResolveForm({ mismatch }: { mismatch: api.MismatchView }) {
  const t = useConsoleT();
  const id = useId();
  const params = {
    kind: t(kindKey(mismatch.kind)),
    reference: mismatch.reference ?? mismatch.orderCode ?? "",
  };
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="id" value={mismatch.id} />
      <label htmlFor={id} className="sr-only">
        {t("console.reconcile.noteFor", params)}
      </label>
      <input
        id={id}
        name="note"
        required
        minLength={3}
        maxLength={1000}
        placeholder={t("console.reconcile.note")}
        className={`${inputClass} w-56`}
      />
      <button
        type="submit"
        className={secondaryButtonClass}
        aria-label={t("console.reconcile.resolveFor", params)}
      >
        {t("console.reconcile.resolve")}
      </button>
    </Form>
  );
}

export default function ConsoleReconciliation({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { mismatches, open, show, canResolve, canOpenOrders } = loaderData;
  const money = (minor: number | null, currency: string | null) =>
    minor === null || currency === null ? "—" : formatMoney(minor, currency, t.language, digitsOf(currency));
  return (
    <>
      <title>{`${t("console.reconcile.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.reconcile.title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-800">{t("console.reconcile.help")}</p>
      <ActionNote result={result} success={t("console.reconcile.resolved")} />
      <p className="mb-2 text-sm font-medium" data-testid="reconcile-count">
        {t("console.reconcile.caption", { count: open })}
      </p>
      <nav aria-label={t("console.reconcile.title")} className="mb-4 flex gap-4 text-sm">
        <a
          className={linkClass}
          href="/admin/reconciliation"
          aria-current={show === "open" ? "page" : undefined}
        >
          {t("console.reconcile.showOpen")}
        </a>
        <a
          className={linkClass}
          href="/admin/reconciliation?show=all"
          aria-current={show === "all" ? "page" : undefined}
        >
          {t("console.reconcile.showAll")}
        </a>
      </nav>
      {mismatches.some((m) => m.kind === "BALANCE_MISMATCH" || m.kind === "BALANCE_CREDIT") && (
        <p className="mb-4 max-w-3xl text-sm text-slate-800" data-testid="reconcile-balance-note">
          {t("console.reconcile.balanceNote")}
        </p>
      )}
      {mismatches.length === 0 ? (
        <p className="text-sm">{t("console.reconcile.empty")}</p>
      ) : (
        <Table
          caption={t("console.reconcile.title")}
          head={[
            t("console.reconcile.col.kind"),
            t("console.reconcile.col.order"),
            t("console.reconcile.col.party"),
            t("console.reconcile.col.reference"),
            t("console.reconcile.col.amounts"),
            t("console.reconcile.col.found"),
            t("console.reconcile.col.state"),
          ]}
        >
          {mismatches.map((m) => (
            <tr key={m.id} data-mismatch={m.kind}>
              <Cell>{t(kindKey(m.kind))}</Cell>
              <Cell>
                {m.orderCode === null ? (
                  t("console.reconcile.noOrder")
                ) : canOpenOrders ? (
                  <a className={linkClass} href={`/admin/orders/${encodeURIComponent(m.orderCode)}`}>
                    {m.orderCode}
                  </a>
                ) : (
                  m.orderCode
                )}
              </Cell>
              <Cell>{t(partyKey(m.party))}</Cell>
              <Cell className="break-all font-mono text-xs">{m.reference ?? "—"}</Cell>
              <Cell>
                {m.oursMinor === null && m.theirsMinor === null
                  ? "—"
                  : `${money(m.oursMinor, m.currency)} / ${money(m.theirsMinor, m.currency)}`}
              </Cell>
              <Cell>{formatWhen(m.foundAt, t.language)}</Cell>
              <Cell>
                {m.resolvedAt ? (
                  t("console.reconcile.resolvedWith", { note: m.resolutionNote ?? "" })
                ) : canResolve ? (
                  <ResolveForm mismatch={m} />
                ) : (
                  t("console.reconcile.open")
                )}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
