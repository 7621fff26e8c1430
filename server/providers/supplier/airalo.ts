import { createHmac, timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { PackageState } from "../../../core/esim.ts";
import {
  type EsimSupplier,
  type SupplierCancellation,
  SupplierError,
  type SupplierPackage,
  type SupplierPlan,
  type SupplierUsage,
} from "./types.ts";

// The Airalo Partner API v2 adapter (the OpenAPI export and partner docs; ADR 0195). A client-credentials token
// from POST /v2/token is cached until it expires and fetched again once on a 401. Orders answer the sims at once.
// Airalo takes no idempotency key, so the order unit's key goes into the order's `description` and a repeat first
// looks the order up by it (GET /v2/orders?filter[description]=…).

export interface AiraloOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** How long a 429's Retry-After may be waited out inside one call (longer: the job retries later). */
  maxRetryAfterMs?: number;
  /** Countries per page of GET /v2/packages. */
  pageSize?: number;
  fetch?: typeof fetch;
  clock?: () => number;
}

/** Verifies an Airalo webhook: `airalo-signature` is the hex HMAC-SHA512 of the exact body, keyed with the secret. */
export function verifyAiraloSignature(secret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header || !/^[0-9a-f]+$/i.test(header)) return false;
  const expected = createHmac("sha512", secret).update(rawBody).digest();
  const given = Buffer.from(header, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const Sim = z.object({
  iccid: z.string(),
  lpa: z.string(),
  matching_id: z.string(),
  apn_value: z.string().nullish(),
  confirmation_code: z.string().nullish(),
});
const Order = z.object({
  id: z.number(),
  package_id: z.string(),
  description: z.string().nullish(),
  sims: z.array(Sim).optional(),
});
const PackageOffer = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.number(),
  day: z.number(),
  is_unlimited: z.boolean().optional(),
  net_price: z.number(),
});
export const AiraloCountry = z.object({
  slug: z.string(),
  country_code: z.string().nullish(),
  title: z.string(),
  operators: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      type: z.string().optional(),
      coverages: z
        .array(
          z.object({
            name: z.string(),
            networks: z.array(z.object({ name: z.string(), types: z.array(z.string()) })),
          }),
        )
        .optional(),
      packages: z.array(
        PackageOffer.extend({
          title: z.string(),
          prices: z
            .object({
              net_price: z.record(z.string(), z.number()).optional(),
              recommended_retail_price: z.record(z.string(), z.number()).optional(),
            })
            .optional(),
        }),
      ),
    }),
  ),
});
export type AiraloCountry = z.infer<typeof AiraloCountry>;

const ERRORS: Record<number, { code: string; retryable: boolean }> = {
  11: { code: "INSUFFICIENT_BALANCE", retryable: false },
  13: { code: "SUPPLIER_UNAVAILABLE", retryable: true },
  14: { code: "BAD_REQUEST", retryable: false },
  23: { code: "TOPUP_DISABLED", retryable: false },
  33: { code: "OUT_OF_STOCK", retryable: false },
  34: { code: "OUT_OF_STOCK", retryable: false },
  43: { code: "BAD_REQUEST", retryable: false },
  53: { code: "SUPPLIER_UNAVAILABLE", retryable: true },
  73: { code: "PROFILE_RECYCLED", retryable: false },
};

const STATES: Record<string, PackageState> = {
  NOT_ACTIVE: "NOT_STARTED",
  ACTIVE: "ACTIVE",
  FINISHED: "USED_UP",
  EXPIRED: "EXPIRED",
};

/** Minor digits of the currencies Airalo prices in (ISO 4217); others are skipped. */
const MINOR_DIGITS: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  CNY: 2,
  AUD: 2,
  CAD: 2,
  JPY: 0,
};

export function createAiraloSupplier(options: AiraloOptions): EsimSupplier & {
  catalogue(): Promise<SupplierPackage[]>;
  packages(): Promise<AiraloCountry[]>;
} {
  const doFetch = options.fetch ?? fetch;
  const now = options.clock ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");
  const maxRetryAfter = options.maxRetryAfterMs ?? 2000;
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const form = new FormData();
    form.set("client_id", options.clientId);
    form.set("client_secret", options.clientSecret);
    form.set("grant_type", "client_credentials");
    const response = await send(`${base}/v2/token`, {
      method: "POST",
      body: form,
      headers: { accept: "application/json" },
    });
    if (response.status === 401 || response.status === 422)
      throw new SupplierError("AUTH_FAILED", "Airalo refused the client credentials", { retryable: false });
    if (!response.ok)
      throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo token: HTTP ${response.status}`);
    const { data } = z
      .object({ data: z.object({ access_token: z.string(), expires_in: z.number() }) })
      .parse(await response.json());
    // Renewed a minute early, so a token never expires between the check and the call.
    token = { value: data.access_token, expiresAt: now() + Math.max(0, data.expires_in - 60) * 1000 };
    return token.value;
  }

  async function bearer(fresh = false): Promise<string> {
    if (!fresh && token && token.expiresAt > now()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo unreachable: ${(error as Error).message}`);
    }
  }

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: Record<string, unknown>,
  ): Promise<unknown> {
    let refreshed = false;
    let waited = false;
    for (;;) {
      const response = await send(`${base}${path}`, {
        method,
        headers: {
          accept: "application/json",
          authorization: `Bearer ${await bearer()}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (response.status === 401 && !refreshed) {
        // The token expired or was revoked: fetch a new one, once.
        refreshed = true;
        token = null;
        continue;
      }
      if (response.status === 429) {
        const wait = Number(response.headers.get("retry-after") ?? "1") * 1000;
        if (!waited && wait <= maxRetryAfter) {
          waited = true;
          await sleep(wait);
          continue;
        }
        throw new SupplierError("RATE_LIMITED", "Airalo: too many requests");
      }
      const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.status === 422 && typeof json?.code === "number") {
        const mapped = ERRORS[json.code] ?? { code: `AIRALO_${json.code}`, retryable: false };
        throw new SupplierError(mapped.code, `Airalo ${json.code}: ${String(json.reason ?? "")}`, {
          retryable: mapped.retryable,
        });
      }
      if (response.status === 404)
        throw new SupplierError("PROFILE_NOT_FOUND", `Airalo: ${path} not found`, { retryable: false });
      if (response.status === 401)
        throw new SupplierError("AUTH_FAILED", "Airalo refused the token", { retryable: false });
      if (!response.ok || !json)
        throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo answered HTTP ${response.status}`);
      return json;
    }
  }

  async function orderByKey(key: string) {
    const { data } = z
      .object({ data: z.array(Order) })
      .parse(await call("GET", `/v2/orders?filter[description]=${encodeURIComponent(key)}&limit=10`));
    return data.find((o) => o.description === key);
  }

  return {
    name: "airalo",

    async provision(plan: SupplierPlan, key: string) {
      const order =
        (await orderByKey(key)) ??
        z.object({ data: Order }).parse(
          await call("POST", "/v2/orders", {
            quantity: 1,
            package_id: plan.packageCode ?? plan.productCode,
            type: "sim",
            description: key,
          }),
        ).data;
      const sim = order.sims?.[0];
      if (!sim) throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo order ${order.id} has no sim yet`);
      return {
        profile: {
          iccid: sim.iccid,
          smdpAddress: sim.lpa,
          matchingId: sim.matching_id,
          confirmationCode: sim.confirmation_code ?? null,
          apn: { name: sim.apn_value || "internet", username: null, password: null },
        },
        // Airalo reports usage per sim: the first package is known by the ICCID.
        packageId: sim.iccid,
      };
    },

    async topUp(iccid, plan, key) {
      const known = await orderByKey(key);
      if (known) return { packageId: `topup:${known.id}` };
      const { data: offers } = z
        .object({ data: z.array(PackageOffer) })
        .parse(await call("GET", `/v2/sims/${encodeURIComponent(iccid)}/topups`));
      const base = plan.packageCode ?? plan.productCode;
      const offer =
        offers.find((o) => o.id === `${base}-topup`) ??
        offers.find(
          (o) =>
            (plan.dataMb === null ? o.is_unlimited : o.amount === plan.dataMb) && o.day === plan.validityDays,
        );
      if (!offer)
        throw new SupplierError("PACKAGE_NOT_FOUND", `Airalo offers no top-up like ${base} for ${iccid}`, {
          retryable: false,
        });
      const { data } = z
        .object({ data: z.object({ id: z.number() }) })
        .parse(await call("POST", "/v2/orders/topups", { package_id: offer.id, iccid, description: key }));
      return { packageId: `topup:${data.id}` };
    },

    async usage(iccid): Promise<SupplierUsage> {
      const { data } = z
        .object({
          data: z.object({
            remaining: z.number(),
            total: z.number(),
            expired_at: z.string().nullish(),
            status: z.string(),
          }),
        })
        .parse(await call("GET", `/v2/sims/${encodeURIComponent(iccid)}/usage`));
      const state = STATES[data.status] ?? "NOT_STARTED";
      const expiresAt = data.expired_at ? new Date(`${data.expired_at.replace(" ", "T")}Z`) : null;
      return {
        iccid,
        profileState: data.status === "NOT_ACTIVE" ? "RELEASED" : "INSTALLED",
        reportedAt: new Date(now()),
        packages: [
          {
            packageId: iccid,
            state,
            usedMb: Math.max(0, data.total - data.remaining),
            // Airalo gives no activation time: the store records when it first saw the package started.
            activatedAt: null,
            expiresAt,
          },
        ],
      };
    },

    async cancel(target): Promise<SupplierCancellation> {
      if (!("iccid" in target))
        throw new SupplierError("NOT_SUPPORTED", "Airalo refunds whole eSIMs only", { retryable: false });
      const usage = await this.usage(target.iccid);
      if (usage.profileState !== "RELEASED")
        return { outcome: "NOT_CANCELLABLE", reason: "PROFILE_INSTALLED" };
      // Airalo reviews refunds by hand: the package waits as REQUESTED (with the refund id) for the review.
      const { data } = z.object({ data: z.object({ refund_id: z.string() }) }).parse(
        await call("POST", "/v2/refund", {
          iccids: [target.iccid],
          reason: "Order could not be completed",
        }),
      );
      return { outcome: "REQUESTED", requestedAt: new Date(now()), reference: data.refund_id.slice(0, 64) };
    },

    verifyWebhook(rawBody, signature) {
      return verifyAiraloSignature(options.clientSecret, rawBody, signature);
    },

    async balance() {
      const { data } = z
        .object({
          data: z.object({
            balances: z.object({ available_balance: z.object({ amount: z.number(), currency: z.string() }) }),
          }),
        })
        .parse(await call("GET", "/v2/balance"));
      return {
        amountMinor: Math.round(data.balances.available_balance.amount * 100),
        currency: data.balances.available_balance.currency,
      };
    },

    async catalogue() {
      const out: SupplierPackage[] = [];
      for (const country of await this.packages())
        for (const operator of country.operators)
          for (const p of operator.packages) {
            if (p.type !== "sim") continue;
            const rrp: Record<string, number> = {};
            for (const [currency, amount] of Object.entries(p.prices?.recommended_retail_price ?? {}))
              if (MINOR_DIGITS[currency] !== undefined && amount > 0)
                rrp[currency] = Math.round(amount * 10 ** MINOR_DIGITS[currency]!);
            const codes = country.country_code ? [country.country_code] : [];
            out.push({
              packageCode: p.id,
              title: `${country.title} ${p.title}`,
              countries: codes,
              operators: codes.map((code) => ({
                country: code,
                names: (operator.coverages ?? []).flatMap((c) => c.networks.map((n) => n.name)),
                network: (operator.coverages ?? []).some((c) =>
                  c.networks.some((n) => n.types.includes("5G")),
                )
                  ? ("5G" as const)
                  : ("4G" as const),
              })),
              dataMb: p.is_unlimited ? null : p.amount,
              validityDays: p.day,
              costUsdCents: Math.round(p.net_price * 100),
              recommendedRetail: rrp,
            });
          }
      return out;
    },

    async packages() {
      const countries: AiraloCountry[] = [];
      for (let page = 1; page <= 100; page += 1) {
        const json = z
          .object({
            data: z.array(AiraloCountry),
            meta: z.object({ last_page: z.number() }).partial().optional(),
          })
          .parse(await call("GET", `/v2/packages?limit=${options.pageSize ?? 100}&page=${page}`));
        countries.push(...json.data);
        if (!json.meta?.last_page || page >= json.meta.last_page) break;
      }
      return countries;
    },
  };
}
