import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Locale } from "../../../core/constants.ts";
import { lineSubtotal } from "../../../core/coupon.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import type { CurrencyRates } from "../../providers/payment/types.ts";
import type { CurrentCustomer } from "../account/sessions.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { CouponChoice, CouponService, PricedLine } from "../coupon/service.ts";
import { type OrderService, PAYMENT_WINDOW_MS } from "../order/service.ts";
import type { SiteService } from "../site/service.ts";
import { couponOptions } from "./coupon-options.ts";
import { belowMinimumError, belowPaymentMinimum } from "./minimum.ts";

export interface CheckoutInput extends CouponChoice {
  platformProductCode: string;
  quantity: number;
  contactEmail?: string;
  /** "+852 91234567": an optional phone for support about the order. */
  contactPhone?: string;
  topUpIccid?: string;
}

export interface CheckoutDeps {
  db: Database;
  catalog: CatalogService;
  coupons: CouponService;
  /** The store's currencies and rates (the site module's). */
  currencies: SiteService["currencies"];
  orders: OrderService;
  /** A top-up must name one of the customer's eSIMs that has not expired (the eSIM module checks). */
  esims?: { checkTopUp(customerId: string, iccid: string): Promise<void> };
  /**
   * The active payment provider's minimum charge in a currency, null when none (ADR 0122); `rates` are the
   * store's currencies, from which a provider derives a floor for a currency it does not list (ADR 0149).
   */
  paymentMinimum?: (currencyCode: string, rates: CurrencyRates) => number | null;
  clock?: () => Date;
}

/** ORD + yymmdd + 8 random base-32 characters: unguessable, short enough to read out to support. */
function orderCode(now: Date): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  const tail = Array.from(bytes, (b) => alphabet[b % 32]).join("");
  return `ORD${now.toISOString().slice(2, 10).replaceAll("-", "")}${tail}`;
}

function fingerprint(input: CheckoutInput, currencyCode: string): string {
  const canonical = JSON.stringify([
    input.platformProductCode,
    input.quantity,
    input.couponCode ?? null,
    input.promoCode ?? null,
    input.contactEmail ?? null,
    input.topUpIccid ?? null,
    currencyCode,
    input.contactPhone ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** A retry with the same key may race the first request to the insert; this marks the loser. */
class DuplicateKey extends Error {}

/**
 * Checkout (ADR 0101): prices one plan line in the shopper's currency, in minor units, less a coupon and a
 * promo code, and places the order in PENDING_PAYMENT with the coupon uses reserved, under an idempotency key.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, catalog, coupons, orders } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function priceLine(
    customerId: string,
    input: Pick<CheckoutInput, "platformProductCode" | "quantity" | "topUpIccid">,
    currencyCode: string,
    locale: Locale,
  ) {
    if (input.topUpIccid) await deps.esims?.checkTopUp(customerId, input.topUpIccid);
    const plan = await catalog.getPlan(input.platformProductCode, currencyCode, locale);
    const rates = await deps.currencies();
    const currency = rates.get(currencyCode);
    if (!currency)
      throw new ApiError(400, "catalog.currencyUnsupported", { params: { currency: currencyCode } });
    const line: PricedLine = {
      customerId,
      platformProductCode: plan.platformProductCode,
      destinationCode: plan.destinationCode,
      subtotal: lineSubtotal(plan.unitPrice, input.quantity),
      currency,
    };
    // The smallest positive total the active card provider charges, for quote and place alike (ADR 0122).
    const minimum = deps.paymentMinimum?.(currencyCode, rates) ?? null;
    return { plan, line, currency, minimum };
  }

  return {
    /** The active card provider's minimum charge in a currency (ADRs 0122, 0149); null when none. */
    async paymentMinimum(currencyCode: string): Promise<number | null> {
      return deps.paymentMinimum?.(currencyCode, await deps.currencies()) ?? null;
    },

    /** The checkout coupon dialog's wallet, each coupon checked against this plan line (ADRs 0111, 0155). */
    async couponOptions(
      customer: CurrentCustomer,
      input: { platformProductCode: string; quantity: number; promoCode?: string },
      currencyCode: string,
      locale: Locale,
    ) {
      const priced = await priceLine(customer.id, input, currencyCode, locale);
      return couponOptions(coupons, priced, input.promoCode, locale);
    },

    /** What the checkout page shows before placing: the same arithmetic and the same coupon errors. */
    async quote(customer: CurrentCustomer, input: CheckoutInput, currencyCode: string, locale: Locale) {
      const { plan, line, currency, minimum } = await priceLine(customer.id, input, currencyCode, locale);
      const priced = await coupons.price(line, input, locale);
      return {
        platformProductCode: plan.platformProductCode,
        planTitle: plan.title,
        quantity: input.quantity,
        currencyCode,
        currencySymbol: currency.symbol,
        minorDigits: currency.minorDigits,
        unitPrice: plan.unitPrice,
        subtotal: line.subtotal,
        coupon: priced.coupon,
        promo: priced.promo,
        discountTotal: line.subtotal - priced.total,
        total: priced.total,
        // A positive total the card provider cannot charge: the page says so and does not offer to pay (ADR 0122).
        belowPaymentMinimum: belowPaymentMinimum(priced.total, minimum),
        contactEmail: input.contactEmail ?? customer.email,
      };
    },

    /**
     * Places the order. The same idempotency key with the same request returns the first order (a double
     * click, a retried request); with a different request it is refused (409). A positive total below the
     * active card provider's minimum is refused (409) before any coupon use is reserved (ADR 0148).
     */
    async place(
      customer: CurrentCustomer,
      input: CheckoutInput,
      idempotencyKey: string,
      currencyCode: string,
      locale: Locale,
    ) {
      const print = fingerprint(input, currencyCode);
      const existing = async () => {
        const order = await orders.findByIdempotencyKey(customer.id, idempotencyKey);
        if (!order) return undefined;
        if (order.requestFingerprint !== print) throw new ApiError(409, "purchase.order.idempotencyConflict");
        return { order: await orders.view(order, locale), created: false };
      };
      const previous = await existing();
      if (previous) return previous;

      const contactEmail = input.contactEmail ?? customer.email;
      if (!contactEmail)
        throw new ApiError(400, "error.badRequest", {
          fields: { contactEmail: "purchase.order.contactEmailRequired" },
        });
      const { plan, line, currency, minimum } = await priceLine(customer.id, input, currencyCode, locale);
      const now = clock();
      const orderId = randomUUID();
      try {
        const order = await db.transaction(async (rawTx) => {
          const tx = rawTx as unknown as Database;
          // Same customer and key queue here, so the second sees the first's order instead of racing it.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`${customer.id}:${idempotencyKey}`}))`,
          );
          if (await orders.findByIdempotencyKey(customer.id, idempotencyKey, tx)) throw new DuplicateKey();
          const priced = await coupons.price(line, input, locale, tx);
          // An order nobody can pay would only hold its coupon until it expires (ADR 0148): refuse it here.
          const below = belowPaymentMinimum(priced.total, minimum);
          if (below) throw belowMinimumError(below.minimum, currency);
          const reserved = await coupons.reserve(tx, line, orderId, input);
          const inserted = await orders.create(
            {
              id: orderId,
              code: orderCode(now),
              customerId: customer.id,
              idempotencyKey,
              requestFingerprint: print,
              platformProductCode: plan.platformProductCode,
              destinationCode: plan.destinationCode,
              planTitle: plan.title,
              quantity: input.quantity,
              currencyCode,
              unitPrice: plan.unitPrice,
              subtotal: line.subtotal,
              couponCode: priced.coupon?.code ?? null,
              customerCouponId: reserved.customerCouponId,
              couponDiscount: priced.coupon?.discount ?? 0,
              promoCode: priced.promo?.code ?? null,
              promoDiscount: priced.promo?.discount ?? 0,
              total: priced.total,
              contactEmail,
              contactPhone: input.contactPhone ?? null,
              locale,
              topUpIccid: input.topUpIccid ?? null,
              expiresAt: new Date(now.getTime() + PAYMENT_WINDOW_MS),
            },
            tx,
          );
          if (!inserted) throw new DuplicateKey();
          return inserted;
        });
        return { order: await orders.view(order, locale), created: true };
      } catch (error) {
        if (error instanceof DuplicateKey) {
          const raced = await existing();
          if (raced) return raced;
        }
        throw error;
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
