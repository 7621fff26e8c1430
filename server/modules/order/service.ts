import { isLocale, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { pageList } from "../../../core/lists.ts";
import { formatPrice } from "../../../core/money.ts";
import type { Database } from "../../../db/client.ts";
import type { OrderStatus } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import type { PaymentProvider } from "../../providers/payment/types.ts";
import type { CouponService } from "../coupon/service.ts";
import type { NotificationRecorder } from "../notification/recorder.ts";
import type { OrderRepo, OrderRow } from "./repo.ts";

export const EXPIRE_ORDER_JOB = "expire-order";
export const FULFIL_ORDER_JOB = "fulfil-order";
export const REFUND_PAYMENT_JOB = "refund-payment";

/** An unpaid order is cancelled this long after it was placed (issue: Purchase). */
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
}

export type MarkPaidOutcome = "paid" | "already" | "refunding-late-payment" | "unknown-session";

export interface OrderServiceDeps {
  db: Database;
  repo: OrderRepo;
  coupons: CouponService;
  jobs: JobRunner;
  outbox: MessageSender;
  providers: Record<string, PaymentProvider>;
  /**
   * The eSIM provisioning seam (ADR 0106): called by the fulfil-order job once the order is FULFILLING. The
   * eSIM issue plugs provisioning in here and moves the order on to COMPLETED, or to REFUNDING on failure.
   */
  onFulfilling?: (order: OrderRow) => Promise<void>;
  /** The eSIMs an order issued or topped up (the eSIM issue fills this in for the order detail). */
  esimsOfOrder?: (orderId: string) => Promise<{ id: string; iccid: string }[]>;
  /** The notification centre (ADR 0204): what the store e-mails also lands there. */
  notifications?: NotificationRecorder;
  clock?: () => Date;
}

const tx$ = (tx: unknown) => tx as Database;

/**
 * The order lifecycle (ADR 0102): PENDING_PAYMENT → PAID → FULFILLING → COMPLETED; PENDING_PAYMENT → CANCELLED
 * (expired or cancelled); PAID/FULFILLING/COMPLETED → REFUNDING → REFUNDED. Every change is a conditional
 * update from the expected status plus a history row, so no event can move an order backwards.
 */
export function createOrderService(deps: OrderServiceDeps) {
  const { db, repo, coupons, jobs, outbox } = deps;
  const clock = deps.clock ?? (() => new Date());

  function provider(name: string): PaymentProvider {
    const found = deps.providers[name];
    if (!found) throw new Error(`payment provider ${name} is not configured`);
    return found;
  }

  async function view(order: OrderRow, locale: Locale): Promise<OrderView> {
    const currency = (await coupons.currencies()).get(order.currencyCode);
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

  async function confirmationEmail(order: OrderRow, executor: Database) {
    const locale: Locale = isLocale(order.locale) ? order.locale : "en_US";
    const currency = (await coupons.currencies()).get(order.currencyCode);
    const total = formatPrice(order.total, {
      currencySymbol: currency?.symbol ?? order.currencyCode,
      minorDigits: currency?.minorDigits ?? 2,
    });
    await outbox.send(
      {
        channel: "EMAIL",
        to: order.contactEmail,
        subject: translate(locale, "purchase.email.confirmationSubject", { code: order.code }),
        body: translate(locale, "purchase.email.confirmationBody", {
          code: order.code,
          plan: order.planTitle,
          quantity: order.quantity,
          total,
        }),
      },
      executor,
    );
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
    for (const payment of await repo.paymentsOf(orderId)) {
      if (payment.status !== "CREATED") continue;
      const closed = await provider(payment.provider).expireSession(payment.providerSessionId);
      if (closed === "paid") {
        const state = await provider(payment.provider).retrieveSession(payment.providerSessionId);
        if (state.paymentId)
          await markPaid({
            provider: payment.provider,
            sessionId: payment.providerSessionId,
            paymentId: state.paymentId,
            amount: state.amount,
            currencyCode: state.currencyCode,
          });
        return false;
      }
      await repo.updatePayment(payment.id, { status: "EXPIRED" });
    }
    return db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const order = await repo.lock(orderId, tx);
      if (order?.status !== "PENDING_PAYMENT") return false;
      await repo.setStatus(order.id, "PENDING_PAYMENT", "CANCELLED", reason, tx);
      await coupons.release(tx, order);
      return true;
    });
  }

  /**
   * The one fulfilment path (ADR 0103), called by the webhook and by the return page, keyed on the provider's
   * payment id: the first call moves PENDING_PAYMENT to PAID and enqueues fulfilment and the confirmation
   * e-mail in the same transaction; every later call, duplicate or out of order, finds nothing to do.
   */
  async function markPaid(paid: PaymentConfirmation): Promise<MarkPaidOutcome> {
    return db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const payment = await repo.findPaymentBySession(paid.provider, paid.sessionId, tx);
      if (!payment) return "unknown-session";
      const order = (await repo.lock(payment.orderId, tx))!;
      if (order.providerPaymentId === paid.paymentId) return "already";
      if (paid.amount !== order.total || paid.currencyCode.toUpperCase() !== order.currencyCode)
        throw new Error(`payment ${paid.paymentId} amount does not match order ${order.code}`);
      await repo.updatePayment(payment.id, { status: "SUCCEEDED", providerPaymentId: paid.paymentId }, tx);
      if (order.status === "PENDING_PAYMENT") {
        await repo.setStatus(order.id, "PENDING_PAYMENT", "PAID", "payment-succeeded", tx, {
          paidAt: clock(),
          paymentProvider: paid.provider,
          providerPaymentId: paid.paymentId,
        });
        await coupons.consume(tx, order.id);
        await jobs.enqueue(
          FULFIL_ORDER_JOB,
          { orderId: order.id },
          { executor: tx, dedupeKey: `fulfil:${order.id}` },
        );
        await confirmationEmail(order, tx);
        return "paid";
      }
      // Money arrived for an order that is cancelled, or a second session of a paid order: give it back.
      await jobs.enqueue(
        REFUND_PAYMENT_JOB,
        { provider: paid.provider, paymentId: paid.paymentId, amount: paid.amount, orderId: order.id },
        { executor: tx, dedupeKey: `refund:${paid.provider}:${paid.paymentId}` },
      );
      return "refunding-late-payment";
    });
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

  /** A provider's refund.succeeded: REFUNDING → REFUNDED; a late payment's refund only marks the payment. */
  async function markRefunded(providerName: string, paymentId: string): Promise<boolean> {
    return db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const payment = await repo.findPaymentByPaymentId(providerName, paymentId, tx);
      if (!payment) return false;
      await repo.updatePayment(payment.id, { status: "REFUNDED" }, tx);
      const order = await repo.lock(payment.orderId, tx);
      if (order?.status !== "REFUNDING" || order.providerPaymentId !== paymentId) return false;
      return repo.setStatus(order.id, "REFUNDING", "REFUNDED", "refund-succeeded", tx);
    });
  }

  return {
    view,
    markPaid,
    markRefunded,
    startRefund,
    cancelUnpaid,

    /** The jobs this module runs; app.ts and tests register them once per runner. */
    registerJobs(runner: JobRunner) {
      runner.register(EXPIRE_ORDER_JOB, async (payload, context) => {
        const order = await repo.findById(String(payload.orderId));
        if (order?.status !== "PENDING_PAYMENT") return;
        if (order.expiresAt > context.now) throw new Error("order not yet expired; retry later");
        await cancelUnpaid(order.id, "expired");
      });
      runner.register(FULFIL_ORDER_JOB, async (payload) => {
        const order = await repo.findById(String(payload.orderId));
        if (!order) return;
        if (order.status === "PAID")
          await repo.setStatus(order.id, "PAID", "FULFILLING", "fulfilment-started", db);
        const current = await repo.findById(order.id);
        if (current?.status === "FULFILLING" && deps.onFulfilling) await deps.onFulfilling(current);
      });
      runner.register(REFUND_PAYMENT_JOB, async (payload) => {
        const paymentId = String(payload.paymentId);
        await provider(String(payload.provider)).refund(
          paymentId,
          Number(payload.amount),
          `refund-${paymentId}`,
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

    async detail(customerId: string, code: string, locale: Locale) {
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
    },

    owned,

    async cancel(customerId: string, code: string, locale: Locale) {
      const order = await owned(customerId, code);
      if (order.status !== "PENDING_PAYMENT" || !(await cancelUnpaid(order.id, "cancelled")))
        throw new ApiError(409, "purchase.order.notPayable");
      return view((await repo.findById(order.id))!, locale);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
