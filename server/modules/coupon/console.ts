import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  type CouponType,
  couponCustomerUsage,
  couponScopes,
  coupons,
  couponUsage,
  customerCoupons,
  type MarketingType,
} from "../../../db/schema/index.ts";
import type { LocalizedText } from "../../../db/schema/localized.ts";

// Coupons and promo codes in the console (issue 16; ADR 0232): every rule checkout enforces (ADR 0105) is a
// field here: the dates, enabled, the minimum spend and its currency, the total and per-customer limits, and the
// plans or destinations it applies to. Usage is read from the counters checkout keeps.

export interface CouponInput {
  code: string;
  marketingType: MarketingType;
  couponTypeCode: CouponType;
  name: LocalizedText;
  description: LocalizedText;
  /** DISCOUNT: the fraction paid, "0.85". */
  resultDiscount: string | null;
  /** REDUCTION: minor units of reductionCurrency. */
  resultReduction: number | null;
  reductionCurrency: string | null;
  minimumSpend: number;
  minimumSpendCurrency: string;
  startTime: Date;
  endTime: Date;
  totalLimit: number | null;
  perCustomerLimit: number;
  enabled: boolean;
  /** Put in every new account's wallet (issue 12, ADR 0252). */
  welcomeGift: boolean;
  note: string | null;
  scopes: { scopeType: "PLAN" | "DESTINATION"; scopeCode: string }[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createConsoleCoupons() {
  async function usageOf(db: Database, codes: string[]) {
    if (codes.length === 0) return new Map<string, { used: number; issued: number; customers: number }>();
    const [used, issued, customers] = await Promise.all([
      db.select().from(couponUsage).where(inArray(couponUsage.couponCode, codes)),
      db
        .select({ code: customerCoupons.couponCode, n: count() })
        .from(customerCoupons)
        .where(inArray(customerCoupons.couponCode, codes))
        .groupBy(customerCoupons.couponCode),
      db
        .select({ code: couponCustomerUsage.couponCode, n: count() })
        .from(couponCustomerUsage)
        .where(and(inArray(couponCustomerUsage.couponCode, codes), sql`${couponCustomerUsage.count} > 0`))
        .groupBy(couponCustomerUsage.couponCode),
    ]);
    return new Map(
      codes.map((code) => [
        code,
        {
          /** Orders holding the code (reserved or paid). */
          used: used.find((u) => u.couponCode === code)?.usedCount ?? 0,
          /** Coupons received into wallets (COUPON only). */
          issued: issued.find((u) => u.code === code)?.n ?? 0,
          /** Customers who received or used it. */
          customers: customers.find((u) => u.code === code)?.n ?? 0,
        },
      ]),
    );
  }

  async function row(db: Database, code: string) {
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
    if (!coupon) return null;
    const scopes = await db
      .select({ scopeType: couponScopes.scopeType, scopeCode: couponScopes.scopeCode })
      .from(couponScopes)
      .where(eq(couponScopes.couponCode, code))
      .orderBy(asc(couponScopes.scopeType), asc(couponScopes.scopeCode));
    return { ...coupon, scopes };
  }

  return {
    async list(
      db: Database,
      query: { q?: string; marketingType?: MarketingType; page: number; size: number },
    ) {
      const where = and(
        query.q ? ilike(coupons.code, `%${escapeLike(query.q.toUpperCase())}%`) : undefined,
        query.marketingType ? eq(coupons.marketingType, query.marketingType) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(desc(coupons.endTime), asc(coupons.code))
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        db.select({ n: count() }).from(coupons).where(where),
      ]);
      const usage = await usageOf(
        db,
        rows.map((r) => r.code),
      );
      return { total: total?.n ?? 0, rows: rows.map((r) => ({ ...r, usage: usage.get(r.code)! })) };
    },

    async get(db: Database, code: string) {
      const coupon = await row(db, code);
      if (!coupon) return null;
      return { ...coupon, usage: (await usageOf(db, [code])).get(code)! };
    },

    /** Creates the coupon; null when the code is taken. */
    async create(tx: Database, input: CouponInput) {
      const { scopes, ...fields } = input;
      const inserted = await tx.insert(coupons).values(fields).onConflictDoNothing().returning();
      if (inserted.length === 0) return null;
      if (scopes.length > 0)
        await tx.insert(couponScopes).values(scopes.map((s) => ({ couponCode: input.code, ...s })));
      return { before: null, after: await row(tx, input.code) };
    },

    /** Changes the rules of an existing coupon (its code and kind stay: wallets and orders name them). */
    async update(tx: Database, code: string, input: Omit<CouponInput, "code" | "marketingType">) {
      const before = await row(tx, code);
      if (!before) return null;
      const { scopes, ...fields } = input;
      await tx.update(coupons).set(fields).where(eq(coupons.code, code));
      await tx.delete(couponScopes).where(eq(couponScopes.couponCode, code));
      if (scopes.length > 0)
        await tx.insert(couponScopes).values(scopes.map((s) => ({ couponCode: code, ...s })));
      return { before, after: await row(tx, code) };
    },

    /** Disables (or enables again) a coupon: checkout refuses a disabled one at once. */
    async setEnabled(tx: Database, code: string, enabled: boolean) {
      const before = await row(tx, code);
      if (!before) return null;
      await tx.update(coupons).set({ enabled }).where(eq(coupons.code, code));
      return { before, after: await row(tx, code) };
    },
  };
}

export type ConsoleCoupons = ReturnType<typeof createConsoleCoupons>;
