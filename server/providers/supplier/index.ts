import type { Database } from "../../../db/client.ts";
import type { Env } from "../../env.ts";
import { measuredCalls } from "../../telemetry/calls.ts";
import { createAiraloSupplier } from "./airalo.ts";
import { createEsimAccessSupplier } from "./esimaccess.ts";
import { createDbRateWindows } from "./rate-limit.ts";
import { createSandboxSupplier, type SandboxSupplier } from "./sandbox.ts";
import type { EsimSupplier, SupplierName } from "./types.ts";

/**
 * Picks the eSIM suppliers (architecture: outside parties; ADRs 0132, 0195). The default supplier is
 * SUPPLIER_PROVIDER, or the sandbox outside production; production has none unless one is named, and paid
 * orders then wait in FULFILLING instead of being refunded. Every supplier whose credentials are set is
 * configured too, so a plan can name it first or as its failover (ADR 0196).
 */
export function createSupplier(
  env: Env,
  db: Database,
): {
  supplier: EsimSupplier | null;
  suppliers: Partial<Record<SupplierName, EsimSupplier>>;
  sandbox: SandboxSupplier | null;
} {
  const test = env.NODE_ENV === "test";
  const chosen = env.SUPPLIER_PROVIDER ?? (env.NODE_ENV === "production" ? null : "sandbox");
  const suppliers: Partial<Record<SupplierName, EsimSupplier>> = {};
  // Each supplier's documented limits hold across every web and worker instance together (ADR 0334).
  const rateWindows = createDbRateWindows(db);
  let sandbox: SandboxSupplier | null = null;
  if (chosen === "sandbox") {
    sandbox = createSandboxSupplier({
      db,
      smdpAddress: env.SUPPLIER_SANDBOX_SMDP,
      delayMs: env.SUPPLIER_SANDBOX_DELAY_MS ?? (test ? 0 : 3000),
      failureRate: env.SUPPLIER_SANDBOX_FAILURE_RATE,
      confirmationCodes: env.SUPPLIER_SANDBOX_CONFIRMATION_CODES,
      activateAfterMs: env.SUPPLIER_SANDBOX_ACTIVATE_AFTER_MS ?? (test ? 0 : 15 * 60_000),
      usageMbPerHour: env.SUPPLIER_SANDBOX_USAGE_MB_PER_HOUR,
      apnName: "roamly",
    });
    suppliers.sandbox = sandbox.supplier;
  }
  if (env.ESIMACCESS_BASE_URL && env.ESIMACCESS_ACCESS_CODE && env.ESIMACCESS_SECRET)
    suppliers.esimaccess = createEsimAccessSupplier({
      baseUrl: env.ESIMACCESS_BASE_URL,
      accessCode: env.ESIMACCESS_ACCESS_CODE,
      secret: env.ESIMACCESS_SECRET,
      rateWindows,
    });
  if (env.AIRALO_BASE_URL && env.AIRALO_CLIENT_ID && env.AIRALO_CLIENT_SECRET)
    suppliers.airalo = createAiraloSupplier({
      baseUrl: env.AIRALO_BASE_URL,
      clientId: env.AIRALO_CLIENT_ID,
      clientSecret: env.AIRALO_CLIENT_SECRET,
      rateWindows,
    });
  // Every call to a supplier is measured and traced (ADR 0331).
  for (const [name, adapter] of Object.entries(suppliers))
    suppliers[name as SupplierName] = measuredCalls("supplier", name, adapter);
  return { supplier: chosen ? (suppliers[chosen] ?? null) : null, suppliers, sandbox };
}
