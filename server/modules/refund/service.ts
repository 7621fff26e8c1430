import { convertBetween } from "../../../core/coupon.ts";
import type { Database } from "../../../db/client.ts";
import type { RefundDestination } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { formatAmount } from "../../providers/messages/email-template.ts";
import type { MessageSender, OutboundMessage } from "../../providers/messages/outbox.ts";
import type { PaymentProvider } from "../../providers/payment/types.ts";
import { recordAudit } from "../admin/audit.ts";
import type { CreditService } from "../credit/service.ts";
import { CREDIT_CURRENCY } from "../credit/service.ts";
import type { OrderService } from "../order/service.ts";
import type { SiteService } from "../site/service.ts";
import { refundEmail } from "./emails.ts";
import type { RefundRepo, RefundRow } from "./repo.ts";

/** Order statuses an operator may refund from (a paid order, delivered or not). */
const REFUNDABLE = ["PAID", "FULFILLING", "COMPLETED"];

export interface RefundRequest {
  operatorId: string;
  /** Support is limited per refund (ADR 0225); finance and owners are not. */
  limited: boolean;
  orderCode: string;
  /** The order's currency, minor units. */
  amount: number;
  destination: RefundDestination;
  reason: string;
  idempotencyKey: string;
}

export interface RefundView {
  id: string;
  amount: number;
  currencyCode: string;
  destination: RefundDestination;
  status: string;
  reason: string;
  creditMinor: number | null;
  createdAt: string;
}

export function refundView(row: RefundRow): RefundView {
  return {
    id: row.id,
    amount: row.amount,
    currencyCode: row.currencyCode,
    destination: row.destination,
    status: row.status,
    reason: row.reason,
    creditMinor: row.creditMinor,
    createdAt: row.createdAt.toISOString(),
  };
}

/** "HKD=50000,USD=6500" → a map of per-refund limits for the support role. */
export function parseRefundLimits(spec: string): Map<string, number> {
  const limits = new Map<string, number>();
  for (const part of spec.split(",")) {
    const [code, value] = part.split("=").map((s) => s.trim());
    if (code && value && /^\d+$/.test(value)) limits.set(code.toUpperCase(), Number(value));
  }
  return limits;
}

/**
 * Operators' refunds (issue 16, ADR 0225): in full or in part, to the card through the payment provider or to
 * store credit through the ledger, idempotent by key, never more than the order's card payment, serialised per
 * order by its row lock, and audited in the same transaction.
 */
export function createRefundService(deps: {
  db: Database;
  repo: RefundRepo;
  orders: OrderService;
  credit: CreditService;
  currencies: SiteService["currencies"];
  providers: Partial<Record<string, PaymentProvider>>;
  supportLimits: Map<string, number>;
  /** The refund e-mail (ADR 0254): written with the refund's success, so each refund is told once. */
  outbox?: MessageSender;
  /** The storefront's origin for the e-mail's links. */
  publicOrigin?: string;
}) {
  const { db, repo, orders, credit } = deps;

  function same(row: RefundRow, request: RefundRequest, orderId: string) {
    return (
      row.orderId === orderId && row.amount === request.amount && row.destination === request.destination
    );
  }

  /** The shopper's refund e-mail, rendered before the transaction that records the refund's success. */
  function notice(
    order: { code: string; planTitle: string; contactEmail: string; locale: string; currencyCode: string },
    row: Pick<RefundRow, "amount" | "destination" | "creditMinor">,
    full: boolean,
    currencies: Awaited<ReturnType<SiteService["currencies"]>>,
  ) {
    if (!deps.outbox) return Promise.resolve(null);
    return refundEmail(
      {
        order,
        amount: formatAmount(row.amount, order.currencyCode, currencies),
        destination: row.destination,
        credit: row.creditMinor === null ? null : formatAmount(row.creditMinor, CREDIT_CURRENCY, currencies),
        full,
      },
      deps.publicOrigin ?? "",
    );
  }

  async function sendToCard(
    row: RefundRow,
    provider: string,
    paymentId: string,
    email: () => Promise<OutboundMessage | null>,
  ): Promise<RefundRow> {
    const issuer = deps.providers[provider];
    let refundId: string;
    try {
      if (!issuer) throw new Error(`payment provider ${provider} is not configured`);
      ({ refundId } = await issuer.refund(paymentId, row.amount, `console-refund-${row.id}`));
    } catch {
      // Not taken by the provider: it no longer counts against the order, and the operator may try again.
      return (await repo.update(row.id, { status: "FAILED", failureCode: "provider-refused" }))!;
    }
    const message = await email();
    return db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      const done = (await repo.update(row.id, { status: "SUCCEEDED", providerRefundId: refundId }, tx))!;
      if (message) await deps.outbox!.send(message, tx);
      return done;
    });
  }

  return {
    async refund(request: RefundRequest): Promise<{ refund: RefundView; replayed: boolean }> {
      const order = await orders.findByCode(request.orderCode);
      if (!order) throw new ApiError(404, "error.notFound");
      const previous = await repo.byKey(request.idempotencyKey);
      if (previous) {
        if (!same(previous, request, order.id)) throw new ApiError(409, "error.badRequest");
        return { refund: refundView(previous), replayed: true };
      }
      if (request.limited) {
        const limit = deps.supportLimits.get(order.currencyCode) ?? 0;
        if (request.amount > limit)
          throw new ApiError(403, "adminApi.refundOverLimit", {
            params: { limit: `${order.currencyCode} ${(limit / 100).toFixed(2)}` },
          });
      }
      // Read before the transaction: a cold cache load inside it would deadlock an embedded database.
      const currencies = await deps.currencies();
      const from = currencies.get(order.currencyCode);
      const base = currencies.get(CREDIT_CURRENCY);
      if (request.destination === "CREDIT" && (!from || !base))
        throw new ApiError(409, "adminApi.creditUnavailable");

      const outcome = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const locked = await orders.lockByCode(tx, request.orderCode);
        if (!locked) throw new ApiError(404, "error.notFound");
        // The same key may have won the race while this request waited for the lock.
        const raced = await repo.byKey(request.idempotencyKey, tx);
        if (raced) {
          if (!same(raced, request, locked.id)) throw new ApiError(409, "error.badRequest");
          return { row: raced, replayed: true, card: null };
        }
        // Refunded (or being refunded) in full already: nothing is left to refund.
        if (locked.status === "REFUNDING" || locked.status === "REFUNDED")
          throw new ApiError(422, "adminApi.refundTooLarge");
        if (!REFUNDABLE.includes(locked.status) || !locked.paidAt)
          throw new ApiError(409, "adminApi.refundNotPaid");
        const committed = await repo.committed(locked.id, tx);
        if (request.amount > locked.total - committed) throw new ApiError(422, "adminApi.refundTooLarge");
        if (request.destination === "CARD" && (!locked.paymentProvider || !locked.providerPaymentId))
          throw new ApiError(409, "adminApi.refundNotPaid");
        const creditMinor =
          request.destination === "CREDIT" ? Math.max(1, convertBetween(request.amount, from!, base!)) : null;
        const row = await repo.insert(
          {
            orderId: locked.id,
            amount: request.amount,
            currencyCode: locked.currencyCode,
            destination: request.destination,
            status: request.destination === "CREDIT" ? "SUCCEEDED" : "PENDING",
            reason: request.reason,
            idempotencyKey: request.idempotencyKey,
            operatorId: request.operatorId,
            creditMinor,
          },
          tx,
        );
        if (!row) throw new ApiError(409, "adminApi.refundInProgress");
        if (request.destination === "CREDIT")
          await credit.grant(tx, {
            customerId: locked.customerId,
            amountMinor: creditMinor!,
            kind: "REFUNDED",
            reason: "order.refundedByOperator",
            source: `refund:${row.id}`,
            idempotencyKey: `refund:${row.id}`,
            orderId: locked.id,
            note: request.reason,
          });
        const full = committed + request.amount === locked.total;
        if (full) await orders.refundedByOperator(tx, locked, request.destination === "CARD");
        // Store credit is the shopper's at once: told in the same transaction as the grant. (Whether the refund
        // is full is known only under the order's lock; rendering needs no connection.)
        if (request.destination === "CREDIT") {
          const message = await notice(locked, row, full, currencies);
          if (message) await deps.outbox!.send(message, tx);
        }
        await recordAudit(tx, {
          operatorId: request.operatorId,
          action: "order.refund",
          entity: "order",
          entityId: locked.code,
          before: { refunded: committed, status: locked.status },
          after: {
            refunded: committed + request.amount,
            amount: request.amount,
            currency: locked.currencyCode,
            destination: request.destination,
            reason: request.reason,
            refundId: row.id,
          },
        });
        const card =
          request.destination === "CARD"
            ? { provider: locked.paymentProvider!, paymentId: locked.providerPaymentId!, order: locked, full }
            : null;
        return { row, replayed: false, card };
      });
      let row = outcome.row;
      // The provider is called after the commit (never inside a transaction), under the refund's own key.
      // The card refund's e-mail goes with the provider's acceptance, in the transaction that records it.
      const card = outcome.card;
      if (card)
        row = await sendToCard(row, card.provider, card.paymentId, () =>
          notice(card.order, row, card.full, currencies),
        );
      return { refund: refundView(row), replayed: outcome.replayed };
    },

    /** An order's refunds, oldest first (the shopper's order page and the console). */
    async ofOrder(orderId: string): Promise<RefundView[]> {
      return (await repo.ofOrder(orderId)).map(refundView);
    },

    /** Card refunds still waiting for the provider after `olderThan` (the dashboard's stuck list). */
    pendingSince: (olderThan: Date) => repo.pending(olderThan),
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
