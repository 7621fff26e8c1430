import type { Database } from "../../../db/client.ts";
import type { Env } from "../../env.ts";
import { createSandboxSupplier, type SandboxSupplier } from "./sandbox.ts";
import type { EsimSupplier } from "./types.ts";

/**
 * Picks the eSIM supplier (architecture: outside parties; ADR 0132): the sandbox outside production. No real
 * adapter exists yet, so production has no supplier unless SUPPLIER_PROVIDER=sandbox is set explicitly; paid
 * orders then wait in FULFILLING instead of being refunded.
 */
export function createSupplier(
  env: Env,
  db: Database,
): { supplier: EsimSupplier | null; sandbox: SandboxSupplier | null } {
  const test = env.NODE_ENV === "test";
  const chosen = env.SUPPLIER_PROVIDER ?? (env.NODE_ENV === "production" ? null : "sandbox");
  if (chosen !== "sandbox") return { supplier: null, sandbox: null };
  const sandbox = createSandboxSupplier({
    db,
    smdpAddress: env.SUPPLIER_SANDBOX_SMDP,
    delayMs: env.SUPPLIER_SANDBOX_DELAY_MS ?? (test ? 0 : 3000),
    failureRate: env.SUPPLIER_SANDBOX_FAILURE_RATE,
    confirmationCodes: env.SUPPLIER_SANDBOX_CONFIRMATION_CODES,
    activateAfterMs: env.SUPPLIER_SANDBOX_ACTIVATE_AFTER_MS ?? (test ? 0 : 15 * 60_000),
    usageMbPerHour: env.SUPPLIER_SANDBOX_USAGE_MB_PER_HOUR,
    apnName: "roamly",
  });
  return { supplier: sandbox.supplier, sandbox };
}
