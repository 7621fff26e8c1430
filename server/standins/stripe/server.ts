import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  formatAmount,
  METHOD_CURRENCIES,
  MINIMUM_AMOUNT,
  methodSupportsCurrency,
  REUSABLE_METHODS,
} from "./fixtures.ts";

// A local stand-in of api.stripe.com (ADR 0326), for the parts Roamly uses: Checkout Sessions in payment mode,
// PaymentIntents, Refunds, Customers, PaymentMethods, Events, and signed webhooks. It is written from Stripe's
// public documents and the type definitions of Stripe's official SDK only, without reading the store's adapter,
// and shares no code with it: a misreading shared by both would hide itself. Where the documents disagree with
// themselves (mostly between API versions) it accepts every documented shape.
// Test controls live under /__standin/ and a hosted page under /c/pay/ (neither is Stripe's API);
// docs/testing/stripe-standin.md lists them.
//
// Documents followed (quoted below):
// [API]    docs.stripe.com/api: errors ({error: {type, code, message, param}}, statuses 400/401/402/404/409/429/500),
//          authentication (Bearer or Basic with the key as user name), form-encoded requests, expand[], lists.
// [IDEM]   docs.stripe.com/api/idempotent_requests and docs.stripe.com/idempotency: "saves the resulting status
//          code and body of the first request ... regardless of whether it succeeds or fails", "compares incoming
//          parameters to those of the original request and errors if they're not the same", "results are only
//          saved if an API endpoint started executing ... If incoming parameters fail validation, or the request
//          conflicts with another that's executing concurrently, no idempotent result is saved".
// [RATE]   docs.stripe.com/rate-limits: 429; sandbox global limit 25 requests per second.
// [CS]     Checkout Session object and create/retrieve/expire (docs.stripe.com/api/checkout/sessions), and the SDK
//          `stripe` 23.1.0 types (API 2026-10-28): `allowed_payment_method_types` added and `payment_method_types`
//          removed on create; older versions document `payment_method_types`. Both are accepted.
// [WECHAT] docs.stripe.com/payments/wechat-pay/accept-a-payment?payment-ui=checkout, and the Checkout create
//          params: payment_method_options[wechat_pay][client] is `web`, `ios` or `android`, "app_id ... Only
//          required when client is ios or android"; setup_future_usage only `none`.
// [ALIPAY] docs.stripe.com/payments/alipay/accept-a-payment?payment-ui=checkout ("single-use", currencies).
// [SAVE]   saved_payment_method_options: "By default, only saved payment methods with allow_redisplay: 'always'
//          are shown in Checkout"; payment_method_save / payment_method_remove "Disabled by default".
// [FULFIL] docs.stripe.com/checkout/fulfillment: checkout.session.completed, then for delayed methods
//          checkout.session.async_payment_succeeded / async_payment_failed; checkout.session.expired.
// [SIG]    docs.stripe.com/webhooks/signatures: Stripe-Signature "t=<timestamp>,v1=<signature>", the signature an
//          HMAC-SHA256 with the endpoint secret of "<timestamp>.<payload>"; the SDKs' default tolerance 300 s.
// [CUR]    docs.stripe.com/currencies (fixtures.ts).
// [LIST]   docs.stripe.com/api/pagination, /api/charges/list, /api/refunds/list: lists are "in reverse
//          chronological order"; `limit` "ranging between 1 and 100", default 10; `starting_after` / `ending_before`
//          take an object ID and "are mutually exclusive"; `created` is an exact Unix timestamp or a dictionary of
//          `gt`, `gte`, `lt`, `lte` (both shapes are documented); charges filter on `customer`, `payment_intent`,
//          `transfer_group`, refunds on `charge`, `payment_intent`; `expand[]` reaches into `data.`.

export interface StripeStandinOptions {
  secretKey?: string;
  webhookSecret?: string;
  webhookUrl?: string | null;
  /** [RATE] sandbox: 25. */
  ratePerSecond?: number;
  /** Methods "enabled in the Dashboard", offered when a session names none. */
  accountMethods?: string[];
  apiVersion?: string;
}

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

class StripeError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly extra: Json;
  constructor(
    status: number,
    type: string,
    message: string,
    code?: string,
    param?: string,
    extra: Json = {},
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
    this.extra = extra;
  }
  body(): Json {
    const error: Json = { type: this.type, message: this.message, ...this.extra };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://docs.stripe.com/error-codes/${this.code.replace(/_/g, "-")}`;
    }
    if (this.param) error.param = this.param;
    return { error };
  }
}

/** A refusal of the request's parameters: no idempotent result is saved for it ([IDEM]). */
class ValidationError extends StripeError {}

const invalid = (message: string, param?: string, code?: string) =>
  new ValidationError(400, "invalid_request_error", message, code, param);
const missing = (param: string) =>
  new ValidationError(
    400,
    "invalid_request_error",
    `Missing required param: ${param}.`,
    "parameter_missing",
    param,
  );
const noSuch = (kind: string, id: string, param = "id") =>
  new ValidationError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);

/** Control refusals (not Stripe's API): 409 with a plain message. */
class ControlError extends Error {}

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
function token(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}
const now = () => Math.floor(Date.now() / 1000);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Decodes a form body or query the way Stripe's SDKs encode one: `a[b][0][c]=v`, `a[]=v`. Objects whose keys are
 * all indices become arrays.
 */
export function decodeForm(raw: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Params = root;
    for (let i = 0; i < parts.length; i += 1) {
      let part = parts[i]!;
      const last = i === parts.length - 1;
      if (part === "") part = String(Object.keys(node).length);
      if (last) node[part] = value;
      else {
        if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
        node = node[part] as Params;
      }
    }
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const object = value as Params;
    const keys = Object.keys(object);
    for (const key of keys) object[key] = arrays(object[key]);
    if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
      return keys.sort((a, b) => Number(a) - Number(b)).map((key) => object[key]);
    return object;
  };
  return arrays(root) as Params;
}

/** A stable text of the parameters, to compare an idempotent retry with the first request. */
function fingerprint(method: string, path: string, params: Params): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sorted((value as Params)[key])]),
      );
    return value;
  };
  return `${method} ${path} ${JSON.stringify(sorted(params))}`;
}

function str(params: Params, key: string, path = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${path}`, path, "parameter_invalid_string");
  if (value === "")
    throw invalid(
      `You passed an empty string for '${path}'. We assume empty values are an attempt to unset a parameter; however '${path}' cannot be unset. You should remove '${path}' from your request or supply a non-empty value.`,
      path,
      "parameter_invalid_empty",
    );
  return value;
}
function int(params: Params, key: string, path = key): number | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^-?\d+$/.test(value))
    throw invalid(`Invalid integer: ${String(value)}`, path, "parameter_invalid_integer");
  return Number(value);
}
function obj(params: Params, key: string, path = key): Params | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalid(`Invalid object`, path, "parameter_invalid_object");
  return value as Params;
}
function list(params: Params, key: string, path = key): unknown[] | undefined {
  const value = params[key];
  if (value === undefined || value === "") return undefined;
  if (!Array.isArray(value)) throw invalid(`Invalid array`, path, "parameter_invalid_array");
  return value;
}
function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  path: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T))
    throw invalid(
      `Invalid ${path}: must be one of ${allowed.join(", ")}`,
      path,
      "parameter_invalid_string" as string,
    );
  return value as T;
}
function metadata(params: Params, key = "metadata"): Record<string, string> {
  const value = obj(params, key);
  return value ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};
}

/** [CS] SessionCreateParams (SDK 23.1.0) plus `payment_method_types` of older versions. */
const SESSION_PARAMS = new Set(
  (
    "adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax " +
    "billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency " +
    "custom_fields custom_text customer customer_account customer_creation customer_email customer_update " +
    "discounts excluded_payment_method_types expand expires_at integration_identifier invoice_creation " +
    "line_items locale managed_payments metadata mode name_collection optional_items origin_context " +
    "payment_intent_data payment_method_collection payment_method_configuration payment_method_data " +
    "payment_method_options permissions phone_number_collection redirect_on_completion return_url " +
    "saved_payment_method_options setup_intent_data shipping_address_collection shipping_options submit_type " +
    "subscription_data success_url tax_id_collection ui_mode wallet_options payment_method_types"
  ).split(" "),
);

interface LineItem {
  id: string;
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

interface Session {
  id: string;
  created: number;
  expiresAt: number;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid" | "no_payment_required";
  currency: string;
  amountTotal: number;
  lineItems: LineItem[];
  offered: string[];
  allowed: string[] | null;
  methodOptions: Json;
  saved: {
    payment_method_save: string;
    payment_method_remove: string;
    allow_redisplay_filters: string[];
  } | null;
  customer: string | null;
  customerEmail: string | null;
  customerCreation: string | null;
  customerDetails: Json | null;
  setupFutureUsage: string | null;
  cardSetupFutureUsage: string | null;
  intentMetadata: Record<string, string>;
  intentDescription: string | null;
  paymentIntent: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  locale: string | null;
}

interface Intent {
  id: string;
  created: number;
  amount: number;
  currency: string;
  status: "requires_payment_method" | "processing" | "succeeded" | "canceled";
  customer: string | null;
  paymentMethod: string | null;
  latestCharge: string | null;
  lastPaymentError: Json | null;
  setupFutureUsage: string | null;
  metadata: Record<string, string>;
  description: string | null;
  session: string;
  methodTypes: string[];
}

interface Charge {
  id: string;
  created: number;
  amount: number;
  currency: string;
  status: "succeeded" | "pending" | "failed";
  paymentIntent: string;
  paymentMethod: string;
  customer: string | null;
  amountRefunded: number;
  failureCode: string | null;
  failureMessage: string | null;
}

interface Refund {
  id: string;
  created: number;
  amount: number;
  charge: string;
  paymentIntent: string;
  currency: string;
  status: "pending" | "succeeded" | "failed" | "canceled";
  reason: string | null;
  metadata: Record<string, string>;
}

interface Customer {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  deleted: boolean;
}

interface PaymentMethod {
  id: string;
  created: number;
  type: string;
  wallet: string | null;
  last4: string;
  customer: string | null;
  allowRedisplay: "always" | "limited" | "unspecified";
  email: string | null;
}

interface Delivery {
  id: string;
  type: string;
  payload: string;
  signature: string | null;
  attempts: { at: number; status: number | null }[];
}

interface WebhookMode {
  duplicate: boolean;
  delayMs: number;
  hold: boolean;
  reverse: boolean;
}

export function createStripeStandin(options: StripeStandinOptions = {}) {
  const secretKey = options.secretKey ?? "sk_test_standin";
  let webhookSecret = options.webhookSecret ?? "whsec_standin";
  let webhookUrl = options.webhookUrl ?? null;
  let ratePerSecond = options.ratePerSecond ?? 25;
  const accountMethods = options.accountMethods ?? ["card", "link", "alipay", "wechat_pay"];
  const apiVersion = options.apiVersion ?? "2026-10-28.endive";

  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const customers = new Map<string, Customer>();
  const methods = new Map<string, PaymentMethod>();
  const events = new Map<string, Json>();
  const eventOrder: string[] = [];
  const deliveries = new Map<string, Delivery>();
  const idempotency = new Map<
    string,
    { fingerprint: string; status: number; body: string; running: boolean }
  >();
  const recent: number[] = [];
  let rateLimitNext = 0;
  const losses: { method: string; path: string; mode: "drop" | "500" }[] = [];
  let refundStatus: "succeeded" | "pending" = "succeeded";
  const mode: WebhookMode = { duplicate: false, delayMs: 0, hold: false, reverse: false };
  const held: string[] = [];
  let baseUrl = "";

  // ---- views (the objects as Stripe's API returns them) ----

  function customerView(c: Customer): Json {
    if (c.deleted) return { id: c.id, object: "customer", deleted: true };
    return {
      id: c.id,
      object: "customer",
      address: null,
      balance: 0,
      created: c.created,
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: c.email,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: c.metadata,
      name: c.name,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
    };
  }

  function methodView(m: PaymentMethod): Json {
    const view: Json = {
      id: m.id,
      object: "payment_method",
      allow_redisplay: m.allowRedisplay,
      billing_details: { address: null, email: m.email, name: null, phone: null },
      created: m.created,
      customer: m.customer,
      livemode: false,
      metadata: {},
      type: m.type,
    };
    if (m.type === "card")
      view.card = {
        brand: "visa",
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
        country: "US",
        display_brand: "visa",
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: `fp${m.last4}standin`,
        funding: "credit",
        last4: m.last4,
        networks: { available: ["visa"], preferred: null },
        wallet: m.wallet ? { type: m.wallet, [m.wallet]: {}, dynamic_last4: m.last4 } : null,
      };
    else if (m.type === "link") view.link = { email: m.email };
    else view[m.type] = {};
    return view;
  }

  function chargeView(c: Charge): Json {
    const method = methods.get(c.paymentMethod);
    const details: Json = { type: method?.type ?? "card" };
    if (method) details[method.type] = (methodView(method)[method.type] as Json | undefined) ?? {};
    return {
      id: c.id,
      object: "charge",
      amount: c.amount,
      amount_captured: c.status === "succeeded" ? c.amount : 0,
      amount_refunded: c.amountRefunded,
      captured: c.status === "succeeded",
      created: c.created,
      currency: c.currency,
      customer: c.customer,
      failure_code: c.failureCode,
      failure_message: c.failureMessage,
      livemode: false,
      metadata: {},
      outcome:
        c.status === "failed"
          ? { network_status: "declined_by_network", reason: c.failureCode, type: "issuer_declined" }
          : { network_status: "approved_by_network", reason: null, type: "authorized" },
      paid: c.status === "succeeded",
      payment_intent: c.paymentIntent,
      payment_method: c.paymentMethod,
      payment_method_details: details,
      refunded: c.amountRefunded >= c.amount && c.amount > 0,
      status: c.status,
    };
  }

  function intentView(i: Intent, expand: string[] = []): Json {
    const view: Json = {
      id: i.id,
      object: "payment_intent",
      amount: i.amount,
      amount_capturable: 0,
      amount_received: i.status === "succeeded" ? i.amount : 0,
      capture_method: "automatic_async",
      client_secret: `${i.id}_secret_${token(24)}`,
      confirmation_method: "automatic",
      created: i.created,
      currency: i.currency,
      customer: i.customer,
      description: i.description,
      last_payment_error: i.lastPaymentError,
      latest_charge: i.latestCharge,
      livemode: false,
      metadata: i.metadata,
      payment_method: i.paymentMethod,
      payment_method_types: i.methodTypes,
      setup_future_usage: i.setupFutureUsage,
      status: i.status,
    };
    if (expand.includes("latest_charge") && i.latestCharge)
      view.latest_charge = chargeView(charges.get(i.latestCharge)!);
    if (expand.includes("payment_method") && i.paymentMethod)
      view.payment_method = methodView(methods.get(i.paymentMethod)!);
    if (expand.includes("customer") && i.customer) view.customer = customerView(customers.get(i.customer)!);
    return view;
  }

  function lineItemsList(s: Session): Json {
    return {
      object: "list",
      data: s.lineItems.map((item) => ({
        id: item.id,
        object: "item",
        amount_discount: 0,
        amount_subtotal: item.unitAmount * item.quantity,
        amount_tax: 0,
        amount_total: item.unitAmount * item.quantity,
        currency: item.currency,
        description: item.name,
        price: {
          id: `price_${token(24)}`,
          object: "price",
          active: false,
          currency: item.currency,
          product: `prod_${token(14)}`,
          type: "one_time",
          unit_amount: item.unitAmount,
        },
        quantity: item.quantity,
      })),
      has_more: false,
      url: `/v1/checkout/sessions/${s.id}/line_items`,
    };
  }

  function sessionView(s: Session, expand: string[] = []): Json {
    const view: Json = {
      id: s.id,
      object: "checkout.session",
      allowed_payment_method_types: s.allowed,
      amount_subtotal: s.amountTotal,
      amount_total: s.amountTotal,
      cancel_url: s.cancelUrl,
      client_reference_id: s.clientReferenceId,
      created: s.created,
      currency: s.currency,
      customer: s.customer,
      customer_creation: s.customerCreation,
      customer_details: s.customerDetails,
      customer_email: s.customerEmail,
      expires_at: s.expiresAt,
      livemode: false,
      locale: s.locale,
      metadata: s.metadata,
      mode: "payment",
      payment_intent: s.paymentIntent,
      payment_method_collection: "if_required",
      payment_method_options: s.methodOptions,
      payment_method_types: s.offered,
      payment_status: s.paymentStatus,
      saved_payment_method_options: s.saved,
      status: s.status,
      success_url: s.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: s.status === "open" ? `${baseUrl}/c/pay/${s.id}` : null,
    };
    const nested = (prefix: string) =>
      expand.filter((path) => path.startsWith(`${prefix}.`)).map((path) => path.slice(prefix.length + 1));
    if (
      s.paymentIntent &&
      expand.some((path) => path === "payment_intent" || path.startsWith("payment_intent."))
    )
      view.payment_intent = intentView(intents.get(s.paymentIntent)!, nested("payment_intent"));
    if (expand.includes("customer") && s.customer) view.customer = customerView(customers.get(s.customer)!);
    if (expand.includes("line_items")) view.line_items = lineItemsList(s);
    return view;
  }

  function refundView(r: Refund): Json {
    return {
      id: r.id,
      object: "refund",
      amount: r.amount,
      balance_transaction: null,
      charge: r.charge,
      created: r.created,
      currency: r.currency,
      metadata: r.metadata,
      payment_intent: r.paymentIntent,
      reason: r.reason,
      status: r.status,
    };
  }

  // ---- events and webhooks ----

  function makeEvent(
    type: string,
    object: Json,
    request: { id: string | null; key: string | null },
    previous?: Json,
  ) {
    const event: Json = {
      id: `evt_${token(24)}`,
      object: "event",
      api_version: apiVersion,
      created: now(),
      data: previous ? { object: clone(object), previous_attributes: previous } : { object: clone(object) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: request.id, idempotency_key: request.key },
      type,
    };
    events.set(event.id as string, event);
    eventOrder.push(event.id as string);
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    deliveries.set(event.id as string, {
      id: event.id as string,
      type,
      payload: JSON.stringify(event, null, 2),
      signature: null,
      attempts: [],
    });
    return event.id as string;
  }

  /** One delivery attempt; `ageSeconds` signs with an older timestamp (a replay the receiver should refuse). */
  async function deliver(id: string, ageSeconds = 0): Promise<void> {
    const delivery = deliveries.get(id)!;
    const url = webhookUrl;
    if (!url) return;
    const t = now() - ageSeconds;
    const signature = createHmac("sha256", webhookSecret).update(`${t}.${delivery.payload}`).digest("hex");
    delivery.signature = `t=${t},v1=${signature}`;
    let status: number | null = null;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": delivery.signature,
        },
        body: delivery.payload,
        signal: AbortSignal.timeout(20_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    delivery.attempts.push({ at: t, status });
  }

  async function send(ids: string[]): Promise<void> {
    const ordered = mode.reverse ? [...ids].reverse() : ids;
    if (mode.hold) {
      held.push(...ordered);
      return;
    }
    for (const id of ordered) {
      if (mode.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
      await deliver(id);
      if (mode.duplicate) await deliver(id);
    }
  }

  /** Events caused by the API are delivered in the background, as Stripe does; controls wait for them. */
  function emit(ids: string[], wait: boolean): Promise<void> {
    const sending = send(ids);
    if (wait && mode.delayMs === 0) return sending;
    void sending;
    return Promise.resolve();
  }

  // ---- the API ----

  function expandOf(params: Params): string[] {
    const value = params.expand;
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw invalid("Invalid array", "expand", "parameter_invalid_array");
    return value.map(String);
  }

  function findSession(id: string): Session {
    const session = sessions.get(id);
    if (!session) throw noSuch("checkout.session", id, "session");
    return session;
  }

  function lazyExpiry(session: Session) {
    if (session.status === "open" && session.expiresAt <= now())
      void emit(expireSession(session, { id: null, key: null }), false);
  }

  function expireSession(session: Session, request: { id: string | null; key: string | null }): string[] {
    session.status = "expired";
    return [makeEvent("checkout.session.expired", sessionView(session), request)];
  }

  function createSession(params: Params): Json {
    for (const key of Object.keys(params))
      if (!SESSION_PARAMS.has(key))
        throw invalid(`Received unknown parameter: ${key}`, key, "parameter_unknown");
    const sessionMode = str(params, "mode") ?? "payment";
    if (sessionMode !== "payment")
      throw invalid(
        `The stand-in serves mode=payment only (got ${sessionMode}).`,
        "mode",
        "parameter_invalid_string",
      );
    const successUrl = str(params, "success_url") ?? null;
    const cancelUrl = str(params, "cancel_url") ?? null;
    const uiMode = str(params, "ui_mode") ?? "hosted";
    if (uiMode === "hosted" && !successUrl) throw missing("success_url");

    const items = list(params, "line_items");
    if (!items || items.length === 0) throw missing("line_items");
    const lineItems: LineItem[] = items.map((raw, index) => {
      const path = `line_items[${index}]`;
      if (typeof raw !== "object" || raw === null)
        throw invalid("Invalid object", path, "parameter_invalid_object");
      const item = raw as Params;
      const price = str(item, "price", `${path}[price]`);
      if (price) throw noSuch("price", price, `${path}[price]`);
      const data = obj(item, "price_data", `${path}[price_data]`);
      if (!data) throw missing(`${path}[price_data]`);
      const currency = str(data, "currency", `${path}[price_data][currency]`)?.toLowerCase();
      if (!currency) throw missing(`${path}[price_data][currency]`);
      const unitAmount = int(data, "unit_amount", `${path}[price_data][unit_amount]`);
      if (unitAmount === undefined) throw missing(`${path}[price_data][unit_amount]`);
      if (unitAmount < 0)
        throw invalid(
          "This value must be greater than or equal to 0.",
          `${path}[price_data][unit_amount]`,
          "parameter_invalid_integer",
        );
      const product = obj(data, "product_data", `${path}[price_data][product_data]`);
      const productId = str(data, "product", `${path}[price_data][product]`);
      if (!product && !productId) throw missing(`${path}[price_data][product_data]`);
      const name = product ? str(product, "name", `${path}[price_data][product_data][name]`) : productId;
      if (!name) throw missing(`${path}[price_data][product_data][name]`);
      const quantity = int(item, "quantity", `${path}[quantity]`);
      if (quantity === undefined) throw missing(`${path}[quantity]`);
      if (quantity < 1)
        throw invalid(
          "This value must be greater than or equal to 1.",
          `${path}[quantity]`,
          "parameter_invalid_integer",
        );
      return { id: `li_${token(24)}`, name, currency, unitAmount, quantity };
    });
    const currency = lineItems[0]!.currency;
    if (lineItems.some((item) => item.currency !== currency))
      throw invalid("All line items must use the same currency.", "line_items", "parameter_invalid_string");
    const declared = str(params, "currency")?.toLowerCase();
    if (declared && declared !== currency)
      throw invalid(
        `The currency of the line items (${currency}) does not match currency (${declared}).`,
        "currency",
      );
    const amountTotal = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    const minimum = MINIMUM_AMOUNT[currency];
    if (amountTotal > 0 && minimum !== undefined && amountTotal < minimum)
      throw new ValidationError(
        400,
        "invalid_request_error",
        `The Checkout Session's total amount due must add up to at least ${formatAmount(minimum, currency)}`,
        "amount_too_small",
        "line_items",
      );

    // Customer.
    const customerId = str(params, "customer") ?? null;
    const customerEmail = str(params, "customer_email") ?? null;
    const customerCreation =
      oneOf(str(params, "customer_creation"), ["always", "if_required"], "customer_creation") ?? null;
    if (customerId && customerEmail)
      throw invalid(
        "You may only specify one of these parameters: customer, customer_email.",
        "customer_email",
      );
    if (customerId && customerCreation)
      throw invalid(
        "You may only specify one of these parameters: customer, customer_creation.",
        "customer_creation",
      );
    if (customerId) {
      const customer = customers.get(customerId);
      if (!customer || customer.deleted) throw noSuch("customer", customerId, "customer");
    }

    // Payment methods.
    const methodOptions = obj(params, "payment_method_options") ?? {};
    const wechat = obj(methodOptions, "wechat_pay", "payment_method_options[wechat_pay]");
    const wechatClient = wechat
      ? oneOf(
          str(wechat, "client", "payment_method_options[wechat_pay][client]"),
          ["web", "ios", "android"],
          "payment_method_options[wechat_pay][client]",
        )
      : undefined;
    if (wechat && !wechatClient) throw missing("payment_method_options[wechat_pay][client]");
    if (
      wechat &&
      wechatClient !== "web" &&
      !str(wechat, "app_id", "payment_method_options[wechat_pay][app_id]")
    )
      throw missing("payment_method_options[wechat_pay][app_id]");
    if (wechat)
      oneOf(
        str(wechat, "setup_future_usage", "payment_method_options[wechat_pay][setup_future_usage]"),
        ["none"],
        "payment_method_options[wechat_pay][setup_future_usage]",
      );
    const explicit = list(params, "payment_method_types")?.map(String);
    const allowed = list(params, "allowed_payment_method_types")?.map(String);
    const excluded = new Set((list(params, "excluded_payment_method_types") ?? []).map(String));
    if (explicit && allowed)
      throw invalid(
        "You may only specify one of these parameters: payment_method_types, allowed_payment_method_types.",
        "allowed_payment_method_types",
      );
    let offered: string[];
    if (explicit) {
      explicit.forEach((type, index) => {
        if (!(type in METHOD_CURRENCIES))
          throw invalid(
            `Invalid payment_method_types[${index}]: must be one of ${Object.keys(METHOD_CURRENCIES).join(", ")}`,
            `payment_method_types[${index}]`,
          );
        if (!methodSupportsCurrency(type, currency))
          throw invalid(
            `The currency provided (${currency}) is invalid for one or more payment method types provided (${type}).`,
            "payment_method_types",
          );
      });
      if (explicit.includes("wechat_pay") && !wechat)
        throw missing("payment_method_options[wechat_pay][client]");
      offered = [...new Set(explicit)];
    } else {
      if (allowed?.includes("wechat_pay") && !wechat)
        throw missing("payment_method_options[wechat_pay][client]");
      offered = accountMethods.filter(
        (type) =>
          (!allowed || allowed.includes(type)) &&
          !excluded.has(type) &&
          methodSupportsCurrency(type, currency) &&
          (type !== "wechat_pay" || Boolean(wechat)),
      );
    }
    if (offered.length === 0)
      throw invalid(
        `No valid payment method types for this Checkout Session in ${currency}.`,
        explicit ? "payment_method_types" : "allowed_payment_method_types",
        "payment_method_unactivated",
      );

    // Saving.
    const intentData = obj(params, "payment_intent_data") ?? {};
    const setupFutureUsage =
      oneOf(
        str(intentData, "setup_future_usage", "payment_intent_data[setup_future_usage]"),
        ["on_session", "off_session"],
        "payment_intent_data[setup_future_usage]",
      ) ?? null;
    const card = obj(methodOptions, "card", "payment_method_options[card]");
    const cardSetupFutureUsage = card
      ? (oneOf(
          str(card, "setup_future_usage", "payment_method_options[card][setup_future_usage]"),
          ["none", "on_session", "off_session"],
          "payment_method_options[card][setup_future_usage]",
        ) ?? null)
      : null;
    const savedRaw = obj(params, "saved_payment_method_options");
    let saved: Session["saved"] = null;
    if (savedRaw) {
      const save =
        oneOf(
          str(savedRaw, "payment_method_save", "saved_payment_method_options[payment_method_save]"),
          ["enabled", "disabled"],
          "saved_payment_method_options[payment_method_save]",
        ) ?? "disabled";
      const remove =
        oneOf(
          str(savedRaw, "payment_method_remove", "saved_payment_method_options[payment_method_remove]"),
          ["enabled", "disabled"],
          "saved_payment_method_options[payment_method_remove]",
        ) ?? "disabled";
      const filters = (
        list(
          savedRaw,
          "allow_redisplay_filters",
          "saved_payment_method_options[allow_redisplay_filters]",
        ) ?? ["always"]
      ).map(String);
      for (const filter of filters)
        oneOf(
          filter,
          ["always", "limited", "unspecified"],
          "saved_payment_method_options[allow_redisplay_filters]",
        );
      if (save === "enabled" && !customerId && customerCreation !== "always")
        throw invalid(
          "saved_payment_method_options[payment_method_save] can only be used with a customer or customer_creation=always.",
          "saved_payment_method_options[payment_method_save]",
        );
      saved = { payment_method_save: save, payment_method_remove: remove, allow_redisplay_filters: filters };
    }

    const created = now();
    const expiresAt = int(params, "expires_at") ?? created + 86_400;
    if (expiresAt < created + 1800 || expiresAt > created + 86_400)
      throw invalid(
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
        "expires_at",
      );
    expandOf(params);

    const optionsView: Json = {};
    if (offered.includes("card"))
      optionsView.card = {
        request_three_d_secure: "automatic",
        ...(cardSetupFutureUsage ? { setup_future_usage: cardSetupFutureUsage } : {}),
      };
    if (offered.includes("wechat_pay") && wechat)
      optionsView.wechat_pay = {
        app_id: (wechat.app_id as string | undefined) ?? null,
        client: wechatClient,
      };
    if (offered.includes("alipay")) optionsView.alipay = {};

    const session: Session = {
      id: `cs_test_${token(58)}`,
      created,
      expiresAt,
      status: "open",
      paymentStatus: amountTotal === 0 ? "no_payment_required" : "unpaid",
      currency,
      amountTotal,
      lineItems,
      offered,
      allowed: allowed ?? null,
      methodOptions: optionsView,
      saved,
      customer: customerId,
      customerEmail,
      customerCreation: customerId ? null : (customerCreation ?? "if_required"),
      customerDetails: null,
      setupFutureUsage,
      cardSetupFutureUsage,
      intentMetadata: metadata(intentData),
      intentDescription: str(intentData, "description", "payment_intent_data[description]") ?? null,
      paymentIntent: null,
      successUrl,
      cancelUrl,
      clientReferenceId: str(params, "client_reference_id") ?? null,
      metadata: metadata(params),
      locale: str(params, "locale") ?? null,
    };
    sessions.set(session.id, session);
    return sessionView(session, expandOf(params));
  }

  function createRefund(
    params: Params,
    request: { id: string; key: string | null },
  ): { body: Json; events: string[] } {
    const piId = str(params, "payment_intent");
    const chargeId = str(params, "charge");
    if (!piId && !chargeId)
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        undefined,
        "parameter_missing",
      );
    let charge: Charge | undefined;
    if (chargeId) {
      charge = charges.get(chargeId);
      if (!charge) throw noSuch("charge", chargeId, "charge");
    } else {
      const intent = intents.get(piId!);
      if (!intent) throw noSuch("payment_intent", piId!, "payment_intent");
      charge = intent.latestCharge ? charges.get(intent.latestCharge) : undefined;
      if (charge?.status !== "succeeded")
        throw invalid(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          "payment_intent",
        );
    }
    if (charge.status !== "succeeded")
      throw invalid(`Charge ${charge.id} has not succeeded and cannot be refunded.`, "charge");
    const left = charge.amount - charge.amountRefunded;
    if (left <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, "charge", "charge_already_refunded");
    const amount = int(params, "amount") ?? left;
    if (amount <= 0) throw invalid("Invalid positive integer", "amount", "parameter_invalid_integer");
    if (amount > left)
      throw invalid(
        `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`,
        "amount",
        "amount_too_large",
      );
    const reason =
      oneOf(str(params, "reason"), ["duplicate", "fraudulent", "requested_by_customer"], "reason") ?? null;
    const refund: Refund = {
      id: `re_${token(24)}`,
      created: now(),
      amount,
      charge: charge.id,
      paymentIntent: charge.paymentIntent,
      currency: charge.currency,
      status: refundStatus,
      reason,
      metadata: metadata(params),
    };
    refunds.set(refund.id, refund);
    charge.amountRefunded += amount;
    const ids = [
      makeEvent("refund.created", refundView(refund), request),
      makeEvent("charge.refunded", chargeView(charge), request, {
        amount_refunded: charge.amountRefunded - amount,
      }),
    ];
    return { body: refundView(refund), events: ids };
  }

  function listOf(data: Json[], url: string, params: Params): Json {
    const limit = Math.min(Math.max(int(params, "limit") ?? 10, 1), 100);
    return { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url };
  }

  /** [LIST] The `created` filter: an exact timestamp, or `created[gt|gte|lt|lte]`. */
  function createdFilter(params: Params): (created: number) => boolean {
    const value = params.created;
    if (value === undefined) return () => true;
    if (typeof value === "string") {
      const exact = int(params, "created")!;
      return (created) => created === exact;
    }
    const range = obj(params, "created")!;
    for (const key of Object.keys(range))
      if (!["gt", "gte", "lt", "lte"].includes(key))
        throw invalid(`Received unknown parameter: created[${key}]`, `created[${key}]`, "parameter_unknown");
    const gt = int(range, "gt", "created[gt]");
    const gte = int(range, "gte", "created[gte]");
    const lt = int(range, "lt", "created[lt]");
    const lte = int(range, "lte", "created[lte]");
    return (created) =>
      (gt === undefined || created > gt) &&
      (gte === undefined || created >= gte) &&
      (lt === undefined || created < lt) &&
      (lte === undefined || created <= lte);
  }

  /**
   * [LIST] One page of a cursor-paginated list, newest first (among objects of the same second, the one made
   * later first). The cursor is placed among all objects of the kind, then the filter applies; `ending_before`
   * answers the `limit` objects just newer than the cursor, `has_more` telling whether still newer ones match.
   */
  function cursorPage<T extends { id: string; created: number }>(
    all: Iterable<T>,
    params: Params,
    allowed: string[],
    kind: string,
    url: string,
    match: (item: T) => boolean,
    view: (item: T) => Json,
  ): Json {
    for (const key of Object.keys(params))
      if (!["limit", "starting_after", "ending_before", "expand", "created", ...allowed].includes(key))
        throw invalid(`Received unknown parameter: ${key}`, key, "parameter_unknown");
    const limit = int(params, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit");
    const after = str(params, "starting_after");
    const before = str(params, "ending_before");
    if (after && before)
      throw invalid(
        "You may only specify one of these parameters: starting_after, ending_before.",
        "ending_before",
      );
    const created = createdFilter(params);
    const sorted = [...all].reverse().sort((a, b) => b.created - a.created);
    const cursor = after ?? before;
    const at = cursor === undefined ? -1 : sorted.findIndex((item) => item.id === cursor);
    if (cursor !== undefined && at < 0)
      throw noSuch(kind, cursor, after ? "starting_after" : "ending_before");
    const window = after ? sorted.slice(at + 1) : before ? sorted.slice(0, at) : sorted;
    const found = window.filter((item) => created(item.created) && match(item));
    const data = before ? found.slice(Math.max(found.length - limit, 0)) : found.slice(0, limit);
    return { object: "list", data: data.map(view), has_more: found.length > limit, url };
  }

  /** `expand[]` of a list's items: `data.x` (and plain `x`, as the session list accepts). */
  const expandItems = (params: Params) => expandOf(params).map((path) => path.replace(/^data\./, ""));

  function chargeExpanded(charge: Charge, expand: string[]): Json {
    const view = chargeView(charge);
    if (expand.includes("payment_intent"))
      view.payment_intent = intentView(intents.get(charge.paymentIntent)!);
    if (expand.includes("customer") && charge.customer)
      view.customer = customerView(customers.get(charge.customer)!);
    return view;
  }

  function refundExpanded(refund: Refund, expand: string[]): Json {
    const view = refundView(refund);
    if (expand.includes("charge")) view.charge = chargeView(charges.get(refund.charge)!);
    if (expand.includes("payment_intent"))
      view.payment_intent = intentView(intents.get(refund.paymentIntent)!);
    return view;
  }

  function customerMethods(customerId: string, params: Params): Json {
    const customer = customers.get(customerId);
    if (!customer || customer.deleted) throw noSuch("customer", customerId, "customer");
    const type = str(params, "type");
    const redisplay = str(params, "allow_redisplay");
    const data = [...methods.values()]
      .filter(
        (m) =>
          m.customer === customerId &&
          (!type || m.type === type) &&
          (!redisplay || m.allowRedisplay === redisplay),
      )
      .sort((a, b) => b.created - a.created)
      .map(methodView);
    return listOf(data, `/v1/customers/${customerId}/payment_methods`, params);
  }

  interface Route {
    method: string;
    pattern: RegExp;
    run(
      match: string[],
      params: Params,
      request: { id: string; key: string | null },
    ): { body: Json; events?: string[] };
  }

  const routes: Route[] = [
    { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, run: (_m, p) => ({ body: createSession(p) }) },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions$/,
      run: (_m, p) => {
        const pi = str(p, "payment_intent");
        const customer = str(p, "customer");
        const data = [...sessions.values()]
          .filter((s) => (!pi || s.paymentIntent === pi) && (!customer || s.customer === customer))
          .sort((a, b) => b.created - a.created)
          .map((s) =>
            sessionView(
              s,
              expandOf(p).map((e) => e.replace(/^data\./, "")),
            ),
          );
        return { body: listOf(data, "/v1/checkout/sessions", p) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      run: (m, p) => {
        const session = findSession(m[1]!);
        lazyExpiry(session);
        return { body: sessionView(session, expandOf(p)) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
      run: (m) => ({ body: lineItemsList(findSession(m[1]!)) }),
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      run: (m, _p, request) => {
        const session = findSession(m[1]!);
        lazyExpiry(session);
        if (session.status !== "open")
          throw new StripeError(
            400,
            "invalid_request_error",
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            "checkout_session_not_open" as string,
          );
        const ids = expireSession(session, request);
        return { body: sessionView(session), events: ids };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      run: (m, p) => {
        const intent = intents.get(m[1]!);
        if (!intent) throw noSuch("payment_intent", m[1]!, "intent");
        return { body: intentView(intent, expandOf(p)) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/charges$/,
      run: (_m, p) => {
        const customer = str(p, "customer");
        const pi = str(p, "payment_intent");
        const transferGroup = str(p, "transfer_group");
        const expand = expandItems(p);
        const body = cursorPage(
          charges.values(),
          p,
          ["customer", "payment_intent", "transfer_group"],
          "charge",
          "/v1/charges",
          (c) =>
            (!customer || c.customer === customer) &&
            (!pi || c.paymentIntent === pi) &&
            // The stand-in makes no transfers: no charge has a transfer group.
            transferGroup === undefined,
          (c) => chargeExpanded(c, expand),
        );
        return { body };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/charges\/([^/]+)$/,
      run: (m) => {
        const charge = charges.get(m[1]!);
        if (!charge) throw noSuch("charge", m[1]!, "charge");
        return { body: chargeView(charge) };
      },
    },
    { method: "POST", pattern: /^\/v1\/refunds$/, run: (_m, p, request) => createRefund(p, request) },
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      run: (_m, p) => {
        const charge = str(p, "charge");
        const pi = str(p, "payment_intent");
        const expand = expandItems(p);
        const body = cursorPage(
          refunds.values(),
          p,
          ["charge", "payment_intent"],
          "refund",
          "/v1/refunds",
          (r) => (!charge || r.charge === charge) && (!pi || r.paymentIntent === pi),
          (r) => refundExpanded(r, expand),
        );
        return { body };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      run: (m) => {
        const refund = refunds.get(m[1]!);
        if (!refund) throw noSuch("refund", m[1]!);
        return { body: refundView(refund) };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      run: (_m, p) => {
        const customer: Customer = {
          id: `cus_${token(14)}`,
          created: now(),
          email: str(p, "email") ?? null,
          name: str(p, "name") ?? null,
          metadata: metadata(p),
          deleted: false,
        };
        customers.set(customer.id, customer);
        return { body: customerView(customer) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: (m) => {
        const customer = customers.get(m[1]!);
        if (!customer) throw noSuch("customer", m[1]!);
        return { body: customerView(customer) };
      },
    },
    {
      method: "DELETE",
      pattern: /^\/v1\/customers\/([^/]+)$/,
      run: (m) => {
        const customer = customers.get(m[1]!);
        if (!customer || customer.deleted) throw noSuch("customer", m[1]!);
        customer.deleted = true;
        for (const method of methods.values()) if (method.customer === customer.id) method.customer = null;
        return { body: customerView(customer) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      run: (m, p) => ({ body: customerMethods(m[1]!, p) }),
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods$/,
      run: (_m, p) => {
        const customer = str(p, "customer");
        if (!customer) throw missing("customer");
        const answer = customerMethods(customer, p);
        return { body: { ...answer, url: "/v1/payment_methods" } };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      run: (m) => {
        const method = methods.get(m[1]!);
        if (!method) throw noSuch("PaymentMethod", m[1]!, "payment_method");
        return { body: methodView(method) };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      run: (m, _p, request) => {
        const method = methods.get(m[1]!);
        if (!method) throw noSuch("PaymentMethod", m[1]!, "payment_method");
        if (!method.customer)
          throw new StripeError(
            400,
            "invalid_request_error",
            "The payment method you provided is not attached to a customer so detachment is impossible.",
            "payment_method_unexpected_state",
          );
        const previous = method.customer;
        method.customer = null;
        const ids = [
          makeEvent("payment_method.detached", methodView(method), request, { customer: previous }),
        ];
        return { body: methodView(method), events: ids };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/events$/,
      run: (_m, p) => {
        const type = str(p, "type");
        const data = [...eventOrder]
          .reverse()
          .map((id) => events.get(id)!)
          .filter(
            (e) =>
              !type ||
              e.type === type ||
              (type.endsWith(".*") && String(e.type).startsWith(type.slice(0, -1))),
          );
        return { body: listOf(data, "/v1/events", p) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/events\/([^/]+)$/,
      run: (m) => {
        const event = events.get(m[1]!);
        if (!event) throw noSuch("event", m[1]!);
        return { body: event };
      },
    },
  ];

  // ---- the shopper on the hosted page, and Stripe's network (controls) ----

  function openSession(id: unknown): Session {
    const session = sessions.get(String(id));
    if (!session) throw new ControlError(`no such session ${String(id)}`);
    lazyExpiry(session);
    if (session.status !== "open") throw new ControlError(`session ${session.id} is ${session.status}`);
    return session;
  }

  /** The PaymentMethod the shopper pays with on the page. */
  function shopperMethod(session: Session, body: Json): PaymentMethod {
    if (body.paymentMethod) {
      const saved = methods.get(String(body.paymentMethod));
      if (!saved) throw new ControlError(`no such payment method ${String(body.paymentMethod)}`);
      const filters = session.saved?.allow_redisplay_filters ?? ["always"];
      if (!session.customer || saved.customer !== session.customer)
        throw new ControlError("that payment method is not saved to the session's customer");
      if (!filters.includes(saved.allowRedisplay))
        throw new ControlError(
          `Checkout does not show a saved method with allow_redisplay=${saved.allowRedisplay}`,
        );
      if (!session.offered.includes(saved.type)) throw new ControlError(`${saved.type} is not offered`);
      return saved;
    }
    const choice = String(body.method ?? (session.offered[0] === "card" ? "card" : session.offered[0]));
    const wallet = choice === "apple_pay" || choice === "google_pay" ? choice : null;
    const type = wallet ? "card" : choice;
    if (!session.offered.includes(type)) throw new ControlError(`${choice} is not offered by ${session.id}`);
    const method: PaymentMethod = {
      id: `pm_${token(24)}`,
      created: now(),
      type,
      wallet,
      last4: type === "card" ? (wallet ? "1881" : "4242") : "",
      customer: null,
      allowRedisplay: "unspecified",
      email: typeof body.email === "string" ? body.email : session.customerEmail,
    };
    methods.set(method.id, method);
    return method;
  }

  function ensureIntent(session: Session, method: PaymentMethod): Intent {
    if (session.paymentIntent) {
      const intent = intents.get(session.paymentIntent)!;
      intent.paymentMethod = method.id;
      intent.methodTypes = [method.type];
      return intent;
    }
    const intent: Intent = {
      id: `pi_${token(24)}`,
      created: now(),
      amount: session.amountTotal,
      currency: session.currency,
      status: "requires_payment_method",
      customer: session.customer,
      paymentMethod: method.id,
      latestCharge: null,
      lastPaymentError: null,
      setupFutureUsage: REUSABLE_METHODS.has(method.type)
        ? (session.setupFutureUsage ?? session.cardSetupFutureUsage)
        : null,
      metadata: session.intentMetadata,
      description: session.intentDescription,
      session: session.id,
      methodTypes: [method.type],
    };
    intents.set(intent.id, intent);
    session.paymentIntent = intent.id;
    return intent;
  }

  function newCharge(
    intent: Intent,
    method: PaymentMethod,
    status: Charge["status"],
    failure?: [string, string],
  ): Charge {
    const charge: Charge = {
      id: `ch_${token(24)}`,
      created: now(),
      amount: intent.amount,
      currency: intent.currency,
      status,
      paymentIntent: intent.id,
      paymentMethod: method.id,
      customer: intent.customer,
      amountRefunded: 0,
      failureCode: failure?.[0] ?? null,
      failureMessage: failure?.[1] ?? null,
    };
    charges.set(charge.id, charge);
    intent.latestCharge = charge.id;
    return charge;
  }

  /** The session's customer when the payment completes (made now for customer_creation=always). */
  function settleCustomer(session: Session, method: PaymentMethod, email: string | null) {
    if (!session.customer && session.customerCreation === "always") {
      const customer: Customer = {
        id: `cus_${token(14)}`,
        created: now(),
        email,
        name: null,
        metadata: {},
        deleted: false,
      };
      customers.set(customer.id, customer);
      session.customer = customer.id;
    }
    session.customerDetails = {
      address: null,
      email: email ?? (session.customer ? customers.get(session.customer)?.email : null) ?? null,
      name: null,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    };
    if (session.paymentIntent) {
      const intent = intents.get(session.paymentIntent)!;
      intent.customer = session.customer;
    }
    void method;
  }

  /** [SAVE] The card is kept for the customer when the shopper ticks "save", or when future usage was asked. */
  function maybeSave(session: Session, method: PaymentMethod, save: boolean): string[] {
    if (!session.customer || method.customer || !REUSABLE_METHODS.has(method.type)) return [];
    const asked = session.setupFutureUsage ?? (method.type === "card" ? session.cardSetupFutureUsage : null);
    const consent = save && session.saved?.payment_method_save === "enabled";
    if (!consent && (!asked || asked === "none")) return [];
    method.customer = session.customer;
    method.allowRedisplay = consent ? "always" : "limited";
    return [makeEvent("payment_method.attached", methodView(method), { id: null, key: null })];
  }

  function succeed(
    session: Session,
    intent: Intent,
    method: PaymentMethod,
    asyncCompletion: boolean,
  ): string[] {
    const charge =
      intent.latestCharge && charges.get(intent.latestCharge)?.status === "pending"
        ? charges.get(intent.latestCharge)!
        : newCharge(intent, method, "succeeded");
    charge.status = "succeeded";
    intent.status = "succeeded";
    intent.lastPaymentError = null;
    session.paymentStatus = "paid";
    const request = { id: null, key: null };
    const ids = [
      makeEvent("charge.succeeded", chargeView(charge), request),
      makeEvent("payment_intent.succeeded", intentView(intent), request),
    ];
    ids.push(
      makeEvent(
        asyncCompletion ? "checkout.session.async_payment_succeeded" : "checkout.session.completed",
        sessionView(session),
        request,
      ),
    );
    return ids;
  }

  function fail(
    intent: Intent,
    method: PaymentMethod,
    code: string,
    declineCode: string | null,
    charge?: Charge,
  ): string[] {
    const message = declineCode ? "Your card was declined." : "The customer's payment failed.";
    const failed = charge ?? newCharge(intent, method, "failed", [code, message]);
    failed.status = "failed";
    failed.failureCode = code;
    failed.failureMessage = message;
    intent.status = "requires_payment_method";
    intent.lastPaymentError = {
      type: method.type === "card" ? "card_error" : "invalid_request_error",
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message,
      charge: failed.id,
      payment_method: methodView(method),
    };
    const request = { id: null, key: null };
    return [
      makeEvent("charge.failed", chargeView(failed), request),
      makeEvent("payment_intent.payment_failed", intentView(intent), request),
    ];
  }

  function successRedirect(session: Session): string | null {
    return session.successUrl?.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) ?? null;
  }

  async function control(name: string, body: Json): Promise<Json> {
    switch (name) {
      case "pay": {
        const session = openSession(body.session);
        if (session.amountTotal === 0) {
          session.status = "complete";
          settleCustomer(
            session,
            {
              id: "",
              created: 0,
              type: "card",
              wallet: null,
              last4: "",
              customer: null,
              allowRedisplay: "unspecified",
              email: null,
            },
            typeof body.email === "string" ? body.email : session.customerEmail,
          );
          const ids = [
            makeEvent("checkout.session.completed", sessionView(session), { id: null, key: null }),
          ];
          await emit(ids, true);
          return { session: sessionView(session), redirect: successRedirect(session), events: ids };
        }
        const method = shopperMethod(session, body);
        const intent = ensureIntent(session, method);
        session.status = "complete";
        settleCustomer(session, method, method.email);
        const ids = [
          ...maybeSave(session, method, body.save === true),
          ...succeed(session, intent, method, false),
        ];
        await emit(ids, true);
        return {
          session: sessionView(session),
          paymentIntent: intent.id,
          paymentMethod: method.id,
          redirect: successRedirect(session),
          events: ids,
        };
      }
      case "decline": {
        const session = openSession(body.session);
        const method = shopperMethod(session, { ...body, method: body.method ?? "card" });
        if (method.type !== "card")
          throw new ControlError("only a card is declined on the page; use pay-async + async-fail");
        const intent = ensureIntent(session, method);
        const ids = fail(intent, method, "card_declined", String(body.declineCode ?? "generic_decline"));
        await emit(ids, true);
        return { session: sessionView(session), paymentIntent: intent.id, events: ids };
      }
      case "remove": {
        // [SAVE] payment_method_remove: "Enable customers to choose if they wish to remove their saved payment
        // methods. Disabled by default."
        const session = openSession(body.session);
        if (session.saved?.payment_method_remove !== "enabled")
          throw new ControlError("payment_method_remove is not enabled on this session");
        const method = methods.get(String(body.paymentMethod));
        if (!method || !session.customer || method.customer !== session.customer)
          throw new ControlError("that payment method is not saved to the session's customer");
        method.customer = null;
        const ids = [
          makeEvent(
            "payment_method.detached",
            methodView(method),
            { id: null, key: null },
            { customer: session.customer },
          ),
        ];
        await emit(ids, true);
        return { paymentMethod: methodView(method), events: ids };
      }
      case "cancel": {
        const session = openSession(body.session);
        return { session: sessionView(session), redirect: session.cancelUrl };
      }
      case "pay-async": {
        const session = openSession(body.session);
        const method = shopperMethod(session, body);
        const intent = ensureIntent(session, method);
        newCharge(intent, method, "pending");
        intent.status = "processing";
        session.status = "complete";
        settleCustomer(session, method, method.email);
        const ids = [...maybeSave(session, method, body.save === true)];
        ids.push(makeEvent("checkout.session.completed", sessionView(session), { id: null, key: null }));
        await emit(ids, true);
        return {
          session: sessionView(session),
          paymentIntent: intent.id,
          redirect: successRedirect(session),
          events: ids,
        };
      }
      case "async-succeed":
      case "async-fail": {
        const session = sessions.get(String(body.session));
        const intent = session?.paymentIntent ? intents.get(session.paymentIntent) : undefined;
        if (!session || !intent || intent.status !== "processing")
          throw new ControlError("no delayed payment is processing for that session");
        const method = methods.get(intent.paymentMethod!)!;
        const charge = charges.get(intent.latestCharge!)!;
        let ids: string[];
        if (name === "async-succeed") ids = succeed(session, intent, method, true);
        else {
          ids = fail(intent, method, "payment_intent_payment_attempt_failed", null, charge);
          ids.push(
            makeEvent("checkout.session.async_payment_failed", sessionView(session), { id: null, key: null }),
          );
        }
        await emit(ids, true);
        return { session: sessionView(session), paymentIntent: intentView(intent), events: ids };
      }
      case "expire": {
        const session = openSession(body.session);
        const ids = expireSession(session, { id: null, key: null });
        await emit(ids, true);
        return { session: sessionView(session), events: ids };
      }
      case "refund-mode": {
        refundStatus = body.status === "pending" ? "pending" : "succeeded";
        return { status: refundStatus };
      }
      case "refund-settle": {
        const refund = refunds.get(String(body.refund));
        if (refund?.status !== "pending") throw new ControlError("no pending refund by that id");
        const status = body.status === "failed" ? "failed" : "succeeded";
        refund.status = status;
        const charge = charges.get(refund.charge)!;
        if (status === "failed") charge.amountRefunded -= refund.amount;
        const request = { id: null, key: null };
        const previous = { status: "pending" };
        const ids = [
          makeEvent("refund.updated", refundView(refund), request, previous),
          makeEvent("charge.refund.updated", refundView(refund), request, previous),
        ];
        if (status === "failed") ids.push(makeEvent("refund.failed", refundView(refund), request));
        await emit(ids, true);
        return { refund: refundView(refund), events: ids };
      }
      case "charges": {
        const session = sessions.get(String(body.session));
        if (!session) throw new ControlError("no such session");
        const own = [...charges.values()].filter((c) => c.paymentIntent === session.paymentIntent);
        return {
          succeeded: own.filter((c) => c.status === "succeeded").length,
          failed: own.filter((c) => c.status === "failed").length,
          pending: own.filter((c) => c.status === "pending").length,
          amountCaptured: own.filter((c) => c.status === "succeeded").reduce((sum, c) => sum + c.amount, 0),
          amountRefunded: own.reduce((sum, c) => sum + c.amountRefunded, 0),
        };
      }
      case "events": {
        const type = typeof body.type === "string" ? body.type : null;
        return {
          events: eventOrder.map((id) => deliveries.get(id)!).filter((d) => !type || d.type === type),
        };
      }
      case "webhook": {
        if ("url" in body) webhookUrl = body.url ? String(body.url) : null;
        if (typeof body.secret === "string") webhookSecret = body.secret;
        return { url: webhookUrl };
      }
      case "webhook-mode": {
        if (typeof body.duplicate === "boolean") mode.duplicate = body.duplicate;
        if (typeof body.delayMs === "number") mode.delayMs = body.delayMs;
        if (typeof body.hold === "boolean") mode.hold = body.hold;
        if (typeof body.reverse === "boolean") mode.reverse = body.reverse;
        return { ...mode };
      }
      case "release": {
        const ids = held.splice(0, held.length);
        const hold = mode.hold;
        mode.hold = false;
        const reverse = mode.reverse;
        mode.reverse = false;
        await send(ids);
        mode.hold = hold;
        mode.reverse = reverse;
        return { released: ids };
      }
      case "redeliver": {
        const ids = body.event
          ? [String(body.event)]
          : eventOrder.filter((id) => {
              const last = deliveries.get(id)!.attempts.at(-1);
              return last !== undefined && (last.status === null || last.status < 200 || last.status >= 300);
            });
        for (const id of ids) {
          if (!deliveries.has(id)) throw new ControlError(`no such event ${id}`);
          await deliver(id, typeof body.ageSeconds === "number" ? body.ageSeconds : 0);
        }
        return {
          redelivered: ids,
          statuses: ids.map((id) => deliveries.get(id)!.attempts.at(-1)?.status ?? null),
        };
      }
      case "rate-limit": {
        if (typeof body.next === "number") rateLimitNext = body.next;
        if (typeof body.ratePerSecond === "number") ratePerSecond = body.ratePerSecond;
        return { next: rateLimitNext, ratePerSecond };
      }
      case "lose": {
        losses.push({
          method: String(body.method ?? "POST").toUpperCase(),
          path: String(body.path ?? "/"),
          mode: body.mode === "500" ? "500" : "drop",
        });
        return { queued: losses.length };
      }
      case "reset": {
        for (const map of [
          sessions,
          intents,
          charges,
          refunds,
          customers,
          methods,
          events,
          deliveries,
          idempotency,
        ])
          map.clear();
        eventOrder.length = 0;
        held.length = 0;
        losses.length = 0;
        rateLimitNext = 0;
        refundStatus = "succeeded";
        Object.assign(mode, { duplicate: false, delayMs: 0, hold: false, reverse: false });
        return {};
      }
      default:
        throw new ControlError(`unknown control ${name}`);
    }
  }

  // ---- the hosted page ----

  const escapeHtml = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
    );

  function hostedPage(session: Session, notice: string | null): string {
    const buttons: string[] = [];
    const button = (action: string, method: string, label: string) =>
      `<button type="submit" name="do" value="${action}:${method}">${escapeHtml(label)}</button>`;
    if (session.status === "open") {
      const filters = session.saved?.allow_redisplay_filters ?? ["always"];
      if (session.customer)
        for (const m of methods.values())
          if (
            m.customer === session.customer &&
            filters.includes(m.allowRedisplay) &&
            session.offered.includes(m.type)
          ) {
            const name = m.type === "card" ? `card •••• ${m.last4}` : m.type;
            buttons.push(button("saved", m.id, `Pay with saved ${name}`));
            if (session.saved?.payment_method_remove === "enabled")
              buttons.push(button("remove", m.id, `Remove saved ${name}`));
          }
      const labels: Record<string, string> = {
        card: "Pay with card",
        link: "Pay with Link",
        alipay: "Alipay",
        wechat_pay: "WeChat Pay",
      };
      if (session.offered.includes("card")) {
        buttons.push(button("pay", "apple_pay", "Apple Pay"), button("pay", "google_pay", "Google Pay"));
      }
      for (const type of session.offered) buttons.push(button("pay", type, labels[type] ?? type));
      if (session.offered.includes("card"))
        buttons.push(button("decline", "card", "Pay with a card that is declined"));
      buttons.push(button("async", session.offered[0]!, "Pay later (delayed notification)"));
      buttons.push(button("cancel", "-", "Back"));
    }
    const amount = formatAmount(session.amountTotal, session.currency);
    const save =
      session.saved?.payment_method_save === "enabled" && session.status === "open"
        ? `<p><label><input type="checkbox" name="save" value="1"> Save my card for future purchases</label></p>`
        : "";
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe Checkout stand-in</title></head>
<body><main><h1>Pay ${escapeHtml(amount)}</h1>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}
${session.status === "open" ? `<form method="post">${save}${buttons.join("\n")}</form>` : `<p>This Checkout Session is ${session.status}.</p>`}
</main></body></html>`;
  }

  async function hosted(request: IncomingMessage, response: ServerResponse, id: string, raw: string) {
    const session = sessions.get(id);
    const html = (status: number, page: string) => {
      response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      response.end(page);
    };
    if (!session)
      return html(
        404,
        `<!doctype html><html lang="en"><head><title>Not found</title></head><body><main><h1>Not found</h1></main></body></html>`,
      );
    lazyExpiry(session);
    if (request.method !== "POST") return html(200, hostedPage(session, null));
    const form = new URLSearchParams(raw);
    const [action, method] = (form.get("do") ?? "").split(":");
    const save = form.get("save") === "1";
    try {
      let answer: Json;
      if (action === "saved") answer = await control("pay", { session: id, paymentMethod: method });
      else if (action === "pay") answer = await control("pay", { session: id, method, save });
      else if (action === "async") answer = await control("pay-async", { session: id, method, save });
      else if (action === "remove") {
        await control("remove", { session: id, paymentMethod: method });
        return html(200, hostedPage(session, "The saved payment method was removed."));
      } else if (action === "decline") {
        await control("decline", { session: id, method });
        return html(200, hostedPage(session, "Your card was declined. Try another payment method."));
      } else answer = await control("cancel", { session: id });
      const target = answer.redirect as string | null;
      if (!target) return html(200, hostedPage(session, null));
      response.writeHead(303, { location: target });
      response.end();
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      html(409, hostedPage(session, error.message));
    }
  }

  // ---- HTTP ----

  function authenticate(request: IncomingMessage) {
    const header = request.headers.authorization ?? "";
    let key: string | null = null;
    if (header.startsWith("Bearer ")) key = header.slice(7).trim();
    else if (header.startsWith("Basic "))
      key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
    if (!key)
      throw new StripeError(
        401,
        "invalid_request_error",
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    if (key !== secretKey)
      throw new StripeError(
        401,
        "invalid_request_error",
        `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      );
  }

  function rateLimited(): boolean {
    if (rateLimitNext > 0) {
      rateLimitNext -= 1;
      return true;
    }
    const at = Date.now();
    while (recent.length > 0 && at - recent[0]! >= 1000) recent.shift();
    if (recent.length >= ratePerSecond) return true;
    recent.push(at);
    return false;
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function reply(
    response: ServerResponse,
    status: number,
    body: string,
    requestId: string,
    extra: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      "content-type": "application/json",
      "request-id": requestId,
      "stripe-version": apiVersion,
      ...extra,
    });
    response.end(body);
  }

  const server = createServer(async (request, response) => {
    const requestId = `req_${token(14)}`;
    try {
      const url = new URL(request.url ?? "/", "http://standin");
      const raw = await readBody(request);
      if (url.pathname.startsWith("/__standin/")) {
        try {
          const body = raw ? (JSON.parse(raw) as Json) : {};
          const answer = await control(url.pathname.slice("/__standin/".length), body);
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify(answer));
        } catch (error) {
          if (!(error instanceof ControlError)) throw error;
          response.writeHead(409, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: error.message }));
        }
        return;
      }
      const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) return await hosted(request, response, decodeURIComponent(page[1]!), raw);

      const method = request.method ?? "GET";
      authenticate(request);
      if (rateLimited())
        return reply(
          response,
          429,
          JSON.stringify(
            new StripeError(
              429,
              "invalid_request_error",
              "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
              "rate_limit",
            ).body(),
          ),
          requestId,
        );
      const route = routes
        .map((r) => ({ r, match: r.method === method ? r.pattern.exec(url.pathname) : null }))
        .find((x) => x.match);
      if (!route)
        throw new StripeError(
          404,
          "invalid_request_error",
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      const params = method === "POST" ? decodeForm(raw) : decodeForm(url.search.slice(1));
      const key =
        method === "POST" ? ((request.headers["idempotency-key"] as string | undefined) ?? null) : null;
      if (key) {
        const print = fingerprint(method, url.pathname, params);
        const saved = idempotency.get(key);
        if (saved?.running)
          throw new StripeError(
            409,
            "idempotency_error",
            "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): " +
              `${key}. Please try again later.`,
          );
        if (saved && saved.fingerprint !== print)
          throw new StripeError(
            400,
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        if (saved)
          return reply(response, saved.status, saved.body, requestId, {
            "idempotent-replayed": "true",
            "idempotency-key": key,
          });
        idempotency.set(key, { fingerprint: print, status: 0, body: "", running: true });
      }
      let status = 200;
      let body: string;
      let ids: string[] = [];
      try {
        const result = route.r.run(route.match!, params, { id: requestId, key });
        body = JSON.stringify(result.body);
        ids = result.events ?? [];
      } catch (error) {
        if (key && error instanceof ValidationError) idempotency.delete(key);
        if (!(error instanceof StripeError) || error instanceof ValidationError) {
          if (key && !(error instanceof StripeError)) idempotency.delete(key);
          throw error;
        }
        status = error.status;
        body = JSON.stringify(error.body());
      }
      if (key)
        idempotency.set(key, {
          fingerprint: fingerprint(method, url.pathname, params),
          status,
          body,
          running: false,
        });
      void emit(ids, false);
      const lossIndex = losses.findIndex((l) => l.method === method && url.pathname.startsWith(l.path));
      if (lossIndex >= 0) {
        const [loss] = losses.splice(lossIndex, 1);
        if (loss!.mode === "drop") {
          request.socket.destroy();
          return;
        }
        return reply(
          response,
          500,
          JSON.stringify(new StripeError(500, "api_error", "An unknown error occurred").body()),
          requestId,
        );
      }
      reply(response, status, body, requestId, key ? { "idempotency-key": key } : {});
    } catch (error) {
      if (error instanceof StripeError)
        return reply(response, error.status, JSON.stringify(error.body()), requestId);
      reply(
        response,
        500,
        JSON.stringify(new StripeError(500, "api_error", "An unknown error occurred").body()),
        requestId,
      );
    }
  });

  return {
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("stand-in has no port");
      baseUrl = `http://${host}:${address.port}`;
      return baseUrl;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
