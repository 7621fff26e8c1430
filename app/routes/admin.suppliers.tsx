import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import * as api from "../../server/modules/catalog/supply/console-contract.ts";
import { answerResult, callConsole, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, IntentButton, PageTitle, secondaryButtonClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.suppliers";

type SupplierStatusView = api.SupplierStatusView;

const Intent = z.object({ intent: z.enum(["sync", "webhook"]).default("sync") });
const Webhook = z.object({ supplier: api.SupplierParam.shape.name });

// Suppliers (issue 28, ADR 0311): each configured supplier's balance, webhook state and last catalogue sync, with
// "Sync now" and "Register webhooks". The page reads and sends through the supplier contracts (issue 33 item 1,
// ADR 0407).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "suppliers.read");
  const status = await readConsole(args, api.listSuppliers, {});
  return { ...status, canManage: operator.permissions.includes("suppliers.manage") };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  if (chosen.value.intent === "webhook") {
    const asked = parseWithZod(form, { schema: Webhook });
    if (asked.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
    const name = asked.value.supplier;
    const answer = await callConsole(args, api.registerSupplierWebhook, { params: { name } });
    return { kind: "webhook" as const, webhook: answerResult("webhook", answer), supplier: name };
  }
  return {
    kind: "sync" as const,
    sync: answerResult("sync", await callConsole(args, api.requestSupplierSync, {})),
  };
}

const nameKey = (name: string) => `console.suppliers.name.${name}` as ConsoleMessageKey;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-800">{label}</dt>
      <dd className="mb-2 break-words">{children}</dd>
    </>
  );
}

function SupplierCard({ status, canManage }: { status: SupplierStatusView; canManage: boolean }) {
  const t = useConsoleT();
  const when = (iso: string) => formatWhen(iso, t.language);
  const name = t(nameKey(status.supplier));
  const { lastBalance, balanceCheck, webhook, sync } = status;
  const headingId = `supplier-${status.supplier}`;
  return (
    <section
      aria-labelledby={headingId}
      data-supplier={status.supplier}
      className="rounded border border-slate-300 bg-white p-4"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {name}
        {status.isDefault && (
          <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-900">
            {t("console.suppliers.default")}
          </span>
        )}
      </h2>
      <dl className="text-sm">
        <Row label={t("console.suppliers.balance")}>
          {!status.balance ? (
            t("console.suppliers.notOffered")
          ) : (
            <>
              <span data-testid="supplier-balance">
                {lastBalance
                  ? formatMoney(lastBalance.amountMinor, lastBalance.currency, t.language)
                  : t("console.suppliers.balanceUnread")}
              </span>
              {lastBalance?.low && (
                <span className="ml-2 font-semibold text-red-800">
                  {t("console.suppliers.balanceLow", {
                    threshold: formatMoney(lastBalance.thresholdMinor, lastBalance.currency, t.language),
                  })}
                </span>
              )}
              {lastBalance && (
                <span className="block text-slate-700">
                  {t("console.suppliers.checkedAt", { when: when(lastBalance.checkedAt) })}
                </span>
              )}
              {balanceCheck?.error && (
                <span className="block text-red-800">
                  {t("console.suppliers.balanceError", { error: balanceCheck.error })}
                </span>
              )}
            </>
          )}
        </Row>
        <Row label={t("console.suppliers.webhooks")}>
          {!status.webhooks ? (
            t("console.suppliers.notOffered")
          ) : (
            <span data-testid="supplier-webhook">
              {webhook.registeredAt
                ? t("console.suppliers.registeredAt", { when: when(webhook.registeredAt) })
                : t("console.suppliers.notRegistered")}
              {webhook.error && webhook.attemptedAt && (
                <span className="block text-red-800">
                  {t("console.suppliers.registerError", {
                    when: when(webhook.attemptedAt),
                    error: webhook.error,
                  })}
                </span>
              )}
            </span>
          )}
        </Row>
        {status.webhooks && (
          <Row
            label={
              webhook.registeredUrl ? t("console.suppliers.registeredUrl") : t("console.suppliers.storeUrl")
            }
          >
            <code className="text-xs">{webhook.registeredUrl ?? webhook.url}</code>
          </Row>
        )}
        <Row label={t("console.suppliers.lastReceived")}>
          <span data-testid="supplier-received">
            {webhook.lastReceivedAt ? when(webhook.lastReceivedAt) : t("console.suppliers.never")}
          </span>
        </Row>
        <Row label={t("console.suppliers.sync")}>
          {!status.catalogue ? (
            t("console.suppliers.notOffered")
          ) : (
            <span data-testid="supplier-sync">
              {sync.outcome === null
                ? t("console.suppliers.syncNever")
                : t(`console.suppliers.outcome.${sync.outcome}`, {
                    when: when(
                      (sync.outcome === "RUNNING" ? sync.startedAt : sync.finishedAt) ?? sync.startedAt ?? "",
                    ),
                  })}
              {sync.counts && (
                <span className="block">{t("console.suppliers.counts", { ...sync.counts })}</span>
              )}
            </span>
          )}
        </Row>
        {sync.errors.length > 0 && (
          <Row label={t("console.suppliers.errors")}>
            <ul className="list-disc pl-5 text-red-800" data-testid="supplier-sync-errors">
              {sync.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Row>
        )}
      </dl>
      {canManage && status.webhooks && (
        <div className="mt-2">
          <Form method="post">
            <input type="hidden" name="intent" value="webhook" />
            <input type="hidden" name="supplier" value={status.supplier} />
            <button
              type="submit"
              className={secondaryButtonClass}
              aria-label={t("console.suppliers.registerFor", { name })}
            >
              {t("console.suppliers.register")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}

function Outcome({ answer }: { answer: Awaited<ReturnType<typeof action>> | undefined }) {
  const t = useConsoleT();
  if (!answer) return null;
  if (answer.kind === "sync") {
    const result = answer.sync;
    if (!result.ok) return <ActionNote result={result} />;
    return (
      <ActionNote
        result={result}
        success={result.value.queued ? t("console.suppliers.syncQueued") : t("console.suppliers.syncWaiting")}
      />
    );
  }
  const result = answer.webhook;
  if (!result.ok) return <ActionNote result={result} />;
  const { registered, error } = result.value;
  const name = t(nameKey(answer.supplier));
  if (registered) return <ActionNote result={result} success={t("console.suppliers.registered", { name })} />;
  return (
    <ActionNote
      result={{
        ok: false,
        intent: "webhook",
        message: t("console.suppliers.registerFailed", { name, error: error ?? "" }),
      }}
    />
  );
}

export default function ConsoleSuppliers({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const answer = useActionData<typeof action>();
  const { suppliers, syncPending, canManage } = loaderData;
  return (
    <>
      <title>{`${t("console.suppliers.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.suppliers.title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-800">{t("console.suppliers.help")}</p>
      <Outcome answer={answer} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        {canManage && suppliers.some((s) => s.catalogue) && (
          <IntentButton intent="sync" label={t("console.suppliers.syncNow")} />
        )}
        {syncPending && (
          <p className="text-sm" data-testid="sync-pending">
            {t("console.suppliers.syncPending")}
          </p>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {suppliers.map((status) => (
          <SupplierCard key={status.supplier} status={status} canManage={canManage} />
        ))}
      </div>
    </>
  );
}
