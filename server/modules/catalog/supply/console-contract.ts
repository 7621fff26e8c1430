import { z } from "zod";
import { SUPPLIER_NAMES } from "../../../../core/esim-supplier.ts";
import { consoleContract } from "../../admin/contract.ts";

// The console's Suppliers endpoints as contracts (issue 33 item 1, ADR 0407; issue 28, ADR 0311): each configured
// supplier's balance, webhook state and last catalogue sync; a sync now, and registering the store's webhook URL at
// a supplier.

const SupplierName = z.enum(SUPPLIER_NAMES);
const at = z.string().nullable();

/** One supplier's operational record as the Suppliers page reads it (times as ISO instants). */
export const SupplierStatusView = z.object({
  supplier: SupplierName,
  isDefault: z.boolean(),
  catalogue: z.boolean(),
  balance: z.boolean(),
  webhooks: z.boolean(),
  lastBalance: z
    .object({
      supplier: z.string(),
      amountMinor: z.number(),
      currency: z.string(),
      thresholdMinor: z.number(),
      low: z.boolean(),
      checkedAt: z.string(),
    })
    .nullable(),
  balanceCheck: z.object({ checkedAt: z.string(), error: z.string().nullable() }).nullable(),
  webhook: z.object({
    url: z.string(),
    registeredUrl: at,
    registeredAt: at,
    attemptedAt: at,
    error: at,
    lastReceivedAt: at,
  }),
  sync: z.object({
    requestedAt: at,
    startedAt: at,
    finishedAt: at,
    outcome: z.enum(["RUNNING", "OK", "FAILED"]).nullable(),
    counts: z
      .object({ created: z.number(), updated: z.number(), unpublished: z.number(), skipped: z.number() })
      .nullable(),
    errors: z.array(z.string()),
  }),
});
export type SupplierStatusView = z.infer<typeof SupplierStatusView>;

export const listSuppliers = consoleContract({
  method: "GET",
  path: "/suppliers",
  permission: "suppliers.read",
  response: z.object({ suppliers: z.array(SupplierStatusView), syncPending: z.boolean() }),
});

/** A catalogue sync now (queued: false, one was already waiting). */
export const requestSupplierSync = consoleContract({
  method: "POST",
  path: "/suppliers/sync",
  permission: "suppliers.manage",
  response: z.object({ queued: z.boolean() }),
});

export const SupplierParam = z.object({ name: SupplierName });

export const registerSupplierWebhook = consoleContract({
  method: "POST",
  path: "/suppliers/:name/webhook",
  permission: "suppliers.manage",
  params: SupplierParam,
  response: z.object({ url: z.string(), registered: z.boolean(), error: z.string().nullable() }),
});
