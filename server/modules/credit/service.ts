import { z } from "zod";
import { convertBetween, type RatedCurrency } from "../../../core/coupon.ts";
import { pageList } from "../../../core/lists.ts";
import type { Database } from "../../../db/client.ts";
import type { CreditEntryKind } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { defineJob, type JobRunner, scheduleNext } from "../../jobs/runner.ts";
import type { CreditAdjustmentRequestRow, CreditEntryRow, CreditRepo } from "./repo.ts";

export type { CreditEntryRow } from "./repo.ts";

/** Store credit is kept in the store's base currency (the currency table's rates are from HKD), in cents. */
export const CREDIT_CURRENCY = "HKD";
/** Credit expires after this many months without any entry on the account (ADR 0240). */
export const CREDIT_INACTIVITY_MONTHS = 12;
/** The shopper is told this many days before it expires. */
export const CREDIT_EXPIRY_NOTICE_DAYS = 30;

/** The daily sweep that expires inactive credit and sends the notices (a durable job, one per day). */
export const CREDIT_EXPIRY_JOB = defineJob("credit.expiry-sweep", z.object({}));

const DAY_MS = 86_400_000;

/** `date` plus whole calendar months (UTC), the way a shopper reads "12 months". */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export interface CreditBalance {
  /** Everything on the account, HKD cents. */
  balanceMinor: number;
  /** What can be spent now: the balance less earned credit still in its hold period. */
  spendableMinor: number;
  /** Earned credit still in its hold period. */
  heldMinor: number;
  currencyCode: typeof CREDIT_CURRENCY;
  lastActivityAt: string | null;
  /** When the balance expires unless something happens on the account first; null with no balance. */
  expiresAt: string | null;
}

export interface CreditEntryView {
  id: string;
  kind: CreditEntryKind;
  amountMinor: number;
  reason: string;
  source: string;
  orderId: string | null;
  availableAt: string;
  createdAt: string;
  note: string | null;
}

/** What a grant writes: a positive amount of a positive kind, once per idempotency key. */
export interface CreditGrant {
  customerId: string;
  amountMinor: number;
  kind: Extract<CreditEntryKind, "EARNED" | "RELEASED" | "REFUNDED">;
  reason: string;
  source: string;
  idempotencyKey: string;
  /** Spendable from; default at once. An earned reward passes the end of its hold period. */
  availableAt?: Date;
  orderId?: string | null;
  note?: string | null;
}

export interface CreditAdjustment {
  customerId: string;
  /** Either sign, never zero. */
  amountMinor: number;
  reason: string;
  source: string;
  idempotencyKey: string;
  note?: string | null;
  /**
   * A negative adjustment larger than the balance: false (default) refuses it (422 credit.belowZero); true takes
   * what there is (a clawback of a reward already spent). Either way the balance never goes below zero.
   */
  clampToBalance?: boolean;
}

export interface CreditSpend {
  customerId: string;
  /** HKD cents, positive. */
  amountMinor: number;
  orderId: string;
  reason?: string;
  source?: string;
  idempotencyKey?: string;
}

/** How much credit an order can use in its own currency, and what that takes from the HKD balance. */
export interface CreditApplication {
  /** In the order's currency, minor units. */
  appliedMinor: number;
  /** HKD cents taken from the ledger. */
  debitMinor: number;
}

/**
 * The largest part of `maxMinor` (an amount in `currency`) that `spendableMinor` HKD cents cover, and the HKD it
 * takes. When the whole balance is used it takes exactly the balance; otherwise the HKD equivalent, never more
 * than the balance (rounding never overdraws).
 */
export function applyCredit(
  spendableMinor: number,
  maxMinor: number,
  currency: RatedCurrency,
  base: RatedCurrency,
): CreditApplication {
  if (spendableMinor <= 0 || maxMinor <= 0) return { appliedMinor: 0, debitMinor: 0 };
  const available = convertBetween(spendableMinor, base, currency);
  if (available <= maxMinor) return { appliedMinor: available, debitMinor: spendableMinor };
  const debit = Math.min(spendableMinor, Math.max(1, convertBetween(maxMinor, currency, base)));
  return { appliedMinor: maxMinor, debitMinor: debit };
}

/**
 * The most credit an order of `totalMinor` may use when `availableMinor` is what the balance is worth in its
 * currency: all of the total when the credit covers it (the zero-total path), otherwise as much as leaves at least
 * the card provider's minimum charge to pay (ADR 0241).
 */
export function creditCeiling(
  availableMinor: number,
  totalMinor: number,
  minimumMinor: number | null,
): number {
  if (availableMinor <= 0 || totalMinor <= 0) return 0;
  if (availableMinor >= totalMinor) return totalMinor;
  return Math.max(0, Math.min(availableMinor, totalMinor - (minimumMinor ?? 0)));
}

export interface CreditDeps {
  db: Database;
  repo: CreditRepo;
  clock?: () => Date;
  /**
   * Tells the shopper their credit expires soon (notification centre and e-mail). Called outside any
   * transaction, possibly more than once for the same `eventKey` (a rerun sweep): it must be idempotent on it.
   */
  onExpiryNotice?: (notice: {
    customerId: string;
    balanceMinor: number;
    expiresAt: Date;
    eventKey: string;
  }) => Promise<void>;
}

const view = (row: CreditEntryRow): CreditEntryView => ({
  id: row.id,
  kind: row.kind,
  amountMinor: row.amountMinor,
  reason: row.reason,
  source: row.source,
  orderId: row.orderId,
  availableAt: row.availableAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  note: row.note,
});

/** An adjustment waiting for (or given) approval, as the console shows it (ADR 0313). */
export interface CreditAdjustmentRequestView {
  id: string;
  customerId: string;
  amountMinor: number;
  currencyCode: string;
  note: string;
  status: CreditAdjustmentRequestRow["status"];
  requestedBy: string;
  decidedBy: string | null;
  decidedAt: string | null;
  entryId: string | null;
  createdAt: string;
}

const requestView = (row: CreditAdjustmentRequestRow): CreditAdjustmentRequestView => ({
  id: row.id,
  customerId: row.customerId,
  amountMinor: row.amountMinor,
  currencyCode: CREDIT_CURRENCY,
  note: row.note,
  status: row.status,
  requestedBy: row.requestedBy,
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  entryId: row.entryId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The store-credit ledger (issue 11, ADR 0240). Every change is an appended entry; the balance is their sum.
 * Anything that lowers a balance (a spend, a negative adjustment, expiry) takes the customer's advisory lock
 * in the caller's transaction first, so racing spends are serialised and can never overdraw.
 */
export function createCreditService(deps: CreditDeps) {
  const { db, repo } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function balance(executor: Database, customerId: string): Promise<CreditBalance> {
    const totals = await repo.totals(customerId, clock(), executor);
    return {
      balanceMinor: totals.balance,
      spendableMinor: Math.min(totals.balance, totals.spendable),
      heldMinor: Math.max(0, totals.balance - totals.spendable),
      currencyCode: CREDIT_CURRENCY,
      lastActivityAt: totals.lastActivityAt?.toISOString() ?? null,
      expiresAt:
        totals.balance > 0 && totals.lastActivityAt
          ? addMonths(totals.lastActivityAt, CREDIT_INACTIVITY_MONTHS).toISOString()
          : null,
    };
  }

  async function grant(tx: Database, input: CreditGrant) {
    if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0)
      throw new Error(`credit grant must be a positive integer, got ${input.amountMinor}`);
    const { row, created } = await repo.insert(
      {
        customerId: input.customerId,
        kind: input.kind,
        amountMinor: input.amountMinor,
        reason: input.reason,
        source: input.source,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId ?? null,
        availableAt: input.availableAt ?? clock(),
        note: input.note ?? null,
        createdAt: clock(),
      },
      tx,
    );
    return { entry: view(row), created };
  }

  /** Gives back what an order still holds (its spends less what was given back), once per key. */
  async function giveBack(tx: Database, orderId: string, kind: "RELEASED" | "REFUNDED", reason: string) {
    const previous = await repo.byKey(`order:${orderId}:give-back`, tx);
    if (previous) return { entry: view(previous), created: false };
    const { net, customerId } = await repo.orderNet(orderId, tx);
    if (net >= 0 || !customerId) return null;
    return grant(tx, {
      customerId,
      amountMinor: -net,
      kind,
      reason,
      source: `order:${orderId}`,
      orderId,
      idempotencyKey: `order:${orderId}:give-back`,
    });
  }

  const service = {
    balance,
    grant,

    /** The balance outside any transaction (the account menu, pages). */
    balanceOf(customerId: string) {
      return balance(db, customerId);
    },

    /** An operator's correction or a clawback: either sign, with its reason, never below zero. */
    async adjust(tx: Database, input: CreditAdjustment) {
      if (!Number.isInteger(input.amountMinor) || input.amountMinor === 0)
        throw new Error(`credit adjustment must be a non-zero integer, got ${input.amountMinor}`);
      const previous = await repo.byKey(input.idempotencyKey, tx);
      if (previous) return { entry: view(previous), created: false };
      let amount = input.amountMinor;
      if (amount < 0) {
        await repo.lockCustomer(input.customerId, tx);
        const { balanceMinor } = await balance(tx, input.customerId);
        if (balanceMinor + amount < 0) {
          if (!input.clampToBalance)
            throw new ApiError(422, "credit.belowZero", { fields: { amountMinor: "credit.belowZero" } });
          amount = -balanceMinor;
        }
        if (amount === 0) return null;
      }
      const { row, created } = await repo.insert(
        {
          customerId: input.customerId,
          kind: "ADJUSTED",
          amountMinor: amount,
          reason: input.reason,
          source: input.source,
          idempotencyKey: input.idempotencyKey,
          note: input.note ?? null,
          availableAt: clock(),
          createdAt: clock(),
        },
        tx,
      );
      return { entry: view(row), created };
    },

    /**
     * Issue 32 (ADR 0313): an operator's adjustment above their role's limit is kept PENDING, and moves nothing
     * until an operator without that limit approves it. The same key again is the same request.
     */
    async requestAdjustment(
      tx: Database,
      input: {
        customerId: string;
        amountMinor: number;
        note: string;
        idempotencyKey: string;
        requestedBy: string;
      },
    ) {
      if (!Number.isInteger(input.amountMinor) || input.amountMinor === 0)
        throw new Error(`credit adjustment must be a non-zero integer, got ${input.amountMinor}`);
      const { row, created } = await repo.insertRequest({ ...input, createdAt: clock() }, tx);
      return { request: requestView(row), created };
    },

    /** One adjustment request, or undefined. */
    async adjustmentRequest(id: string, executor: Database = db) {
      const row = await repo.requestById(id, executor);
      return row && requestView(row);
    },

    /** Adjustments waiting for approval, oldest first (of one customer when given). */
    async pendingAdjustments(customerId?: string, executor: Database = db) {
      return (await repo.pendingRequests(customerId, 100, executor)).map(requestView);
    },

    /**
     * Approves a PENDING adjustment: marks it APPROVED and writes its ledger entry (keyed `approval:<id>`) in the
     * caller's transaction, so it applies once however many approve it at the same time. Approving it again
     * answers the first approval (`created: false`); a rejected one is 409 adminApi.adjustmentDecided. A
     * negative one that would take the balance below zero is refused and stays PENDING.
     */
    async approveAdjustment(tx: Database, input: { requestId: string; approvedBy: string }) {
      const decided = await repo.decideRequest(
        input.requestId,
        { status: "APPROVED", decidedBy: input.approvedBy, decidedAt: clock() },
        tx,
      );
      if (!decided) {
        const current = await repo.requestById(input.requestId, tx);
        if (!current) throw new ApiError(404, "error.notFound");
        if (current.status !== "APPROVED") throw new ApiError(409, "adminApi.adjustmentDecided");
        return { request: requestView(current), entry: null, created: false };
      }
      const result = await service.adjust(tx, {
        customerId: decided.customerId,
        amountMinor: decided.amountMinor,
        reason: "credit.adjustedByOperator",
        source: `operator:${decided.requestedBy}`,
        idempotencyKey: `approval:${decided.id}`,
        note: decided.note,
      });
      if (result) await repo.setRequestEntry(decided.id, result.entry.id, tx);
      return {
        request: requestView({ ...decided, entryId: result?.entry.id ?? null }),
        entry: result?.entry ?? null,
        created: true,
      };
    },

    /** Rejects a PENDING adjustment; nothing moves. Rejecting it again answers `created: false`. */
    async rejectAdjustment(tx: Database, input: { requestId: string; rejectedBy: string }) {
      const decided = await repo.decideRequest(
        input.requestId,
        { status: "REJECTED", decidedBy: input.rejectedBy, decidedAt: clock() },
        tx,
      );
      if (decided) return { request: requestView(decided), created: true };
      const current = await repo.requestById(input.requestId, tx);
      if (!current) throw new ApiError(404, "error.notFound");
      if (current.status !== "REJECTED") throw new ApiError(409, "adminApi.adjustmentDecided");
      return { request: requestView(current), created: false };
    },

    /**
     * Takes credit for an order (checkout's reservation, in the transaction that places the order). Refused
     * (409 credit.insufficient) when the spendable balance does not cover it; one spend per order.
     */
    async spend(tx: Database, input: CreditSpend) {
      if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0)
        throw new Error(`credit spend must be a positive integer, got ${input.amountMinor}`);
      const key = input.idempotencyKey ?? `order:${input.orderId}:spend`;
      await repo.lockCustomer(input.customerId, tx);
      const previous = await repo.byKey(key, tx);
      if (previous) return { entry: view(previous), created: false };
      const { spendableMinor } = await balance(tx, input.customerId);
      if (spendableMinor < input.amountMinor)
        throw new ApiError(409, "credit.insufficient", { fields: { creditMinor: "credit.insufficient" } });
      const { row, created } = await repo.insert(
        {
          customerId: input.customerId,
          kind: "SPENT",
          amountMinor: -input.amountMinor,
          reason: input.reason ?? "order.placed",
          source: input.source ?? `order:${input.orderId}`,
          orderId: input.orderId,
          idempotencyKey: key,
          availableAt: clock(),
          createdAt: clock(),
        },
        tx,
      );
      return { entry: view(row), created };
    },

    /** What the spendable balance is worth in `currency` (minor units), converted with the store's rates. */
    async availableIn(executor: Database, customerId: string, currency: RatedCurrency, base: RatedCurrency) {
      const { spendableMinor, balanceMinor } = await balance(executor, customerId);
      return { balanceMinor, spendableMinor, availableMinor: convertBetween(spendableMinor, base, currency) };
    },

    /**
     * Checkout's reservation, in the transaction that places the order: takes `creditMinor` (the order's
     * currency, as the shopper saw it in the quote) from the balance, or refuses (409 credit.insufficient) when
     * the balance no longer covers it or the order cannot use that much.
     */
    async reserveForOrder(
      tx: Database,
      input: {
        customerId: string;
        orderId: string;
        creditMinor: number;
        totalMinor: number;
        minimumMinor: number | null;
        currency: RatedCurrency;
        base: RatedCurrency;
      },
    ): Promise<CreditApplication> {
      await repo.lockCustomer(input.customerId, tx);
      const { spendableMinor } = await balance(tx, input.customerId);
      const available = convertBetween(spendableMinor, input.base, input.currency);
      const ceiling = creditCeiling(available, input.totalMinor, input.minimumMinor);
      if (input.creditMinor > ceiling)
        throw new ApiError(409, "credit.insufficient", { fields: { creditMinor: "credit.insufficient" } });
      const application = applyCredit(spendableMinor, input.creditMinor, input.currency, input.base);
      const applied = { appliedMinor: input.creditMinor, debitMinor: application.debitMinor };
      await service.spend(tx, {
        customerId: input.customerId,
        amountMinor: applied.debitMinor,
        orderId: input.orderId,
      });
      return applied;
    },

    /** An unpaid order that expired or was cancelled: the credit it reserved comes back (once). */
    release(tx: Database, orderId: string, reason = "order.unpaid") {
      return giveBack(tx, orderId, "RELEASED", reason);
    },

    /** A refunded order: the credit it used comes back (once). */
    refund(tx: Database, orderId: string, reason = "order.refunded") {
      return giveBack(tx, orderId, "REFUNDED", reason);
    },

    /** HKD cents the order took from the ledger when it was placed, whatever came back since (ADR 0237). */
    spentOnOrder(orderId: string, executor: Database = db) {
      return repo.orderSpent(orderId, executor);
    },

    /** The credit an order used, HKD cents (0 when none). */
    async usedByOrder(orderId: string, executor: Database = db) {
      const { net } = await repo.orderNet(orderId, executor);
      return Math.max(0, -net);
    },

    /** The account's entries, newest first (spec 3 page mode, pages from 0). */
    async history(customerId: string, page: number, size: number) {
      const { rows, total } = await repo.history(customerId, page, size);
      return pageList(rows.map(view), total);
    },

    /**
     * The daily sweep: expires the whole balance of every account without an entry for 12 months, and tells
     * those whose credit expires within 30 days (once per period of inactivity). Each account is its own
     * transaction; a rerun finds nothing more to do.
     */
    async sweepExpiry(now: Date = clock()) {
      let expired = 0;
      let noticed = 0;
      const expiryCutoff = addMonths(now, -CREDIT_INACTIVITY_MONTHS);
      for (const due of await repo.inactiveSince(expiryCutoff, 500)) {
        const done = await db.transaction(async (raw) => {
          const tx = raw as unknown as Database;
          await repo.lockCustomer(due.customerId, tx);
          const current = await balance(tx, due.customerId);
          if (current.balanceMinor <= 0 || !current.lastActivityAt) return false;
          const last = new Date(current.lastActivityAt);
          if (last >= expiryCutoff) return false;
          await repo.insert(
            {
              customerId: due.customerId,
              kind: "EXPIRED",
              amountMinor: -current.balanceMinor,
              reason: "credit.inactive12Months",
              source: `job:${CREDIT_EXPIRY_JOB.kind}`,
              idempotencyKey: `expire:${due.customerId}:${last.toISOString()}`,
              availableAt: now,
              createdAt: now,
            },
            tx,
          );
          return true;
        });
        if (done) expired += 1;
      }
      if (deps.onExpiryNotice) {
        const noticeCutoff = new Date(
          addMonths(now, -CREDIT_INACTIVITY_MONTHS).getTime() + CREDIT_EXPIRY_NOTICE_DAYS * DAY_MS,
        );
        for (const soon of await repo.inactiveSince(noticeCutoff, 500)) {
          const expiresAt = addMonths(soon.lastActivityAt, CREDIT_INACTIVITY_MONTHS);
          if (expiresAt <= now) continue;
          await deps.onExpiryNotice({
            customerId: soon.customerId,
            balanceMinor: soon.balance,
            expiresAt,
            eventKey: `credit-expiry:${soon.customerId}:${soon.lastActivityAt.toISOString()}`,
          });
          noticed += 1;
        }
      }
      return { expired, noticed };
    },

    /** Registers the sweep; `schedule` queues the next day's run (dedupe key per day). */
    registerJobs(jobs: JobRunner) {
      jobs.register(CREDIT_EXPIRY_JOB, async (_payload, context) => {
        try {
          await service.sweepExpiry(context.now);
        } finally {
          await service.schedule(jobs, context.now);
        }
      });
    },

    async schedule(jobs: Pick<JobRunner, "enqueue">, now: Date = clock()) {
      await scheduleNext(jobs, CREDIT_EXPIRY_JOB, {}, { everyMs: DAY_MS, key: "credit-expiry", now });
    },
  };
  return service;
}

export type CreditService = ReturnType<typeof createCreditService>;
