import { and, count, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  customers,
  destinations,
  esims,
  type OrderStatus,
  orderStatusHistory,
  orders,
  plans,
} from "../../../db/schema/index.ts";
import { totalOver, withTotal } from "../../infra/paging.ts";

export type OrderRow = typeof orders.$inferSelect;

/**
 * What a shopper's order list shows of an order (the service's `view`): not its idempotency key, request
 * fingerprint or payment ids (issue 15: a third of the columns, read and decoded for every row of every list).
 */
const orderListColumns = {
  code: orders.code,
  status: orders.status,
  platformProductCode: orders.platformProductCode,
  destinationCode: orders.destinationCode,
  planTitle: orders.planTitle,
  quantity: orders.quantity,
  currencyCode: orders.currencyCode,
  unitPrice: orders.unitPrice,
  subtotal: orders.subtotal,
  couponCode: orders.couponCode,
  couponDiscount: orders.couponDiscount,
  promoCode: orders.promoCode,
  promoDiscount: orders.promoDiscount,
  creditAmount: orders.creditAmount,
  total: orders.total,
  contactEmail: orders.contactEmail,
  contactPhone: orders.contactPhone,
  topUpIccid: orders.topUpIccid,
  createdAt: orders.createdAt,
  expiresAt: orders.expiresAt,
  paidAt: orders.paidAt,
};
export type OrderListRow = Pick<OrderRow, keyof typeof orderListColumns>;
export type NewOrder = typeof orders.$inferInsert;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the console's order list can be searched and filtered by (issue 29 item 3). */
export interface ConsoleOrderQuery {
  q?: string;
  code?: string;
  email?: string;
  orderIds?: string[];
  from?: Date;
  to?: Date;
  status?: string;
  paymentProvider?: string;
  supplier?: string;
  currency?: string;
}

/**
 * The one search box's condition (issue 29): the term anywhere in the order's own code, contact e-mail, phone
 * and plan title, its customer's e-mail, login, name and phone, its plan's title or its destination's name in
 * every language, and (six digits or more) its eSIMs' ICCIDs. Reads across modules are declared in
 * test/module-boundaries.test.ts: one paged query, so the total and the page agree.
 */
function matchesText(term: string): SQL {
  const contains = `%${escapeLike(term)}%`;
  const digits = term.replace(/[\s+()-]/g, "");
  const phoneLike = /^\d{3,}$/.test(digits) ? `%${digits}%` : null;
  const found: SQL[] = [
    ilike(orders.code, contains),
    ilike(orders.contactEmail, contains),
    ilike(orders.planTitle, contains),
    sql`exists (select 1 from ${customers} where ${customers.id} = ${orders.customerId} and (
      ${customers.email} ilike ${contains} or ${customers.loginName} ilike ${contains}
      or ${customers.nickName} ilike ${contains}${phoneLike ? sql` or ${customers.phone} like ${phoneLike}` : sql``}))`,
    sql`exists (select 1 from ${plans} where ${plans.platformProductCode} = ${orders.platformProductCode} and (
      ${plans.title} ->> 'en_US' ilike ${contains} or ${plans.title} ->> 'zh_CN' ilike ${contains}
      or ${plans.title} ->> 'zh_HK' ilike ${contains}))`,
    sql`exists (select 1 from ${destinations} where ${destinations.code} = ${orders.destinationCode} and (
      ${destinations.nameEn} ilike ${contains} or ${destinations.nameZhCn} ilike ${contains}
      or ${destinations.nameZhHk} ilike ${contains}))`,
  ];
  if (phoneLike) found.push(sql`${orders.contactPhone} like ${phoneLike}`);
  if (/^\d{6,22}$/.test(term)) {
    const iccid = `%${term}%`;
    found.push(
      sql`exists (select 1 from ${esims} where ${esims.orderId} = ${orders.id} and ${esims.iccid} like ${iccid})`,
      sql`${orders.topUpIccid} like ${iccid}`,
    );
  }
  return or(...found) as SQL;
}

/**
 * Status changes close together can share a timestamp: PGlite's clock (so now()) ticks in milliseconds, and
 * the payment webhook's PAID and the fulfilment job's FULFILLING can land in the same one. The id is random, so
 * it would order such a tie by chance. Each change starts where the one before it ended, so among rows with
 * the same time this takes the one that follows the last; rows are otherwise kept in time order.
 */
export function inChainOrder<T extends { at: Date; fromStatus: string | null; toStatus: string }>(
  rows: readonly T[],
): T[] {
  const left = [...rows];
  const ordered: T[] = [];
  while (left.length > 0) {
    const at = left[0]!.at.getTime();
    const previous = ordered.at(-1)?.toStatus ?? null;
    const next = left.findIndex((row) => row.at.getTime() === at && row.fromStatus === previous);
    ordered.push(...left.splice(Math.max(next, 0), 1));
  }
  return ordered;
}

/** Orders and their status history (ADR 0102); payment attempts belong to the payment module. */
export function createOrderRepo(db: Database) {
  return {
    findByCode(code: string, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(eq(orders.code, code))
        .then((rows) => rows[0]);
    },

    /** Moves an unpaid order's payment window to `at` (sandbox tools only); its id, or undefined when not unpaid. */
    closeWindowAt(code: string, at: Date): Promise<string | undefined> {
      return db
        .update(orders)
        .set({ expiresAt: at })
        .where(and(eq(orders.code, code), eq(orders.status, "PENDING_PAYMENT")))
        .returning({ id: orders.id })
        .then((rows) => rows[0]?.id);
    },

    findById(id: string, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(eq(orders.id, id))
        .then((rows) => rows[0]);
    },

    /** Locks the order row for a status change (FOR UPDATE), so concurrent transitions queue. */
    lock(id: string, executor: Database) {
      return executor
        .select()
        .from(orders)
        .where(eq(orders.id, id))
        .for("update")
        .then((rows) => rows[0]);
    },

    /**
     * The console's order search (issues 16 and 29), newest first. `q` is the one search box: a part of the
     * order code (so its last 6 characters), of the contact e-mail or phone, of the customer's e-mail, name or
     * phone, of an ICCID (the order's eSIMs, or the eSIM a top-up was for), or of the plan's or destination's
     * name in any of the store's languages. The other fields narrow it: code (prefix), e-mail (exact), order
     * ids (an ICCID's orders), placing time, status, payment method, supplier and currency. Every pattern is
     * an escaped ILIKE (pg_trgm's indexes serve them on both PGlite and PostgreSQL).
     */
    async consoleSearch(query: ConsoleOrderQuery, page: number, size: number) {
      const conditions: SQL[] = [];
      if (query.q) conditions.push(matchesText(query.q));
      if (query.code) conditions.push(ilike(orders.code, `${escapeLike(query.code)}%`));
      if (query.email) conditions.push(sql`lower(${orders.contactEmail}) = ${query.email.toLowerCase()}`);
      if (query.orderIds)
        conditions.push(query.orderIds.length ? inArray(orders.id, query.orderIds) : sql`false`);
      if (query.from) conditions.push(gte(orders.createdAt, query.from));
      if (query.to) conditions.push(lt(orders.createdAt, query.to));
      if (query.status) conditions.push(eq(orders.status, query.status as OrderRow["status"]));
      if (query.paymentProvider) conditions.push(eq(orders.paymentProvider, query.paymentProvider));
      if (query.currency) conditions.push(eq(orders.currencyCode, query.currency));
      if (query.supplier)
        conditions.push(
          sql`exists (select 1 from ${esims} where ${esims.orderId} = ${orders.id} and ${esims.supplier} = ${query.supplier})`,
        );
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * The console dashboard's figures (issue 16): orders placed and paid since a time, paid revenue by currency,
     * orders stuck in provisioning or refunding, and the daily trend of placed and paid orders.
     */
    async dashboard(now: Date, dayStart: Date, weekStart: Date, stuckBefore: Date, trendDays: number) {
      const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
      const period = async (since: Date) => {
        const [counts] = rows<{ placed: number; paid: number }>(
          await db.execute(sql`
            select count(*)::int as placed, count(${orders.paidAt})::int as paid
            from ${orders} where ${orders.createdAt} >= ${since.toISOString()}::timestamptz`),
        );
        const revenue = rows<{ currency: string; amount: number; orders: number }>(
          await db.execute(sql`
            select ${orders.currencyCode} as currency, sum(${orders.total})::bigint::float8 as amount,
              count(*)::int as orders
            from ${orders}
            where ${orders.paidAt} >= ${since.toISOString()}::timestamptz
            group by ${orders.currencyCode} order by ${orders.currencyCode}`),
        );
        return { placed: counts?.placed ?? 0, paid: counts?.paid ?? 0, revenue };
      };
      const stuck = rows<{ code: string; status: string; since: string; total: number; currency: string }>(
        await db.execute(sql`
          select ${orders.code} as code, ${orders.status} as status, ${orders.updatedAt} as since,
            ${orders.total} as total, ${orders.currencyCode} as currency
          from ${orders}
          where ${orders.status} in ('PAID', 'FULFILLING', 'REFUNDING')
            and ${orders.updatedAt} < ${stuckBefore.toISOString()}::timestamptz
          order by ${orders.updatedAt} limit 50`),
      );
      const trendFrom = new Date(dayStart.getTime() - (trendDays - 1) * 86_400_000);
      const trend = rows<{ day: string; placed: number; paid: number }>(
        await db.execute(sql`
          select to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as day,
            count(*)::int as placed, count(${orders.paidAt})::int as paid
          from ${orders} where ${orders.createdAt} >= ${trendFrom.toISOString()}::timestamptz
          group by 1 order by 1`),
      );
      const byDay = new Map(trend.map((t) => [t.day, t]));
      const days = Array.from({ length: trendDays }, (_, i) => {
        const day = new Date(trendFrom.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        return { day, placed: byDay.get(day)?.placed ?? 0, paid: byDay.get(day)?.paid ?? 0 };
      });
      return {
        now: now.toISOString(),
        today: await period(dayStart),
        week: await period(weekStart),
        stuck: stuck.map((s) => ({ ...s, since: new Date(s.since).toISOString() })),
        trend: days,
      };
    },

    /** A customer's orders for the console, newest first. */
    ofCustomer(customerId: string, limit: number) {
      return db
        .select()
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.createdAt))
        .limit(limit);
    },

    findByIdempotencyKey(customerId: string, key: string, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
        .then((rows) => rows[0]);
    },

    /** The newest unpaid, unexpired order of a customer for the same request (issue 12: paying again reuses it). */
    findOpenUnpaid(customerId: string, requestFingerprint: string, now: Date, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            eq(orders.requestFingerprint, requestFingerprint),
            eq(orders.status, "PENDING_PAYMENT"),
            gt(orders.expiresAt, now),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1)
        .then((rows) => rows[0]);
    },

    /** Inserts unless the idempotency key exists; undefined then (a racing duplicate won). */
    insert(order: NewOrder, executor: Database) {
      return executor
        .insert(orders)
        .values(order)
        .onConflictDoNothing()
        .returning()
        .then((rows) => rows[0]);
    },

    async setStatus(
      id: string,
      from: OrderStatus,
      to: OrderStatus,
      reason: string,
      executor: Database,
      extra: Partial<NewOrder> = {},
    ): Promise<boolean> {
      const changed = await executor
        .update(orders)
        .set({ ...extra, status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning({ id: orders.id });
      if (changed.length === 0) return false;
      await executor
        .insert(orderStatusHistory)
        .values({ orderId: id, fromStatus: from, toStatus: to, reason });
      return true;
    },

    recordCreated(id: string, executor: Database) {
      return executor
        .insert(orderStatusHistory)
        .values({ orderId: id, fromStatus: null, toStatus: "PENDING_PAYMENT", reason: "placed" });
    },

    /** The last move to REFUNDING: where from, and why (an operator's refund, or a failed provisioning). */
    async lastMoveToRefunding(orderId: string, executor: Database) {
      const [row] = await executor
        .select({ fromStatus: orderStatusHistory.fromStatus, reason: orderStatusHistory.reason })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "REFUNDING")))
        .orderBy(desc(orderStatusHistory.at), desc(orderStatusHistory.id))
        .limit(1);
      return row;
    },

    /** The order's status changes, oldest first. */
    async history(orderId: string) {
      const rows = await db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(orderStatusHistory.at, orderStatusHistory.id);
      return inChainOrder(rows);
    },

    /** Replaces the contact of every order of a customer; returns the distinct e-mails they had. */
    /** The ids of every order a customer placed (account deletion reaches their payments through them). */
    idsOfCustomer(customerId: string, executor: Database = db): Promise<string[]> {
      return executor
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .then((rows) => rows.map((row) => row.id));
    },

    async forgetContacts(customerId: string, placeholderEmail: string, executor: Database) {
      const had = await executor
        .selectDistinct({ email: orders.contactEmail })
        .from(orders)
        .where(eq(orders.customerId, customerId));
      await executor
        .update(orders)
        .set({ contactEmail: placeholderEmail, contactPhone: null })
        .where(eq(orders.customerId, customerId));
      return had.map((row) => row.email);
    },

    async list(
      customerId: string,
      filter: { status?: OrderStatus | readonly OrderStatus[]; keyword?: string },
      page: number,
      size: number,
    ) {
      const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
      const where = and(
        eq(orders.customerId, customerId),
        filter.status ? inArray(orders.status, [filter.status].flat()) : undefined,
        keyword ? or(ilike(orders.code, keyword), ilike(orders.planTitle, keyword)) : undefined,
      );
      const rows = await db
        .select({ ...orderListColumns, matching: totalOver() })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size)
        .offset(page * size);
      return withTotal(page, rows, async () => {
        const [counted] = await db.select({ n: count() }).from(orders).where(where);
        return counted?.n ?? 0;
      });
    },
  };
}

export type OrderRepo = ReturnType<typeof createOrderRepo>;
