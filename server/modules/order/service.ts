import { z } from "zod";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { pageList } from "../../../core/lists.ts";
import { localePath } from "../../../core/locale-path.ts";
import { formatPrice } from "../../../core/money.ts";
import { maskPaymentId } from "../../../core/order-tabs.ts";
import type { Database } from "../../../db/client.ts";
import type { OrderStatus } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import { designedEmail } from "../../providers/messages/email-template.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import type { PaymentProvider } from "../../providers/payment/types.ts";
import type { CouponService } from "../coupon/service.ts";
import type { NotificationRecorder } from "../notification/recorder.ts";
import type { SiteService } from "../site/service.ts";
import type { ConsoleOrderQuery, NewOrder, OrderListRow, OrderRepo, OrderRow } from "./repo.ts";

export type { ConsoleOrderQuery, OrderRow } from "./repo.ts";

export const EXPIRE_ORDER_JOB = defineJob("expire-order", z.object({ orderId: z.uuid() }));
export const FULFIL_ORDER_JOB = defineJob("fulfil-order", z.object({ orderId: z.uuid() }));
export const REFUND_PAYMENT_JOB = defineJob(
  "refund-payment",
  z.object({
    provider: z.string().min(1),
    paymentId: z.string().min(1),
    amount: z.number().int().nonnegative(),
    orderId: z.uuid(),
  }),
);

/** An unpaid order is cancelled this long after it was placed (issue: Purchase). */
/**
 * What a deleted account's orders keep as their contact e-mail (ADR 0165): the column is required, and the
 * reserved .invalid domain can never receive mail.
 */
export const DELETED_CONTACT_EMAIL = "deleted-account@deleted.invalid";

export const PAYMENT_WINDOW_MS = 30 * 60_000;

export interface OrderView {
  code: string;
  status: OrderStatus;
  statusName: string;
  platformProductCode: string;
  destinationCode: string;
  planTitle: string;
  quantity: number;
  currencyCode: string;
  currencySymbol: string;
  unitPrice: number;
  subtotal: number;
  couponCode: string | null;
  couponDiscount: number;
  promoCode: string | null;
  promoDiscount: number;
  /** Store credit applied, in the order's currency (ADR 0241). */
  creditAmount: number;
  total: number;
  contactEmail: string;
  contactPhone: string | null;
  topUpIccid: string | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

export interface PaymentConfirmation {
  provider: string;
  sessionId: string;
  paymentId: string;
  amount: number;
  currencyCode: string;
  /** The webhook event that carried it (kept with an anomaly); absent on the return page's reconcile. */
  eventId?: string;
}

export type MarkPaidOutcome =
  | "paid"
  | "already"
  | "refunding-late-payment"
  | "unknown-session"
  | "amount-mismatch";

/** A signed payment whose amount or currency is not the order's (ADR 0191), as recorded for operators. */
export interface PaymentAnomaly {
  orderCode: string;
  provider: string;
  providerPaymentId: string;
  providerEventId: string | null;
  expectedAmount: number;
  expectedCurrency: string;
  receivedAmount: number;
  receivedCurrency: string;
}

export interface OrderServiceDeps {
  db: Database;
  repo: OrderRepo;
  coupons: CouponService;
  /** The store's currencies (the site module's), to name an order's currency. */
  currencies: SiteService["currencies"];
  jobs: JobRunner;
  outbox: MessageSender;
  providers: Record<string, PaymentProvider>;
  /**
   * Closes an unpaid order's open payment sessions before it is cancelled (the payment module owns them):
   * "paid" when one turned out to be paid meanwhile, which the payment module has then recorded.
   */
  closePayments: (orderId: string) => Promise<"closed" | "paid">;
  /**
   * The eSIM provisioning seam (ADR 0106): called by the fulfil-order job once the order is FULFILLING. The
   * eSIM issue plugs provisioning in here and moves the order on to COMPLETED, or to REFUNDING on failure.
   */
  onFulfilling?: (order: OrderRow) => Promise<void>;
  /** The eSIMs an order issued or topped up (the eSIM issue fills this in for the order detail). */
  esimsOfOrder?: (orderId: string) => Promise<{ id: string; iccid: string; state?: string }[]>;
  /** The refunds operators made of an order (the refund module, ADR 0225), for the shopper's order page. */
  refundsOfOrder?: (orderId: string) => Promise<
    {
      id: string;
      amount: number;
      currencyCode: string;
      destination: string;
      status: string;
      createdAt: string;
    }[]
  >;
  /** The notification centre (ADR 0204): what the store e-mails also lands there. */
  notifications?: NotificationRecorder;
  /**
   * What other modules do in the transaction of an order's change (ADR 0241): store credit gives back what an
   * unpaid or refunded order took; invite rewards are granted on completion and voided or clawed back on refund.
   */
  hooks?: OrderHooks;
  /** The store's origin, for the e-mails' links (issue 12); without it they carry none. */
  publicOrigin?: string;
  clock?: () => Date;
}

export interface OrderHooks {
  cancelledUnpaid?: (tx: Database, order: OrderRow) => Promise<void>;
  paid?: (tx: Database, order: OrderRow) => Promise<void>;
  completed?: (tx: Database, order: OrderRow) => Promise<void>;
  refunded?: (tx: Database, order: OrderRow) => Promise<void>;
}

const tx$ = (tx: unknown) => tx as Database;

/**
 * The order lifecycle (ADR 0102): PENDING_PAYMENT → PAID → FULFILLING → COMPLETED; PENDING_PAYMENT → CANCELLED
 * (expired or cancelled); PAID/FULFILLING/COMPLETED → REFUNDING → REFUNDED. Every change is a conditional
 * update from the expected status plus a history row, so no event can move an order backwards; the one way
 * back is an operator's card refund failing for good (REFUNDING → the paid status it left; ADR 0280).
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { db, repo, coupons, jobs, outbox } = deps;
  const clock = deps.clock ?? (() => new Date());

  function provider(name: string): PaymentProvider {
    const found = deps.providers[name];
    if (!found) throw new Error(`payment provider ${name} is not configured`);
    return found;
  }

  async function view(order: OrderListRow, locale: Locale): Promise<OrderView> {
    const currency = (await deps.currencies()).get(order.currencyCode);
    return {
      code: order.code,
      status: order.status,
      statusName: translate(locale, `purchase.status.${order.status}`),
      platformProductCode: order.platformProductCode,
      destinationCode: order.destinationCode,
      planTitle: order.planTitle,
      quantity: order.quantity,
      currencyCode: order.currencyCode,
      currencySymbol: currency?.symbol ?? order.currencyCode,
      unitPrice: order.unitPrice,
      subtotal: order.subtotal,
      couponCode: order.couponCode,
      couponDiscount: order.couponDiscount,
      promoCode: order.promoCode,
      promoDiscount: order.promoDiscount,
      creditAmount: order.creditAmount,
      total: order.total,
      contactEmail: order.contactEmail,
      contactPhone: order.contactPhone,
      topUpIccid: order.topUpIccid,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    };
  }

  async function owned(customerId: string, code: string): Promise<OrderRow> {
    const order = await repo.findByCode(code);
    // Another customer's order is "not found", never "forbidden": its existence is not disclosed.
    if (!order || order.customerId !== customerId) throw new ApiError(404, "purchase.order.notFound");
    return order;
  }

  async function confirmationEmail(
    order: OrderRow,
    currencies: Awaited<ReturnType<SiteService["currencies"]>>,
    executor: Database,
  ) {
    const locale: Locale = isLocale(order.locale) ? order.locale : "en_US";
    const currency = currencies.get(order.currencyCode);
    const total = formatPrice(order.total, {
      currencySymbol: currency?.symbol ?? order.currencyCode,
      minorDigits: currency?.minorDigits ?? 2,
    });
    // The designed order e-mail (issue 12): the confirmation's paragraphs, its order lines in a box, a button.
    const paragraphs = translate(locale, "purchase.email.confirmationBody", {
      code: order.code,
      plan: order.planTitle,
      quantity: order.quantity,
      total,
    }).split("\n\n");
    const origin = deps.publicOrigin;
    const message = await designedEmail({
      to: order.contactEmail,
      subject: translate(locale, "purchase.email.confirmationSubject", { code: order.code }),
      locale,
      origin,
      preview: paragraphs.at(-1) ?? "",
      blocks: [
        { kind: "heading", text: translate(locale, "mail.orderHeading", { code: order.code }) },
        ...paragraphs.map((paragraph) =>
          paragraph.includes("\n")
            ? { kind: "facts" as const, lines: paragraph.split("\n") }
            : { kind: "text" as const, text: paragraph },
        ),
        ...(origin
          ? [
              {
                kind: "button" as const,
                text: translate(locale, "mail.viewOrder"),
                url: `${origin}${localePath(locale, `/my/order/${order.code}`, true)}`,
              },
            ]
          : []),
      ],
    });
    await outbox.send(message, executor);
    await deps.notifications?.record(
      {
        customerId: order.customerId,
        kind: "ORDER_PAID",
        params: { code: order.code, plan: order.planTitle },
        link: `/ucenter/order/${order.code}`,
        eventKey: `order-paid:${order.id}`,
      },
      executor,
    );
  }

  /** Cancels an unpaid order and gives its coupon uses back; false when it is no longer unpaid. */
  async function cancelUnpaid(orderId: string, reason: "expired" | "cancelled"): Promise<boolean> {
    // Close the provider's sessions first: a shopper who is paying right now must not lose the order.
    if ((await deps.closePayments(orderId)) === "paid") return false;
    return db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const order = await repo.lock(orderId, tx);
      if (order?.status !== "PENDING_PAYMENT") return false;
      await repo.setStatus(order.id, "PENDING_PAYMENT", "CANCELLED", reason, tx);
      await coupons.release(tx, order);
      await deps.hooks?.cancelledUnpaid?.(tx, order);
      return true;
    });
  }

  /**
   * Records a confirmed payment on its order, inside the payment module's transaction (ADR 0103, the one
   * fulfilment path): the first confirmation moves PENDING_PAYMENT to PAID and enqueues fulfilment and the
   * confirmation e-mail; a repeat with the same payment id finds nothing to do ("already"). `currencies` is
   * read by the caller before its transaction: an embedded database has one connection, which the transaction
   * holds, so a cold currency cache loading inside it would wait for itself (ADR 0176).
   */
  async function recordPayment(
    tx: Database,
    orderId: string,
    paid: PaymentConfirmation,
    currencies: Awaited<ReturnType<SiteService["currencies"]>>,
  ): Promise<{ outcome: Exclude<MarkPaidOutcome, "unknown-session">; order: OrderRow }> {
    const order = (await repo.lock(orderId, tx))!;
    const outcome = await applyPayment(tx, order, paid, currencies);
    return { outcome, order };
  }

  async function applyPayment(
    tx: Database,
    order: OrderRow,
    paid: PaymentConfirmation,
    currencies: Awaited<ReturnType<SiteService["currencies"]>>,
  ): Promise<Exclude<MarkPaidOutcome, "unknown-session">> {
    if (order.providerPaymentId === paid.paymentId) return "already";
    // Money the order does not account for: nothing is fulfilled; the payment module records it (ADR 0191).
    if (paid.amount !== order.total || paid.currencyCode.toUpperCase() !== order.currencyCode)
      return "amount-mismatch";
    if (order.status === "PENDING_PAYMENT") {
      await repo.setStatus(order.id, "PENDING_PAYMENT", "PAID", "payment-succeeded", tx, {
        paidAt: clock(),
        paymentProvider: paid.provider,
        providerPaymentId: paid.paymentId,
      });
      await coupons.consume(tx, order.id);
      await deps.hooks?.paid?.(tx, order);
      await jobs.enqueue(
        FULFIL_ORDER_JOB,
        { orderId: order.id },
        { executor: tx, dedupeKey: `fulfil:${order.id}` },
      );
      await confirmationEmail(order, currencies, tx);
      return "paid";
    }
    // Money arrived for an order that is cancelled, or a second session of a paid order: give it back.
    await jobs.enqueue(
      REFUND_PAYMENT_JOB,
      { provider: paid.provider, paymentId: paid.paymentId, amount: paid.amount, orderId: order.id },
      { executor: tx, dedupeKey: `refund:${paid.provider}:${paid.paymentId}` },
    );
    return "refunding-late-payment";
  }

  async function startRefund(orderId: string, reason: string): Promise<boolean> {
    return db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const order = await repo.lock(orderId, tx);
      if (!order || !["PAID", "FULFILLING", "COMPLETED"].includes(order.status) || !order.providerPaymentId)
        return false;
      await repo.setStatus(order.id, order.status, "REFUNDING", reason, tx);
      await jobs.enqueue(
        REFUND_PAYMENT_JOB,
        {
          provider: order.paymentProvider,
          paymentId: order.providerPaymentId,
          amount: order.total,
          orderId: order.id,
        },
        { executor: tx, dedupeKey: `refund:${order.paymentProvider}:${order.providerPaymentId}` },
      );
      return true;
    });
  }

  /**
   * A provider's refund.succeeded, inside the payment module's transaction: REFUNDING → REFUNDED when the
   * refund is of the payment the order was paid with (a late payment's refund changes no order).
   */
  async function recordRefund(tx: Database, orderId: string, paymentId: string): Promise<boolean> {
    const order = await repo.lock(orderId, tx);
    if (order?.status !== "REFUNDING" || order.providerPaymentId !== paymentId) return false;
    const moved = await repo.setStatus(order.id, "REFUNDING", "REFUNDED", "refund-succeeded", tx);
    if (moved) await deps.hooks?.refunded?.(tx, order);
    return moved;
  }

  async function detail(customerId: string, code: string, locale: Locale) {
    const order = await owned(customerId, code);
    const history = await repo.history(order.id);
    return {
      ...(await view(order, locale)),
      esims: (await deps.esimsOfOrder?.(order.id)) ?? [],
      statusHistory: history.map((h) => ({
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        reason: h.reason,
        at: h.at.toISOString(),
      })),
    };
  }

  return {
    view,
    /** The eSIMs an order issued or topped up, for the pay result's "ready" step (issue 12). */
    async esimsOf(orderId: string) {
      return (await deps.esimsOfOrder?.(orderId)) ?? [];
    },
    recordPayment,
    recordRefund,
    startRefund,
    cancelUnpaid,

    /** The jobs this module runs; app.ts and tests register them once per runner. */
    registerJobs(runner: JobRunner) {
      runner.register(EXPIRE_ORDER_JOB, async (payload, context) => {
        const order = await repo.findById(payload.orderId);
        if (order?.status !== "PENDING_PAYMENT") return;
        if (order.expiresAt > context.now) throw new Error("order not yet expired; retry later");
        await cancelUnpaid(order.id, "expired");
      });
      runner.register(FULFIL_ORDER_JOB, async (payload) => {
        const order = await repo.findById(payload.orderId);
        if (!order) return;
        if (order.status === "PAID")
          await repo.setStatus(order.id, "PAID", "FULFILLING", "fulfilment-started", db);
        const current = await repo.findById(order.id);
        if (current?.status === "FULFILLING" && deps.onFulfilling) await deps.onFulfilling(current);
      });
      runner.register(REFUND_PAYMENT_JOB, async (payload) => {
        await provider(payload.provider).refund(
          payload.paymentId,
          payload.amount,
          `refund-${payload.paymentId}`,
        );
      });
    },

    async list(
      customerId: string,
      query: { page: number; size: number; status?: OrderStatus | readonly OrderStatus[]; keyword?: string },
      locale: Locale,
    ) {
      const { rows, total } = await repo.list(customerId, query, query.page, query.size);
      return pageList(await Promise.all(rows.map((row) => view(row, locale))), total);
    },

    detail,

    /**
     * The order detail page's data: the order with its status history, plus how it was paid (ADR 0116): the
     * provider and its payment id masked, never the whole id.
     */
    async detailWithPayment(customerId: string, code: string, locale: Locale) {
      const order = await detail(customerId, code, locale);
      const row = await owned(customerId, code);
      const refunds = (await deps.refundsOfOrder?.(row.id)) ?? [];
      return {
        ...order,
        // Operators' refunds the shopper sees (ADR 0225): amount, where it went, and whether it is done.
        refunds: refunds
          // A refund the card refused, or one replaced by store credit, is not the shopper's (ADR 0280).
          .filter((r) => r.status === "PENDING" || r.status === "SUCCEEDED")
          .map((r) => ({
            amount: r.amount,
            currencyCode: r.currencyCode,
            destination: r.destination,
            status: r.status,
            createdAt: r.createdAt,
          })),
        payment: row.paymentProvider
          ? {
              method: row.paymentProvider,
              maskedPaymentId: maskPaymentId(row.providerPaymentId),
              paidAt: row.paidAt?.toISOString() ?? null,
            }
          : null,
      };
    },

    owned,

    /**
     * The console's order search (issues 16 and 29): `q` is the one search box (ConsoleOrderQuery); an exact
     * ICCID search passes the orders of that eSIM as orderIds.
     */
    consoleSearch(query: ConsoleOrderQuery, page: number, size: number) {
      return repo.consoleSearch(query, page, size);
    },

    /** The console dashboard's order figures (issue 16): today (UTC), the last 7 days, stuck orders, trend. */
    dashboard(now = clock()) {
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const weekStart = new Date(dayStart.getTime() - 6 * 86_400_000);
      return repo.dashboard(now, dayStart, weekStart, new Date(now.getTime() - 15 * 60_000), 14);
    },

    /** A customer's latest orders, for the console's customer page. */
    ofCustomer(customerId: string, limit = 50) {
      return repo.ofCustomer(customerId, limit);
    },

    /**
     * The console's refund (ADR 0225), in the refund module's transaction: the order by code, locked FOR UPDATE
     * so two refunds of one order queue and each sees the other's amount.
     */
    async lockByCode(tx: Database, code: string): Promise<OrderRow | undefined> {
      const found = await repo.findByCode(code, tx);
      return found ? repo.lock(found.id, tx) : undefined;
    },

    /**
     * An order refunded in full by an operator, in the refund's transaction: to REFUNDED at once when the last
     * part went to store credit (the credit the order used comes back through the refunded hook), or to
     * REFUNDING while the card refund is with the provider (its refund.succeeded webhook then moves it on).
     */
    async refundedByOperator(
      tx: Database,
      order: OrderRow,
      awaitingCard: boolean,
      reason = "operator-refund",
    ): Promise<boolean> {
      if (!["PAID", "FULFILLING", "COMPLETED"].includes(order.status)) return false;
      if (awaitingCard) return repo.setStatus(order.id, order.status, "REFUNDING", reason, tx);
      const moved = await repo.setStatus(order.id, order.status, "REFUNDED", reason, tx);
      if (moved) await deps.hooks?.refunded?.(tx, order);
      return moved;
    },

    /**
     * The card refund that moved the order to REFUNDING failed for good (ADR 0280), in the refund's transaction:
     * the order goes back to the paid status it had, so it is refundable again (retry, or store credit instead).
     * An order in REFUNDING for another reason (a failed provisioning's automatic refund) is left alone.
     */
    async operatorRefundFailed(tx: Database, order: OrderRow): Promise<boolean> {
      if (order.status !== "REFUNDING") return false;
      const last = await repo.lastMoveToRefunding(order.id, tx);
      const back = last?.fromStatus;
      if (last?.reason !== "operator-refund" || !back || !["PAID", "FULFILLING", "COMPLETED"].includes(back))
        return false;
      return repo.setStatus(order.id, "REFUNDING", back, "card-refund-failed", tx);
    },

    /**
     * Account deletion (ADR 0165), in its transaction: the customer's orders keep the sale (plan, amounts,
     * payment, dates) but lose the contact e-mail and phone. Returns the e-mails they had, so the messages
     * sent to them can be forgotten too.
     */
    async forgetCustomer(customerId: string, tx: Database): Promise<string[]> {
      const emails = await repo.forgetContacts(customerId, DELETED_CONTACT_EMAIL, tx);
      return emails.filter((email) => email !== DELETED_CONTACT_EMAIL);
    },

    /** The ids of every order the customer placed, in the caller's transaction (account deletion). */
    idsOfCustomer(customerId: string, tx: Database): Promise<string[]> {
      return repo.idsOfCustomer(customerId, tx);
    },

    /** An order by its code, whoever placed it: for the sandbox tools only, never a shopper's request. */
    findByCode(code: string): Promise<OrderRow | undefined> {
      return repo.findByCode(code);
    },

    /**
     * Closes an unpaid order's payment window now, for the sandbox's expire tool (ADR 0114): its id, or undefined
     * when the order is not waiting for payment. The expire job then runs through the runner as it would.
     */
    closeWindowNowForSandbox(code: string, now = clock()): Promise<string | undefined> {
      return repo.closeWindowAt(code, new Date(now.getTime() - 1000));
    },

    /** An order by id (jobs carry ids), or undefined. */
    findById(orderId: string): Promise<OrderRow | undefined> {
      return repo.findById(orderId);
    },

    /** The order's status changes, oldest first. */
    history(orderId: string) {
      return repo.history(orderId);
    },

    /** The order a customer placed under an idempotency key, if any (checkout's retries, ADR 0101). */
    findByIdempotencyKey(customerId: string, key: string, executor: Database = db) {
      return repo.findByIdempotencyKey(customerId, key, executor);
    },

    /** An open unpaid order for the same request, which paying again reuses (issue 12). */
    findOpenUnpaid(customerId: string, requestFingerprint: string, now: Date, executor: Database = db) {
      return repo.findOpenUnpaid(customerId, requestFingerprint, now, executor);
    },

    /**
     * Records a placed order in PENDING_PAYMENT, inside checkout's transaction: the row, its first history
     * entry, and the job that expires it when the payment window closes. Undefined when an order with the
     * same idempotency key won a race to the insert.
     */
    async create(
      order: Omit<NewOrder, "status"> & { expiresAt: Date },
      tx: Database,
    ): Promise<OrderRow | undefined> {
      const inserted = await repo.insert({ ...order, status: "PENDING_PAYMENT" }, tx);
      if (!inserted) return undefined;
      await repo.recordCreated(inserted.id, tx);
      await jobs.enqueue(
        EXPIRE_ORDER_JOB,
        { orderId: inserted.id },
        { executor: tx, runAt: inserted.expiresAt, dedupeKey: `expire:${inserted.id}` },
      );
      return inserted;
    },

    /**
     * FULFILLING → COMPLETED once its eSIMs are delivered (ADR 0106), with `alongside` (the delivery e-mail)
     * in the same transaction; false, and nothing done, when the order is no longer FULFILLING.
     */
    async complete(orderId: string, alongside?: (tx: Database) => Promise<unknown>): Promise<boolean> {
      return db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        const locked = await repo.lock(orderId, tx);
        if (locked?.status !== "FULFILLING") return false;
        await repo.setStatus(orderId, "FULFILLING", "COMPLETED", "esim-delivered", tx);
        await alongside?.(tx);
        await deps.hooks?.completed?.(tx, locked);
        return true;
      });
    },

    async cancel(customerId: string, code: string, locale: Locale) {
      const order = await owned(customerId, code);
      if (order.status !== "PENDING_PAYMENT" || !(await cancelUnpaid(order.id, "cancelled")))
        throw new ApiError(409, "purchase.order.notPayable");
      return view((await repo.findById(order.id))!, locale);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
export type OrderDetailView = Awaited<ReturnType<OrderService["detailWithPayment"]>>;
