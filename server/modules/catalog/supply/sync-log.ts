import type { Database } from "../../../../db/client.ts";
import { type SupplierSyncCounts, supplierStatus } from "../../../../db/schema/index.ts";
import type { JobRunner } from "../../../jobs/runner.ts";
import { type EsimSupplier, SupplierError, type SupplierName } from "../../../providers/supplier/types.ts";
import { CATALOGUE_SYNC_JOB, type CatalogueSyncResult } from "./service.ts";

const tx$ = (tx: unknown) => tx as Database;
type Row = typeof supplierStatus.$inferSelect;

/** Where the store takes each supplier's webhooks (server/modules/esim/routes.ts). */
export function supplierWebhookPath(name: SupplierName): string {
  return `/o2esim/v1/supplier/${name}/webhook`;
}

/** An error as the console shows it: the supplier's code when it gave one, and the message. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const text =
    error instanceof SupplierError && !message.includes(error.code) ? `${error.code}: ${message}` : message;
  return text.slice(0, 500);
}

/** The last balance reading (supplier_balance), as supplierBalances.latest() gives it. */
export interface BalanceReading {
  supplier: string;
  amountMinor: number;
  currency: string;
  thresholdMinor: number;
  low: boolean;
  checkedAt: string;
}

export interface SupplierStatusView {
  supplier: SupplierName;
  /** The default supplier: it fulfils plans that name none. */
  isDefault: boolean;
  /** What the supplier offers: a catalogue to sync, a balance to read, webhooks to register. */
  catalogue: boolean;
  balance: boolean;
  webhooks: boolean;
  lastBalance: BalanceReading | null;
  /** The last balance check's time and error (null: it read the balance). */
  balanceCheck: { checkedAt: string; error: string | null } | null;
  webhook: {
    /** The URL the store would register now. */
    url: string;
    registeredUrl: string | null;
    registeredAt: string | null;
    attemptedAt: string | null;
    error: string | null;
    lastReceivedAt: string | null;
  };
  sync: {
    requestedAt: string | null;
    startedAt: string | null;
    finishedAt: string | null;
    outcome: "RUNNING" | "OK" | "FAILED" | null;
    counts: SupplierSyncCounts | null;
    errors: string[];
  };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Each supplier's operational record for the console's Suppliers page (issue 28, ADR 0311): the catalogue-sync
 * and balance-check jobs record each run here, the webhook routes the time a webhook arrived, and operators ask
 * for a sync now or register the store's webhook URL at the supplier.
 */
export function createSupplierStatus(deps: {
  db: Database;
  jobs: JobRunner;
  suppliers: Partial<Record<SupplierName, EsimSupplier>>;
  defaultSupplier: SupplierName | null;
  /** The store's public origin: the webhook URLs registered at the suppliers start with it. */
  publicOrigin: string;
  /** The last balance readings (supplierBalances.latest). */
  balances: () => Promise<BalanceReading[]>;
  clock?: () => Date;
}) {
  const { db, jobs, suppliers } = deps;
  const clock = deps.clock ?? (() => new Date());
  const configured = () => Object.keys(suppliers) as SupplierName[];
  const catalogueSuppliers = () => configured().filter((name) => suppliers[name]?.catalogue);

  async function save(name: SupplierName, set: Partial<Omit<Row, "supplier">>, executor: Database = db) {
    await executor
      .insert(supplierStatus)
      .values({ supplier: name, ...set })
      .onConflictDoUpdate({ target: supplierStatus.supplier, set });
  }

  async function rows(executor: Database = db) {
    return new Map((await executor.select().from(supplierStatus)).map((row) => [row.supplier, row]));
  }

  /** A sync request waits while some catalogue supplier has not started a sync since it was asked for. */
  function pending(all: Map<string, Row>) {
    return catalogueSuppliers().some((name) => {
      const row = all.get(name);
      return !!row?.syncRequestedAt && (!row.syncStartedAt || row.syncRequestedAt > row.syncStartedAt);
    });
  }

  function webhookUrl(name: SupplierName) {
    return `${deps.publicOrigin}${supplierWebhookPath(name)}`;
  }

  return {
    webhookUrl,

    /** Runs one supplier's catalogue sync and records it: started, then finished with its counts or its error. */
    async recordSync(
      name: SupplierName,
      run: () => Promise<CatalogueSyncResult>,
    ): Promise<CatalogueSyncResult> {
      await save(name, { syncStartedAt: clock(), syncFinishedAt: null, syncOutcome: "RUNNING" });
      try {
        const result = await run();
        await save(name, {
          syncFinishedAt: clock(),
          syncOutcome: "OK",
          syncCounts: {
            created: result.created.length,
            updated: result.updated.length,
            unpublished: result.unpublished.length,
            skipped: result.skipped.length,
          },
          syncErrors: [],
        });
        return result;
      } catch (error) {
        await save(name, {
          syncFinishedAt: clock(),
          syncOutcome: "FAILED",
          syncCounts: null,
          syncErrors: [errorText(error)],
        });
        throw error;
      }
    },

    /** Runs one supplier's balance check and records when it ran and its error, if any. */
    async recordBalance<T>(name: SupplierName, run: () => Promise<T>): Promise<T> {
      try {
        const result = await run();
        if (suppliers[name]?.balance) await save(name, { balanceCheckedAt: clock(), balanceError: null });
        return result;
      } catch (error) {
        await save(name, { balanceCheckedAt: clock(), balanceError: errorText(error) });
        throw error;
      }
    },

    /** A webhook from the supplier was taken (for Airalo: its signature held). */
    async webhookReceived(name: SupplierName) {
      if (!suppliers[name]) return;
      await save(name, { webhookReceivedAt: clock() });
    },

    /** Every configured supplier's status, the default first. */
    async list(): Promise<{ suppliers: SupplierStatusView[]; syncPending: boolean }> {
      const [all, readings] = await Promise.all([rows(), deps.balances()]);
      const names = configured().sort(
        (a, b) =>
          Number(b === deps.defaultSupplier) - Number(a === deps.defaultSupplier) || a.localeCompare(b),
      );
      return {
        syncPending: pending(all),
        suppliers: names.map((name) => {
          const supplier = suppliers[name];
          const row = all.get(name);
          return {
            supplier: name,
            isDefault: name === deps.defaultSupplier,
            catalogue: !!supplier?.catalogue,
            balance: !!supplier?.balance,
            webhooks: !!supplier?.registerWebhook,
            lastBalance: readings.find((r) => r.supplier === name) ?? null,
            balanceCheck: row?.balanceCheckedAt
              ? { checkedAt: row.balanceCheckedAt.toISOString(), error: row.balanceError }
              : null,
            webhook: {
              url: webhookUrl(name),
              registeredUrl: row?.webhookUrl ?? null,
              registeredAt: iso(row?.webhookRegisteredAt),
              attemptedAt: iso(row?.webhookAttemptedAt),
              error: row?.webhookError ?? null,
              lastReceivedAt: iso(row?.webhookReceivedAt),
            },
            sync: {
              requestedAt: iso(row?.syncRequestedAt),
              startedAt: iso(row?.syncStartedAt),
              finishedAt: iso(row?.syncFinishedAt),
              outcome: row?.syncOutcome ?? null,
              counts: row?.syncCounts ?? null,
              errors: row?.syncErrors ?? [],
            },
          };
        }),
      };
    },

    /**
     * An operator asks for a catalogue sync now: one durable catalogue-sync job. While a request waits (no sync
     * has started since), asking again changes nothing: the same job is still coming. Null when no configured
     * supplier keeps a catalogue. `audit` records the request in the same transaction.
     */
    async requestSync(audit: (tx: Database, queued: boolean) => Promise<void>) {
      const names = catalogueSuppliers();
      if (names.length === 0) return null;
      const now = clock();
      return db.transaction(async (raw) => {
        const tx = tx$(raw);
        const all = await rows(tx);
        if (pending(all)) {
          await audit(tx, false);
          return { queued: false };
        }
        // The key is the latest sync start: two requests racing before any sync starts give the same key, and
        // the runner keeps one row.
        const generation = Math.max(0, ...names.map((name) => all.get(name)?.syncStartedAt?.getTime() ?? 0));
        await jobs.enqueue(
          CATALOGUE_SYNC_JOB,
          {},
          { dedupeKey: `catalogue-sync:now:${generation}`, executor: tx },
        );
        for (const name of names) await save(name, { syncRequestedAt: now }, tx);
        await audit(tx, true);
        return { queued: true };
      });
    },

    /**
     * Registers the store's webhook URL at the supplier (never inside a transaction: it is a network call), then
     * records the outcome, with `audit` in the same transaction. Null when the supplier is not configured;
     * "unsupported" when it has no webhooks to register.
     */
    async registerWebhook(
      name: SupplierName,
      audit: (
        tx: Database,
        outcome: { url: string; registered: boolean; error: string | null },
      ) => Promise<void>,
    ) {
      const supplier = suppliers[name];
      if (!supplier) return null;
      if (!supplier.registerWebhook) return "unsupported" as const;
      const url = webhookUrl(name);
      let error: string | null = null;
      try {
        await supplier.registerWebhook(url);
      } catch (failure) {
        error = errorText(failure);
      }
      const now = clock();
      const outcome = { url, registered: error === null, error };
      await db.transaction(async (raw) => {
        const tx = tx$(raw);
        await save(
          name,
          error === null
            ? { webhookUrl: url, webhookRegisteredAt: now, webhookAttemptedAt: now, webhookError: null }
            : { webhookAttemptedAt: now, webhookError: error },
          tx,
        );
        await audit(tx, outcome);
      });
      return outcome;
    },
  };
}

export type SupplierStatusService = ReturnType<typeof createSupplierStatus>;
