import type { Locale } from "../../../core/constants.ts";
import { convertBetween, couponOff, couponValueLabel } from "../../../core/coupon.ts";
import { pageList } from "../../../core/lists.ts";
import { formatPrice } from "../../../core/money.ts";
import type { Database } from "../../../db/client.ts";
import type { MarketingType } from "../../../db/schema/index.ts";
import type { LocalizedText } from "../../../db/schema/localized.ts";
import { ApiError } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import type { Currency } from "../site/currencies.ts";
import type { CouponRepo, CouponRow, WalletRow, WalletState } from "./repo.ts";

/** spec 3 Coupon, with the display value (spec 5) and the minimum spend the checkout shows. */
export interface CouponView {
  code: string;
  marketingType: MarketingType;
  couponTypeCode: "DISCOUNT" | "REDUCTION";
  name: string;
  description: string;
  resultDiscount: string | null;
  resultReduction: number | null;
  reductionCurrency: string | null;
  /** "8.5折" / "15% off" / "HK$20 off" (spec 5). */
  valueLabel: string;
  minimumSpend: number;
  minimumSpendCurrency: string;
  startTime: string;
  endTime: string;
}

/** What a coupon applies to (ADR 0117); a coupon without scopes applies to every plan. */
export interface CouponScopeView {
  scopeType: "PLAN" | "DESTINATION";
  scopeCode: string;
  /** The destination's or the plan's name in the request's language. */
  name: string;
}

export interface WalletCouponView extends CouponView {
  customerCouponId: string;
  scopes: CouponScopeView[];
  state: WalletState;
  receivedAt: string;
  usedAt: string | null;
}

/** A coupon or promo code applied to an amount at checkout. */
export interface AppliedCoupon {
  code: string;
  marketingType: MarketingType;
  name: string;
  valueLabel: string;
  /** Minor units taken off, in the order's currency. */
  discount: number;
}

/** What checkout prices: one plan line in one currency. */
export interface PricedLine {
  customerId: string;
  platformProductCode: string;
  destinationCode: string;
  subtotal: number;
  currency: Currency;
}

export interface CouponChoice {
  couponCode?: string;
  promoCode?: string;
}

const text = (value: LocalizedText, locale: Locale) => value[locale] || value.en_US;

/** A promo-code or coupon failure: 422 with a stable code, also under the field it concerns (ADR 0105). */
function refused(field: "couponCode" | "promoCode", code: string, params?: Record<string, string | number>) {
  return new ApiError(422, code, { params, fields: { [field]: code } });
}

/**
 * What the coupon rules read about a code (ADR 0146): one query at a time (quote, order) or loaded for many
 * codes at once (the coupon dialog). The wallet and the per-customer count are the line's customer's.
 */
interface CouponFacts {
  row(code: string): Promise<CouponRow | undefined>;
  scopes(code: string): Promise<{ scopeType: string; scopeCode: string }[]>;
  usedCount(code: string): Promise<number>;
  walletStatuses(code: string): Promise<{ status: string }[]>;
  customerCount(code: string): Promise<number>;
}

/** Coupon definitions change only with an operator's edit (which clears them by tag); a short life besides. */
const DEFINITION_CACHE_S = 60;

export function createCouponService(
  db: Database,
  repo: CouponRepo,
  /** The store's currencies and rates (the site module's). */
  currencies: () => Promise<Map<string, Currency>>,
  cache: SharedCache,
  clock: () => Date = () => new Date(),
) {
  /**
   * Coupon definitions by code, as the pages' coupon blocks and the public look-up show them: read-mostly, so a
   * warm render asks the database nothing (issue 15, ADR 0209). The shopper's own state (received, used) is never
   * cached; `ended` is worked out on each read.
   */
  const definitions = cache.define("coupon-definitions", {
    ttlS: DEFINITION_CACHE_S,
    tags: () => [CACHE_TAGS.coupons],
    load: (codes: string[]) => repo.findMany(codes),
  });

  /**
   * A coupon as shoppers see it. Given a display currency (issue 12, ADR 0264), its reduction and minimum spend
   * are shown converted into it, as checkout converts them; `{reduction}` and `{minimum}` in its name and
   * description are those amounts, so no text names another currency.
   */
  async function view(row: CouponRow, locale: Locale, displayCurrency?: string): Promise<CouponView> {
    const all = await currencies();
    const shown = displayCurrency ? all.get(displayCurrency) : undefined;
    const ownReduction = row.reductionCurrency ? all.get(row.reductionCurrency) : undefined;
    const ownMinimum = all.get(row.minimumSpendCurrency);
    const reductionCurrency = shown && ownReduction ? shown : ownReduction;
    const minimumCurrency = shown && ownMinimum ? shown : ownMinimum;
    const resultReduction =
      row.resultReduction !== null && ownReduction && reductionCurrency
        ? convertBetween(row.resultReduction, ownReduction, reductionCurrency)
        : row.resultReduction;
    const minimumSpend =
      ownMinimum && minimumCurrency
        ? convertBetween(row.minimumSpend, ownMinimum, minimumCurrency)
        : row.minimumSpend;
    const format = (currency: Currency) => ({
      currencySymbol: currency.symbol,
      minorDigits: currency.minorDigits,
    });
    const amounts = (value: string) =>
      value
        .replaceAll(
          "{reduction}",
          reductionCurrency && resultReduction !== null
            ? formatPrice(resultReduction, format(reductionCurrency), false)
            : "",
        )
        .replaceAll(
          "{minimum}",
          minimumCurrency ? formatPrice(minimumSpend, format(minimumCurrency), false) : "",
        );
    return {
      code: row.code,
      marketingType: row.marketingType,
      couponTypeCode: row.couponTypeCode,
      name: amounts(text(row.name, locale)),
      description: amounts(text(row.description, locale)),
      resultDiscount: row.resultDiscount,
      resultReduction,
      reductionCurrency: reductionCurrency?.code ?? row.reductionCurrency,
      valueLabel: couponValueLabel(
        { ...row, resultReduction },
        locale,
        reductionCurrency ? format(reductionCurrency) : undefined,
      ),
      minimumSpend,
      minimumSpendCurrency: minimumCurrency?.code ?? row.minimumSpendCurrency,
      startTime: row.startTime.toISOString(),
      endTime: row.endTime.toISOString(),
    };
  }

  /** The facts of one code straight from the database, each read only when a rule needs it. */
  function readFacts(customerId: string, executor?: Database): CouponFacts {
    return {
      row: (code) => repo.find(code, executor),
      scopes: (code) => repo.scopes(code, executor),
      usedCount: (code) => repo.usedCount(code, executor),
      walletStatuses: (code) => repo.walletStatuses(code, customerId, executor),
      customerCount: (code) => repo.customerCount(code, customerId, executor),
    };
  }

  /**
   * The rules every code passes before it touches an amount: exists with the right kind, in its time window,
   * applies to the plan, minimum spend met. Returns the amount it takes off `amount`.
   */
  async function check(
    field: "couponCode" | "promoCode",
    code: string,
    line: PricedLine,
    amount: number,
    facts: CouponFacts,
  ): Promise<{ row: CouponRow; off: number }> {
    const kind: MarketingType = field === "couponCode" ? "COUPON" : "PROMO_CODE";
    const row = await facts.row(code);
    if (!row?.enabled || row.marketingType !== kind) throw refused(field, "purchase.coupon.unknown");
    const now = clock();
    if (now < row.startTime) throw refused(field, "purchase.coupon.notStarted");
    if (now > row.endTime) throw refused(field, "purchase.coupon.expired");
    const scopes = await facts.scopes(code);
    if (
      scopes.length > 0 &&
      !scopes.some(
        (s) =>
          (s.scopeType === "PLAN" && s.scopeCode === line.platformProductCode) ||
          (s.scopeType === "DESTINATION" && s.scopeCode === line.destinationCode),
      )
    )
      throw refused(field, "purchase.coupon.notApplicable");
    const all = await currencies();
    const spendCurrency = all.get(row.minimumSpendCurrency);
    if (!spendCurrency) throw refused(field, "purchase.coupon.notApplicable");
    const minimum = convertBetween(row.minimumSpend, spendCurrency, line.currency);
    if (line.subtotal < minimum)
      throw refused(field, "purchase.coupon.minimumSpend", {
        amount: formatPrice(minimum, {
          currencySymbol: line.currency.symbol,
          minorDigits: line.currency.minorDigits,
        }),
      });
    if (row.totalLimit !== null && (await facts.usedCount(code)) >= row.totalLimit)
      throw refused(field, "purchase.coupon.exhausted");
    if (kind === "COUPON") {
      const wallet = await facts.walletStatuses(code);
      if (!wallet.some((w) => w.status === "AVAILABLE"))
        throw refused(
          field,
          wallet.length > 0 ? "purchase.coupon.alreadyUsed" : "purchase.coupon.notInWallet",
        );
    } else if ((await facts.customerCount(code)) >= row.perCustomerLimit) {
      throw refused(field, "purchase.coupon.alreadyUsed");
    }
    return { row, off: couponOff(row, amount, line.currency, (c) => all.get(c)) };
  }

  async function scopesByCode(codes: string[], locale: Locale): Promise<Map<string, CouponScopeView[]>> {
    const byCode = new Map<string, CouponScopeView[]>();
    for (const row of await repo.scopesWithNames([...new Set(codes)])) {
      const destination =
        locale === "zh_CN"
          ? row.destinationZhCn
          : locale === "zh_HK"
            ? row.destinationZhHk
            : row.destinationEn;
      const name =
        row.scopeType === "PLAN" ? (row.planTitle ? text(row.planTitle, locale) : null) : destination;
      const list = byCode.get(row.couponCode) ?? [];
      list.push({
        scopeType: row.scopeType === "PLAN" ? "PLAN" : "DESTINATION",
        scopeCode: row.scopeCode,
        name: name || row.scopeCode,
      });
      byCode.set(row.couponCode, list);
    }
    return byCode;
  }

  async function walletViews(
    rows: { wallet: WalletRow; coupon: CouponRow }[],
    state: WalletState,
    locale: Locale,
  ): Promise<WalletCouponView[]> {
    const scopes = await scopesByCode(
      rows.map((r) => r.coupon.code),
      locale,
    );
    return Promise.all(
      rows.map(async ({ wallet, coupon }) => ({
        ...(await view(coupon, locale)),
        customerCouponId: wallet.id,
        scopes: scopes.get(coupon.code) ?? [],
        state,
        receivedAt: wallet.receivedAt.toISOString(),
        usedAt: wallet.usedAt?.toISOString() ?? null,
      })),
    );
  }

  async function applied(row: CouponRow, off: number, locale: Locale): Promise<AppliedCoupon> {
    const shown = await view(row, locale);
    return {
      code: row.code,
      marketingType: row.marketingType,
      name: shown.name,
      valueLabel: shown.valueLabel,
      discount: off,
    };
  }

  return {
    /** spec 7: coupons (or promo codes) by code; unknown and disabled codes are left out. */
    async byCodes(
      codes: string[],
      kind: MarketingType,
      locale: Locale,
      customerId?: string,
      displayCurrency?: string,
    ) {
      const unique = [...new Set(codes)].sort();
      const rows = (unique.length === 0 ? [] : await definitions(unique)).filter(
        (row) => row.marketingType === kind,
      );
      const received = customerId
        ? new Set(
            (
              await repo.receivedCodes(
                customerId,
                rows.map((r) => r.code),
              )
            ).map((r) => r.couponCode),
          )
        : new Set<string>();
      const order = new Map(codes.map((code, index) => [code, index]));
      rows.sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0));
      return Promise.all(
        rows.map(async (row) => ({
          ...(await view(row, locale, displayCurrency)),
          received: received.has(row.code),
          ended: clock() > row.endTime,
        })),
      );
    },

    /**
     * spec 7 receive (success shows '领取成功'): adds a COUPON to the customer's wallet, at most
     * perCustomerLimit copies per customer (the counter upsert makes racing receives safe).
     */
    async receive(customerId: string, code: string) {
      const row = await repo.find(code);
      if (!row?.enabled || row.marketingType !== "COUPON") throw new ApiError(404, "purchase.coupon.unknown");
      const now = clock();
      if (now > row.endTime) throw new ApiError(422, "purchase.coupon.expired");
      if (row.totalLimit !== null && (await repo.usedCount(code)) >= row.totalLimit)
        throw new ApiError(422, "purchase.coupon.exhausted");
      return db.transaction(async (tx) => {
        const tdb = tx as unknown as Database;
        if (!(await repo.takeCustomerUse(code, customerId, row.perCustomerLimit, tdb)))
          throw new ApiError(422, "purchase.coupon.limitReached");
        const wallet = await repo.addToWallet(code, customerId, tdb);
        return { customerCouponId: wallet.id, code };
      });
    },

    /**
     * Issue 12 (ADR 0252): puts every welcome coupon in force into a new account's wallet, in the registration's
     * transaction. Once per customer and coupon (the first-receipt counter), so a retried or repeated call never
     * gives a second copy; a coupon's total limit caps orders, not receipts, as with receive.
     */
    async grantWelcome(customerId: string, tx: Database): Promise<string[]> {
      const given: string[] = [];
      for (const { code } of await repo.welcomeGifts(clock(), tx)) {
        if (!(await repo.takeFirstCustomerUse(code, customerId, tx))) continue;
        await repo.addToWallet(code, customerId, tx);
        given.push(code);
      }
      return given;
    },

    /** The customer's coupons in one state, page mode (spec 3). */
    async wallet(customerId: string, state: WalletState, page: number, size: number, locale: Locale) {
      const { rows, total } = await repo.wallet(customerId, state, clock(), page, size);
      return pageList(await walletViews(rows, state, locale), total);
    },

    /**
     * Every available coupon in the customer's wallet, in the wallet's order, with no page size: the checkout's
     * coupon dialog considers them all (ADR 0155). Two queries however many the wallet holds.
     */
    async allAvailable(customerId: string, locale: Locale): Promise<WalletCouponView[]> {
      return walletViews(await repo.allAvailable(customerId, clock()), "available", locale);
    },

    /**
     * Prices the codes against a line (ADR 0105 stacking): at most one coupon and one promo code; the coupon
     * applies to the subtotal, the promo code to what is left; both check minimum spend against the subtotal.
     */
    async price(line: PricedLine, choice: CouponChoice, locale: Locale, executor?: Database) {
      let remaining = line.subtotal;
      let coupon: AppliedCoupon | null = null;
      let promo: AppliedCoupon | null = null;
      if (choice.couponCode) {
        const { row, off } = await check(
          "couponCode",
          choice.couponCode,
          line,
          remaining,
          readFacts(line.customerId, executor),
        );
        coupon = await applied(row, off, locale);
        remaining -= off;
      }
      if (choice.promoCode) {
        const { row, off } = await check(
          "promoCode",
          choice.promoCode,
          line,
          remaining,
          readFacts(line.customerId, executor),
        );
        promo = await applied(row, off, locale);
        remaining -= off;
      }
      return { coupon, promo, total: remaining };
    },

    /**
     * Prices each of the customer's coupons alone against one line, with exactly the rules `price` applies
     * to a coupon, for the checkout's coupon dialog (ADRs 0111, 0146). What the rules read is loaded for all
     * the codes at once (four queries however many codes), then each code is checked in memory. A refusal is
     * kept as its 422 error rather than thrown.
     */
    async priceEach(
      line: PricedLine,
      codes: string[],
      locale: Locale,
    ): Promise<Map<string, { coupon: AppliedCoupon } | { refusal: ApiError }>> {
      const unique = [...new Set(codes)];
      const [rows, scopes, used, wallet] = await Promise.all([
        repo.findAll(unique),
        repo.scopesOfMany(unique),
        repo.usedCounts(unique),
        repo.walletStatusesOfMany(line.customerId, unique),
      ]);
      const byCode = <T extends { couponCode: string }>(list: T[]) => {
        const grouped = new Map<string, T[]>();
        for (const item of list) {
          const same = grouped.get(item.couponCode);
          if (same) same.push(item);
          else grouped.set(item.couponCode, [item]);
        }
        return grouped;
      };
      const rowOf = new Map(rows.map((row) => [row.code, row]));
      const scopesOf = byCode(scopes);
      const usedOf = new Map(used.map((row) => [row.couponCode, row.usedCount]));
      const walletOf = byCode(wallet);
      const facts: CouponFacts = {
        row: async (code) => rowOf.get(code),
        scopes: async (code) => scopesOf.get(code) ?? [],
        usedCount: async (code) => usedOf.get(code) ?? 0,
        walletStatuses: async (code) => walletOf.get(code) ?? [],
        // Only promo codes read it, and these are coupons.
        customerCount: () => Promise.reject(new Error("priceEach prices coupons only")),
      };
      const priced = new Map<string, { coupon: AppliedCoupon } | { refusal: ApiError }>();
      for (const code of unique) {
        try {
          const { row, off } = await check("couponCode", code, line, line.subtotal, facts);
          priced.set(code, { coupon: await applied(row, off, locale) });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 422) throw error;
          priced.set(code, { refusal: error });
        }
      }
      return priced;
    },

    /**
     * What a promo code takes off whatever a coupon leaves of the line (ADR 0105 stacking), for the coupon
     * dialog's payment-minimum check (ADR 0155). The code is checked once against the line, as `price` checks
     * it (minimum spend against the subtotal, so a coupon never changes the verdict); null when it is refused,
     * which the quote reports.
     */
    async promoReduction(line: PricedLine, code: string): Promise<((amount: number) => number) | null> {
      try {
        const { row } = await check("promoCode", code, line, line.subtotal, readFacts(line.customerId));
        const all = await currencies();
        return (amount) => couponOff(row, amount, line.currency, (c) => all.get(c));
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) return null;
        throw error;
      }
    },

    /**
     * Inside the order transaction: takes the uses priced above, or throws (rolling the order back) when a
     * racing order took the last one. Returns the wallet row reserved for a coupon.
     */
    async reserve(tx: Database, line: PricedLine, orderId: string, choice: CouponChoice) {
      let customerCouponId: string | null = null;
      if (choice.couponCode) {
        const row = (await repo.find(choice.couponCode, tx))!;
        if (!(await repo.takeUse(row.code, row.totalLimit, tx)))
          throw refused("couponCode", "purchase.coupon.exhausted");
        customerCouponId = await repo.reserveFromWallet(row.code, line.customerId, orderId, tx);
        if (!customerCouponId) throw refused("couponCode", "purchase.coupon.alreadyUsed");
      }
      if (choice.promoCode) {
        const row = (await repo.find(choice.promoCode, tx))!;
        if (!(await repo.takeUse(row.code, row.totalLimit, tx)))
          throw refused("promoCode", "purchase.coupon.exhausted");
        if (!(await repo.takeCustomerUse(row.code, line.customerId, row.perCustomerLimit, tx)))
          throw refused("promoCode", "purchase.coupon.alreadyUsed");
      }
      return { customerCouponId };
    },

    /** An order that will never be paid gives its uses back (expiry, cancellation). */
    async release(
      tx: Database,
      order: { id: string; customerId: string; couponCode: string | null; promoCode: string | null },
    ) {
      if (order.couponCode) {
        await repo.giveBackUse(order.couponCode, tx);
        await repo.releaseWallet(order.id, tx);
      }
      if (order.promoCode) {
        await repo.giveBackUse(order.promoCode, tx);
        await repo.giveBackCustomerUse(order.promoCode, order.customerId, tx);
      }
    },

    /**
     * A paid order refunded in full (ADR 0336), in the hook of its move to REFUNDED (once): its coupon and promo
     * code uses come back and its wallet coupon is the shopper's to use again.
     */
    async refunded(
      tx: Database,
      order: { id: string; customerId: string; couponCode: string | null; promoCode: string | null },
    ) {
      if (order.couponCode) {
        await repo.giveBackUse(order.couponCode, tx);
        await repo.returnUsedWallet(order.id, tx);
      }
      if (order.promoCode) {
        await repo.giveBackUse(order.promoCode, tx);
        await repo.giveBackCustomerUse(order.promoCode, order.customerId, tx);
      }
    },

    /** A paid order keeps its uses for good; its wallet coupon becomes USED. */
    async consume(tx: Database, orderId: string) {
      await repo.markWalletUsed(orderId, tx);
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
