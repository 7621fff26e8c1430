import { beforeAll, describe, expect, it } from "vitest";
import { planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createAiraloSupplier } from "../../providers/supplier/airalo.ts";
import {
  issuedTo,
  orderRow,
  PLAN,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { ESIM_USAGE_SYNC_JOB, USAGE_READ_MIN_MS } from "./service.ts";

// Issue 28, defect 10 (ADR 0309): the usage sweep reads each eSIM in its own job, so one eSIM whose read fails is
// retried alone, and each eSIM is read at most once per sweep and never sooner than its supplier allows.

const CREDENTIALS = { AIRALO_CLIENT_ID: "sweep-client", AIRALO_CLIENT_SECRET: "sweep-secret" };
const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  SUPPLIER_PROVIDER: "airalo",
  AIRALO_BASE_URL: standin.url,
}));
const MINUTE = 60_000;

const iccids: string[] = [];

beforeAll(async () => {
  await pricePlan(app);
  const catalogue = await createAiraloSupplier({
    baseUrl: standin.url,
    clientId: CREDENTIALS.AIRALO_CLIENT_ID,
    clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
  }).catalogue();
  const pkg =
    catalogue.find((p) => p.packageCode === "moshi-moshi-30days-3gb") ??
    catalogue.find((p) => p.countries.includes("JP"))!;
  await app.database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "airalo", packageCode: pkg.packageCode, rank: 0 });
  for (let n = 0; n < 3; n += 1) {
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    iccids.push((await issuedTo(app, who))[0]!.iccid);
  }
});

async function usageCalls(): Promise<Record<string, number>> {
  return (await standin.control<{ usageCalls: Record<string, number> }>("state")).usageCalls;
}

describe("the usage sweep", () => {
  it("one eSIM's failed read is retried alone; the others are read once per sweep, within Airalo's limit", async () => {
    const before = await usageCalls();
    const delta = (now: Record<string, number>) =>
      iccids.map((iccid) => (now[iccid] ?? 0) - (before[iccid] ?? 0));
    // Far ahead, so every eSIM is due whatever ran while they were bought.
    const start = Date.now() + 86_400_000;
    // The first usage read of the sweep fails (Airalo 53: retryable).
    await standin.control("fail-next", { route: "GET /v2/sims/{iccid}/usage", code: 53 });
    await app.services.jobs.enqueue(ESIM_USAGE_SYNC_JOB, {}, { dedupeKey: `sweep-test:${start}` });
    await app.services.jobs.drain(new Date(start));
    // Each eSIM was asked once; the refused call (answered before it took effect) is not in the stand-in's count.
    const first = delta(await usageCalls());
    expect(first.filter((n) => n === 1)).toHaveLength(2);
    const failing = first.indexOf(0);
    expect(failing).toBeGreaterThanOrEqual(0);
    const read = await Promise.all(iccids.map((iccid) => app.services.esim.summaryByIccid(iccid, "en_US")));
    expect(read.map((esim) => esim!.usageUpdatedAt === null)).toEqual(iccids.map((_, n) => n === failing));

    // Before Airalo's interval is over, neither a retry nor the next sweep reads anything.
    await app.services.jobs.drain(new Date(start + 10 * MINUTE));
    expect(delta(await usageCalls())).toEqual(first);

    // After it: the failed eSIM's retry and the next sweep read each eSIM once more: once per sweep, never
    // the whole sweep again for one failure.
    const later = start + USAGE_READ_MIN_MS.airalo! + MINUTE;
    await app.services.jobs.enqueue(ESIM_USAGE_SYNC_JOB, {}, { dedupeKey: `sweep-test:${later}` });
    await app.services.jobs.drain(new Date(later));
    expect(delta(await usageCalls())).toEqual(iccids.map((_, n) => (n === failing ? 1 : 2)));
    for (const iccid of iccids)
      expect((await app.services.esim.summaryByIccid(iccid, "en_US"))!.usageUpdatedAt).not.toBeNull();
  });
});
