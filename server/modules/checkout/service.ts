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
import { CREDIT_CURRENCY, type CreditService, creditCeiling } from "../credit/service.ts";
import { type OrderRow, type OrderService, PAYMENT_WINDOW_MS } from "../order/service.ts";
import type { SiteService } from "../site/service.ts";
import { bestCouponCode, couponOptions } from "./coupon-options.ts";
import { belowMinimumError, belowPaymentMinimum } from "./minimum.ts";

export interface CheckoutInput extends CouponChoice {
  platformProductCode: string;
  quantity: number;
  contactEmail?: string;
  /** "+852 91234567": an optional phone for support about the order. */
  contactPhone?: string;
  topUpIccid?: string;
  /**
   * Store credit to apply, in minor units of the order's currency: the amount the quote offered (ADR 0241).
   * Placing refuses (409 credit.insufficient) when the balance no longer covers it.
   */
  creditMinor?: number;
}

export interface CheckoutDeps {
  db: Database;
  catalog: CatalogService;
  coupons: CouponService;
  /** The store's currencies and rates (the site module's). */
  currencies: SiteService["currencies"];
  orders: OrderService;
  /** Store credit (ADRs 0240, 0241); without it checkout offers none. */
  credit?: CreditService;
  /** A top-up must name one of the customer's eSIMs that has not expired (the eSIM module checks). */
  esims?: { checkTopUp(customerId: string, iccid: string, platformProductCode?: string): Promise<void> };
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
    input.creditMinor ?? 0,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** A retry with the same key may race the first request to the insert; this marks the loser. */
class DuplicateKey extends Error {}
/** The same request has an open unpaid order: placing it again returns that order (issue 12). */
class ReuseOpen extends Error {
  readonly order: OrderRow;
  constructor(order: OrderRow) {
    super("open unpaid order");
    this.order = order;
  }
}

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
    if (input.topUpIccid)
      await deps.esims?.checkTopUp(customerId, input.topUpIccid, input.platformProductCode);
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
    const base = rates.get(CREDIT_CURRENCY);
    return { plan, line, currency, minimum, base };
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

    /**
     * The coupon checkout applies when it opens (issue 30, ADR 0319): of the customer's coupons that apply to this
     * line, the one that saves the most, priced exactly as the quote prices it (the dialog's first usable option);
     * null when none applies.
     */
    async bestCoupon(
      customer: CurrentCustomer,
      input: Pick<CheckoutInput, "platformProductCode" | "quantity" | "topUpIccid" | "promoCode">,
      currencyCode: string,
      locale: Locale,
    ): Promise<string | null> {
      const priced = await priceLine(customer.id, input, currencyCode, locale);
      const { content } = await couponOptions(coupons, priced, input.promoCode, locale);
      return bestCouponCode(content);
    },

    /** What the checkout page shows before placing: the same arithmetic and the same coupon errors. */
    async quote(customer: CurrentCustomer, input: CheckoutInput, currencyCode: string, locale: Locale) {
      const { plan, line, currency, minimum, base } = await priceLine(
        customer.id,
        input,
        currencyCode,
        locale,
      );
      const priced = await coupons.price(line, input, locale);
      // Store credit (ADR 0241): what the balance is worth here, how much this order may use, and what is applied.
      const balance =
        deps.credit && base ? await deps.credit.availableIn(db, customer.id, currency, base) : null;
      const creditAvailable = balance ? creditCeiling(balance.availableMinor, priced.total, minimum) : 0;
      const creditApplied = Math.min(input.creditMinor ?? 0, creditAvailable);
      const total = priced.total - creditApplied;
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
        credit: {
          /** The whole balance, HKD cents, and what it is worth in this currency. */
          balanceMinor: balance?.balanceMinor ?? 0,
          worthMinor: balance?.availableMinor ?? 0,
          /** The most this order may use; the checkout offers exactly this. */
          availableMinor: creditAvailable,
          appliedMinor: creditApplied,
        },
        total,
        // A positive total the card provider cannot charge: the page says so and does not offer to pay (ADR 0122).
        belowPaymentMinimum: belowPaymentMinimum(total, minimum),
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
      const { plan, line, currency, minimum, base } = await priceLine(
        customer.id,
        input,
        currencyCode,
        locale,
      );
      const creditMinor = input.creditMinor ?? 0;
      if (creditMinor > 0 && (!deps.credit || !base))
        throw new ApiError(409, "credit.insufficient", { fields: { creditMinor: "credit.insufficient" } });
      const now = clock();
      const orderId = randomUUID();
      try {
        const order = await db.transaction(async (rawTx) => {
          const tx = rawTx as unknown as Database;
          // One customer's placements queue here, so the second sees the first's order instead of racing it:
          // the same key (a double click), or the same request under a new key (paying again, issue 12).
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${customer.id}:place-order`}))`);
          if (await orders.findByIdempotencyKey(customer.id, idempotencyKey, tx)) throw new DuplicateKey();
          // Paying again for the same plan, quantity, codes and contact reuses the open unpaid order instead
          // of piling up another one (issue 12).
          const open = await orders.findOpenUnpaid(customer.id, print, now, tx);
          if (open) throw new ReuseOpen(open);
          const priced = await coupons.price(line, input, locale, tx);
          // An order nobody can pay would only hold its coupon until it expires (ADR 0148): refuse it here.
          const total = priced.total - creditMinor;
          const below = belowPaymentMinimum(total, minimum);
          if (below && creditMinor === 0) throw belowMinimumError(below.minimum, currency);
          const reserved = await coupons.reserve(tx, line, orderId, input);
          // The credit is reserved in the same transaction as the coupon (ADR 0241): both or neither.
          if (creditMinor > 0)
            await deps.credit!.reserveForOrder(tx, {
              customerId: customer.id,
              orderId,
              creditMinor,
              totalMinor: priced.total,
              minimumMinor: minimum,
              currency,
              base: base!,
            });
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
              creditAmount: creditMinor,
              total,
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
        if (error instanceof ReuseOpen)
          return { order: await orders.view(error.order, locale), created: false };
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
