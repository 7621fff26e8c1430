import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  couponCustomerUsage,
  couponScopes,
  coupons,
  couponUsage,
  customerCoupons,
  destinations,
  plans,
} from "../../../db/schema/index.ts";

export type CouponRow = typeof coupons.$inferSelect;
export type WalletRow = typeof customerCoupons.$inferSelect;
export type WalletState = "available" | "used" | "expired";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Coupon definitions (owned by marketing), wallets and redemption counters (ADR 0105). */
export function createCouponRepo(db: Database) {
  return {
    find(code: string, executor: Database = db) {
      return executor
        .select()
        .from(coupons)
        .where(eq(coupons.code, code))
        .then((rows) => rows[0]);
    },

    findMany(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([] as CouponRow[]);
      return db
        .select()
        .from(coupons)
        .where(and(inArray(coupons.code, codes), eq(coupons.enabled, true)));
    },

    /** Several coupons by code, enabled or not (the checkout's coupon dialog checks them all at once). */
    findAll(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([] as CouponRow[]);
      return db.select().from(coupons).where(inArray(coupons.code, codes));
    },

    scopes(code: string, executor: Database = db) {
      return executor.select().from(couponScopes).where(eq(couponScopes.couponCode, code));
    },

    scopesOfMany(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([] as (typeof couponScopes.$inferSelect)[]);
      return db.select().from(couponScopes).where(inArray(couponScopes.couponCode, codes));
    },

    /** The scopes of several coupons with what they name: a destination's names or a plan's title. */
    scopesWithNames(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([]);
      return db
        .select({
          couponCode: couponScopes.couponCode,
          scopeType: couponScopes.scopeType,
          scopeCode: couponScopes.scopeCode,
          destinationEn: destinations.nameEn,
          destinationZhCn: destinations.nameZhCn,
          destinationZhHk: destinations.nameZhHk,
          planTitle: plans.title,
        })
        .from(couponScopes)
        .leftJoin(
          destinations,
          and(eq(couponScopes.scopeType, "DESTINATION"), eq(destinations.code, couponScopes.scopeCode)),
        )
        .leftJoin(
          plans,
          and(eq(couponScopes.scopeType, "PLAN"), eq(plans.platformProductCode, couponScopes.scopeCode)),
        )
        .where(inArray(couponScopes.couponCode, codes))
        .orderBy(asc(couponScopes.couponCode), asc(couponScopes.scopeType), asc(couponScopes.scopeCode));
    },

    async usedCount(code: string, executor: Database = db): Promise<number> {
      const rows = await executor
        .select({ usedCount: couponUsage.usedCount })
        .from(couponUsage)
        .where(eq(couponUsage.couponCode, code));
      return rows[0]?.usedCount ?? 0;
    },

    usedCounts(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([] as { couponCode: string; usedCount: number }[]);
      return db
        .select({ couponCode: couponUsage.couponCode, usedCount: couponUsage.usedCount })
        .from(couponUsage)
        .where(inArray(couponUsage.couponCode, codes));
    },

    async customerCount(code: string, customerId: string, executor: Database = db): Promise<number> {
      const rows = await executor
        .select({ count: couponCustomerUsage.count })
        .from(couponCustomerUsage)
        .where(and(eq(couponCustomerUsage.couponCode, code), eq(couponCustomerUsage.customerId, customerId)));
      return rows[0]?.count ?? 0;
    },

    /**
     * Takes one use of the coupon when fewer than `limit` are taken. The upsert locks the counter row, and a
     * racing transaction re-checks the condition after the first commits, so exactly `limit` succeed.
     */
    async takeUse(code: string, limit: number | null, executor: Database): Promise<boolean> {
      const rows = rowsOf<{ used_count: number }>(
        await executor.execute(sql`
          insert into coupon_usage (coupon_code, used_count) values (${code}, 1)
          on conflict (coupon_code) do update set used_count = coupon_usage.used_count + 1
          where ${limit}::int is null or coupon_usage.used_count < ${limit}::int
          returning used_count`),
      );
      return rows.length === 1 && (limit === null || rows[0]!.used_count <= limit);
    },

    async giveBackUse(code: string, executor: Database) {
      await executor
        .update(couponUsage)
        .set({ usedCount: sql`greatest(${couponUsage.usedCount} - 1, 0)` })
        .where(eq(couponUsage.couponCode, code));
    },

    /** The per-customer counterpart of takeUse, against perCustomerLimit. */
    async takeCustomerUse(code: string, customerId: string, limit: number, executor: Database) {
      const rows = rowsOf<{ count: number }>(
        await executor.execute(sql`
          insert into coupon_customer_usage (coupon_code, customer_id, count) values (${code}, ${customerId}, 1)
          on conflict (coupon_code, customer_id) do update set count = coupon_customer_usage.count + 1
          where coupon_customer_usage.count < ${limit}::int
          returning count`),
      );
      return rows.length === 1 && rows[0]!.count <= limit;
    },

    /** The welcome coupons in force at `now` (ADR 0252): enabled, running COUPONs marked as a welcome gift. */
    welcomeGifts(now: Date, executor: Database) {
      return executor
        .select({ code: coupons.code })
        .from(coupons)
        .where(
          and(
            eq(coupons.welcomeGift, true),
            eq(coupons.enabled, true),
            eq(coupons.marketingType, "COUPON"),
            lte(coupons.startTime, now),
            gt(coupons.endTime, now),
          ),
        )
        .orderBy(asc(coupons.code));
    },

    /**
     * Counts a first receipt of the coupon for the customer, only if they never had one: true when this call
     * made the count (so a welcome gift is given at most once, whatever the coupon's per-customer limit).
     */
    async takeFirstCustomerUse(code: string, customerId: string, executor: Database) {
      const rows = rowsOf<{ count: number }>(
        await executor.execute(sql`
          insert into coupon_customer_usage (coupon_code, customer_id, count) values (${code}, ${customerId}, 1)
          on conflict (coupon_code, customer_id) do nothing
          returning count`),
      );
      return rows.length === 1;
    },

    async giveBackCustomerUse(code: string, customerId: string, executor: Database) {
      await executor
        .update(couponCustomerUsage)
        .set({ count: sql`greatest(${couponCustomerUsage.count} - 1, 0)` })
        .where(and(eq(couponCustomerUsage.couponCode, code), eq(couponCustomerUsage.customerId, customerId)));
    },

    addToWallet(code: string, customerId: string, executor: Database) {
      return executor
        .insert(customerCoupons)
        .values({ couponCode: code, customerId })
        .returning()
        .then((rows) => rows[0]!);
    },

    walletStatuses(code: string, customerId: string, executor: Database = db) {
      return executor
        .select({ id: customerCoupons.id, status: customerCoupons.status })
        .from(customerCoupons)
        .where(and(eq(customerCoupons.couponCode, code), eq(customerCoupons.customerId, customerId)));
    },

    /** walletStatuses for several codes at once. */
    walletStatusesOfMany(customerId: string, codes: string[]) {
      if (codes.length === 0) return Promise.resolve([] as { couponCode: string; status: string }[]);
      return db
        .select({ couponCode: customerCoupons.couponCode, status: customerCoupons.status })
        .from(customerCoupons)
        .where(and(eq(customerCoupons.customerId, customerId), inArray(customerCoupons.couponCode, codes)));
    },

    receivedCodes(customerId: string, codes: string[]) {
      if (codes.length === 0) return Promise.resolve([] as { couponCode: string }[]);
      return db
        .selectDistinct({ couponCode: customerCoupons.couponCode })
        .from(customerCoupons)
        .where(and(eq(customerCoupons.customerId, customerId), inArray(customerCoupons.couponCode, codes)));
    },

    /** Reserves one AVAILABLE copy from the wallet for an order; null when there is none left. */
    async reserveFromWallet(code: string, customerId: string, orderId: string, executor: Database) {
      const rows = rowsOf<{ id: string }>(
        await executor.execute(sql`
          update customer_coupon set status = 'RESERVED', order_id = ${orderId}
          where id = (
            select id from customer_coupon
            where customer_id = ${customerId} and coupon_code = ${code} and status = 'AVAILABLE'
            order by received_at limit 1 for update skip locked)
          returning id`),
      );
      return rows[0]?.id ?? null;
    },

    async releaseWallet(orderId: string, executor: Database) {
      await executor
        .update(customerCoupons)
        .set({ status: "AVAILABLE", orderId: null })
        .where(and(eq(customerCoupons.orderId, orderId), eq(customerCoupons.status, "RESERVED")));
    },

    /** A refunded order's wallet coupon is available again (ADR 0336). */
    async returnUsedWallet(orderId: string, executor: Database) {
      await executor
        .update(customerCoupons)
        .set({ status: "AVAILABLE", orderId: null, usedAt: null })
        .where(and(eq(customerCoupons.orderId, orderId), eq(customerCoupons.status, "USED")));
    },

    async markWalletUsed(orderId: string, executor: Database) {
      await executor
        .update(customerCoupons)
        .set({ status: "USED", usedAt: sql`now()` })
        .where(and(eq(customerCoupons.orderId, orderId), eq(customerCoupons.status, "RESERVED")));
    },

    /** spec: my coupons by state. Available = not used and not past endTime; reserved ones count as used. */
    async wallet(customerId: string, state: WalletState, now: Date, page: number, size: number) {
      const where = walletWhere(customerId, state, now);
      const [rows, total] = await Promise.all([
        walletRows(where, state)
          .limit(size)
          .offset(page * size),
        db
          .select({ n: count() })
          .from(customerCoupons)
          .innerJoin(coupons, eq(coupons.code, customerCoupons.couponCode))
          .where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },

    /**
     * Every available coupon in the customer's wallet, in the wallet's order, in one query: the checkout's
     * coupon dialog considers them all (ADR 0155).
     */
    allAvailable(customerId: string, now: Date) {
      return walletRows(walletWhere(customerId, "available", now), "available");
    },
  };

  function walletWhere(customerId: string, state: WalletState, now: Date) {
    return and(
      eq(customerCoupons.customerId, customerId),
      state === "used"
        ? inArray(customerCoupons.status, ["USED", "RESERVED"])
        : eq(customerCoupons.status, "AVAILABLE"),
      state === "available"
        ? gte(coupons.endTime, now)
        : state === "expired"
          ? lt(coupons.endTime, now)
          : undefined,
    );
  }

  function walletRows(where: ReturnType<typeof walletWhere>, state: WalletState) {
    return (
      db
        .select({ wallet: customerCoupons, coupon: coupons })
        .from(customerCoupons)
        .innerJoin(coupons, eq(coupons.code, customerCoupons.couponCode))
        .where(where)
        // Soonest to end first (available) or newest first; the id breaks ties so pages never overlap (ADR 0152).
        .orderBy(
          ...(state === "available"
            ? [asc(coupons.endTime), desc(customerCoupons.receivedAt), asc(customerCoupons.id)]
            : [desc(customerCoupons.receivedAt), asc(customerCoupons.id)]),
        )
        .$dynamic()
    );
  }
}

export type CouponRepo = ReturnType<typeof createCouponRepo>;
