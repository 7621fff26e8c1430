import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { paymentAnomalies, paymentCustomers, paymentEvents, payments } from "../../../db/schema/index.ts";

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Payment attempts (one per provider session) and the provider events already applied (ADR 0103). */
export function createPaymentRepo(db: Database) {
  return {
    insert(payment: NewPayment, executor: Database = db) {
      return executor
        .insert(payments)
        .values(payment)
        .returning()
        .then((rows) => rows[0]!);
    },

    /** Records a provider session unless it is recorded already: racing starts of one order get one session. */
    insertSession(payment: NewPayment, executor: Database = db) {
      return executor
        .insert(payments)
        .values(payment)
        .onConflictDoNothing({ target: [payments.provider, payments.providerSessionId] })
        .returning()
        .then((rows) => rows[0]);
    },

    /** An order's payment attempts, newest first. */
    ofOrder(orderId: string, executor: Database = db) {
      return executor
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt));
    },

    /** The provider sessions of some orders' payment attempts. */
    sessionsOfOrders(orderIds: string[], executor: Database = db) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return executor
        .select({ provider: payments.provider, sessionId: payments.providerSessionId })
        .from(payments)
        .where(inArray(payments.orderId, orderIds));
    },

    /** Records a payment anomaly once per provider payment (ADR 0191); true when this call recorded it. */
    async recordAnomaly(
      orderId: string,
      kind: string,
      anomaly: {
        provider: string;
        providerPaymentId: string;
        providerEventId: string | null;
        expectedAmount: number;
        expectedCurrency: string;
        receivedAmount: number;
        receivedCurrency: string;
      },
      executor: Database = db,
    ): Promise<boolean> {
      const inserted = await executor
        .insert(paymentAnomalies)
        .values({ orderId, kind, ...anomaly })
        .onConflictDoNothing()
        .returning({ id: paymentAnomalies.id });
      return inserted.length > 0;
    },

    findBySession(provider: string, sessionId: string, executor: Database = db) {
      return executor
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
        .then((rows) => rows[0]);
    },

    findByPaymentId(provider: string, paymentId: string, executor: Database = db) {
      return executor
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, paymentId)))
        .then((rows) => rows[0]);
    },

    update(id: string, values: Partial<NewPayment>, executor: Database = db) {
      return executor
        .update(payments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },

    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const seen = await db
        .select({ id: paymentEvents.eventId })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
      return seen.length > 0;
    },

    recordEvent(event: { provider: string; eventId: string; type: string }) {
      return db.insert(paymentEvents).values(event).onConflictDoNothing();
    },

    /** The shopper's customer at a provider (ADR 0325), if one was made. */
    customerAt(customerId: string, provider: string) {
      return db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.customerId, customerId), eq(paymentCustomers.provider, provider)))
        .then((rows) => rows[0]);
    },

    /** Keeps the first customer made for the shopper at a provider; a racing second one is not kept. */
    keepCustomer(customerId: string, provider: string, providerCustomerId: string) {
      return db
        .insert(paymentCustomers)
        .values({ customerId, provider, providerCustomerId })
        .onConflictDoNothing();
    },

    /** Forgets the shopper's customers at every provider (account deletion): what each provider must delete. */
    forgetCustomers(customerId: string, executor: Database = db) {
      return executor.delete(paymentCustomers).where(eq(paymentCustomers.customerId, customerId)).returning({
        provider: paymentCustomers.provider,
        providerCustomerId: paymentCustomers.providerCustomerId,
      });
    },
  };
}

export type PaymentRepo = ReturnType<typeof createPaymentRepo>;
