import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.ts";
import { planPrices, plans } from "../db/schema/index.ts";

// `npm start` with SUPPLIER_PROVIDER=esimaccess and ESIMACCESS_BASE_URL=standin (ADR 0195): the eSIM Access
// stand-in runs as its own process next to the store, with a catalogue holding a package for every plan on sale,
// so the store's own plans can be bought end to end. Only the word `standin` starts it: a real deployment that
// forgets its URL is refused at start (the credential check), never given a pretend supplier.

const MB = 1_048_576;

export interface ChosenStandin {
  afterStart(app: { database: DatabaseHandle }): Promise<void>;
  stop(): void;
}

export async function startChosenStandin(env = process.env): Promise<ChosenStandin | null> {
  if (env.SUPPLIER_PROVIDER !== "esimaccess" || env.ESIMACCESS_BASE_URL !== "standin") return null;
  env.ESIMACCESS_ACCESS_CODE ||= `standin-${randomBytes(6).toString("hex")}`;
  env.ESIMACCESS_SECRET ||= randomBytes(24).toString("hex");
  const port = env.PORT ?? "3000";
  const main = fileURLToPath(new URL("../server/standins/esimaccess/main.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...env,
      STANDIN_PORT: env.STANDIN_PORT ?? "0",
      STANDIN_WEBHOOK_URL: `http://127.0.0.1:${port}/o2esim/v1/supplier/esimaccess/webhook`,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the eSIM Access stand-in exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^listening (\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  env.ESIMACCESS_BASE_URL = url;
  console.log(`  eSIM Access stand-in: ${url}`);
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.once("exit", stop);
  return {
    stop,
    async afterStart({ database }) {
      // One package per plan on sale, at about 60 % of its US-dollar price (USD × 10,000), like a wholesaler's.
      const rows = await database.db
        .select({
          code: plans.platformProductCode,
          destination: plans.destinationCode,
          dataMb: plans.dataMb,
          days: plans.validityDays,
          usd: planPrices.unitPrice,
        })
        .from(plans)
        .innerJoin(
          planPrices,
          and(
            eq(planPrices.platformProductCode, plans.platformProductCode),
            eq(planPrices.currencyCode, "USD"),
          ),
        )
        .where(eq(plans.status, "ON_SHELF"));
      const packages = rows.flatMap((row) => {
        const base = {
          slug: row.code,
          name: row.code,
          price: Math.round(row.usd * 60),
          currencyCode: "USD",
          volume: (row.dataMb ?? 1_048_576) * MB,
          unusedValidTime: 180,
          duration: row.days,
          durationUnit: "DAY",
          location: row.destination,
          description: row.code,
          activeType: 1,
          favorite: false,
          retailPrice: 0,
          speed: "4G/5G",
          supportTopUpType: 2,
          locationNetworkList: [],
          stock: null,
        };
        return [
          { ...base, packageCode: row.code, type: "BASE" },
          { ...base, packageCode: `TOPUP_${row.code}`, slug: `${row.code}_TOPUP`, type: "TOPUP" },
        ];
      });
      const response = await fetch(`${url}/__standin/packages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ packages }),
      });
      if (!response.ok) throw new Error(`the stand-in refused its catalogue: HTTP ${response.status}`);
    },
  };
}
