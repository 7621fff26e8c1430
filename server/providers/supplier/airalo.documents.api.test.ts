import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standinForFile } from "../../../test/standins.ts";
import { createAiraloSupplier } from "./airalo.ts";
import { isValidIccid } from "./formats.ts";
import { SupplierError } from "./types.ts";

// The Airalo adapter against the stand-in as the documents describe Airalo (issue 28; ADR 0308): lost answers,
// multipart orders, include=sims, availableBalance, refund reasons, the HEAD-checked opt-in, paging shapes, 422s
// without a code, top-ups only as listed, and the documented rate limits.

const CREDENTIALS = { AIRALO_CLIENT_ID: "client-docs", AIRALO_CLIENT_SECRET: "client-secret-docs" };
const PACKAGE = "moshi-moshi-30days-3gb";
const PLAN = { productCode: "JP-3GB-30D", packageCode: PACKAGE, dataMb: 3072, validityDays: 30 };

const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });

interface StandinState {
  balance: number;
  orders: { id: number; description: string; type: string; packageId: string; sims: string[] }[];
  ordersByDescription: Record<string, number>;
  orderCalls: { route: string; contentType: string; description: string; status: number }[];
  usageCalls: Record<string, number>;
  refunds: { refund_id: string; iccids: string[]; reason: string; notes: string; status: string }[];
  notifications: Record<string, { type: string; contact_point: string }>;
  headChecks: { url: string; status: number | null }[];
}

const state = () => standin.control<StandinState>("state");

const adapter = (extra: Partial<Parameters<typeof createAiraloSupplier>[0]> = {}) =>
  createAiraloSupplier({
    baseUrl: standin.url,
    clientId: CREDENTIALS.AIRALO_CLIENT_ID,
    clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
    ...extra,
  });

let keys = 0;
function newKey(what: string) {
  keys += 1;
  return `docs:${what}:${keys}`;
}

describe("Airalo: an order whose answer is lost is found, never ordered twice (defect 1)", () => {
  for (const mode of ["504", "drop"] as const) {
    it(`provision: the order is placed, the answer lost (${mode}); the same key returns its sim, one order`, async () => {
      const key = newKey(`lost-${mode}`);
      await standin.control("lose-answer", { route: "POST /v2/orders", mode });
      const first = await adapter().provision(PLAN, key);
      expect(isValidIccid(first.profile.iccid)).toBe(true);
      expect(first.profile.smdpAddress).toBeTruthy();
      expect(first.profile.matchingId).toBeTruthy();
      // A repeat (a job's retry, or a restart after kill -9) finds the same order by its description.
      const again = await adapter().provision(PLAN, key);
      expect(again.profile.iccid).toBe(first.profile.iccid);
      const after = await state();
      expect(after.ordersByDescription[key]).toBe(1);
      expect(after.orders.filter((o) => o.description === key)).toEqual([
        expect.objectContaining({ type: "sim", sims: [first.profile.iccid] }),
      ]);
      // The order call was sent once, as multipart/form-data (defect 11); the lost answer was a real 200.
      const calls = after.orderCalls.filter((c) => c.description === key);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.contentType).toMatch(/^multipart\/form-data/);
    });
  }

  it("the process dies while the order call is in flight (as kill -9): on restart the same key returns the sim", async () => {
    const key = newKey("killed");
    // Airalo places the order and takes 2 s to answer; the store's process is gone after 300 ms.
    await standin.control("delay", { route: "POST /v2/orders", ms: 2000 });
    let dead = false;
    const dying: typeof fetch = async (input, init) => {
      if (dead) throw new Error("the process was killed");
      if (init?.method === "POST" && String(input).endsWith("/v2/orders")) {
        void fetch(input, init).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 300));
        dead = true;
        throw new Error("the process was killed");
      }
      return fetch(input, init);
    };
    await expect(adapter({ fetch: dying }).provision(PLAN, key)).rejects.toBeInstanceOf(SupplierError);
    // After the restart, the provisioning job runs again with the same key.
    const retry = await adapter().provision(PLAN, key);
    expect(isValidIccid(retry.profile.iccid)).toBe(true);
    const after = await state();
    expect(after.ordersByDescription[key]).toBe(1);
    expect(after.orders.find((o) => o.description === key)?.sims).toEqual([retry.profile.iccid]);
  });

  it("top-up: the top-up is placed, the answer lost; the same key answers it, one top-up (multipart)", async () => {
    const { profile } = await adapter().provision(PLAN, newKey("topup-base"));
    const offers = await adapter().topUpOffers(profile.iccid);
    expect(offers.length).toBeGreaterThan(0);
    const offer = offers[0]!;
    const key = newKey("topup-lost");
    await standin.control("lose-answer", { route: "POST /v2/orders/topups", mode: "504" });
    const first = await adapter().topUp(profile.iccid, { ...PLAN, packageCode: offer.packageCode }, key);
    const again = await adapter().topUp(profile.iccid, { ...PLAN, packageCode: offer.packageCode }, key);
    expect(again).toEqual(first);
    const after = await state();
    expect(after.ordersByDescription[key]).toBe(1);
    const calls = after.orderCalls.filter((c) => c.description === key);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ route: "POST /v2/orders/topups" });
    expect(calls[0]!.contentType).toMatch(/^multipart\/form-data/);
  });
});

describe("Airalo: answers as documented", () => {
  it("a 422 without a numeric code (an invalid package) is not retryable, and is quick (defect 7)", async () => {
    const started = Date.now();
    const error = await adapter()
      .provision({ ...PLAN, packageCode: "no-such-package-xyz" }, newKey("invalid"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect(error).toMatchObject({ code: "PACKAGE_NOT_FOUND", retryable: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reads the balance from availableBalance (defect 3)", async () => {
    await standin.control("balance", { balance: 321.45 });
    expect(await adapter().balance!()).toEqual({ amountMinor: 32_145, currency: "USD" });
    await standin.control("balance", { balance: 1000 });
  });

  for (const edition of ["current", "2024"] as const) {
    it(`asks for a refund with a documented reason (${edition} edition of the documents; defect 4)`, async () => {
      await standin.control("refund-edition", { edition });
      try {
        const client = adapter();
        const { profile } = await client.provision(PLAN, newKey(`refund-${edition}`));
        const answer = await client.cancel({ iccid: profile.iccid });
        expect(answer).toMatchObject({ outcome: "REQUESTED" });
        const refund = (await state()).refunds.find((r) => r.iccids.includes(profile.iccid));
        expect(refund).toMatchObject({ reason: "OTHERS", status: "PENDING" });
        expect(refund!.notes).toBeTruthy();
        expect(answer.outcome === "REQUESTED" && answer.reference).toBe(refund!.refund_id);
      } finally {
        await standin.control("refund-edition", { edition: "current" });
      }
    });
  }

  it("the caller may say why: a reason of the 2024 list is sent as given", async () => {
    await standin.control("refund-edition", { edition: "2024" });
    try {
      const client = adapter();
      const { profile } = await client.provision(PLAN, newKey("refund-reason"));
      await client.cancel({ iccid: profile.iccid }, undefined, {
        reason: "DUPLICATE_ORDER",
        note: "Ordered twice by the store.",
      });
      expect((await state()).refunds.find((r) => r.iccids.includes(profile.iccid))).toMatchObject({
        reason: "DUPLICATE_ORDER",
        notes: "Ordered twice by the store.",
      });
    } finally {
      await standin.control("refund-edition", { edition: "current" });
    }
  });
});

describe("Airalo: webhook opt-in, checked by HEAD (defect 5)", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    // The store's webhook endpoint as Airalo sees it: /ok answers HEAD 200, anything else 404.
    server = createServer((request, response) => {
      response.statusCode = request.url === "/ok" ? 200 : 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("opts in to low-data notifications at a URL that answers HEAD 200, and reads the opt-in back", async () => {
    const client = adapter();
    await client.registerWebhook(`${base}/ok`);
    const after = await state();
    expect(after.headChecks).toContainEqual({ url: `${base}/ok`, status: 200 });
    expect(after.notifications.webhook_low_data).toMatchObject({ contact_point: `${base}/ok` });
    expect(await client.webhookRegistration()).toEqual({ url: `${base}/ok` });
  });

  it("a URL that answers HEAD 404 is refused: WEBHOOK_REFUSED, not retryable", async () => {
    await expect(adapter().registerWebhook(`${base}/missing`)).rejects.toMatchObject({
      code: "WEBHOOK_REFUSED",
      retryable: false,
    });
    expect((await state()).headChecks).toContainEqual({ url: `${base}/missing`, status: 404 });
  });
});

describe("Airalo: the catalogue in three pages, in each documented page shape (defect 6)", () => {
  afterAll(async () => {
    await standin.control("packages-page-shape", { shape: "array" });
    await standin.control("catalogue", { size: 3 });
  });

  for (const shape of ["array", "indexed"] as const) {
    it(`211 countries at 100 a page, later pages as ${shape}`, async () => {
      await standin.control("catalogue", { size: 211 });
      await standin.control("packages-page-shape", { shape });
      const client = adapter();
      const countries = await client.packages();
      expect(countries).toHaveLength(211);
      expect(new Set(countries.map((c) => c.slug)).size).toBe(211);
      expect(countries.slice(0, 3).map((c) => c.country_code)).toEqual(["JP", "KR", "TH"]);
      const catalogue = await client.catalogue();
      expect(catalogue.length).toBeGreaterThanOrEqual(211);
    });
  }
});

describe("Airalo: top-ups only as listed for the sim (defect 9)", () => {
  it("lists the sim's top-ups; a package not listed is refused before anything is ordered", async () => {
    const client = adapter();
    const { profile } = await client.provision(PLAN, newKey("offers"));
    const offers = await client.topUpOffers(profile.iccid);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.packageCode).toMatch(/topup/);
      expect(offer.validityDays).toBeGreaterThan(0);
    }
    const key = newKey("not-listed");
    await expect(
      client.topUp(profile.iccid, { ...PLAN, packageCode: "op-zz-7days-1gb-topup" }, key),
    ).rejects.toMatchObject({ code: "PACKAGE_NOT_FOUND", retryable: false });
    expect((await state()).orderCalls.filter((c) => c.description === key)).toHaveLength(0);
  });
});

describe("Airalo: documented rate limits held by the adapter (defect 10)", () => {
  it("holds the usage limit per ICCID itself, and waits out a 429's Retry-After", async () => {
    const client = adapter({
      limits: { usagePerSim: { limit: 2, windowMs: 60_000 } },
      maxRateWaitMs: 0,
    });
    const { profile } = await client.provision(PLAN, newKey("usage-limit"));
    await client.usage(profile.iccid);
    await client.usage(profile.iccid);
    await expect(client.usage(profile.iccid)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      retryable: true,
    });
    // The third read never reached Airalo.
    expect((await state()).usageCalls[profile.iccid]).toBe(2);

    const other = await adapter().provision(PLAN, newKey("usage-429"));
    await standin.control("fail-next", { route: "GET /v2/sims/{iccid}/usage", code: 429 });
    const started = Date.now();
    const usage = await adapter().usage(other.profile.iccid);
    expect(usage.iccid).toBe(other.profile.iccid);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
