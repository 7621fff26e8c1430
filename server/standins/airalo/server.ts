import { createHmac, randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  type AiraloStandinCountry,
  type AiraloStandinPackage,
  fixtureCountries,
  largeCatalogue,
} from "./fixtures.ts";

// A local stand-in of Airalo's Partner API v2 (the OpenAPI export and partner docs), run as its own HTTP process
// (ADR 0195). It shares no code with the store's adapter. It follows the docs: client-credentials tokens from
// POST /v2/token (form data), bearer auth on every other call, paged GET /v2/packages by country with operators,
// coverages, net and recommended retail prices, synchronous POST /v2/orders that answers the sims at once,
// usage, top-ups, refunds reviewed by hand, the balance, 422 errors with numeric codes ({code, reason}), 429 with
// Retry-After, and webhooks signed with `airalo-signature` (hex HMAC-SHA512 of the body, keyed with the secret).
// Test controls live under /__standin/ (docs/testing/supplier-standins.md lists them all).
//
// Documents followed (quoted in the comments below as [OA] and [AE]):
// [OA] "Airalo Developer Platform" OpenAPI export (Apidog), as kept in github.com/asafgershon/esim-go
//      backend/apis/airhalo/airalo.openapi.json (pages developers.partners.airalo.com/*-1188xxxxe0).
// [AE] "Airalo Partner API (v2)" per-endpoint OpenAPI fragments assembled from developers.partners.airalo.com,
//      github.com/api-evangelist/airalo openapi/*.yml, rate-limits/airalo-rate-limits.yml,
//      asyncapi/airalo-webhooks.yml (newer than [OA]; where they disagree a control selects).

export interface AiraloStandinOptions {
  clientId: string;
  clientSecret: string;
  /** USD. */
  balance?: number;
  tokenTtlSeconds?: number;
  ratePerSecond?: number;
  /** Where low-data notifications go, as if opted in already (the `webhook` control sets it too). */
  webhookUrl?: string | null;
  countries?: AiraloStandinCountry[];
}

interface Sim {
  iccid: string;
  packageId: string;
  orderId: number;
  lpa: string;
  matchingId: string;
  totalMb: number;
  remainingMb: number;
  day: number;
  status: "NOT_ACTIVE" | "ACTIVE" | "FINISHED" | "EXPIRED";
  expiredAt: string | null;
  topUps: { orderId: number; packageId: string; amount: number; price: number }[];
  price: number;
  recycled: boolean;
  levelsSent: Set<string>;
}

interface Order {
  id: number;
  code: string;
  packageId: string;
  quantity: number;
  type: "sim" | "topup";
  description: string;
  price: number;
  createdAt: string;
  sims: string[];
}

class Refusal {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

// [OA]/[AE] "Error handling": numbered business errors answer 422 {code, reason}.
const REASONS: Record<number, string> = {
  11: "Insufficient Airalo Credit: your balance does not cover this order.",
  13: "The requested operator is currently undergoing maintenance. Please try again later.",
  23: "The requested top-up has been disabled by the operator.",
  33: "Insufficient stock of eSIMs remaining. Please try again later.",
  34: "The requested eSIM package is invalid or it is currently out of stock. Please try again later.",
  43: "Bad request. Please check your input and try again.",
  53: "Something went wrong on our side.",
  73: "The eSIM has been recycled.",
};

const business = (code: number): never => {
  throw new Refusal(422, { code, reason: REASONS[code] ?? "Error" });
};

/**
 * A validation error: [OA] POST /v2/orders 422 example
 * `{"data": {"package_id": "The selected package is invalid."}, "meta": {"message": "the parameter is invalid"}}`
 * — field messages keyed by field, and no numeric `code` (only the numbered business errors carry one).
 */
const invalid = (fields: Record<string, string>): never => {
  throw new Refusal(422, { data: fields, meta: { message: "the parameter is invalid" } });
};

/** [OA] GET /v2/sims/{sim_iccid}/usage 429 example; [AE] rate limits: 429 with Retry-After. */
const tooMany = (retryAfterSeconds: number): never => {
  throw new Refusal(429, { message: "Too Many Attempts." }, { "retry-after": String(retryAfterSeconds) });
};

/** [OA] 404 example (usage, top-up list): `{"data": [], "meta": {"message": "messages.resource_not_found"}}`. */
const notFound = (): never => {
  throw new Refusal(404, { data: [], meta: { message: "messages.resource_not_found" } });
};

/** [OA] POST /v2/refund: the reasons listed in the 2024 page ("x-422:Parameter Error" example). */
const REFUND_REASONS_2024 = ["INVALID_ACTIVATION", "DUPLICATE_ORDER", "SERVICE_ISSUES", "OTHERS"];
/** [AE] POST /v2/refund (request-refund-14583565e0, current page): `reason` is one of these. */
const REFUND_REASONS_CURRENT = [
  "INSTALLATION_FAILURE",
  "NO_COVERAGE",
  "APN_FAILURE",
  "TRIP_CANCELLATION",
  "INTERMITTENT_CONNECTION",
  "BLOCKED_NETWORK",
  "CHANGE_OF_PLAN",
  "DELETED_ESIM",
  "EARLY_EXPIRY",
  "HOTSPOT_NOT_WORKING",
  "IMSI_CHANGE",
  "INCOMPATIBLE_DEVICE",
  "LOCKED_DEVICE",
  "NO_VOICE_TEXT_SERVICES",
  "OVERCHARGED",
  "SLOW_SPEED",
  "TOP_UP_PACKAGE_FAILURE",
  "UNKNOWN_CHARGES",
  "WRONG_PURCHASE",
  "UNABLE_TO_ACCESS_APPS",
  "SERVICE_DEGRADATION",
  "QR_ISSUE_PARTNERS",
  "OTHERS",
];

/** [AE] POST /v2/notifications/opt-in `type` enum, plus the email types of [OA]'s opt-out example. */
const NOTIFICATION_TYPES = [
  "async_orders",
  "webhook_low_data",
  "webhook_credit_limit",
  "email_low_data",
  "email_credit_limit",
];

const stamp = (date = new Date()) => date.toISOString().slice(0, 19).replace("T", " ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Per-endpoint limits from the documents; a control can change them (0 switches one off). */
interface Limits {
  /**
   * [AE] rate-limits: POST /v2/token, 3 per minute per key. Off by default: a test file starts several app
   * instances, each fetching its own token, which one deployment would not (`limits` switches it on).
   */
  tokenPerMinute: number;
  /** [AE] GET /v2/packages: "80 requests per minute ... per unique authentication token" ([OA] said 40). */
  packagesPerMinute: number;
  /** [OA]/[AE] usage page: "100 requests per minute (per unique iccid)" ([AE] rate-limits page: 10). */
  usagePerIccidPerMinute: number;
  /** [AE] rate-limits: usage, 5 per second per client_id. */
  usagePerClientPerSecond: number;
  /** [AE] POST /v2/refund: "5 requests per 1 minute per unique IP address". */
  refundPerMinute: number;
}

type Failure = { kind: "lose"; mode: "504" | "drop"; holdMs: number } | { kind: "delay"; ms: number };

export function createAiraloStandin(options: AiraloStandinOptions) {
  let countries = options.countries ?? fixtureCountries();
  let balance = options.balance ?? 1000;
  let ratePerSecond = options.ratePerSecond ?? 20;
  const ttl = options.tokenTtlSeconds ?? 86_400;
  const tokens = new Map<string, number>();
  const orders: Order[] = [];
  const sims = new Map<string, Sim>();
  const refunds: {
    refund_id: string;
    iccids: string[];
    reason: string;
    notes: string | null;
    status: "PENDING" | "APPROVED";
  }[] = [];
  const recent: number[] = [];
  const failNext = new Map<string, number[]>();
  /** Lost answers and delays queued per route ("POST /v2/orders", "POST /v2/orders/topups", ...). */
  const failures = new Map<string, Failure[]>();
  const webhooks: unknown[] = [];
  /** Opted-in notifications by type ([AE] opt-in), each with its contact point. */
  const notifications = new Map<string, { type: string; contact_point: string; levels?: number[] }>();
  if (options.webhookUrl)
    notifications.set("webhook_low_data", { type: "webhook_low_data", contact_point: options.webhookUrl });
  const headChecks: { url: string; status: number | null }[] = [];
  const orderCalls: { route: string; contentType: string; description: string | null; status: number }[] = [];
  const usageCalls: Record<string, number> = {};
  const limits: Limits = {
    tokenPerMinute: 0,
    packagesPerMinute: 80,
    usagePerIccidPerMinute: 100,
    usagePerClientPerSecond: 5,
    refundPerMinute: 5,
  };
  /** Windows of recent calls per limit key. */
  const windows = new Map<string, number[]>();
  /** [OA]/[AE] usage: "a built-in cache of 20 minutes" — off by default here (see the usage-cache control). */
  let usageCacheMs = 0;
  const usageCache = new Map<string, { at: number; body: unknown }>();
  /** [OA] page≥2 example keeps `data` an array; the `page` parameter's text says an object keyed by index. */
  let pageShape: "array" | "indexed" = "array";
  let refundEdition: "current" | "2024" = "current";
  let tokenRequests = 0;
  let nextOrderId = 9000;

  function limit(key: string, max: number, windowMs: number) {
    if (max <= 0) return;
    const now = Date.now();
    const list = windows.get(key) ?? [];
    while (list.length > 0 && now - list[0]! >= windowMs) list.shift();
    if (list.length >= max) tooMany(Math.max(1, Math.ceil((windowMs - (now - list[0]!)) / 1000)));
    list.push(now);
    windows.set(key, list);
  }

  function allPackages(): {
    pkg: AiraloStandinPackage;
    country: AiraloStandinCountry;
    operator: AiraloStandinCountry["operators"][number];
  }[] {
    return countries.flatMap((country) =>
      country.operators.flatMap((operator) => operator.packages.map((pkg) => ({ pkg, country, operator }))),
    );
  }

  function findPackage(id: string) {
    return allPackages().find((p) => p.pkg.id === id);
  }

  function publicPackage(p: AiraloStandinPackage) {
    const { stock: _stock, ...rest } = p;
    return rest;
  }

  /** The top-ups [OA] GET /v2/sims/{iccid}/topups lists for a sim: its operator's top-up packages. */
  function topUpsFor(sim: Sim): AiraloStandinPackage[] {
    const base = findPackage(sim.packageId);
    return base ? base.operator.packages.filter((p) => p.type === "topup") : [];
  }

  function simView(order: Order, iccid: string) {
    const found = findPackage(order.packageId);
    const sim = sims.get(iccid)!;
    return {
      id: Number(iccid.slice(-6)),
      created_at: order.createdAt,
      iccid,
      lpa: sim.lpa,
      imsis: null,
      matching_id: sim.matchingId,
      qrcode: `LPA:1$${sim.lpa}$${sim.matchingId}`,
      qrcode_url: `https://sandbox.airalo.com/qr?expires=1&id=${iccid}`,
      airalo_code: null,
      apn_type: found?.operator.apn_type ?? "automatic",
      apn_value: found?.operator.apn_value ?? null,
      is_roaming: found?.operator.is_roaming ?? true,
      confirmation_code: null,
      direct_apple_installation_url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$${sim.lpa}$${sim.matchingId}`,
    };
  }

  /** [OA] POST /v2/orders 200 example: numeric validity and price, the sims always. */
  function orderView(order: Order) {
    const found = findPackage(order.packageId);
    return {
      id: order.id,
      code: order.code,
      currency: "USD",
      package_id: order.packageId,
      quantity: order.quantity,
      type: order.type,
      description: order.description,
      esim_type: "Prepaid",
      validity: found?.pkg.day ?? 0,
      package: found ? `${found.operator.title}-${found.pkg.title}` : order.packageId,
      data: found?.pkg.data ?? "",
      price: order.price,
      created_at: order.createdAt,
      manual_installation: "<p>Settings → Cellular → Add eSIM</p>",
      qrcode_installation: "<p>Scan the QR code</p>",
      installation_guides: { en: "https://sandbox.airalo.com/installation-guide" },
      sims: order.sims.map((iccid) => simView(order, iccid)),
    };
  }

  /**
   * [OA] GET /v2/orders and GET /v2/orders/{order_id} 200 examples: `validity` and `price` as strings
   * ("7", "9.50"); `sims`, `user` and `status` only when `include` names them ("A comma-separated string to
   * include related data in the response. Possible values are "sims", "user", and "status".").
   */
  function storedOrderView(order: Order, include: Set<string>) {
    const { sims: _sims, validity, price, ...rest } = orderView(order);
    const view: Record<string, unknown> = { ...rest, validity: String(validity), price: price.toFixed(2) };
    if (include.has("sims")) view.sims = order.sims.map((iccid) => simView(order, iccid));
    if (include.has("user"))
      view.user = {
        id: 120,
        created_at: "2023-02-20 08:41:57",
        name: "Stand-in Partner",
        email: "partner@standin.invalid",
        mobile: null,
        address: null,
        state: null,
        city: null,
        postal_code: null,
        country_id: null,
        company: "Stand-in Partner",
      };
    if (include.has("status")) view.status = { name: "Completed", slug: "completed" };
    return view;
  }

  /** [OA] "Webhook definition": POST with `airalo-signature`, hex HMAC-SHA512 of the raw JSON body. */
  async function deliver(url: string, body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const signature = createHmac("sha512", options.clientSecret).update(raw).digest("hex");
    try {
      await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "airalo-signature": signature },
        body: raw,
      });
    } catch {
      // [AE] Airalo retries 20 times every 15 minutes; the stand-in drops an undelivered one.
    }
  }

  /** A low-data notification ([OA] "Webhook definition" example) to the `webhook_low_data` contact point. */
  async function notifyLowData(body: Record<string, unknown>) {
    webhooks.push(body);
    const target = notifications.get("webhook_low_data");
    if (target) await deliver(target.contact_point, body);
  }

  /**
   * [AE] opt-in: "At opt-in Airalo issues an HTTP HEAD request to the supplied webhook_url; the endpoint must
   * answer 200 OK or the opt-in fails." ([OA] "Webhook definition": "it must respond with 200 OK").
   */
  async function headCheck(url: string): Promise<boolean> {
    let status: number | null = null;
    try {
      const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(5000) });
      status = response.status;
    } catch {
      status = null;
    }
    headChecks.push({ url, status });
    return status === 200;
  }

  async function readBody(
    request: IncomingMessage,
    raw: Buffer,
    accept: ("json" | "multipart" | "urlencoded")[],
  ): Promise<Record<string, string | string[]>> {
    const type = request.headers["content-type"] ?? "";
    const text = raw.toString("utf8");
    if (accept.includes("json") && (type.includes("json") || type.startsWith("text/plain"))) {
      try {
        const parsed = JSON.parse(text || "{}") as Record<string, unknown>;
        return Object.fromEntries(
          Object.entries(parsed).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
        );
      } catch {
        return {};
      }
    }
    const multipart = type.includes("multipart/form-data") && accept.includes("multipart");
    const urlencoded = type.includes("application/x-www-form-urlencoded") && accept.includes("urlencoded");
    if (multipart || urlencoded) {
      try {
        const form = await new Response(new Uint8Array(raw), {
          headers: { "content-type": type },
        }).formData();
        const out: Record<string, string | string[]> = {};
        for (const [key, value] of form.entries()) {
          if (typeof value !== "string") continue;
          if (key.endsWith("[]")) {
            const name = key.slice(0, -2);
            const list = out[name];
            out[name] = [...(Array.isArray(list) ? list : []), value];
          } else out[key] = value;
        }
        return out;
      } catch {
        return {};
      }
    }
    return {};
  }

  const str = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

  function requireToken(request: IncomingMessage): string {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer (.+)$/.exec(header);
    const expires = match ? tokens.get(match[1]!) : undefined;
    if (!expires || expires < Date.now())
      throw new Refusal(401, { data: [], meta: { message: "Unauthenticated." } });
    return match![1]!;
  }

  function issueSim(packageId: string, orderId: number, amount: number, day: number, price: number): string {
    const body = `89852000${String(randomInt(10 ** 10)).padStart(10, "0")}`;
    const iccid = body + luhn(body);
    sims.set(iccid, {
      iccid,
      packageId,
      orderId,
      lpa: "lpa.airalo.com",
      matchingId: randomBytes(10).toString("hex").toUpperCase(),
      totalMb: amount,
      remainingMb: amount,
      day,
      status: "NOT_ACTIVE",
      expiredAt: null,
      topUps: [],
      price,
      recycled: false,
      levelsSent: new Set(),
    });
    return iccid;
  }

  function newOrderId() {
    nextOrderId += 1;
    return nextOrderId;
  }

  const orderCode = (id: number) => `${new Date().toISOString().slice(0, 10).replace(/-/g, "")}-${id}`;

  async function handle(
    method: string,
    url: URL,
    request: IncomingMessage,
    raw: Buffer,
  ): Promise<[number, unknown]> {
    const path = url.pathname;
    if (method === "POST" && path === "/v2/token") {
      tokenRequests += 1;
      // [OA] "Request access token": form fields client_id, client_secret, grant_type.
      const form = await readBody(request, raw, ["json", "multipart", "urlencoded"]);
      limit(`token:${str(form.client_id) ?? ""}`, limits.tokenPerMinute, 60_000);
      if (form.grant_type !== "client_credentials")
        invalid({ grant_type: "The grant type field is required." });
      if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret)
        throw new Refusal(401, { data: [], meta: { message: "Client authentication failed" } });
      const token = randomBytes(24).toString("base64url");
      tokens.set(token, Date.now() + ttl * 1000);
      return [
        200,
        {
          data: { token_type: "Bearer", expires_in: ttl, access_token: token },
          meta: { message: "success" },
        },
      ];
    }
    const token = requireToken(request);
    const key = `${method} ${path.replace(/\/sims\/\d+\//, "/sims/{iccid}/").replace(/\/orders\/\d+$/, "/orders/{id}")}`;
    const queued = failNext.get(key);
    const next = queued && queued.length > 0 ? queued.shift()! : null;
    // 429 switches on the rate limit's answer for one call.
    if (next === 429) tooMany(1);
    if (next !== null) business(next);

    if (method === "GET" && path === "/v2/packages") {
      limit(`packages:${token}`, limits.packagesPerMinute, 60_000);
      const limitParam = url.searchParams.get("limit");
      const pageParam = url.searchParams.get("page");
      const errors: Record<string, string> = {};
      if (limitParam !== null && limitParam !== "" && !/^\d+$/.test(limitParam))
        errors.limit = "The limit must be an integer.";
      if (pageParam !== null && pageParam !== "" && !/^\d+$/.test(pageParam))
        errors.page = "The page must be an integer.";
      if (Object.keys(errors).length > 0) invalid(errors);
      const withTopUps = url.searchParams.get("include") === "topup";
      const countryFilter = url.searchParams.get("filter[country]");
      const typeFilter = url.searchParams.get("filter[type]");
      const list = countries
        .filter((c) => !countryFilter || c.country_code === countryFilter)
        .map((c) => ({
          ...c,
          operators: c.operators
            .filter((o) => !typeFilter || o.type === typeFilter)
            .map((o) => ({
              ...o,
              packages: o.packages.filter((p) => withTopUps || p.type === "sim").map(publicPackage),
            })),
        }))
        .filter((c) => c.operators.length > 0);
      // [AE] "Call the endpoint without a limit parameter to retrieve the full catalogue ... in a single
      // response."
      const perPage = limitParam ? Math.max(1, Number(limitParam)) : Math.max(1, list.length);
      const page = Math.max(1, Number(pageParam || "1"));
      const lastPage = Math.max(1, Math.ceil(list.length / perPage));
      const start = (page - 1) * perPage;
      const slice = list.slice(start, start + perPage);
      const query = new URLSearchParams(url.searchParams);
      query.delete("page");
      const link = (n: number) => {
        const q = new URLSearchParams(query);
        q.set("page", String(n));
        return `${url.origin}/v2/packages?${q.toString()}`;
      };
      // [OA] `page` parameter: "If the page is set to 2 or beyond, the response will have different format and
      // contain an object representing the country's index in the list of packages." The [OA] examples (also
      // "List Packages with Pagination page>=2") keep an array; the `packages-page-shape` control picks.
      const data =
        page >= 2 && pageShape === "indexed"
          ? Object.fromEntries(slice.map((c, i) => [String(start + i), c]))
          : slice;
      // [OA] examples: links {first,last,prev,next}; meta {message, current_page, from, last_page, path,
      // per_page (a string), to, total} — total counts country entries.
      return [
        200,
        {
          data,
          links: {
            first: link(1),
            last: link(lastPage),
            prev: page > 1 ? link(page - 1) : null,
            next: page < lastPage ? link(page + 1) : null,
          },
          meta: {
            message: "success",
            current_page: page,
            from: slice.length > 0 ? start + 1 : null,
            last_page: lastPage,
            path: `${url.origin}/v2/packages`,
            per_page: String(perPage),
            to: slice.length > 0 ? start + slice.length : null,
            total: list.length,
          },
        },
      ];
    }

    if (method === "POST" && path === "/v2/orders") {
      // [OA] POST /v2/orders request body: multipart/form-data (quantity, package_id, type, description, ...).
      // Any other encoding reads as no fields at all, as Airalo's form validation would.
      const form = await readBody(request, raw, ["multipart"]);
      const description = str(form.description) ?? null;
      orderCalls.push({
        route: "POST /v2/orders",
        contentType: request.headers["content-type"] ?? "",
        description,
        status: 0,
      });
      const errors: Record<string, string> = {};
      const packageId = str(form.package_id);
      const quantityText = str(form.quantity);
      if (!quantityText) errors.quantity = "The quantity field is required.";
      if (!packageId) errors.package_id = "The package id field is required.";
      const quantity = Number(quantityText ?? "");
      if (quantityText && (!Number.isInteger(quantity) || quantity < 1))
        errors.quantity = "The quantity must be an integer.";
      else if (quantityText && quantity > 50) errors.quantity = "The quantity may not be greater than 50.";
      const found = packageId ? findPackage(packageId) : undefined;
      if (packageId && found?.pkg.type !== "sim") errors.package_id = "The selected package is invalid.";
      if (str(form.type) && form.type !== "sim") errors.type = "The selected type is invalid.";
      if (Object.keys(errors).length > 0) invalid(errors);
      const { pkg } = found!;
      // [OA] "x-422: SIM quantity is not available" example.
      if (pkg.stock !== null && pkg.stock < quantity) {
        if (pkg.stock > 0)
          invalid({ quantity: `SIM quantity is not available. Available quantity: ${pkg.stock}.` });
        business(33);
      }
      if (balance < pkg.net_price * quantity) business(11);
      balance = Math.round((balance - pkg.net_price * quantity) * 100) / 100;
      if (pkg.stock !== null) pkg.stock -= quantity;
      const id = newOrderId();
      const order: Order = {
        id,
        code: orderCode(id),
        packageId: pkg.id,
        quantity,
        type: "sim",
        description: description ?? "",
        price: Math.round(pkg.net_price * quantity * 100) / 100,
        createdAt: stamp(),
        sims: [],
      };
      for (let i = 0; i < quantity; i += 1)
        order.sims.push(issueSim(pkg.id, id, pkg.amount, pkg.day, pkg.net_price));
      orders.push(order);
      return [200, { data: orderView(order), meta: { message: "success" } }];
    }

    if (method === "GET" && path === "/v2/orders") {
      const include = new Set((url.searchParams.get("include") ?? "").split(",").map((s) => s.trim()));
      // [OA] filter[description]: "This performs a like search using the format '%DESCRIPTION%'."
      const description = url.searchParams.get("filter[description]");
      const code = url.searchParams.get("filter[code]");
      const iccid = url.searchParams.get("filter[iccid]");
      const list = orders
        .filter((o) => !description || o.description.includes(description))
        .filter((o) => !code || o.code.includes(code))
        .filter((o) => !iccid || o.sims.some((s) => s.includes(iccid)))
        .slice()
        .reverse();
      const limitParam = url.searchParams.get("limit");
      const pageParam = url.searchParams.get("page");
      const errors: Record<string, string> = {};
      if (limitParam && !/^\d+$/.test(limitParam)) errors.limit = "The limit must be an integer.";
      if (pageParam && !/^\d+$/.test(pageParam)) errors.page = "The page must be an integer.";
      if (Object.keys(errors).length > 0) invalid(errors);
      const perPage = Math.max(1, Number(limitParam || "50"));
      const page = Math.max(1, Number(pageParam || "1"));
      const lastPage = Math.max(1, Math.ceil(list.length / perPage));
      const start = (page - 1) * perPage;
      const slice = list.slice(start, start + perPage);
      const link = (n: number) => {
        const q = new URLSearchParams(url.searchParams);
        q.set("page", String(n));
        return `${url.origin}/v2/orders?${q.toString()}`;
      };
      return [
        200,
        {
          data: slice.map((o) => storedOrderView(o, include)),
          meta: {
            message: "success",
            current_page: page,
            from: slice.length > 0 ? start + 1 : null,
            last_page: lastPage,
            path: `${url.origin}/v2/orders`,
            per_page: String(perPage),
            to: slice.length > 0 ? start + slice.length : null,
            total: list.length,
          },
          links: {
            first: link(1),
            last: link(lastPage),
            prev: page > 1 ? link(page - 1) : null,
            next: page < lastPage ? link(page + 1) : null,
          },
        },
      ];
    }

    const orderPath = /^\/v2\/orders\/(\d+)$/.exec(path);
    if (method === "GET" && orderPath) {
      const order = orders.find((o) => o.id === Number(orderPath[1]));
      // [OA] GET /v2/orders/{order_id} 401 example for an order that is not the partner's.
      if (!order) throw new Refusal(401, { data: [], meta: { message: "This action is unauthorized." } });
      const include = new Set((url.searchParams.get("include") ?? "").split(",").map((s) => s.trim()));
      return [200, { data: storedOrderView(order, include), meta: { message: "success" } }];
    }

    const simPath = /^\/v2\/sims\/(\d+)\/(usage|topups)$/.exec(path);
    if (method === "GET" && simPath) {
      const iccid = simPath[1]!;
      if (simPath[2] === "usage") {
        usageCalls[iccid] = (usageCalls[iccid] ?? 0) + 1;
        limit(`usage-client`, limits.usagePerClientPerSecond, 1000);
        limit(`usage:${iccid}`, limits.usagePerIccidPerMinute, 60_000);
        const sim = sims.get(iccid);
        if (!sim) notFound();
        const cached = usageCache.get(iccid);
        if (cached && Date.now() - cached.at < usageCacheMs) return [200, cached.body];
        // [OA] "x-200: Get Usage (Recycled sim)" example.
        const body = sim!.recycled
          ? {
              data: {
                remaining: 0,
                total: 0,
                expired_at: null,
                is_unlimited: null,
                status: "RECYCLED",
                remaining_voice: 0,
                remaining_text: 0,
                total_voice: 0,
                total_text: 0,
              },
              meta: { message: "api.succes" },
            }
          : {
              data: {
                remaining: sim!.remainingMb,
                total: sim!.totalMb,
                expired_at: sim!.expiredAt,
                is_unlimited: false,
                status: sim!.status,
                remaining_voice: 0,
                remaining_text: 0,
                total_voice: 0,
                total_text: 0,
              },
              // [OA] sic: "api.succes".
              meta: { message: "api.succes" },
            };
        usageCache.set(iccid, { at: Date.now(), body });
        return [200, body];
      }
      const sim = sims.get(iccid);
      if (!sim) notFound();
      // [OA] GET /v2/sims/{iccid}/topups 422 example for a recycled sim.
      if (sim!.recycled)
        throw new Refusal(422, {
          code: 73,
          reason: `The eSIM with iccid ${iccid} has been recycled. It can no longer be used or topped up.`,
        });
      // [OA] 200 example: `{"data": [...]}` — top-up packages (id, type, price, amount, day, ...), no meta.
      return [
        200,
        {
          data: topUpsFor(sim!).map((p) => ({
            id: p.id,
            type: p.type,
            price: p.price,
            amount: p.amount,
            day: p.day,
            is_unlimited: p.is_unlimited,
            title: p.title,
            data: p.data,
            short_info: p.short_info,
            voice: p.voice,
            text: p.text,
            net_price: p.net_price,
          })),
        },
      ];
    }

    if (method === "POST" && path === "/v2/orders/topups") {
      // [OA] "Include a request body in the form of a FormData object": multipart/form-data only.
      const form = await readBody(request, raw, ["multipart"]);
      const description = str(form.description) ?? null;
      orderCalls.push({
        route: "POST /v2/orders/topups",
        contentType: request.headers["content-type"] ?? "",
        description,
        status: 0,
      });
      const iccid = str(form.iccid);
      const packageId = str(form.package_id);
      // [OA] "x-422: Required fields are missing" example.
      const errors: Record<string, string> = {};
      if (!iccid) errors.iccid = "The iccid field is required.";
      if (!packageId) errors.package_id = "The package id field is required.";
      if (Object.keys(errors).length > 0) invalid(errors);
      const sim = sims.get(iccid!);
      if (!sim) invalid({ iccid: "The selected iccid is invalid." });
      // [OA] "x-422: Recycled sim" example.
      if (sim!.recycled)
        throw new Refusal(422, {
          code: 73,
          reason: `The eSIM with iccid ${iccid} has been recycled. It can no longer be used or topped up.`,
        });
      // [OA] "x-422: Invalid package id" example: a package not among the sim's available top-ups.
      const pkg = topUpsFor(sim!).find((p) => p.id === packageId);
      if (!pkg) invalid({ package_id: "invalid topup package" });
      if (sim!.status === "EXPIRED") business(23);
      if (balance < pkg!.net_price) business(11);
      balance = Math.round((balance - pkg!.net_price) * 100) / 100;
      const id = newOrderId();
      sim!.topUps.push({ orderId: id, packageId: pkg!.id, amount: pkg!.amount, price: pkg!.net_price });
      sim!.totalMb += pkg!.amount;
      sim!.remainingMb += pkg!.amount;
      if (sim!.status === "FINISHED") sim!.status = "ACTIVE";
      sim!.levelsSent.clear();
      const order: Order = {
        id,
        code: orderCode(id),
        packageId: pkg!.id,
        quantity: 1,
        type: "topup",
        description: description ?? "",
        price: pkg!.net_price,
        createdAt: stamp(),
        sims: [iccid!],
      };
      orders.push(order);
      // [OA] 200 example: the order without `sims`, quantity "1".
      const { sims: _s, ...view } = orderView(order);
      return [200, { data: { ...view, quantity: "1" }, meta: { message: "success" } }];
    }

    if (method === "POST" && path === "/v2/refund") {
      limit(`refund:${request.socket.remoteAddress}`, limits.refundPerMinute, 60_000);
      // [OA] body text/plain JSON ({"iccids": [...], "reason", "notes"}); [AE] multipart/form-data with
      // `iccids` (example: the JSON array as a string). Both are read.
      const form = await readBody(request, raw, ["json", "multipart", "urlencoded"]);
      let iccids: string[] = [];
      if (Array.isArray(form.iccids)) iccids = form.iccids;
      else if (typeof form.iccids === "string") {
        try {
          const parsed = JSON.parse(form.iccids) as unknown;
          iccids = Array.isArray(parsed) ? parsed.map(String) : [form.iccids];
        } catch {
          iccids = [form.iccids];
        }
      }
      const reason = str(form.reason);
      const notes = str(form.notes) ?? null;
      const reasons = refundEdition === "2024" ? REFUND_REASONS_2024 : REFUND_REASONS_CURRENT;
      const refuse = (field: string, message: string): never => {
        // [OA] 422 examples: `{"data": [], "meta": {"message": "<the message>"}}`; [AE] "Invalid Reason"
        // example: `{"data": {"reason": "<the message>"}, "meta": {"message": "the parameter is invalid"}}`.
        if (refundEdition === "2024") throw new Refusal(422, { data: [], meta: { message } });
        return invalid({ [field]: message });
      };
      if (iccids.length === 0) refuse("iccids", "The iccids field is required.");
      if (!reason) refuse("reason", "The reason field is required.");
      if (!reasons.includes(reason!))
        refuse(
          "reason",
          refundEdition === "2024"
            ? `The selected reason is invalid. It must be one of the following: ${reasons.join(", ")}`
            : `The selected reason is invalid. It must be one of the following: ${reasons.join(", ")}`,
        );
      // [AE] "maxItems: 5"; notes "Required when the `reason` pram is set to `OTHERS`", maxLength 255.
      if (refundEdition === "current") {
        if (iccids.length > 5) refuse("iccids", "The iccids may not have more than 5 items.");
        if (reason === "OTHERS" && !notes)
          refuse("notes", "The notes field is required when reason is OTHERS.");
        if (notes && notes.length > 255) refuse("notes", "The notes may not be greater than 255 characters.");
      }
      const foreign = iccids.filter((i) => !sims.has(i));
      if (foreign.length > 0)
        throw new Refusal(422, {
          data: [],
          meta: { message: `The following ICCIDs do not belong to your company: ${foreign.join(", ")}` },
        });
      const known = refunds.find((r) => r.iccids.join() === iccids.join());
      const refund = known ?? {
        refund_id: String(randomInt(10_000, 99_999)),
        iccids,
        reason: reason!,
        notes,
        status: "PENDING" as const,
      };
      if (!known) refunds.push(refund);
      // [OA]/[AE] 202 example: `{"data": {"refund_id": "12345", "created_at": "2024-10-12 09:30"}, ...}`.
      return [
        202,
        {
          data: { refund_id: refund.refund_id, created_at: stamp().slice(0, 16) },
          meta: { message: "success" },
        },
      ];
    }

    // [OA]/[AE] GET /v2/balance: `{"data": {"balances": {"name": "balance", "availableBalance":
    // {"amount": 0, "currency": "USD"}}}, "meta": {"message": "success"}}`.
    if (method === "GET" && path === "/v2/balance")
      return [
        200,
        {
          data: { balances: { name: "balance", availableBalance: { amount: balance, currency: "USD" } } },
          meta: { message: "success" },
        },
      ];

    if (method === "POST" && path === "/v2/notifications/opt-in") {
      // [AE] opt-in: application/json {type, webhook_url, levels (credit limit only)}.
      const body = await readBody(request, raw, ["json"]);
      const type = str(body.type);
      const target = str(body.webhook_url) ?? str(body.email);
      const errors: Record<string, string> = {};
      if (!type) errors.type = "The type field is required.";
      else if (!NOTIFICATION_TYPES.includes(type)) errors.type = "The selected type is invalid.";
      if (!target) errors.webhook_url = "The webhook url field is required.";
      if (Object.keys(errors).length > 0) invalid(errors);
      if (!type!.startsWith("email_") && !(await headCheck(target!)))
        invalid({ webhook_url: "The webhook url must answer a HEAD request with 200 OK." });
      const levels = Array.isArray(body.levels) ? body.levels.map(Number) : undefined;
      const notification = {
        type: type!,
        contact_point: target!,
        ...(type!.endsWith("credit_limit") ? { levels: levels ?? [50, 70, 80, 90] } : {}),
      };
      notifications.set(type!, notification);
      return [200, { data: { notification }, meta: { message: "success" } }];
    }

    if (method === "GET" && path === "/v2/notifications/opt-in") {
      // [AE] "Get notification details": the low-data one ([OA] example), or ?type= for another kind.
      const type = url.searchParams.get("type") ?? "webhook_low_data";
      const notification = notifications.get(type);
      if (!notification) notFound();
      return [200, { data: { notification }, meta: { message: "success" } }];
    }

    if (method === "POST" && path === "/v2/notifications/opt-out") {
      // [AE] opt-out: application/json {type}; 204.
      const body = await readBody(request, raw, ["json"]);
      const type = str(body.type);
      if (!type) invalid({ type: "The type field is required." });
      notifications.delete(type!);
      return [204, null];
    }

    throw new Refusal(404, { data: [], meta: { message: "Not found." } });
  }

  async function control(path: string, body: Record<string, unknown>): Promise<unknown> {
    switch (path) {
      case "state": {
        const ordersByDescription: Record<string, number> = {};
        for (const o of orders)
          ordersByDescription[o.description] = (ordersByDescription[o.description] ?? 0) + 1;
        return {
          balance,
          tokenRequests,
          orders: orders.map((o) => ({
            id: o.id,
            description: o.description,
            type: o.type,
            packageId: o.packageId,
            sims: o.sims,
          })),
          ordersByDescription,
          orderCalls,
          usageCalls,
          refunds,
          webhooks,
          notifications: Object.fromEntries(notifications),
          headChecks,
          packagesPageShape: pageShape,
          refundEdition,
          limits,
          usageCacheSeconds: usageCacheMs / 1000,
        };
      }
      case "balance":
        balance = Number(body.balance);
        return { balance };
      case "rate":
        ratePerSecond = Number(body.ratePerSecond);
        recent.length = 0;
        return { ratePerSecond };
      case "webhook":
        // As if opted in to `webhook_low_data` at this URL (no HEAD check); null opts out.
        if (typeof body.url === "string")
          notifications.set("webhook_low_data", { type: "webhook_low_data", contact_point: body.url });
        else notifications.delete("webhook_low_data");
        return { webhookUrl: typeof body.url === "string" ? body.url : null };
      case "expire-tokens":
        tokens.clear();
        return {};
      case "stock": {
        const found = findPackage(String(body.packageId));
        if (!found) throw new Refusal(404, { message: "no such package" });
        found.pkg.stock = body.stock === null ? null : Number(body.stock);
        return {};
      }
      case "countries":
        countries = body.countries as AiraloStandinCountry[];
        return { count: countries.length };
      case "catalogue":
        countries = largeCatalogue(Number(body.size ?? 211));
        return { count: countries.length };
      case "packages-page-shape":
        if (body.shape !== "array" && body.shape !== "indexed")
          throw new Refusal(400, { message: "shape is array or indexed" });
        pageShape = body.shape;
        return { shape: pageShape };
      case "refund-edition":
        if (body.edition !== "current" && body.edition !== "2024")
          throw new Refusal(400, { message: "edition is current or 2024" });
        refundEdition = body.edition;
        return { edition: refundEdition };
      case "limits":
        for (const k of Object.keys(limits) as (keyof Limits)[])
          if (typeof body[k] === "number") limits[k] = body[k] as number;
        windows.clear();
        return limits;
      case "usage-cache":
        usageCacheMs = Number(body.seconds ?? 0) * 1000;
        usageCache.clear();
        return { seconds: usageCacheMs / 1000 };
      case "fail-next": {
        const codes = failNext.get(String(body.route)) ?? [];
        codes.push(Number(body.code));
        failNext.set(String(body.route), codes);
        return { queued: codes.length };
      }
      case "lose-answer": {
        const mode = body.mode === "drop" ? "drop" : "504";
        const list = failures.get(String(body.route)) ?? [];
        for (let i = 0; i < Number(body.times ?? 1); i += 1)
          list.push({ kind: "lose", mode, holdMs: Number(body.holdMs ?? 0) });
        failures.set(String(body.route), list);
        return { queued: list.length };
      }
      case "delay": {
        const list = failures.get(String(body.route)) ?? [];
        for (let i = 0; i < Number(body.times ?? 1); i += 1)
          list.push({ kind: "delay", ms: Number(body.ms) });
        failures.set(String(body.route), list);
        return { queued: list.length };
      }
      case "usage": {
        const sim = sims.get(String(body.iccid));
        if (!sim) throw new Refusal(404, { message: "no such sim" });
        if (sim.status === "NOT_ACTIVE") {
          sim.status = "ACTIVE";
          sim.expiredAt = stamp(new Date(Date.now() + sim.day * 86_400_000));
        }
        sim.remainingMb = Math.max(0, sim.totalMb - Number(body.usedMb));
        if (sim.remainingMb === 0) sim.status = "FINISHED";
        const used = 1 - sim.remainingMb / sim.totalMb;
        // [OA] "Webhook definition", low data example: {level ("1days", "3days", "75%", "90%"), package_name,
        // remaining_percentage, iccid}.
        for (const [share, level] of [
          [0.75, "75%"],
          [0.9, "90%"],
        ] as const)
          if (used >= share && !sim.levelsSent.has(level)) {
            sim.levelsSent.add(level);
            await notifyLowData({
              level,
              package_name: sim.packageId,
              remaining_percentage: Math.round((sim.remainingMb / sim.totalMb) * 100),
              iccid: sim.iccid,
            });
          }
        return { status: sim.status, remaining: sim.remainingMb };
      }
      case "expiry-notice": {
        // A low-data notification for validity: level "3days" or "1days".
        const sim = sims.get(String(body.iccid));
        if (!sim) throw new Refusal(404, { message: "no such sim" });
        const level = body.days === 1 ? "1days" : "3days";
        await notifyLowData({
          level,
          package_name: sim.packageId,
          remaining_percentage: Math.round((sim.remainingMb / sim.totalMb) * 100),
          iccid: sim.iccid,
        });
        return { level };
      }
      case "approve-refund": {
        const refund = refunds.find((r) => r.refund_id === body.refundId);
        if (!refund) throw new Refusal(404, { message: "no such refund" });
        if (refund.status === "PENDING") {
          refund.status = "APPROVED";
          for (const iccid of refund.iccids) {
            const sim = sims.get(iccid)!;
            sim.recycled = true;
            balance = Math.round((balance + sim.price) * 100) / 100;
          }
        }
        return refund;
      }
      default:
        throw new Refusal(404, { message: `unknown control ${path}` });
    }
  }

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    if (status === 204) {
      response.writeHead(204, headers);
      response.end();
      return;
    }
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "standin"}`);
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      if (url.pathname.startsWith("/__standin/")) {
        const body = raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
        return send(response, 200, await control(url.pathname.slice("/__standin/".length), body));
      }
      const now = Date.now();
      while (recent.length > 0 && now - recent[0]! >= 1000) recent.shift();
      if (recent.length >= ratePerSecond) {
        const wait = Math.max(1, Math.ceil((1000 - (now - recent[0]!)) / 1000));
        return send(response, 429, { message: "Too Many Attempts." }, { "retry-after": String(wait) });
      }
      recent.push(now);
      const method = request.method ?? "GET";
      const route = `${method} ${url.pathname}`;
      const queued = failures.get(route);
      const failure = queued && queued.length > 0 ? queued.shift()! : null;
      let result: [number, unknown];
      try {
        result = await handle(method, url, request, raw);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        result = [error.status, error.body];
        if (failure?.kind !== "delay") {
          recordStatus(route, error.status);
          return send(response, error.status, error.body, error.headers);
        }
        await sleep(failure.ms);
        recordStatus(route, error.status);
        return send(response, error.status, error.body, error.headers);
      }
      recordStatus(route, result[0]);
      if (failure?.kind === "delay") await sleep(failure.ms);
      if (failure?.kind === "lose") {
        // The order is placed; its answer is lost on the way back.
        if (failure.holdMs > 0) await sleep(failure.holdMs);
        if (failure.mode === "drop") {
          request.socket.destroy();
          return;
        }
        response.writeHead(504, { "content-type": "text/html" });
        response.end("<html><body><h1>504 Gateway Time-out</h1></body></html>");
        return;
      }
      send(response, result[0], result[1]);
    } catch (error) {
      if (error instanceof Refusal) return send(response, error.status, error.body, error.headers);
      send(response, 500, { data: [], meta: { message: "Server Error" } });
    }
  });

  function recordStatus(route: string, status: number) {
    const last = orderCalls[orderCalls.length - 1];
    if (last && last.route === route && last.status === 0) last.status = status;
  }

  return {
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("stand-in has no port");
      return `http://${host}:${address.port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
