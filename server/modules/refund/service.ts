import { z } from "zod";
import { convertBetween } from "../../../core/coupon.ts";
import { DEFAULT_REFUND_POLICY, type RefundPolicy } from "../../../core/refund-policy.ts";
import type { Database } from "../../../db/client.ts";
import type { RefundDestination, RefundStarter } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { CACHE_TAGS, recordRead } from "../../infra/cache.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import { formatAmount } from "../../providers/messages/email-template.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import type { PaymentProvider } from "../../providers/payment/types.ts";
import { recordAudit } from "../admin/audit.ts";
import type { CreditService } from "../credit/service.ts";
import { CREDIT_CURRENCY } from "../credit/service.ts";
import type { OrderRow, OrderService } from "../order/service.ts";
import type { SiteService } from "../site/service.ts";
import { refundDeclinedEmail, refundEmail } from "./emails.ts";
import type { RefundRepo, RefundRequestRow, RefundRow } from "./repo.ts";

export type { RefundRequestRow };

/** Retries of a card refund the provider refused (ADR 0236): 1 min, 5 min, 30 min, 2 h, 6 h. */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const REFUND_CARD_RETRY_JOB = defineJob("refund.card-retry", z.object({ refundId: z.uuid() }), {
  maxAttempts: RETRY_DELAYS_MS.length,
  backoffMs: (attempt) => RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 60_000,
});
/** How long one call to the provider holds a refund (a crashed caller's hold runs out). */
const SEND_LEASE_MS = 60_000;

/** Order statuses an operator may refund from (a paid order, delivered or not). */
const REFUNDABLE = ["PAID", "FULFILLING", "COMPLETED"];

export interface RefundRequest {
  /** The operator refunding; null for a shopper's own cancel (the flow, ADR 0336). */
  operatorId: string | null;
  /** Who started it (default OPERATOR). */
  starter?: RefundStarter;
  /** Support is limited per refund (ADR 0225); finance and owners are not. */
  limited: boolean;
  orderCode: string;
  /** The order's currency, minor units. */
  amount: number;
  destination: RefundDestination;
  reason: string;
  idempotencyKey: string;
  /** The reason the order's history records for its move to REFUNDING/REFUNDED (default "operator-refund"). */
  statusReason?: string;
  /** Whether the shopper gets the refund e-mail (default: yes; the console's refund screen asks, ADR 0356). */
  notify?: boolean;
  /**
   * Runs in the refund's transaction, under the order's lock, after the refund row is written and before the
   * order moves (the refund flow's eSIM and policy effects, ADR 0336). Throwing rolls the refund back.
   */
  alongside?: (tx: Database, effect: { order: OrderRow; full: boolean; refundId: string }) => Promise<void>;
}

export interface RefundView {
  id: string;
  amount: number;
  currencyCode: string;
  destination: RefundDestination;
  status: string;
  reason: string;
  creditMinor: number | null;
  /** The part that was paid with store credit and went back to it (ADR 0237). */
  creditPart: number;
  /** The part refunded from the card payment (to the card, or to credit when destination is CREDIT). */
  cardPart: number;
  attempts: number;
  failureCode: string | null;
  starter: RefundStarter;
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
    creditPart: row.creditPart,
    cardPart: row.amount - row.creditPart,
    attempts: row.attempts,
    failureCode: row.failureCode,
    starter: row.starter,
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
  jobs: Pick<JobRunner, "enqueue">;
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

  /** The shopper's refund e-mail, rendered before it is written (rendering needs no connection). */
  function notice(
    order: { code: string; planTitle: string; contactEmail: string; locale: string; currencyCode: string },
    row: Pick<RefundRow, "amount" | "destination" | "creditMinor" | "creditBackMinor" | "notify">,
    full: boolean,
    currencies: Awaited<ReturnType<SiteService["currencies"]>>,
  ) {
    // The operator chose not to tell the shopper (the refund screen's checkbox, ADR 0356).
    if (!deps.outbox || !row.notify) return Promise.resolve(null);
    const credited = (row.creditMinor ?? 0) + (row.creditBackMinor ?? 0);
    return refundEmail(
      {
        order,
        amount: formatAmount(row.amount, order.currencyCode, currencies),
        destination: row.destination,
        credit: credited > 0 ? formatAmount(credited, CREDIT_CURRENCY, currencies) : null,
        full,
      },
      deps.publicOrigin ?? "",
    );
  }

  /**
   * One call to the provider for a PENDING card refund, under the refund's own idempotency key (ADR 0236), by
   * whoever holds the send claim. Success settles it; a refusal leaves it PENDING (it still counts) with the
   * failure noted. Answers the row as it stands and whether this call was refused.
   */
  async function sendToCard(id: string): Promise<{ row: RefundRow; refused: boolean; sent: boolean }> {
    const claimed = await repo.claimSend(id, SEND_LEASE_MS);
    if (!claimed) return { row: (await repo.byId(id))!, refused: false, sent: false };
    const order = await orders.findById(claimed.orderId);
    const provider = order?.paymentProvider ?? "";
    const issuer = deps.providers[provider];
    try {
      if (!issuer || !order?.providerPaymentId)
        throw new Error(`payment provider ${provider} is not configured`);
      const { refundId } = await issuer.refund(
        order.providerPaymentId,
        claimed.amount - claimed.creditPart,
        `console-refund-${claimed.id}`,
      );
      // The card refund's e-mail goes with the provider's acceptance, in the transaction that records it. A
      // final card refund has moved the order to REFUNDING (ADR 0225): that is what makes this one full.
      const message = await notice(
        order,
        claimed,
        order.status === "REFUNDING" || order.status === "REFUNDED",
        await deps.currencies(),
      ).catch(() => null);
      const row = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const done = await repo.update(
          claimed.id,
          { status: "SUCCEEDED", providerRefundId: refundId, failureCode: null, sendingUntil: null },
          tx,
        );
        if (message) await deps.outbox!.send(message, tx);
        return done;
      });
      return { row: row!, refused: false, sent: true };
    } catch {
      const row = await repo.update(claimed.id, { failureCode: "provider-refused", sendingUntil: null });
      return { row: row!, refused: true, sent: true };
    }
  }

  /** A refused call is tried again by the retry job, after its backoff (ADR 0236). */
  async function scheduleRetry(row: RefundRow) {
    await deps.jobs.enqueue(
      REFUND_CARD_RETRY_JOB,
      { refundId: row.id },
      {
        runAt: new Date(Date.now() + RETRY_DELAYS_MS[0]!),
        dedupeKey: `refund-retry:${row.id}:${row.attempts}`,
      },
    );
  }

  /**
   * The provider refused the last attempt: the refund stops counting and shows as failed (dashboard alert). An
   * order this refund had moved to REFUNDING goes back to its paid status in the same transaction, so it says
   * what is true (not all of it is refunded) and the console offers the retry or store credit (ADR 0280).
   */
  async function giveUp(id: string) {
    const current = await repo.byId(id);
    const order = current ? await orders.findById(current.orderId) : undefined;
    if (!current || !order) return;
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      const locked = await orders.lockByCode(tx, order.code);
      const row = await repo.byId(id, tx);
      if (row?.status !== "PENDING") return;
      await repo.update(
        id,
        { status: "FAILED", failureCode: "provider-refused-final", sendingUntil: null },
        tx,
      );
      if (locked) await orders.operatorRefundFailed(tx, locked);
    });
  }

  /** Whether refunds now cover all that was paid: the card payment and the store credit the order used. */
  async function coversAll(tx: Database, order: { id: string; total: number; creditAmount: number }) {
    const committed = await repo.committed(order.id, tx);
    return committed.card >= order.total && committed.credit >= order.creditAmount;
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
          return { row: raced, replayed: true, card: false };
        }
        // Refunded (or being refunded) in full already: nothing is left to refund.
        if (locked.status === "REFUNDING" || locked.status === "REFUNDED")
          throw new ApiError(422, "adminApi.refundTooLarge");
        if (!REFUNDABLE.includes(locked.status) || !locked.paidAt)
          throw new ApiError(409, "adminApi.refundNotPaid");
        // ADR 0237: what was paid is the card payment (total) plus the store credit the order used; a refund
        // takes from the card part first, then from the credit part, never more than is left of either.
        const committed = await repo.committed(locked.id, tx);
        const cardLeft = locked.total - committed.card;
        const creditLeft = locked.creditAmount - committed.credit;
        if (request.amount > cardLeft + creditLeft) throw new ApiError(422, "adminApi.refundTooLarge");
        const cardPart = Math.min(request.amount, cardLeft);
        const creditPart = request.amount - cardPart;
        const toCard = request.destination === "CARD" && cardPart > 0;
        if (toCard && (!locked.paymentProvider || !locked.providerPaymentId))
          throw new ApiError(409, "adminApi.refundNotPaid");
        const creditMinor =
          request.destination === "CREDIT" && cardPart > 0
            ? Math.max(1, convertBetween(cardPart, from!, base!))
            : null;
        // The credit part gives back the HKD the order took in proportion, the last part all that is left.
        let creditBackMinor: number | null = null;
        if (creditPart > 0) {
          const spent = await credit.spentOnOrder(locked.id, tx);
          const after =
            committed.credit + creditPart >= locked.creditAmount
              ? spent
              : Math.floor((spent * (committed.credit + creditPart)) / locked.creditAmount);
          creditBackMinor = Math.max(0, after - committed.creditBack);
        }
        const row = await repo.insert(
          {
            orderId: locked.id,
            amount: request.amount,
            currencyCode: locked.currencyCode,
            destination: request.destination,
            status: toCard ? "PENDING" : "SUCCEEDED",
            reason: request.reason,
            idempotencyKey: request.idempotencyKey,
            operatorId: request.operatorId,
            starter: request.starter ?? "OPERATOR",
            creditMinor,
            creditPart,
            creditBackMinor,
            notify: request.notify ?? true,
          },
          tx,
        );
        if (!row) throw new ApiError(409, "adminApi.refundInProgress");
        if (creditMinor)
          await credit.grant(tx, {
            customerId: locked.customerId,
            amountMinor: creditMinor,
            kind: "REFUNDED",
            reason: "order.refundedByOperator",
            source: `refund:${row.id}`,
            idempotencyKey: `refund:${row.id}`,
            orderId: locked.id,
            note: request.reason,
          });
        if (creditBackMinor)
          await credit.grant(tx, {
            customerId: locked.customerId,
            amountMinor: creditBackMinor,
            kind: "REFUNDED",
            reason: "order.refundedByOperator",
            source: `refund:${row.id}:credit-back`,
            idempotencyKey: `refund:${row.id}:credit-back`,
            orderId: locked.id,
            note: request.reason,
          });
        const full = request.amount === cardLeft + creditLeft;
        await request.alongside?.(tx, { order: locked, full, refundId: row.id });
        if (full) await orders.refundedByOperator(tx, locked, toCard, request.statusReason);
        // Nothing waits for the provider: the refund is the shopper's at once, and told in the same transaction.
        if (!toCard) {
          const message = await notice(locked, row, full, currencies);
          if (message) await deps.outbox!.send(message, tx);
        }
        const refundedBefore = committed.card + committed.credit;
        // A shopper's own cancel is no operator action: the order's history and the refund row record it.
        if (request.operatorId)
          await recordAudit(tx, {
            operatorId: request.operatorId,
            action: "order.refund",
            entity: "order",
            entityId: locked.code,
            before: { refunded: refundedBefore, status: locked.status },
            after: {
              refunded: refundedBefore + request.amount,
              amount: request.amount,
              currency: locked.currencyCode,
              destination: request.destination,
              cardPart,
              creditPart,
              reason: request.reason,
              refundId: row.id,
              notify: row.notify,
            },
          });
        return { row, replayed: false, card: toCard };
      });
      let row = outcome.row;
      // The provider is called after the commit (never inside a transaction), under the refund's own key; a
      // refusal is retried by a job with backoff.
      if (outcome.card) {
        const sent = await sendToCard(row.id);
        row = sent.row;
        if (sent.refused) await scheduleRetry(row);
      }
      return { refund: refundView(row), replayed: outcome.replayed };
    },

    /**
     * An operator's "retry now" (ADR 0236): a refund still waiting for the provider is sent at once; one that
     * failed for good counts again (if what is left of the card payment still covers it) and is sent. The
     * retry job and this never call the provider together (the send claim), and the provider sees one key.
     */
    async retry(request: {
      operatorId: string;
      refundId: string;
    }): Promise<{ refund: RefundView; replayed: boolean }> {
      const current = await repo.byId(request.refundId);
      if (current?.destination !== "CARD") throw new ApiError(404, "error.notFound");
      // Already through (another operator's retry, the retry job): nothing to send, nothing changed.
      if (current.status === "SUCCEEDED") return { refund: refundView(current), replayed: true };
      const order = await orders.findById(current.orderId);
      if (!order) throw new ApiError(404, "error.notFound");
      const changed = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const locked = await orders.lockByCode(tx, order.code);
        if (!locked) throw new ApiError(404, "error.notFound");
        const row = await repo.byId(current.id, tx);
        if (!row || row.status === "SUCCEEDED") return false;
        // Given as store credit instead: sending it to the card as well would refund it twice (ADR 0280).
        if (row.status === "REPLACED") throw new ApiError(409, "adminApi.refundReplaced");
        if (row.status === "FAILED") {
          const committed = await repo.committed(locked.id, tx);
          if (row.amount - row.creditPart > locked.total - committed.card)
            throw new ApiError(422, "adminApi.refundTooLarge");
          await repo.update(row.id, { status: "PENDING" }, tx);
          // The refund that completes the order's refund moves it to REFUNDING again, as when first made.
          if (await coversAll(tx, locked)) await orders.refundedByOperator(tx, locked, true);
        }
        await recordAudit(tx, {
          operatorId: request.operatorId,
          action: "order.refund.retry",
          entity: "order",
          entityId: locked.code,
          before: { refundId: row.id, status: row.status, attempts: row.attempts },
          after: { refundId: row.id, status: "PENDING" },
        });
        return true;
      });
      const sent = await sendToCard(current.id);
      if (sent.refused) await scheduleRetry(sent.row);
      return { refund: refundView(sent.row), replayed: !changed };
    },

    /**
     * "Refund to store credit instead" (ADR 0280): a card refund that failed for good is given as store credit,
     * in one transaction under the order's lock: a new SUCCEEDED refund to credit of its card part (its credit
     * part went back when it was made), the failed one marked REPLACED so it can never be retried too. Asked
     * twice (two operators, a double click), it is one refund: the second answers the first's.
     */
    async replaceWithCredit(request: {
      operatorId: string;
      limited: boolean;
      refundId: string;
    }): Promise<{ refund: RefundView; replayed: boolean }> {
      const current = await repo.byId(request.refundId);
      if (current?.destination !== "CARD") throw new ApiError(404, "error.notFound");
      const order = await orders.findById(current.orderId);
      if (!order) throw new ApiError(404, "error.notFound");
      const cardPart = current.amount - current.creditPart;
      if (request.limited && cardPart > (deps.supportLimits.get(order.currencyCode) ?? 0)) {
        const limit = deps.supportLimits.get(order.currencyCode) ?? 0;
        throw new ApiError(403, "adminApi.refundOverLimit", {
          params: { limit: `${order.currencyCode} ${(limit / 100).toFixed(2)}` },
        });
      }
      // Read before the transaction: a cold cache load inside it would deadlock an embedded database.
      const currencies = await deps.currencies();
      const from = currencies.get(order.currencyCode);
      const base = currencies.get(CREDIT_CURRENCY);
      if (!from || !base) throw new ApiError(409, "adminApi.creditUnavailable");
      const key = `replace:${current.id}`;
      const outcome = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const locked = await orders.lockByCode(tx, order.code);
        if (!locked) throw new ApiError(404, "error.notFound");
        const row = await repo.byId(current.id, tx);
        if (row?.status === "REPLACED") {
          const replacement = await repo.byKey(key, tx);
          if (replacement) return { row: replacement, replayed: true };
        }
        if (row?.status !== "FAILED") throw new ApiError(409, "adminApi.refundNotFailed");
        const committed = await repo.committed(locked.id, tx);
        if (cardPart > locked.total - committed.card) throw new ApiError(422, "adminApi.refundTooLarge");
        const creditMinor = Math.max(1, convertBetween(cardPart, from, base));
        const replacement = await repo.insert(
          {
            orderId: locked.id,
            amount: cardPart,
            currencyCode: locked.currencyCode,
            destination: "CREDIT",
            status: "SUCCEEDED",
            reason: row.reason,
            idempotencyKey: key,
            operatorId: request.operatorId,
            creditMinor,
            creditPart: 0,
            creditBackMinor: null,
            notify: row.notify,
          },
          tx,
        );
        if (!replacement) throw new ApiError(409, "adminApi.refundInProgress");
        await repo.update(row.id, { status: "REPLACED" }, tx);
        await credit.grant(tx, {
          customerId: locked.customerId,
          amountMinor: creditMinor,
          kind: "REFUNDED",
          reason: "order.refundedByOperator",
          source: `refund:${replacement.id}`,
          idempotencyKey: `refund:${replacement.id}`,
          orderId: locked.id,
          note: row.reason,
        });
        const full = await coversAll(tx, locked);
        if (full) await orders.refundedByOperator(tx, locked, false);
        const message = await notice(locked, replacement, full, currencies);
        if (message) await deps.outbox!.send(message, tx);
        await recordAudit(tx, {
          operatorId: request.operatorId,
          action: "order.refund.to_credit",
          entity: "order",
          entityId: locked.code,
          before: { refundId: row.id, status: row.status, destination: "CARD" },
          after: {
            refundId: replacement.id,
            replaces: row.id,
            amount: cardPart,
            destination: "CREDIT",
            creditMinor,
          },
        });
        return { row: replacement, replayed: false };
      });
      return { refund: refundView(outcome.row), replayed: outcome.replayed };
    },

    registerJobs(runner: Pick<JobRunner, "register">) {
      runner.register(REFUND_CARD_RETRY_JOB, async (payload, context) => {
        const row = await repo.byId(payload.refundId);
        if (row?.status !== "PENDING") return;
        const sent = await sendToCard(row.id);
        if (!sent.sent) {
          // Someone else is calling the provider right now: look again after the backoff.
          if (sent.row.status === "PENDING") throw new Error("refund is being sent by another caller");
          return;
        }
        if (!sent.refused) return;
        if (context.attempt >= context.maxAttempts) {
          await giveUp(row.id);
          return;
        }
        throw new Error("payment provider refused the refund");
      });
    },

    /** Card refunds the provider refused after every attempt in the last week (the dashboard's alert). */
    failedRecently: (now: Date = new Date()) => repo.failedSince(new Date(now.getTime() - 7 * 86_400_000)),

    /** An order's refunds, oldest first (the shopper's order page and the console). */
    async ofOrder(orderId: string): Promise<RefundView[]> {
      return (await repo.ofOrder(orderId)).map(refundView);
    },

    /** Card refunds still waiting for the provider after `olderThan` (the dashboard's stuck list). */
    pendingSince: (olderThan: Date) => repo.pending(olderThan),

    /** What is refunded and what is left of an order (card part first, ADR 0237). */
    async left(order: { id: string; total: number; creditAmount: number }, tx?: Database) {
      const committed = await repo.committed(order.id, tx);
      const left = order.total - committed.card + (order.creditAmount - committed.credit);
      return { left, full: committed.card === 0 && committed.credit === 0 };
    },

    /** The store's refund policy (ADR 0337): the operator's row, else the defaults. */
    async policy(tx?: Database): Promise<RefundPolicy & { updatedAt: string | null }> {
      const row = await repo.policy(tx);
      if (!row) return { ...DEFAULT_REFUND_POLICY, updatedAt: null };
      const { id: _id, updatedBy: _by, updatedAt, ...values } = row;
      return { ...values, updatedAt: updatedAt.toISOString() };
    },

    /**
     * The policy as the refund policy page shows it (ADR 0353): the page's render notes the content tag, which a
     * change to the policy invalidates, so a cached page never shows an old policy.
     */
    async publicPolicy(): Promise<RefundPolicy & { updatedAt: string | null }> {
      recordRead(CACHE_TAGS.content);
      return this.policy();
    },

    /** The operator changes the policy: saved and audited in one transaction. */
    async savePolicy(operatorId: string, values: RefundPolicy) {
      return db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const before = await this.policy(tx);
        const row = await repo.savePolicy({ ...values, updatedBy: operatorId }, tx);
        await recordAudit(tx, {
          operatorId,
          action: "refund.policy.update",
          entity: "refund_policy",
          entityId: "1",
          before: { ...before, updatedAt: undefined },
          after: values,
        });
        return { ...values, updatedAt: row.updatedAt.toISOString() };
      });
    },

    /**
     * The e-mail telling the shopper their request was declined (ADR 0354): rendered before the transaction
     * (rendering needs no connection), then written with the decision by `sendDeclined`, so it goes once.
     */
    declinedEmail(
      order: { code: string; planTitle: string; contactEmail: string; locale: string },
      reason: string,
    ): Promise<Awaited<ReturnType<typeof refundDeclinedEmail>> | null> {
      if (!deps.outbox) return Promise.resolve(null);
      return refundDeclinedEmail({ order, reason }, deps.publicOrigin ?? "");
    },
    async sendDeclined(message: Awaited<ReturnType<typeof refundDeclinedEmail>> | null, tx: Database) {
      if (message) await deps.outbox!.send(message, tx);
    },

    /** Shoppers' refund requests (ADR 0338): written by the refund flow, under the order's lock. */
    insertRequest: (values: Parameters<RefundRepo["insertRequest"]>[0], tx: Database) =>
      repo.insertRequest(values, tx),
    requestById: (id: string, tx?: Database) => repo.requestById(id, tx),
    requestsOfOrder: (orderId: string) => repo.requestsOfOrder(orderId),
    openRequests: (limit = 100) => repo.openRequests(limit),
    decideRequest: (id: string, values: Parameters<RefundRepo["decideRequest"]>[1], tx: Database) =>
      repo.decideRequest(id, values, tx),
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
