import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { PackageState } from "../../../core/esim.ts";
import { holdOff, type Limit, type RateWindows, retryAfterMs, takeToken } from "./rate-limit.ts";
import {
  type EsimSupplier,
  type SupplierCancellation,
  SupplierError,
  type SupplierOrderRecord,
  type SupplierPackage,
  type SupplierPlan,
  type SupplierTopUpOffer,
  type SupplierUsage,
} from "./types.ts";

// The Airalo Partner API v2 adapter (the partner docs and their OpenAPI export; ADRs 0195, 0308). A
// client-credentials token from POST /v2/token is cached until it expires and fetched again once on a 401. Orders
// answer the sims at once. Airalo takes no idempotency key, so the order unit's key goes into the order's
// `description`, and every order first looks the key up (GET /v2/orders?include=sims&filter[description]=…), and
// looks again when the order call's answer is lost: a repeat never orders twice.

export interface AiraloOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** How long a 429's Retry-After may be waited out inside one call (longer: the job retries later). */
  maxRetryAfterMs?: number;
  /** How long a call may wait for the adapter's own rate limits (longer: RATE_LIMITED, retried later). */
  maxRateWaitMs?: number;
  /** Where the client's request windows live: every process's database in the server (ADR 0334). */
  rateWindows?: RateWindows;
  /** Countries per page of GET /v2/packages. */
  pageSize?: number;
  /** Overrides of the documented limits (tests). */
  limits?: Partial<Record<AiraloLimitName, Limit>>;
  fetch?: typeof fetch;
  clock?: () => number;
}

/**
 * The documented limits (rate-limits page and the endpoint pages; where they disagree, the stricter): the token
 * 3 a minute; packages 40 a minute; usage 5 a second per client and 10 a minute per ICCID; top-up list 10 a minute
 * per ICCID; refunds 5 a minute.
 */
export const AIRALO_LIMITS = {
  token: { limit: 3, windowMs: 60_000 },
  packages: { limit: 40, windowMs: 60_000 },
  usage: { limit: 5, windowMs: 1_000 },
  usagePerSim: { limit: 10, windowMs: 60_000 },
  topupsPerSim: { limit: 10, windowMs: 60_000 },
  refund: { limit: 5, windowMs: 60_000 },
} satisfies Record<string, Limit>;
type AiraloLimitName = keyof typeof AIRALO_LIMITS;

/** The webhook types the store opts in to: low data (75 %, 90 %, 3 and 1 days left). */
export const AIRALO_WEBHOOK_TYPE = "webhook_low_data";

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
  package_id: z.string().nullish(),
  type: z.string().nullish(),
  description: z.string().nullish(),
  sims: z.array(Sim).nullish(),
});
type Order = z.infer<typeof Order>;
/** A package as GET /v2/packages lists it. */
const PackageOffer = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.number(),
  day: z.number(),
  is_unlimited: z.boolean().nullish(),
  net_price: z.number(),
});
/** A top-up as GET /v2/sims/{iccid}/topups lists it (the docs give `price`; `net_price` where present). */
const TopUpOffer = z.object({
  id: z.string(),
  type: z.string().optional(),
  amount: z.number(),
  day: z.number(),
  is_unlimited: z.boolean().nullish(),
  price: z.number().nullish(),
  net_price: z.number().nullish(),
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
  // A recycled sim can no longer be used or topped up (error 73).
  RECYCLED: "EXPIRED",
};

/**
 * A 422 without a numeric code is a validation answer, `{data: {field: message}, meta: {message}}` (an invalid
 * package, a missing field, too few sims left): asking again cannot help, so it is never retryable (defect 7).
 */
export function airaloValidationError(json: Record<string, unknown> | null): SupplierError {
  const data = json?.data && typeof json.data === "object" && !Array.isArray(json.data) ? json.data : {};
  const fields = data as Record<string, unknown>;
  const said = [
    ...Object.entries(fields).map(([field, text]) => `${field}: ${String(text)}`),
    typeof (json?.meta as { message?: unknown } | undefined)?.message === "string"
      ? String((json!.meta as { message: string }).message)
      : "",
  ]
    .filter(Boolean)
    .join("; ");
  const quantity = typeof fields.quantity === "string" ? fields.quantity : "";
  const code = /not available|available quantity/i.test(quantity)
    ? "OUT_OF_STOCK"
    : "package_id" in fields
      ? "PACKAGE_NOT_FOUND"
      : "iccid" in fields
        ? "PROFILE_NOT_FOUND"
        : "BAD_REQUEST";
  return new SupplierError(code, `Airalo refused the request: ${said || "validation failed"}`, {
    retryable: false,
  });
}

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

const OrderList = z.object({
  data: z.array(Order),
  meta: z.object({ last_page: z.coerce.number() }).partial().nullish(),
});

const CountryPage = z.object({
  // Page 1 lists the countries; the docs say later pages may come as an object keyed by each country's index in
  // the whole list (and show arrays in their examples): both are read (defect 6).
  data: z.union([z.array(AiraloCountry), z.record(z.string(), AiraloCountry)]),
  meta: z.object({ last_page: z.coerce.number(), current_page: z.coerce.number() }).partial().nullish(),
  links: z.object({ next: z.string().nullish() }).partial().nullish(),
});

/**
 * Tokens, one per set of credentials in this process: the docs ask partners to cache and reuse the token (it lasts
 * 24 hours) and allow 3 token requests a minute per key, so every adapter of the same credentials shares one.
 */
const tokens = new Map<string, { value: string; expiresAt: number } | null>();
const pendingTokens = new Map<string, Promise<string>>();

export function createAiraloSupplier(options: AiraloOptions): EsimSupplier & {
  catalogue(): Promise<SupplierPackage[]>;
  packages(): Promise<AiraloCountry[]>;
  topUpOffers(iccid: string): Promise<SupplierTopUpOffer[]>;
  registerWebhook(url: string): Promise<void>;
  webhookRegistration(): Promise<{ url: string | null }>;
} {
  const doFetch = options.fetch ?? fetch;
  const now = options.clock ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");
  const maxRetryAfter = options.maxRetryAfterMs ?? 2000;
  const maxRateWait = options.maxRateWaitMs ?? 10_000;
  const limits = { ...AIRALO_LIMITS, ...options.limits };
  // Limits are per client, shared by every adapter of that client in this process.
  const account = `airalo:${base}:${options.clientId}`;
  const credentials = `${account}:${createHash("sha256").update(options.clientSecret).digest("hex")}`;

  const rule = (name: AiraloLimitName, key: string) => ({ key, rule: limits[name] });

  async function fetchToken(): Promise<string> {
    const bucket = rule("token", `${credentials}:token`);
    let response: Response;
    for (let waited = false; ; waited = true) {
      const taken = await takeToken([bucket], {
        maxWaitMs: maxRateWait,
        clock: now,
        supplier: "Airalo",
        windows: options.rateWindows,
      });
      const form = new FormData();
      form.set("client_id", options.clientId);
      form.set("client_secret", options.clientSecret);
      form.set("grant_type", "client_credentials");
      try {
        response = await send(`${base}/v2/token`, {
          method: "POST",
          body: form,
          headers: { accept: "application/json" },
        });
      } finally {
        await taken.answered();
      }
      if (response.status !== 429) break;
      const wait = retryAfterMs(response.headers.get("retry-after"), now()) ?? 1000;
      await holdOff([bucket.key], now() + wait, { windows: options.rateWindows, clock: now });
      if (waited || wait > maxRetryAfter)
        throw new SupplierError("RATE_LIMITED", "Airalo: too many token requests", { retryAfterMs: wait });
      await sleep(wait);
    }
    if (response.status === 401 || response.status === 422)
      throw new SupplierError("AUTH_FAILED", "Airalo refused the client credentials", { retryable: false });
    if (!response.ok)
      throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo token: HTTP ${response.status}`);
    const { data } = z
      .object({ data: z.object({ access_token: z.string(), expires_in: z.number() }) })
      .parse(await response.json());
    // Renewed a minute early, so a token never expires between the check and the call.
    const token = { value: data.access_token, expiresAt: now() + Math.max(0, data.expires_in - 60) * 1000 };
    tokens.set(credentials, token);
    return token.value;
  }

  async function bearer(): Promise<string> {
    const token = tokens.get(credentials);
    if (token && token.expiresAt > now()) return token.value;
    let pending = pendingTokens.get(credentials);
    if (!pending) {
      pending = fetchToken().finally(() => pendingTokens.delete(credentials));
      pendingTokens.set(credentials, pending);
    }
    return pending;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo unreachable: ${(error as Error).message}`);
    }
  }

  interface CallOptions {
    /** multipart/form-data fields (the order calls, as the docs list them). */
    form?: Record<string, string>;
    /** A JSON body (refunds, notification opt-in). */
    json?: unknown;
    /** The documented limits this call counts against. */
    limits?: { key: string; rule: Limit }[];
  }

  async function call(method: "GET" | "POST", path: string, init: CallOptions = {}): Promise<unknown> {
    let refreshed = false;
    let waited = false;
    const buckets = init.limits ?? [];
    for (;;) {
      let body: BodyInit | undefined;
      const sentToken = await bearer();
      const headers: Record<string, string> = {
        accept: "application/json",
        authorization: `Bearer ${sentToken}`,
      };
      if (init.form) {
        const form = new FormData();
        for (const [name, value] of Object.entries(init.form)) form.set(name, value);
        body = form; // fetch sets multipart/form-data with its boundary
      } else if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers["content-type"] = "application/json";
      }
      // The call's place in its windows is taken last, just before it is sent, and counts from its answer.
      const taken =
        buckets.length > 0
          ? await takeToken(buckets, {
              maxWaitMs: maxRateWait,
              clock: now,
              supplier: "Airalo",
              windows: options.rateWindows,
            })
          : null;
      let response: Response;
      try {
        response = await send(`${base}${path}`, { method, headers, body });
      } finally {
        await taken?.answered();
      }
      if (response.status === 401 && !refreshed) {
        // The token expired or was revoked: fetch a new one, once (unless another call already did).
        refreshed = true;
        if (tokens.get(credentials)?.value === sentToken) tokens.delete(credentials);
        continue;
      }
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers.get("retry-after"), now()) ?? 1000;
        await holdOff(
          buckets.map((b) => b.key),
          now() + wait,
          { windows: options.rateWindows, clock: now },
        );
        if (!waited && wait <= maxRetryAfter) {
          waited = true;
          await sleep(wait);
          continue;
        }
        throw new SupplierError("RATE_LIMITED", "Airalo: too many requests", { retryAfterMs: wait });
      }
      const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.status === 422 && typeof json?.code === "number") {
        const mapped = ERRORS[json.code] ?? { code: `AIRALO_${json.code}`, retryable: false };
        throw new SupplierError(mapped.code, `Airalo ${json.code}: ${String(json.reason ?? "")}`, {
          retryable: mapped.retryable,
        });
      }
      if (response.status === 422) throw airaloValidationError(json);
      if (response.status === 400)
        throw new SupplierError(
          "BAD_REQUEST",
          `Airalo refused the request: ${String(json?.error ?? (json?.meta as { message?: string } | undefined)?.message ?? "HTTP 400")}`,
          { retryable: false },
        );
      if (response.status === 404)
        throw new SupplierError("PROFILE_NOT_FOUND", `Airalo: ${path} not found`, { retryable: false });
      if (response.status === 401)
        throw new SupplierError("AUTH_FAILED", "Airalo refused the token", { retryable: false });
      if (!response.ok || !json)
        throw new SupplierError("SUPPLIER_UNAVAILABLE", `Airalo answered HTTP ${response.status}`);
      return json;
    }
  }

  /** The order placed under this key, with its sims (`include=sims`, which the docs require for them). */
  async function orderByKey(key: string): Promise<Order | undefined> {
    // filter[description] is a "like" search: other keys may contain this one, so the match is exact and the
    // pages are read until it is found.
    for (let page = 1; page <= 20; page += 1) {
      const list = OrderList.parse(
        await call(
          "GET",
          `/v2/orders?include=sims&filter[description]=${encodeURIComponent(key)}&limit=50&page=${page}`,
        ),
      );
      const found = list.data.find((o) => o.description === key);
      if (found) return found;
      if (list.data.length === 0 || !list.meta?.last_page || page >= list.meta.last_page) return undefined;
    }
    return undefined;
  }

  /** Whether an error may mean the order was placed and only its answer was lost (a 5xx, a dropped connection). */
  function answerMayBeLost(error: unknown): boolean {
    return error instanceof SupplierError && error.retryable && error.code === "SUPPLIER_UNAVAILABLE";
  }

  /**
   * Places an order once per key: the key is looked up first; when the order call's answer is lost, it is looked
   * up again, so a placed order is found instead of ordered twice (defect 1).
   */
  async function orderOnce(key: string, place: () => Promise<Order>): Promise<Order> {
    const known = await orderByKey(key);
    if (known) return known;
    try {
      return await place();
    } catch (error) {
      if (!answerMayBeLost(error)) throw error;
      const placed = await orderByKey(key).catch(() => undefined);
      if (placed) return placed;
      throw error;
    }
  }

  async function topUpOffers(iccid: string): Promise<SupplierTopUpOffer[]> {
    const { data } = z.object({ data: z.array(TopUpOffer) }).parse(
      await call("GET", `/v2/sims/${encodeURIComponent(iccid)}/topups`, {
        limits: [rule("topupsPerSim", `${account}:topups:${iccid}`)],
      }),
    );
    return data.map((o) => ({
      packageCode: o.id,
      dataMb: o.is_unlimited ? null : o.amount,
      validityDays: o.day,
      costUsdCents: o.net_price != null ? Math.round(o.net_price * 100) : null,
    }));
  }

  return {
    name: "airalo",

    async provision(plan: SupplierPlan, key: string) {
      let order = await orderOnce(
        key,
        async () =>
          z.object({ data: Order }).parse(
            await call("POST", "/v2/orders", {
              form: {
                quantity: "1",
                package_id: plan.packageCode ?? plan.productCode,
                type: "sim",
                description: key,
              },
            }),
          ).data,
      );
      if (!order.sims?.length)
        order = z
          .object({ data: Order })
          .parse(await call("GET", `/v2/orders/${order.id}?include=sims`)).data;
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
      const order = await orderOnce(key, async () => {
        const offers = await topUpOffers(iccid);
        const code = plan.packageCode ?? plan.productCode;
        // Only a package Airalo lists for this sim is ordered (defect 9): the one named, or — for a plan that
        // names its base package — that package's top-up, or one of the same data and days.
        const offer =
          offers.find((o) => o.packageCode === code) ??
          (code.endsWith("-topup")
            ? undefined
            : (offers.find((o) => o.packageCode === `${code}-topup`) ??
              offers.find((o) => o.dataMb === plan.dataMb && o.validityDays === plan.validityDays)));
        if (!offer)
          throw new SupplierError("PACKAGE_NOT_FOUND", `Airalo lists no top-up ${code} for ${iccid}`, {
            retryable: false,
          });
        return z.object({ data: Order }).parse(
          await call("POST", "/v2/orders/topups", {
            form: { package_id: offer.packageCode, iccid, description: key },
          }),
        ).data;
      });
      return { packageId: `topup:${order.id}` };
    },

    topUpOffers,

    async usage(iccid): Promise<SupplierUsage> {
      const { data } = z
        .object({
          data: z.object({
            remaining: z.number().nullish(),
            total: z.number().nullish(),
            expired_at: z.string().nullish(),
            is_unlimited: z.boolean().nullish(),
            status: z.string(),
          }),
        })
        .parse(
          await call("GET", `/v2/sims/${encodeURIComponent(iccid)}/usage`, {
            limits: [rule("usage", `${account}:usage`), rule("usagePerSim", `${account}:usage:${iccid}`)],
          }),
        );
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
            usedMb: Math.max(0, (data.total ?? 0) - (data.remaining ?? 0)),
            // Airalo gives no activation time: the store records when it first saw the package started.
            activatedAt: null,
            expiresAt,
          },
        ],
      };
    },

    async cancel(target, _asOf, cancelOptions = {}): Promise<SupplierCancellation> {
      if (!("iccid" in target))
        throw new SupplierError("NOT_SUPPORTED", "Airalo refunds whole eSIMs only", { retryable: false });
      const usage = await this.usage(target.iccid);
      if (usage.profileState !== "RELEASED")
        return { outcome: "NOT_CANCELLABLE", reason: "PROFILE_INSTALLED" };
      // Airalo reviews refunds by hand: the package waits as REQUESTED (with the refund id) for the review. The
      // reason must be one the docs list (defect 4).
      const { data } = z.object({ data: z.object({ refund_id: z.coerce.string() }) }).parse(
        await call("POST", "/v2/refund", {
          json: {
            iccids: [target.iccid],
            reason: cancelOptions.reason ?? "OTHERS",
            notes: cancelOptions.note ?? "The order could not be completed; the eSIM was never delivered.",
          },
          limits: [rule("refund", `${account}:refund`)],
        }),
      );
      return { outcome: "REQUESTED", requestedAt: new Date(now()), reference: data.refund_id.slice(0, 64) };
    },

    verifyWebhook(rawBody, signature) {
      return verifyAiraloSignature(options.clientSecret, rawBody, signature);
    },

    async registerWebhook(url) {
      // Airalo checks the URL with a HEAD request before it takes the opt-in (defect 5).
      try {
        await call("POST", "/v2/notifications/opt-in", {
          json: { type: AIRALO_WEBHOOK_TYPE, webhook_url: url },
        });
      } catch (error) {
        if (error instanceof SupplierError && !error.retryable && error.code !== "AUTH_FAILED")
          throw new SupplierError("WEBHOOK_REFUSED", error.message, { retryable: false });
        throw error;
      }
    },

    async webhookRegistration() {
      const Notification = z.object({ type: z.string(), contact_point: z.string().nullish() });
      const json = z
        .object({
          data: z
            .union([
              z.object({ notification: z.union([Notification, z.array(Notification)]) }),
              z.array(Notification),
              z.array(z.unknown()),
            ])
            .nullish(),
        })
        .parse(
          await call("GET", `/v2/notifications/opt-in?type=${AIRALO_WEBHOOK_TYPE}`).catch((error) => {
            // No opt-in: 404 (messages.resource_not_found).
            if (error instanceof SupplierError && error.code === "PROFILE_NOT_FOUND") return { data: null };
            throw error;
          }),
        );
      const data = json.data;
      const list =
        data && !Array.isArray(data)
          ? [data.notification].flat()
          : ((data ?? []) as unknown[]).flatMap((n) => {
              const parsed = Notification.safeParse(n);
              return parsed.success ? [parsed.data] : [];
            });
      const found = list.find((n) => n.type === AIRALO_WEBHOOK_TYPE);
      return { url: found?.contact_point ?? null };
    },

    async orders(since: Date): Promise<SupplierOrderRecord[]> {
      // GET /v2/orders lists newest first, with `price` (USD, "9.50") and `created_at` ("2023-02-20 08:41:57",
      // UTC); read page by page until the orders are older than `since` (reconciliation, ADR 0365).
      const Listed = Order.extend({
        code: z.union([z.string(), z.number()]).nullish(),
        price: z.union([z.string(), z.number()]).nullish(),
        created_at: z.string().nullish(),
      });
      const records: SupplierOrderRecord[] = [];
      for (let page = 1; page <= 200; page += 1) {
        const list = z
          .object({
            data: z.array(Listed),
            meta: z.object({ last_page: z.coerce.number() }).partial().nullish(),
          })
          .parse(await call("GET", `/v2/orders?include=sims&limit=50&page=${page}`));
        let older = false;
        for (const o of list.data) {
          const createdAt = o.created_at ? new Date(`${o.created_at.replace(" ", "T")}Z`) : null;
          if (createdAt && createdAt < since) {
            older = true;
            continue;
          }
          // Top-up orders carry the store's key too, so they are reconciled like first purchases (ADR 0390).
          const topUp = o.type === "topup";
          if (o.type && o.type !== "sim" && !topUp) continue;
          const price = o.price === null || o.price === undefined ? null : Number(o.price);
          records.push({
            reference: String(o.code ?? o.id),
            key: o.description ?? null,
            iccids: (o.sims ?? []).map((sim) => sim.iccid),
            costUsdCents: price === null || Number.isNaN(price) ? null : Math.round(price * 100),
            createdAt,
            // The listing says nothing of a sim's state; the reconciliation asks the usage of refunded ones.
            active: true,
            topUp,
          });
        }
        if (older || list.data.length === 0 || !list.meta?.last_page || page >= list.meta.last_page) break;
      }
      return records;
    },

    async balance() {
      // The docs name it `availableBalance` (GET /v2/balance; defect 3).
      const { data } = z
        .object({
          data: z.object({
            balances: z.object({ availableBalance: z.object({ amount: z.number(), currency: z.string() }) }),
          }),
        })
        .parse(await call("GET", "/v2/balance"));
      return {
        amountMinor: Math.round(data.balances.availableBalance.amount * 100),
        currency: data.balances.availableBalance.currency,
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
      const seen = new Set<string>();
      let lastPage: number | null = null;
      for (let page = 1; page <= 200; page += 1) {
        const json = CountryPage.parse(
          await call("GET", `/v2/packages?limit=${options.pageSize ?? 100}&page=${page}`, {
            limits: [rule("packages", `${account}:packages`)],
          }),
        );
        const entries = Array.isArray(json.data)
          ? json.data
          : Object.entries(json.data)
              .sort(([a], [b]) => Number(a) - Number(b))
              .map(([, country]) => country);
        for (const country of entries) {
          // A country already read (pages shifting under a sync) is not listed twice.
          if (seen.has(country.slug)) continue;
          seen.add(country.slug);
          countries.push(country);
        }
        if (json.meta?.last_page) lastPage = json.meta.last_page;
        if (entries.length === 0) break;
        const more = lastPage !== null ? page < lastPage : Boolean(json.links?.next);
        if (!more) break;
      }
      return countries;
    },
  };
}
