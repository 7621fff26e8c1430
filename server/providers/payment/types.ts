import type { Locale } from "../../../core/constants.ts";
import type { RatedCurrency } from "../../../core/coupon.ts";

/** "free" pays zero-total orders without a charge (ADR 0121); it has no hosted page and no webhooks. */
export type PaymentProviderName = "sandbox" | "stripe" | "free";

export interface CheckoutSessionRequest {
  orderCode: string;
  /** Integer minor units of currencyCode (zero-decimal currencies such as JPY are whole units). */
  amount: number;
  currencyCode: string;
  description: string;
  customerEmail: string;
  locale: Locale;
  /** Where the hosted page sends the shopper after paying / cancelling (the storefront's /pay/result). */
  successUrl: string;
  cancelUrl: string;
  /** The order's payment deadline; the session closes then too. */
  expiresAt: Date;
  /** Same order and attempt → the provider returns the same session. */
  idempotencyKey: string;
  /**
   * The shopper's customer at this provider (createCustomer), when the provider keeps cards: the hosted page
   * offers the cards saved on it first and lets the shopper save the card they pay with (ADR 0325).
   */
  providerCustomerId?: string | null;
}

/** A card saved on the shopper's customer at the provider (ADR 0325): never its number, only what identifies it. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutSession {
  sessionId: string;
  /** The hosted payment page. */
  url: string;
}

export interface SessionState {
  status: "open" | "paid" | "expired";
  /** The provider's payment id once paid (sandbox pay_…, Stripe pi_…). */
  paymentId: string | null;
  amount: number;
  currencyCode: string;
}

/** A webhook event, normalized from the provider's own format. */
export type PaymentEvent =
  | {
      id: string;
      type: "payment.succeeded";
      sessionId: string;
      paymentId: string;
      amount: number;
      currencyCode: string;
    }
  | { id: string; type: "payment.failed"; sessionId: string; failureCode: string }
  | { id: string; type: "refund.succeeded"; paymentId: string; amount: number }
  /** Anything the store does not act on (processing, session expired, unrelated types): acknowledged. */
  | { id: string; type: "ignored"; providerType: string };

/**
 * One charge as the provider lists it, in the shape Stripe's `GET /v1/charges` gives (amount, amount_refunded,
 * the payment it belongs to, the order code the store sent): the reconciliation reads these (ADR 0365).
 */
export interface ProviderCharge {
  paymentId: string;
  orderCode: string | null;
  amount: number;
  currencyCode: string;
  /** What refunds that succeeded returned of it; a refund still pending is not money back yet (ADR 0390). */
  amountRefunded: number;
  created: Date;
}

/** The store's currencies with their rates from the base currency (the currency table), by code. */
export type CurrencyRates = ReadonlyMap<string, RatedCurrency>;

/** A webhook whose signature does not verify (wrong secret, tampered body, stale timestamp). */
export class WebhookSignatureError extends Error {}

/**
 * The payment provider interface (architecture: outside parties; ADR 0103). A sandbox that runs in the app and
 * a Stripe adapter implement it; the order and payment modules see only this.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * The smallest positive amount (minor units of currencyCode) the provider charges, or null when it has
   * none or it is not known (ADR 0122). A positive total below it is refused when the order is placed and
   * before a session is created. `rates` lets a provider derive a floor for an unlisted currency (ADR 0149).
   */
  minimumAmount(currencyCode: string, rates: CurrencyRates): number | null;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<SessionState>;
  /** Closes an unpaid session; answers "paid" when it is too late because the shopper already paid. */
  expireSession(sessionId: string): Promise<"expired" | "paid">;
  refund(paymentId: string, amount: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * A deleted account (ADR 0165, issue 14.13): deletes what the provider keeps about the shopper behind these
   * checkout sessions (Stripe: the customer objects). Idempotent: what is already gone is not an error.
   */
  forgetCustomer(sessionIds: string[], providerCustomerIds?: string[]): Promise<void>;
  /**
   * Saved cards (ADR 0325), for a provider that keeps them: makes the shopper's customer (the same key gives
   * the same customer), lists its saved cards, and removes one (false: not a card of this customer).
   */
  customers?: {
    create(request: { customerId: string; email: string | null; idempotencyKey: string }): Promise<string>;
    listCards(providerCustomerId: string): Promise<SavedCard[]>;
    removeCard(providerCustomerId: string, cardId: string): Promise<boolean>;
  };
  /** The succeeded charges created in [from, to), with what was refunded of each (reconciliation, ADR 0365). */
  charges?(range: { from: Date; to: Date }): Promise<ProviderCharge[]>;
  /** Verifies the signature over the raw body and normalizes the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}
