import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { currencies } from "../../../db/schema/index.ts";

// FX rates in the console (issue 16; ADR 0231): units of each currency per 1 HKD (the base, ADR 0149).

export function createConsoleRates() {
  const all = (db: Database) =>
    db
      .select({ code: currencies.code, rateFromBase: currencies.rateFromBase, enabled: currencies.enabled })
      .from(currencies)
      .orderBy(asc(currencies.sortOrder));
  return {
    list: all,
    /** Each currency's decimals, for amounts an operator types in major units. */
    async minorDigits(db: Database) {
      const rows = await db
        .select({ code: currencies.code, minorDigits: currencies.minorDigits })
        .from(currencies);
      return new Map(rows.map((r) => [r.code, r.minorDigits]));
    },
    /** Writes the rates given (the base stays 1); returns the table before and after. Unknown codes: null. */
    async setRates(tx: Database, rates: Record<string, string>) {
      const before = await all(tx);
      const known = new Set(before.map((c) => c.code));
      if (Object.keys(rates).some((code) => !known.has(code))) return null;
      for (const [code, rateFromBase] of Object.entries(rates))
        await tx.update(currencies).set({ rateFromBase }).where(eq(currencies.code, code));
      return { before, after: await all(tx) };
    },
  };
}
export type ConsoleRates = ReturnType<typeof createConsoleRates>;
