import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { currencies, sandboxPaymentSessions, sandboxSavedCards } from "../../../db/schema/index.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import type { PaymentMethod } from "./methods.ts";
import { stripeMinimumAmount } from "./minimums.ts";
import { SANDBOX_SIGNATURE_HEADER, signPayload, verifySignature } from "./signature.ts";
import type {
  CheckoutSessionRequest,
  CurrencyRates,
  PaymentEvent,
  PaymentProvider,
  ProviderCharge,
  SavedCard,
  SessionState,
} from "./types.ts";

/** The wire format of a sandbox webhook, as the webhook job carries it. */
const sandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(["payment.processing", "payment.succeeded", "payment.failed", "refund.succeeded"]),
  created: z.number(),
  data: z.object({
    sessionId: z.string().min(1),
    orderCode: z.string().min(1),
    paymentId: z.string().nullable(),
    amount: z.number(),
    currency: z.string().min(1),
    failureCode: z.string().optional(),
  }),
});

export const SANDBOX_WEBHOOK_JOB = defineJob(
  "sandbox-payment-webhook",
  z.object({ event: sandboxEventSchema }),
);
/** A late (asynchronous) Alipay/WeChat Pay payment settles: PROCESSING → PAID and payment.succeeded (ADR 0323). */
export const SANDBOX_SETTLE_JOB = defineJob(
  "sandbox-payment-settle",
  z.object({ sessionId: z.string().min(1) }),
);
export const SANDBOX_WEBHOOK_PATH = "/o2pay/v1/pub/webhooks/sandbox";

/** spec-free test cards, the same numbers Stripe's test mode uses (ADR 0104). */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  threeDSecure: "4000000000003220",
} as const;

/** The hosted page's wallet-style buttons (ADR 0166), as Stripe Checkout shows them; the names are brands. */
export const SANDBOX_WALLETS = { apple_pay: "Apple Pay", google_pay: "Google Pay" } as const;
export type SandboxWallet = keyof typeof SANDBOX_WALLETS;

/** The local wallets the hosted page offers beside the cards (issue 30 item 3; ADR 0323). */
export const SANDBOX_LOCAL_METHODS = ["alipay", "wechat_pay"] as const;
export type SandboxLocalMethod = (typeof SANDBOX_LOCAL_METHODS)[number];
/** What the shopper does in the (simulated) Alipay / WeChat Pay app. */
export const LOCAL_ACTIONS = ["approve", "decline", "cancel", "later"] as const;
export type LocalAction = (typeof LOCAL_ACTIONS)[number];

export interface SandboxChaos {
  /** Deliver an event twice: always (true), never (false), or with this probability per event (ADR 0167). */
  duplicate: boolean | number;
  /**
   * Deliver a payment's events in the wrong order (succeeded before processing): always, never, or with this
   * probability per payment (ADR 0167).
   */
  outOfOrder: boolean | number;
  /** Hold each webhook this long after the payment (a slow provider). */
  delayMs: number;
}

/** The wire format of a sandbox webhook. */
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/** Sends one signed webhook; answers the HTTP status the store replied with. */
export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<number>;

export type CardOutcome =
  | { kind: "paid"; redirectTo: string }
  | { kind: "challenge" }
  | { kind: "error"; messageKey: SandboxMessageKey; method?: PaymentMethod }
  | { kind: "closed" }
  /** The shopper cancelled in the wallet's app: back to the store's cancel page. */
  | { kind: "cancelled"; redirectTo: string };

export type SandboxMessageKey =
  | "purchase.sandbox.localDeclined"
  | "purchase.sandbox.savedCardGone"
  | "purchase.sandbox.declined"
  | "purchase.sandbox.insufficientFunds"
  | "purchase.sandbox.authenticationFailed"
  | "purchase.sandbox.badCard";

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export interface SandboxOptions {
  db: Database;
  jobs: JobRunner;
  /** HMAC secret shared by the simulated provider and the store. */
  secret: string;
  chaos: SandboxChaos;
  /** The hosted page's origin ("" keeps URLs relative to the store). */
  publicOrigin: string;
  /** How long a late (asynchronous) local-wallet payment takes to settle; 5 s unless configured. */
  asyncDelayMs?: number;
  clock?: () => Date;
  /** Draws the chaos rates' dice (0 ≤ x < 1); Math.random unless a test scripts it. */
  random?: () => number;
}

/**
 * The sandbox payment provider (architecture: a faithful simulator; ADR 0104): a hosted page served by the app
 * with test cards, a 3-D Secure step, HMAC-signed webhooks sent through the durable job runner with retries and
 * backoff, and, when configured, duplicated and out-of-order deliveries.
 */
export function createSandboxPayments(options: SandboxOptions) {
  const { db, jobs, secret, chaos } = options;
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  /** true and 1 always, false and 0 never, anything between by a throw of the dice. */
  const happens = (rate: boolean | number) =>
    rate === true || (typeof rate === "number" && rate > 0 && (rate >= 1 || random() < rate));
  let deliver: WebhookDelivery | undefined;

  async function emit(executor: Database, events: SandboxEvent[]) {
    const base = clock().getTime() + chaos.delayMs;
    const ordered = events.length > 1 && happens(chaos.outOfOrder) ? [...events].reverse() : events;
    for (const [index, event] of ordered.entries()) {
      const copies = happens(chaos.duplicate) ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1) {
        // Later events run later, so a reversed list really arrives reversed.
        await jobs.enqueue(SANDBOX_WEBHOOK_JOB, { event }, { runAt: new Date(base + index * 100), executor });
      }
    }
  }

  function event(
    type: SandboxEvent["type"],
    session: typeof sandboxPaymentSessions.$inferSelect,
    extra: Partial<SandboxEvent["data"]> = {},
  ): SandboxEvent {
    return {
      id: id("evt"),
      type,
      created: Math.floor(clock().getTime() / 1000),
      data: {
        sessionId: session.id,
        orderCode: session.orderCode,
        paymentId: session.paymentId,
        amount: session.amount,
        currency: session.currencyCode,
        ...extra,
      },
    };
  }

  async function open(sessionId: string) {
    const [row] = await db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.id, sessionId));
    return row;
  }

  /** Where the hosted page sends the shopper back to (the store's result page, with the order's code). */
  function back(url: string, orderCode: string) {
    const target = new URL(url, "http://placeholder");
    target.searchParams.set("orderCode", orderCode);
    return /^https?:/.test(url) ? target.toString() : `${target.pathname}${target.search}`;
  }

  async function pay(
    sessionId: string,
    method: PaymentMethod = "card",
    save?: Omit<SavedCard, "id">,
  ): Promise<CardOutcome> {
    return db.transaction(async (tx) => {
      const tdb = tx as unknown as Database;
      const [row] = await tdb
        .update(sandboxPaymentSessions)
        .set({ status: "PAID", paymentId: id("pay"), method })
        .where(
          and(
            eq(sandboxPaymentSessions.id, sessionId),
            inArray(sandboxPaymentSessions.status, ["OPEN", "CHALLENGE"]),
            sql`${sandboxPaymentSessions.expiresAt} > ${clock().toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!row) return { kind: "closed" } as const;
      // The shopper ticked "save this card": it is attached to their customer once the payment went through.
      if (save && row.customerRef) {
        const [known] = await tdb
          .select({ id: sandboxSavedCards.id })
          .from(sandboxSavedCards)
          .where(
            and(
              eq(sandboxSavedCards.customerRef, row.customerRef),
              eq(sandboxSavedCards.last4, save.last4),
              eq(sandboxSavedCards.expMonth, save.expMonth),
              eq(sandboxSavedCards.expYear, save.expYear),
            ),
          );
        if (!known)
          await tdb.insert(sandboxSavedCards).values({ id: id("pm"), customerRef: row.customerRef, ...save });
      }
      await emit(tdb, [event("payment.processing", row), event("payment.succeeded", row)]);
      return { kind: "paid", redirectTo: back(row.successUrl, row.orderCode) } as const;
    });
  }

  /**
   * An Alipay / WeChat Pay payment the wallet accepted but settles later (Stripe: the session completes with
   * payment_status "unpaid", then checkout.session.async_payment_succeeded): PROCESSING now, paid by the settle job.
   */
  async function payLater(sessionId: string, method: PaymentMethod): Promise<CardOutcome> {
    return db.transaction(async (tx) => {
      const tdb = tx as unknown as Database;
      const [row] = await tdb
        .update(sandboxPaymentSessions)
        .set({ status: "PROCESSING", paymentId: id("pay"), method })
        .where(
          and(
            eq(sandboxPaymentSessions.id, sessionId),
            eq(sandboxPaymentSessions.status, "OPEN"),
            sql`${sandboxPaymentSessions.expiresAt} > ${clock().toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!row) return { kind: "closed" } as const;
      await emit(tdb, [event("payment.processing", row)]);
      await jobs.enqueue(
        SANDBOX_SETTLE_JOB,
        { sessionId },
        { runAt: new Date(clock().getTime() + (options.asyncDelayMs ?? 5000)), executor: tdb },
      );
      return { kind: "paid", redirectTo: back(row.successUrl, row.orderCode) } as const;
    });
  }

  async function fail(
    sessionId: string,
    failureCode: string,
    messageKey: SandboxMessageKey,
    method?: PaymentMethod,
  ): Promise<CardOutcome> {
    const row = await open(sessionId);
    if (!row || !["OPEN", "CHALLENGE"].includes(row.status)) return { kind: "closed" };
    await db
      .update(sandboxPaymentSessions)
      .set({ status: "OPEN" })
      .where(eq(sandboxPaymentSessions.id, sessionId));
    await emit(db, [event("payment.failed", row, { failureCode })]);
    return { kind: "error", messageKey, method };
  }

  const payable = (session: typeof sandboxPaymentSessions.$inferSelect | undefined) =>
    session?.status === "OPEN" && session.expiresAt > clock();

  async function listCards(providerCustomerId: string): Promise<SavedCard[]> {
    const rows = await db
      .select()
      .from(sandboxSavedCards)
      .where(eq(sandboxSavedCards.customerRef, providerCustomerId))
      .orderBy(sandboxSavedCards.createdAt, sandboxSavedCards.id);
    return rows.map(({ id, brand, last4, expMonth, expYear }) => ({ id, brand, last4, expMonth, expYear }));
  }

  const provider: PaymentProvider = {
    name: "sandbox",

    // The sandbox takes the same cards as Stripe's test mode, so it has Stripe's minimums too (ADRs 0122, 0149).
    minimumAmount: stripeMinimumAmount,

    async createCheckoutSession(request: CheckoutSessionRequest) {
      // Like Stripe, refuse a positive amount below the minimum instead of opening a page that cannot charge.
      // Stripe converts with its own rates; the sandbox uses the store's currency table for the same floor.
      const rows = await db.select().from(currencies);
      const rates: CurrencyRates = new Map(rows.map((row) => [row.code, row]));
      const minimum = stripeMinimumAmount(request.currencyCode, rates);
      if (minimum !== null && request.amount < minimum)
        throw new Error(`amount ${request.amount} ${request.currencyCode} is below the minimum ${minimum}`);
      // Like Stripe, the same idempotency key gives the same session (a retry, or two racing starts of one order):
      // the key names the session through the install's secret, so the id stays unguessable.
      const sessionId = request.idempotencyKey
        ? `ps_${createHmac("sha256", secret).update(`session:${request.idempotencyKey}`).digest("hex").slice(0, 24)}`
        : id("ps");
      const [inserted] = await db
        .insert(sandboxPaymentSessions)
        .values({
          id: sessionId,
          orderCode: request.orderCode,
          amount: request.amount,
          currencyCode: request.currencyCode,
          description: request.description,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
          customerRef: request.providerCustomerId ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        const [earlier] = await db
          .select()
          .from(sandboxPaymentSessions)
          .where(eq(sandboxPaymentSessions.id, sessionId));
        if (
          !earlier ||
          earlier.orderCode !== request.orderCode ||
          earlier.amount !== request.amount ||
          earlier.currencyCode !== request.currencyCode
        )
          throw new Error(`idempotency key ${request.idempotencyKey} was used with other parameters`);
      }
      // The hosted page speaks the shopper's language (ADR 0104: ?lang= picks it).
      return { sessionId, url: `${options.publicOrigin}/__sandbox/pay/${sessionId}?lang=${request.locale}` };
    },

    async retrieveSession(sessionId: string): Promise<SessionState> {
      const row = await open(sessionId);
      if (!row) throw new Error(`no sandbox session ${sessionId}`);
      const expired =
        row.status === "EXPIRED" ||
        (row.status !== "PAID" && row.status !== "PROCESSING" && row.expiresAt <= clock());
      return {
        status: row.status === "PAID" ? "paid" : expired ? "expired" : "open",
        // A PROCESSING payment has an id but no money yet: the return page must not count it as paid.
        paymentId: row.status === "PAID" ? row.paymentId : null,
        amount: row.amount,
        currencyCode: row.currencyCode,
      };
    },

    async expireSession(sessionId: string) {
      const [row] = await db
        .update(sandboxPaymentSessions)
        .set({ status: "EXPIRED" })
        .where(
          and(
            eq(sandboxPaymentSessions.id, sessionId),
            inArray(sandboxPaymentSessions.status, ["OPEN", "CHALLENGE"]),
          ),
        )
        .returning();
      if (row) return "expired";
      const current = await open(sessionId);
      // A late local-wallet payment is under way: too late to close, as for a paid one.
      return current?.status === "PAID" || current?.status === "PROCESSING" ? "paid" : "expired";
    },

    async charges({ from, to }: { from: Date; to: Date }): Promise<ProviderCharge[]> {
      // The sandbox's listing of its charges and refunds, as a Stripe-like provider gives one (ADR 0365).
      const rows = await db
        .select()
        .from(sandboxPaymentSessions)
        .where(
          and(
            eq(sandboxPaymentSessions.status, "PAID"),
            gte(sandboxPaymentSessions.createdAt, from),
            lt(sandboxPaymentSessions.createdAt, to),
          ),
        );
      return rows
        .filter((row) => row.paymentId !== null)
        .map((row) => ({
          paymentId: row.paymentId!,
          orderCode: row.orderCode,
          amount: row.amount,
          currencyCode: row.currencyCode,
          amountRefunded: row.refundedAmount,
          created: row.createdAt,
        }));
    },

    async refund(paymentId: string, amount: number, idempotencyKey: string) {
      const outcome = await db.transaction(async (tx) => {
        const tdb = tx as unknown as Database;
        const [paid] = await tdb
          .select()
          .from(sandboxPaymentSessions)
          .where(eq(sandboxPaymentSessions.paymentId, paymentId))
          .for("update");
        if (!paid) throw new Error(`no sandbox payment ${paymentId}`);
        // The same key again is the same refund, as a provider's idempotency keys make it (ADR 0236).
        if (paid.refundKeys.includes(idempotencyKey)) return { refundId: `re_${idempotencyKey}` };
        if (paid.refundFailures > 0) {
          await tdb
            .update(sandboxPaymentSessions)
            .set({ refundFailures: paid.refundFailures - 1 })
            .where(eq(sandboxPaymentSessions.id, paid.id));
          return { failed: true as const };
        }
        const [row] = await tdb
          .update(sandboxPaymentSessions)
          .set({
            refundedAmount: sql`${sandboxPaymentSessions.refundedAmount} + ${amount}`,
            refundKeys: [...paid.refundKeys, idempotencyKey],
          })
          .where(
            and(
              eq(sandboxPaymentSessions.id, paid.id),
              sql`${sandboxPaymentSessions.refundedAmount} + ${amount} <= ${sandboxPaymentSessions.amount}`,
            ),
          )
          .returning();
        // Already refunded in full (a retried refund job): the refund exists, answer with the same id.
        if (!row) return { refundId: `re_${idempotencyKey}` };
        await emit(tdb, [event("refund.succeeded", row, { amount })]);
        return { refundId: `re_${idempotencyKey}` };
      });
      if ("failed" in outcome) throw new Error("sandbox: refund failed (simulated outage)");
      return outcome;
    },

    // The simulated provider's customer record is what its sessions say about the purchase: the description.
    // The amounts and states stay, as a provider keeps its payment records, so refunds still work.
    // A forgotten customer's saved cards are deleted, as Stripe deletes a Customer's PaymentMethods with it.
    async forgetCustomer(sessionIds: string[], providerCustomerIds: string[] = []) {
      if (sessionIds.length > 0)
        await db
          .update(sandboxPaymentSessions)
          .set({ description: "", customerRef: null })
          .where(inArray(sandboxPaymentSessions.id, sessionIds));
      if (providerCustomerIds.length > 0) {
        await db.delete(sandboxSavedCards).where(inArray(sandboxSavedCards.customerRef, providerCustomerIds));
        await db
          .update(sandboxPaymentSessions)
          .set({ customerRef: null })
          .where(inArray(sandboxPaymentSessions.customerRef, providerCustomerIds));
      }
    },

    customers: {
      // The simulated provider keeps no customer record of its own: the id is what its saved cards hang on.
      async create() {
        return id("cus");
      },
      listCards,
      async removeCard(providerCustomerId: string, cardId: string) {
        const removed = await db
          .delete(sandboxSavedCards)
          .where(and(eq(sandboxSavedCards.id, cardId), eq(sandboxSavedCards.customerRef, providerCustomerId)))
          .returning({ id: sandboxSavedCards.id });
        return removed.length > 0;
      },
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      verifySignature(secret, rawBody, Array.isArray(header) ? header[0] : header, {
        nowS: Math.floor(Date.now() / 1000),
        toleranceS: 300,
      });
      const wire = JSON.parse(rawBody.toString("utf8")) as SandboxEvent;
      const data = wire.data;
      switch (wire.type) {
        case "payment.succeeded":
          return {
            id: wire.id,
            type: "payment.succeeded",
            sessionId: data.sessionId,
            paymentId: data.paymentId!,
            amount: data.amount,
            currencyCode: data.currency,
          };
        case "payment.failed":
          return {
            id: wire.id,
            type: "payment.failed",
            sessionId: data.sessionId,
            failureCode: data.failureCode ?? "unknown",
          };
        case "refund.succeeded":
          return { id: wire.id, type: "refund.succeeded", paymentId: data.paymentId!, amount: data.amount };
        default:
          return { id: wire.id, type: "ignored", providerType: String(wire.type) };
      }
    },
  };

  return {
    provider,

    /** The stand-in's switch: the next `count` refund calls on this payment fail (tests, ADR 0236). */
    async failNextRefunds(paymentId: string, count: number) {
      await db
        .update(sandboxPaymentSessions)
        .set({ refundFailures: count })
        .where(eq(sandboxPaymentSessions.paymentId, paymentId));
    },

    /** What the stand-in has refunded of a payment, and under how many keys (tests). */
    async refundsOf(paymentId: string) {
      const [row] = await db
        .select()
        .from(sandboxPaymentSessions)
        .where(eq(sandboxPaymentSessions.paymentId, paymentId));
      return { refundedAmount: row?.refundedAmount ?? 0, keys: row?.refundKeys ?? [] };
    },

    /** The store's webhook endpoint, as app.ts wires it (in-process inject, or HTTP to a configured URL). */
    deliverWebhooksWith(delivery: WebhookDelivery) {
      deliver = delivery;
    },

    /** The webhook job: signs at send time and throws on a non-2xx reply, so the runner retries with backoff. */
    async deliverWebhook(payload: { event: SandboxEvent }) {
      if (!deliver) throw new Error("sandbox webhook delivery is not wired");
      const body = JSON.stringify(payload.event);
      const signature = signPayload(secret, body, Math.floor(Date.now() / 1000));
      const status = await deliver(body, {
        "content-type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signature,
      });
      if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`);
    },

    session: open,

    /** The hosted page's form: decides by test card, as a real acquirer would by the card's issuer. */
    async submitCard(
      sessionId: string,
      card: { number: string; expiry: string; cvc: string; save?: boolean },
    ): Promise<CardOutcome> {
      const session = await open(sessionId);
      if (session?.status !== "OPEN" || session.expiresAt <= clock()) return { kind: "closed" };
      const number = card.number.replace(/[\s-]/g, "");
      const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
      if (!/^\d{16}$/.test(number) || !expiry || !/^\d{3,4}$/.test(card.cvc.trim()))
        return { kind: "error", messageKey: "purchase.sandbox.badCard" };
      const now = clock();
      const lastMonth = new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1));
      if (lastMonth <= now) return { kind: "error", messageKey: "purchase.sandbox.badCard" };
      switch (number) {
        case TEST_CARDS.success:
          return pay(
            sessionId,
            "card",
            card.save
              ? {
                  brand: "visa",
                  last4: number.slice(-4),
                  expMonth: Number(expiry[1]),
                  expYear: 2000 + Number(expiry[2]),
                }
              : undefined,
          );
        case TEST_CARDS.declined:
          return fail(sessionId, "card_declined", "purchase.sandbox.declined");
        case TEST_CARDS.insufficientFunds:
          return fail(sessionId, "insufficient_funds", "purchase.sandbox.insufficientFunds");
        case TEST_CARDS.threeDSecure: {
          const [row] = await db
            .update(sandboxPaymentSessions)
            .set({ status: "CHALLENGE" })
            .where(and(eq(sandboxPaymentSessions.id, sessionId), eq(sandboxPaymentSessions.status, "OPEN")))
            .returning();
          return row ? { kind: "challenge" } : { kind: "closed" };
        }
        default:
          return fail(sessionId, "card_declined", "purchase.sandbox.declined");
      }
    },

    /**
     * A wallet button's confirmed sheet (ADR 0166): the test wallet holds a saved card that always succeeds, so
     * it pays like 4242 4242 4242 4242; the device has already authenticated the shopper, so no 3-D Secure step.
     */
    async payWithWallet(sessionId: string, wallet: SandboxWallet): Promise<CardOutcome> {
      const session = await open(sessionId);
      if (session?.status !== "OPEN" || session.expiresAt <= clock()) return { kind: "closed" };
      return pay(sessionId, wallet);
    },

    /** The cards saved on the session's customer, which the hosted page offers first (ADR 0325). */
    async savedCardsOf(sessionId: string): Promise<SavedCard[]> {
      const session = await open(sessionId);
      return session?.customerRef ? listCards(session.customerRef) : [];
    },

    /** One tap on a saved card: a saved test card always succeeds (it was a success card when saved). */
    async payWithSavedCard(sessionId: string, cardId: string): Promise<CardOutcome> {
      const session = await open(sessionId);
      if (!payable(session)) return { kind: "closed" };
      const cards = session?.customerRef ? await listCards(session.customerRef) : [];
      if (!cards.some((card) => card.id === cardId))
        return { kind: "error", messageKey: "purchase.sandbox.savedCardGone" };
      return pay(sessionId, "card");
    },

    /**
     * What the shopper did in the Alipay / WeChat Pay app (reached by a redirect on a phone, by scanning the QR
     * code on a desktop): approve pays now; later pays after a delay (an asynchronous success); decline fails
     * the attempt and leaves the page open for another try; cancel returns to the store's cancel page.
     */
    async localAction(
      sessionId: string,
      method: SandboxLocalMethod,
      action: LocalAction,
    ): Promise<CardOutcome> {
      const session = await open(sessionId);
      if (!payable(session) || !session) return { kind: "closed" };
      switch (action) {
        case "approve":
          return pay(sessionId, method);
        case "later":
          return payLater(sessionId, method);
        case "decline":
          return fail(sessionId, "payment_declined", "purchase.sandbox.localDeclined", method);
        case "cancel":
          return { kind: "cancelled", redirectTo: back(session.cancelUrl, session.orderCode) };
      }
    },

    /** The settle job: a PROCESSING payment becomes PAID and its payment.succeeded webhook goes out. */
    async settle(sessionId: string) {
      await db.transaction(async (tx) => {
        const tdb = tx as unknown as Database;
        const [row] = await tdb
          .update(sandboxPaymentSessions)
          .set({ status: "PAID" })
          .where(
            and(eq(sandboxPaymentSessions.id, sessionId), eq(sandboxPaymentSessions.status, "PROCESSING")),
          )
          .returning();
        if (row) await emit(tdb, [event("payment.succeeded", row)]);
      });
    },

    async completeChallenge(sessionId: string, approve: boolean): Promise<CardOutcome> {
      const session = await open(sessionId);
      if (session?.status !== "CHALLENGE") return { kind: "closed" };
      return approve
        ? pay(sessionId)
        : fail(sessionId, "authentication_failed", "purchase.sandbox.authenticationFailed");
    },
  };
}

export type SandboxPayments = ReturnType<typeof createSandboxPayments>;
