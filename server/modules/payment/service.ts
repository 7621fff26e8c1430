import type { Locale } from "../../../core/constants.ts";
import { formatPrice } from "../../../core/money.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import {
  type PaymentProvider,
  type PaymentProviderName,
  type SavedCard,
  type SessionState,
  WebhookSignatureError,
} from "../../providers/payment/types.ts";
import type { CurrentCustomer } from "../account/sessions.ts";
import type {
  MarkPaidOutcome,
  OrderRow,
  OrderService,
  PaymentAnomaly,
  PaymentConfirmation,
} from "../order/service.ts";
import type { Currency } from "../site/currencies.ts";
import { FREE_PROVIDER, freePaymentId } from "./free.ts";
import type { PaymentRepo } from "./repo.ts";

export interface PaymentServiceDeps {
  db: Database;
  repo: PaymentRepo;
  orders: OrderService;
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  /** The provider new payments go to (PAYMENT_PROVIDER). */
  active: PaymentProviderName;
  /** The currency rows: rates for the provider's minimum (ADR 0149), symbol and digits to name it. */
  currencies?: () => Promise<Map<string, Currency>>;
  /** Alerts operators to a newly recorded payment anomaly (app.ts logs it at error level, ADR 0191). */
  onPaymentAnomaly?: (anomaly: PaymentAnomaly) => void;
  clock?: () => Date;
}

/** An order its shopper has paid for and not been refunded: paying it again shows its result. */
const PAID_STATUSES: ReadonlySet<string> = new Set(["PAID", "FULFILLING", "COMPLETED"]);

const pathPrefix = (locale: Locale) => (locale === "en_US" ? "" : `/${locale}`);

/**
 * Payments (ADR 0103): starts a hosted-page session for an unpaid order, takes webhooks (signature checked
 * over the raw body, replays acknowledged and ignored), and lets the return page confirm a payment itself.
 * Both paths end in markPaid. The module owns the payments table; the order's side of each change is the order
 * module's, called inside the same transaction.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, repo, orders } = deps;
  const clock = deps.clock ?? (() => new Date());

  function provider(name: string): PaymentProvider {
    const found = deps.providers[name as PaymentProviderName];
    if (!found) throw new ApiError(404, "error.notFound");
    return found;
  }

  /** A provider a recorded payment went through: it must still be configured (jobs retry until it is). */
  function configured(name: string): PaymentProvider {
    const found = deps.providers[name as PaymentProviderName];
    if (!found) throw new Error(`payment provider ${name} is not configured`);
    return found;
  }

  /**
   * The one fulfilment path (ADR 0103), called by the webhook and by the return page, keyed on the provider's
   * payment id: the first call marks the payment SUCCEEDED and its order PAID in one transaction; every later
   * call, duplicate or out of order, finds nothing to do.
   */
  async function markPaid(paid: PaymentConfirmation): Promise<MarkPaidOutcome> {
    let anomaly: PaymentAnomaly | null = null;
    // Read before the transaction: an embedded database has one connection, which the transaction holds, so a
    // cold currency cache loading inside it would wait for itself (ADR 0176).
    const currencies = (await deps.currencies?.()) ?? new Map<string, Currency>();
    const outcome = await db.transaction(async (rawTx): Promise<MarkPaidOutcome> => {
      const tx = rawTx as unknown as Database;
      const payment = await repo.findBySession(paid.provider, paid.sessionId, tx);
      if (!payment) return "unknown-session";
      const { outcome, order } = await orders.recordPayment(tx, payment.orderId, paid, currencies);
      if (outcome === "amount-mismatch") {
        // Money the order does not account for: the order stays unpaid and operators settle it (ADR 0191).
        const found: PaymentAnomaly = {
          orderCode: order.code,
          provider: paid.provider,
          providerPaymentId: paid.paymentId,
          providerEventId: paid.eventId ?? null,
          expectedAmount: order.total,
          expectedCurrency: order.currencyCode,
          receivedAmount: paid.amount,
          receivedCurrency: paid.currencyCode.slice(0, 16),
        };
        const { orderCode: _code, ...row } = found;
        if (await repo.recordAnomaly(order.id, "amount-mismatch", row, tx)) anomaly = found;
        return outcome;
      }
      if (outcome !== "already")
        await repo.update(payment.id, { status: "SUCCEEDED", providerPaymentId: paid.paymentId }, tx);
      return outcome;
    });
    if (anomaly) deps.onPaymentAnomaly?.(anomaly);
    return outcome;
  }

  /** A provider's refund.succeeded: the payment is REFUNDED, and its order REFUNDING → REFUNDED. */
  async function markRefunded(providerName: string, paymentId: string): Promise<boolean> {
    return db.transaction(async (rawTx) => {
      const tx = rawTx as unknown as Database;
      const payment = await repo.findByPaymentId(providerName, paymentId, tx);
      if (!payment) return false;
      await repo.update(payment.id, { status: "REFUNDED" }, tx);
      return orders.recordRefund(tx, payment.orderId, paymentId);
    });
  }

  /** Confirms with the provider the latest open session of an unpaid order (the return page path). */
  async function reconcile(orderId: string) {
    for (const payment of await repo.ofOrder(orderId)) {
      if (payment.status !== "CREATED") continue;
      const state = await provider(payment.provider).retrieveSession(payment.providerSessionId);
      if (await recordIfPaid(payment, state)) return;
    }
  }

  /** A session the provider says is paid, its webhook not applied yet: recorded through markPaid (true). */
  async function recordIfPaid(payment: { provider: string; providerSessionId: string }, state: SessionState) {
    if (state.status !== "paid" || !state.paymentId) return false;
    await markPaid({
      provider: payment.provider,
      sessionId: payment.providerSessionId,
      paymentId: state.paymentId,
      amount: state.amount,
      currencyCode: state.currencyCode,
    });
    return true;
  }

  /**
   * A total of 0 (a 100% discount, or a reduction at least the price) cannot be charged: the order is marked
   * paid through the same idempotent markPaid as a webhook, on a "free" payment keyed on the order (ADR 0121).
   */
  async function payFree(order: OrderRow, result: string, locale: Locale) {
    const free = provider(FREE_PROVIDER);
    const session = await free.createCheckoutSession({
      orderCode: order.code,
      amount: 0,
      currencyCode: order.currencyCode,
      description: `${order.planTitle} × ${order.quantity}`,
      customerEmail: order.contactEmail,
      locale,
      successUrl: result,
      cancelUrl: result,
      expiresAt: order.expiresAt,
      idempotencyKey: `${order.code}-free`,
    });
    const recorded = async () =>
      (await repo.ofOrder(order.id)).some(
        (payment) => payment.provider === FREE_PROVIDER && payment.providerSessionId === session.sessionId,
      );
    if (!(await recorded())) {
      try {
        await repo.insert({
          orderId: order.id,
          provider: FREE_PROVIDER,
          providerSessionId: session.sessionId,
          redirectUrl: session.url,
          amount: 0,
          currencyCode: order.currencyCode,
        });
      } catch (error) {
        // A racing click recorded it first (unique provider + session); anything else is a real failure.
        if (!(await recorded())) throw error;
      }
    }
    await markPaid({
      provider: FREE_PROVIDER,
      sessionId: session.sessionId,
      paymentId: session.sessionId,
      amount: 0,
      currencyCode: order.currencyCode,
    });
    return { provider: FREE_PROVIDER, sessionId: session.sessionId, redirectUrl: session.url };
  }

  /**
   * The shopper's customer at a provider that keeps cards (ADR 0325), made on first use. Racing first payments may
   * each ask the provider (Stripe answers the same idempotency key with the same customer); the first kept wins.
   */
  async function providerCustomer(
    source: PaymentProvider,
    customer: CurrentCustomer,
  ): Promise<string | null> {
    if (!source.customers) return null;
    const known = await repo.customerAt(customer.id, source.name);
    if (known) return known.providerCustomerId;
    let made: string;
    try {
      made = await source.customers.create({
        customerId: customer.id,
        email: customer.email,
        idempotencyKey: `customer-${customer.id}`,
      });
    } catch {
      // Saved cards are a convenience: a provider that cannot make the customer now still takes the payment
      // (without the saved cards); the next payment tries again.
      return null;
    }
    await repo.keepCustomer(customer.id, source.name, made);
    return (await repo.customerAt(customer.id, source.name))?.providerCustomerId ?? made;
  }

  /** `paid`: the order is paid already and `redirectUrl` is its result page, not a page to pay on. */
  type Started = { provider: string; sessionId: string; redirectUrl: string; paid?: true };
  /** Starts of an order now running in this process, by shopper and order (see `start`). */
  const starting = new Map<string, Promise<Started>>();

  async function startPaying(
    customer: CurrentCustomer,
    code: string,
    origin: string,
    locale: Locale,
  ): Promise<Started> {
    const order = await orders.owned(customer.id, code);
    const result = `${origin}${pathPrefix(locale)}/pay/result?orderCode=${encodeURIComponent(order.code)}`;
    // A zero-total order paid "for free" answers a repeated click as the first one (ADR 0121).
    if (order.total === 0 && order.providerPaymentId === freePaymentId(order.code))
      return { provider: FREE_PROVIDER, sessionId: order.providerPaymentId, redirectUrl: result };
    if (order.status !== "PENDING_PAYMENT" || order.expiresAt <= clock()) {
      // Paid already (a second tap, or a tab left open): its result page, as the first payment's return.
      const paid = PAID_STATUSES.has(order.status)
        ? (await repo.ofOrder(order.id)).find((payment) => payment.status === "SUCCEEDED")
        : undefined;
      if (paid)
        return {
          provider: paid.provider,
          sessionId: paid.providerSessionId,
          redirectUrl: result,
          paid: true,
        };
      throw new ApiError(409, "purchase.order.notPayable");
    }
    if (order.total === 0) return payFree(order, result, locale);
    // Production without Stripe keys (and no explicit sandbox) cannot take payments: say so, do not 404.
    const active = deps.providers[deps.active];
    if (!active) throw new ApiError(503, "purchase.payment.providerUnavailable");
    // A card provider refuses a positive amount below its minimum charge (ADR 0122): say so, open no page.
    const rates = (await deps.currencies?.()) ?? new Map<string, Currency>();
    const minimum = active.minimumAmount(order.currencyCode, rates);
    if (minimum !== null && order.total < minimum) {
      const currency = rates.get(order.currencyCode);
      throw new ApiError(409, "purchase.payment.belowMinimum", {
        params: {
          minimum: formatPrice(minimum, {
            currencySymbol: currency?.symbol ?? `${order.currencyCode} `,
            minorDigits: currency?.minorDigits ?? 2,
          }),
        },
      });
    }
    const attempts = await repo.ofOrder(order.id);
    for (const payment of attempts) {
      if (payment.status !== "CREATED") continue;
      const source = deps.providers[payment.provider as PaymentProviderName];
      if (!source) continue;
      const state = await source.retrieveSession(payment.providerSessionId);
      // Paid at the provider, its webhook not applied yet (the shopper came back, or placed the same order
      // again and was given this one): record it as the return page does and show the result. A new page
      // here would take the money a second time.
      if (await recordIfPaid(payment, state))
        return {
          provider: payment.provider,
          sessionId: payment.providerSessionId,
          redirectUrl: result,
          paid: true,
        };
      if (payment.provider === active.name && state.status === "open")
        return {
          provider: active.name,
          sessionId: payment.providerSessionId,
          redirectUrl: payment.redirectUrl,
        };
    }
    let session: Awaited<ReturnType<PaymentProvider["createCheckoutSession"]>>;
    try {
      const providerCustomerId = await providerCustomer(active, customer);
      session = await active.createCheckoutSession({
        providerCustomerId,
        orderCode: order.code,
        amount: order.total,
        currencyCode: order.currencyCode,
        description: `${order.planTitle} × ${order.quantity}`,
        customerEmail: order.contactEmail,
        locale,
        successUrl: result,
        cancelUrl: `${result}&cancelled=1`,
        expiresAt: order.expiresAt,
        idempotencyKey: `${order.code}-${attempts.length + 1}`,
      });
    } catch (error) {
      throw new ApiError(502, "purchase.payment.providerUnavailable", { detail: String(error) });
    }
    await repo.insertSession({
      orderId: order.id,
      provider: active.name,
      providerSessionId: session.sessionId,
      redirectUrl: session.url,
      amount: order.total,
      currencyCode: order.currencyCode,
    });
    return { provider: active.name, sessionId: session.sessionId, redirectUrl: session.url };
  }

  return {
    markPaid,
    markRefunded,

    /** The cards the shopper saved at the active provider (account settings; ADR 0325). */
    async savedCards(customer: CurrentCustomer): Promise<SavedCard[]> {
      const active = deps.providers[deps.active];
      if (!active?.customers) return [];
      const known = await repo.customerAt(customer.id, active.name);
      if (!known) return [];
      try {
        return await active.customers.listCards(known.providerCustomerId);
      } catch (error) {
        throw new ApiError(502, "purchase.payment.providerUnavailable", { detail: String(error) });
      }
    },

    /** Removes one of the shopper's saved cards; a card that is not theirs (or gone) is a 404. */
    async removeSavedCard(customer: CurrentCustomer, cardId: string) {
      const active = deps.providers[deps.active];
      const known = active?.customers ? await repo.customerAt(customer.id, active.name) : undefined;
      if (!active?.customers || !known) throw new ApiError(404, "error.notFound");
      let removed: boolean;
      try {
        removed = await active.customers.removeCard(known.providerCustomerId, cardId);
      } catch (error) {
        throw new ApiError(502, "purchase.payment.providerUnavailable", { detail: String(error) });
      }
      if (!removed) throw new ApiError(404, "error.notFound");
      return { removed: true };
    },

    /** An order's payment attempts for the console's timeline (issue 16): provider, status, amount, times. */
    async consoleOfOrder(orderId: string) {
      return (await repo.ofOrder(orderId)).map((p) => ({
        provider: p.provider,
        status: p.status,
        amount: p.amount,
        currencyCode: p.currencyCode,
        failureCode: p.failureCode,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
      }));
    },

    /**
     * Closes an unpaid order's open sessions before the order module cancels it: "paid" when the provider says
     * one was paid meanwhile (then recorded through markPaid, so the order is not cancelled under a payer).
     */
    async closeOpenSessions(orderId: string): Promise<"closed" | "paid"> {
      for (const payment of await repo.ofOrder(orderId)) {
        if (payment.status !== "CREATED") continue;
        const source = configured(payment.provider);
        const closed = await source.expireSession(payment.providerSessionId);
        if (closed === "paid") {
          // The provider would not close it because it was paid: recorded as paid whatever its state says.
          const state = await source.retrieveSession(payment.providerSessionId);
          await recordIfPaid(payment, { ...state, status: "paid" });
          return "paid";
        }
        await repo.update(payment.id, { status: "EXPIRED" });
      }
      return "closed";
    },

    /**
     * Starts (or resumes) paying an order on the active provider's hosted page. Racing starts of one order (a
     * double tap, two tabs) get one session: in this process they share one answer, and across processes the
     * provider's idempotency key (the order's attempt number) gives them the same session.
     */
    start(customer: CurrentCustomer, code: string, origin: string, locale: Locale) {
      const key = `${customer.id}\u0000${code}`;
      const running = starting.get(key);
      if (running) return running;
      const started = startPaying(customer, code, origin, locale).finally(() => starting.delete(key));
      starting.set(key, started);
      return started;
    },

    /**
     * A provider's webhook. A bad signature is a 400 and changes nothing. An event id seen before is
     * acknowledged without acting again; the event is recorded only after it was applied, so a failure
     * mid-way is retried by the provider rather than lost.
     */
    async webhook(
      providerName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ) {
      const source = provider(providerName);
      let event: ReturnType<PaymentProvider["parseWebhook"]>;
      try {
        event = source.parseWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
          throw new ApiError(400, "purchase.payment.signatureInvalid");
        throw error;
      }
      if (await repo.eventSeen(source.name, event.id)) return { received: true, duplicate: true };
      let outcome = "ignored";
      switch (event.type) {
        case "payment.succeeded":
          outcome = await markPaid({
            provider: source.name,
            sessionId: event.sessionId,
            paymentId: event.paymentId,
            amount: event.amount,
            currencyCode: event.currencyCode,
            eventId: event.id,
          });
          break;
        case "payment.failed": {
          const payment = await repo.findBySession(source.name, event.sessionId);
          // A failed card leaves the session open for another try; the failure is kept for support.
          if (payment?.status === "CREATED")
            await repo.update(payment.id, { failureCode: event.failureCode });
          outcome = "failure-recorded";
          break;
        }
        case "refund.succeeded":
          outcome = (await markRefunded(source.name, event.paymentId)) ? "refunded" : "ignored";
          break;
      }
      await repo.recordEvent({ provider: source.name, eventId: event.id, type: event.type });
      return { received: true, duplicate: false, outcome };
    },

    /** The pay result page polls this; while unpaid it asks the provider, so a slow webhook does not matter. */
    async status(customer: CurrentCustomer, code: string, locale: Locale) {
      let order = await orders.owned(customer.id, code);
      if (order.status === "PENDING_PAYMENT") {
        await reconcile(order.id);
        order = (await orders.findById(order.id))!;
      }
      const view = await orders.view(order, locale);
      return {
        code: view.code,
        status: view.status,
        statusName: view.statusName,
        paid: !["PENDING_PAYMENT", "CANCELLED"].includes(view.status),
        total: view.total,
        currencyCode: view.currencyCode,
        currencySymbol: view.currencySymbol,
        expiresAt: view.expiresAt,
        paidAt: view.paidAt,
        quantity: view.quantity,
        /** A top-up adds data to this eSIM; the result page then speaks of a top-up (issue 12). */
        topUpIccid: view.topUpIccid,
        /** Once the order is COMPLETED: the eSIMs it issued or topped up, for the install button. */
        esims: view.status === "COMPLETED" ? await orders.esimsOf(order.id) : [],
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
