/**
 * PAYMENT_SANDBOX_CHAOS (ADRs 0104, 0167): how often the sandbox duplicates a webhook and reverses a payment's
 * webhooks. A comma-separated list of `duplicate` and `out-of-order`, each alone (always) or with a rate
 * (`duplicate=0.2`: one event in five is sent twice); `none` turns both off. Unset, development gets
 * DEVELOPMENT_CHAOS so the store's handling of both is exercised every day; tests and production get none.
 */
export interface ChaosRates {
  duplicate: number;
  outOfOrder: number;
}

export const DEVELOPMENT_CHAOS: ChaosRates = { duplicate: 0.2, outOfOrder: 0.2 };

const NAMES = { duplicate: "duplicate", "out-of-order": "outOfOrder" } as const;

export function parseSandboxChaos(value: string, nodeEnv: "development" | "production" | "test"): ChaosRates {
  const trimmed = value.trim();
  if (trimmed === "")
    return nodeEnv === "development" ? { ...DEVELOPMENT_CHAOS } : { duplicate: 0, outOfOrder: 0 };
  const rates: ChaosRates = { duplicate: 0, outOfOrder: 0 };
  if (trimmed === "none") return rates;
  for (const part of trimmed.split(",")) {
    const match = /^\s*(duplicate|out-of-order)\s*(?:=\s*(0(?:\.\d+)?|1(?:\.0+)?))?\s*$/.exec(part);
    if (!match)
      throw new Error(
        `PAYMENT_SANDBOX_CHAOS: "${part.trim()}" is not duplicate or out-of-order, alone or with =rate (0 to 1), or none`,
      );
    rates[NAMES[match[1] as keyof typeof NAMES]] = match[2] === undefined ? 1 : Number(match[2]);
  }
  return rates;
}
