import Stripe from "stripe";
import type { Locale } from "../../../core/constants.ts";
import { stripeMethodTypes } from "./methods.ts";
import { stripeMinimumAmount } from "./minimums.ts";
import {
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderCharge,
  type SavedCard,
  type SessionState,
  WebhookSignatureError,
} from "./types.ts";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in for api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  clock?: () => Date;
  /** Objects a page when listing (Stripe's most, 100, unless a test makes pages small to prove each is read). */
  pageSize?: number;
}

/** Stripe allows a Checkout Session to expire 30 minutes to 24 hours after creation. */
const STRIPE_MIN_EXPIRY_S = 30 * 60 + 60;

const STRIPE_LOCALES: Record<Locale, "en" | "zh" | "zh-HK"> = { en_US: "en", zh_CN: "zh", zh_HK: "zh-HK" };

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === "string" ? value : value.id;

/**
 * The real adapter (ADR 0103): Stripe Checkout Session through the official SDK. Amounts are our minor units,
 * which are Stripe's for the store's currencies (HKD, USD: cents; JPY: zero-decimal yen). The webhook is
 * verified over the raw body with the SDK's constructEvent.
 */
export function createStripePayments(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  const clock = options.clock ?? (() => new Date());

  /**
   * A session as the store sees it. A session that completed unpaid is a delayed method (Alipay, WeChat Pay)
   * still settling, which stays "open" so no second session is made under a payer, or one whose payment then
   * failed: its PaymentIntent wants a new payment method (or was cancelled) and the session can never be paid,
   * so it counts as closed ("expired") and paying again makes a new session (ADR 0323).
   */
  async function sessionState(session: Stripe.Checkout.Session): Promise<SessionState> {
    const state = eventState(session);
    if (state.status === "open" && session.status === "complete" && state.paymentId) {
      const intent = await stripe.paymentIntents.retrieve(state.paymentId);
      if (intent.status === "requires_payment_method" || intent.status === "canceled")
        return { ...state, status: "expired" };
    }
    return state;
  }

  /** What a session object says by itself (a webhook's copy needs no further call to tell it was paid). */
  function eventState(session: Stripe.Checkout.Session): SessionState {
    return {
      status: session.payment_status === "paid" ? "paid" : session.status === "expired" ? "expired" : "open",
      paymentId: idOf(session.payment_intent),
      amount: session.amount_total ?? 0,
      currencyCode: (session.currency ?? "").toUpperCase(),
    };
  }

  return {
    name: "stripe",

    minimumAmount: stripeMinimumAmount,

    async createCheckoutSession(request: CheckoutSessionRequest) {
      // Stripe refuses a replayed idempotency key sent with other parameters, and `expires_at` moves with the clock
      // when our order closes sooner than Stripe allows. Rounded up to a whole minute, a retry or a racing start in
      // the same minute sends the same parameters and gets the same session; the key carries the `expires_at` it
      // was sent with, so a retry later (after an answer lost, or a crash before the session was recorded) makes a
      // new session instead of meeting an idempotency error for the 24 hours Stripe keeps the key (ADR 0421). The
      // session it replaces was never shown to anyone, and Stripe expires it.
      const earliest = Math.ceil((Math.floor(clock().getTime() / 1000) + STRIPE_MIN_EXPIRY_S) / 60) * 60;
      const expiresAt = Math.max(earliest, Math.floor(request.expiresAt.getTime() / 1000));
      // Each method only where Stripe takes it for the currency (ADR 0323): cards (with Apple Pay and Google Pay,
      // which Checkout shows on a device that has them), Alipay and WeChat Pay by their presentment currencies.
      const types = stripeMethodTypes(request.currencyCode);
      const customer = request.providerCustomerId ?? null;
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          allowed_payment_method_types: types,
          // WeChat Pay in Checkout is client "web": Checkout shows the QR code on a desktop and hands over to the
          // WeChat app on a phone itself.
          ...(types.includes("wechat_pay")
            ? { payment_method_options: { wechat_pay: { client: "web" as const } } }
            : {}),
          // A returning shopper's saved cards are offered by Checkout, and the box to save this one (ADR 0325).
          ...(customer
            ? { customer, saved_payment_method_options: { payment_method_save: "enabled" as const } }
            : { customer_email: request.customerEmail }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currencyCode.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.orderCode,
          metadata: { orderCode: request.orderCode },
          payment_intent_data: { metadata: { orderCode: request.orderCode } },
          locale: STRIPE_LOCALES[request.locale],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Our order may close sooner; the expiry job expires the session then (ADR 0103).
          expires_at: expiresAt,
        },
        { idempotencyKey: `${request.idempotencyKey}@${expiresAt}` },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} has no URL`);
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string) {
      return sessionState(await stripe.checkout.sessions.retrieve(sessionId));
    },

    async expireSession(sessionId: string) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      } catch (error) {
        // Stripe refuses to expire a completed session: find out whether it was paid.
        const state = await sessionState(await stripe.checkout.sessions.retrieve(sessionId));
        if (state.status === "paid") return "paid";
        if (state.status === "expired") return "expired";
        throw error;
      }
    },

    async refund(paymentId: string, amount: number, idempotencyKey: string) {
      const refund = await stripe.refunds.create({ payment_intent: paymentId, amount }, { idempotencyKey });
      return { refundId: refund.id };
    },

    /**
     * The reconciliation's view of Stripe (ADR 0365, 0386): `GET /v1/charges` for the creation range, every page
     * (the SDK's auto-pagination, 100 a page), keeping the charges that took money. A charge names its
     * PaymentIntent (the payment id the store holds) and what was refunded of it (`amount_refunded`, refunds made
     * in the Dashboard too). The order code is the metadata the store set on the PaymentIntent: on the charge when
     * Stripe copied it there, else on the PaymentIntent expanded in the same listing. `amount_refunded` already
     * counts a refund still pending (Stripe raises it when the refund is created), so what was refunded is the
     * sum of the charges' refunds whose `status` is `succeeded`, from `GET /v1/refunds` created since the range
     * began (ADR 0390).
     */
    async charges({ from, to }: { from: Date; to: Date }) {
      const found: ProviderCharge[] = [];
      const refunded = new Map<string, number>();
      for await (const refund of stripe.refunds.list({
        created: { gte: Math.floor(from.getTime() / 1000) },
        limit: options.pageSize ?? 100,
      })) {
        if (refund.status !== "succeeded" || !refund.charge) continue;
        const charge = idOf(refund.charge)!;
        refunded.set(charge, (refunded.get(charge) ?? 0) + refund.amount);
      }
      for await (const charge of stripe.charges.list({
        created: { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) },
        limit: options.pageSize ?? 100,
        expand: ["data.payment_intent"],
      })) {
        // A failed charge (a declined card) or one still pending (a delayed method) took no money.
        if (charge.status !== "succeeded") continue;
        const intent = typeof charge.payment_intent === "object" ? charge.payment_intent : null;
        found.push({
          paymentId: idOf(charge.payment_intent) ?? charge.id,
          orderCode: charge.metadata?.orderCode ?? intent?.metadata?.orderCode ?? null,
          amount: charge.amount,
          currencyCode: charge.currency.toUpperCase(),
          amountRefunded: refunded.get(charge.id) ?? 0,
          created: new Date(charge.created * 1000),
        });
      }
      return found;
    },

    async forgetCustomer(sessionIds: string[], providerCustomerIds: string[] = []) {
      // The customers made for saved cards (ADR 0325): deleting one deletes its saved payment methods too.
      for (const customer of providerCustomerIds) {
        try {
          await stripe.customers.del(customer);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
      for (const sessionId of sessionIds) {
        let customer: string | null = null;
        try {
          const session = await stripe.checkout.sessions.retrieve(sessionId);
          customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
        if (!customer) continue;
        try {
          await stripe.customers.del(customer);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    customers: {
      async create(request) {
        const customer = await stripe.customers.create(
          {
            ...(request.email ? { email: request.email } : {}),
            metadata: { customerId: request.customerId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return customer.id;
      },

      // Only the cards the shopper chose to save: Checkout marks them allow_redisplay "always".
      async listCards(providerCustomerId) {
        const cards: SavedCard[] = [];
        for await (const method of stripe.customers.listPaymentMethods(providerCustomerId, {
          type: "card",
          allow_redisplay: "always",
          limit: 100,
        })) {
          if (!method.card) continue;
          cards.push({
            id: method.id,
            brand: method.card.brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
          });
        }
        return cards;
      },

      // Detached only when it is this customer's: a shopper cannot remove another's card by its id.
      async removeCard(providerCustomerId, cardId) {
        let owner: string | null;
        try {
          owner = idOf((await stripe.paymentMethods.retrieve(cardId)).customer);
        } catch (error) {
          if (isMissing(error)) return false;
          throw error;
        }
        if (owner !== providerCustomerId) return false;
        await stripe.paymentMethods.detach(cardId);
        return true;
      },
    },

    parseWebhook(rawBody, headers): PaymentEvent {
      const header = headers["stripe-signature"];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          (Array.isArray(header) ? header[0] : header) ?? "",
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError(String((error as Error).message));
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = event.data.object;
          const state = eventState(session);
          if (state.status !== "paid" || !state.paymentId)
            return { id: event.id, type: "ignored", providerType: event.type };
          return {
            id: event.id,
            type: "payment.succeeded",
            sessionId: session.id,
            paymentId: state.paymentId,
            amount: state.amount,
            currencyCode: state.currencyCode,
          };
        }
        case "checkout.session.async_payment_failed":
          return {
            id: event.id,
            type: "payment.failed",
            sessionId: event.data.object.id,
            failureCode: "async_payment_failed",
          };
        case "charge.refunded": {
          const charge = event.data.object;
          const paymentId = idOf(charge.payment_intent);
          if (!charge.refunded || !paymentId)
            return { id: event.id, type: "ignored", providerType: event.type };
          return { id: event.id, type: "refund.succeeded", paymentId, amount: charge.amount_refunded };
        }
        default:
          return { id: event.id, type: "ignored", providerType: event.type };
      }
    },
  };
}

/** Stripe's answer for an object that does not exist (already deleted, or never made). */
function isMissing(error: unknown): boolean {
  return (
    (error as { code?: string; statusCode?: number })?.code === "resource_missing" ||
    (error as { statusCode?: number })?.statusCode === 404
  );
}
