import { Form, useActionData } from "react-router";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import type { SupplierStatusView } from "../../server/modules/catalog/supply/sync-log.ts";
import {
  type ActionResult,
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatMoney, formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, IntentButton, PageTitle, secondaryButtonClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.suppliers";

interface Statuses {
  suppliers: SupplierStatusView[];
  syncPending: boolean;
}

// Suppliers (issue 28, ADR 0311): each configured supplier's balance, webhook state and last catalogue sync, with
// "Sync now" and "Register webhooks".
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "suppliers.read");
  const status = await readConsole<Statuses>(args, "/o2adm/v1/suppliers");
  return { ...status, canManage: operator.permissions.includes("suppliers.manage") };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = field(form, "intent");
  if (intent === "webhook") {
    const name = field(form, "supplier");
    const path = `/o2adm/v1/suppliers/${encodeURIComponent(name)}/webhook`;
    const result = actionResult<{ registered: boolean; error: string | null }>(
      "webhook",
      await callConsole(args, { method: "POST", path }),
    );
    return { ...result, supplier: name };
  }
  const result = actionResult<{ queued: boolean }>(
    "sync",
    await callConsole(args, { method: "POST", path: "/o2adm/v1/suppliers/sync" }),
  );
  return { ...result, supplier: "" };
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

function Outcome({ result }: { result: (ActionResult & { supplier: string }) | undefined }) {
  const t = useConsoleT();
  if (!result) return null;
  if (!result.ok) return <ActionNote result={result} />;
  if (result.intent === "sync") {
    const { queued } = result.value as { queued: boolean };
    return (
      <ActionNote
        result={result}
        success={queued ? t("console.suppliers.syncQueued") : t("console.suppliers.syncWaiting")}
      />
    );
  }
  const { registered, error } = result.value as { registered: boolean; error: string | null };
  const name = t(nameKey(result.supplier));
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
  const result = useActionData<typeof action>();
  const { suppliers, syncPending, canManage } = loaderData;
  return (
    <>
      <title>{`${t("console.suppliers.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.suppliers.title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-800">{t("console.suppliers.help")}</p>
      <Outcome result={result} />
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
