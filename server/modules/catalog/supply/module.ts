import type { Database } from "../../../../db/client.ts";
import type { SharedCache } from "../../../infra/cache.ts";
import type { JobRunner } from "../../../jobs/runner.ts";
import { defineModule } from "../../../module.ts";
import type { MessageSender } from "../../../providers/messages/outbox.ts";
import type { EsimSupplier, SupplierName } from "../../../providers/supplier/types.ts";
import { createCatalogInvalidation } from "../cache-invalidation.ts";
import { createSupplierBalances, SUPPLIER_BALANCE_JOB } from "./balance.ts";
import { CATALOGUE_SYNC_JOB, createCatalogueSync } from "./service.ts";
import { createSupplierStatus } from "./sync-log.ts";

export interface SupplyModuleDeps {
  db: Database;
  /** A synced, paused or resumed plan reaches the store at once, on every instance (ADRs 0176, 0282). */
  cache: SharedCache;
  jobs: JobRunner;
  /** The low-balance alert to operators. */
  outbox: MessageSender;
  /** The configured suppliers (server/providers/supplier). */
  suppliers: Partial<Record<SupplierName, EsimSupplier>>;
  /** The default supplier: it fulfils plans that name none. */
  defaultSupplier: SupplierName | null;
  /** The store's public origin: the webhook URLs registered at the suppliers start with it. */
  publicOrigin: string;
  /** Each supplier's low-balance threshold, in its balance's minor units (ADR 0198). */
  thresholds: Partial<Record<SupplierName, number>>;
  alertEmail?: string;
}

/**
 * The catalogue's supply side: the catalogue sync (ADR 0197), supplier balances (ADR 0198) and each supplier's
 * status for the console (issue 28, ADR 0311), with what a committed catalogue change clears (ADR 0282). Its jobs
 * register here; `schedule` starts their polling when some supplier has a catalogue (ADR 0416).
 */
export function createSupplyModule(deps: SupplyModuleDeps) {
  const { db, jobs, suppliers, defaultSupplier } = deps;
  const catalogChanges = createCatalogInvalidation(db, deps.cache);
  const onCatalogueChanged = (planCodes?: string[]) =>
    planCodes ? catalogChanges.plansChanged(planCodes) : catalogChanges.everything();
  const supplierStatus = createSupplierStatus({
    db,
    jobs,
    suppliers,
    defaultSupplier,
    publicOrigin: deps.publicOrigin,
    balances: () => supplierBalances.latest(),
  });
  const catalogueSync = createCatalogueSync({
    db,
    jobs,
    suppliers,
    onCatalogueChanged,
    log: supplierStatus,
    defaultSupplier,
  });
  catalogueSync.registerJobs(jobs);
  // Low balance alerts operators and pauses the plans only that supplier fulfils.
  const supplierBalances = createSupplierBalances({
    db,
    jobs,
    outbox: deps.outbox,
    suppliers,
    defaultSupplier,
    thresholds: deps.thresholds,
    alertEmail: deps.alertEmail,
    onCatalogueChanged,
    log: supplierStatus,
  });
  supplierBalances.registerJobs(jobs);
  return {
    /** What a committed catalogue change clears: its plans and destinations, or everything (ADR 0282). */
    catalogChanges,
    catalogueSync,
    supplierBalances,
    supplierStatus,
    /** Polls the catalogues hourly and the balances every 15 minutes, when some supplier has a catalogue. */
    async schedule() {
      if (!Object.values(suppliers).some((s) => s?.catalogue)) return;
      await Promise.all([catalogueSync.schedule(), supplierBalances.schedule()]);
    },
  };
}

export type SupplyModule = ReturnType<typeof createSupplyModule>;

/** Its console endpoints (the Suppliers page) register with the console's, in admin/register.ts. */
export const supplyModule = defineModule<Record<string, never>>({
  name: "catalog/supply",
  jobKinds: [CATALOGUE_SYNC_JOB.kind, SUPPLIER_BALANCE_JOB.kind],
});
