import {
  installedBlock,
  type RefundEsimFacts,
  type RefundOptions,
  type RefundPolicy,
  refundOptions,
} from "../../core/refund-policy.ts";
import type { Database } from "../../db/client.ts";
import type { RefundDestination } from "../../db/schema/index.ts";
import { ApiError } from "../http/errors.ts";
import { recordAudit } from "../modules/admin/audit.ts";
import type { EsimRefundState, EsimService } from "../modules/esim/service.ts";
import type { OrderRow, OrderService } from "../modules/order/service.ts";
import type { RefundService, RefundView } from "../modules/refund/service.ts";
import type { UploadService } from "../modules/uploads/service.ts";

/** The reason recorded on a shopper's own cancel of an unused eSIM. */
export const SHOPPER_CANCEL_REASON = "Cancelled by the shopper: eSIM never installed";

function facts(esims: EsimRefundState[]): RefundEsimFacts[] {
  return esims.map((e) => ({
    installed: e.installed,
    used: e.used,
    usedPercent: e.usedPercent,
    cancelled: e.esimState === "CANCELLED" || e.packageState === "CANCELLED",
  }));
}

/**
 * One refund flow whoever starts it (issue 29 item 1, ADR 0336): an operator in the console, a shopper cancelling
 * an unused eSIM, an operator approving a shopper's request. It runs inside the refund's transaction (the refund
 * module's `alongside`), under the order's row lock:
 * - money and store credit move in the refund module (card part after the commit, idempotent by key);
 * - a full refund withdraws what the order paid for (eSIMs CANCELLED here at once, no QR code any more) and
 *   queues the supplier's cancellation in the same transaction: the supplier is called by a job after the commit
 *   (eSIM Access `esim/cancel`, Airalo's refund request, which waits for review and shows as requested);
 * - an installed or used eSIM is refunded in full only as the policy allows (ADR 0337);
 * - store credit spent, coupons and invite rewards come back with the order's move to REFUNDED (its hook), once.
 */
export function createRefundOrderFlow(deps: {
  db: Database;
  refund: RefundService;
  esim: Pick<EsimService, "refundState" | "withdrawForRefund">;
  orders: Pick<OrderService, "findByCode" | "findById" | "lockByCode">;
  uploads: Pick<UploadService, "claim" | "open">;
}) {
  const { db, refund, esim, orders } = deps;

  async function ownOrder(customerId: string, code: string): Promise<OrderRow> {
    const order = await orders.findByCode(code);
    if (!order || order.customerId !== customerId) throw new ApiError(404, "error.notFound");
    return order;
  }

  async function optionsOf(order: OrderRow, policy?: RefundPolicy) {
    const [esims, chosen, left, requests] = await Promise.all([
      esim.refundState(order.id),
      policy ? Promise.resolve(policy) : refund.policy(),
      refund.left(order),
      refund.requestsOfOrder(order.id),
    ]);
    const options = refundOptions(
      chosen,
      order,
      facts(esims),
      { ...left, openRequest: requests.some((r) => r.status === "REQUESTED") },
      new Date(),
    );
    return { esims, policy: chosen, left, requests, options };
  }

  async function run(input: {
    starter: "OPERATOR" | "SHOPPER" | "DELIVERY";
    operatorId: string | null;
    limited: boolean;
    orderCode: string;
    amount: number;
    destination: RefundDestination;
    reason: string;
    idempotencyKey: string;
    /** Whether the shopper gets the refund e-mail (the console's refund screen asks; default yes). */
    notify?: boolean;
    /** The order history's reason for the move to REFUNDING/REFUNDED (default "operator-refund"). */
    statusReason?: string;
    /** The store's own failure (a failed delivery, ADR 0359): the refund policy's install limits do not apply. */
    ignorePolicy?: boolean;
    /** Only an eSIM nobody installed or used may go (a shopper's own cancel): checked again under the lock. */
    unusedOnly?: boolean;
    /** The shopper's request this refund answers: decided in the same transaction. */
    requestId?: string;
  }): Promise<{ refund: RefundView; replayed: boolean }> {
    const order = await orders.findByCode(input.orderCode);
    if (!order) throw new ApiError(404, "error.notFound");
    // Read before the transaction (an embedded database has one connection).
    const policy = await refund.policy();
    return refund.refund({
      operatorId: input.operatorId,
      starter: input.starter,
      limited: input.limited,
      orderCode: input.orderCode,
      amount: input.amount,
      destination: input.destination,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      notify: input.notify,
      statusReason: input.statusReason,
      alongside: async (tx, effect) => {
        // Under the order's lock: what the eSIMs are now, as the usage feed last recorded them.
        const esims = facts(await esim.refundState(effect.order.id, tx));
        if (input.unusedOnly && (!effect.full || esims.some((e) => e.installed || e.used || e.cancelled)))
          throw new ApiError(409, "refund.block.installed");
        if (input.requestId) {
          const decided = await refund.decideRequest(
            input.requestId,
            {
              status: "APPROVED",
              decidedBy: input.operatorId,
              refundId: effect.refundId,
              decisionReason: null,
            },
            tx,
          );
          if (!decided) throw new ApiError(409, "refund.requestDecided");
        }
        if (!effect.full) return;
        const block = input.ignorePolicy ? null : installedBlock(policy, esims);
        if (block) throw new ApiError(409, `refund.block.${block}`);
        await esim.withdrawForRefund(tx, effect.order.id);
      },
    });
  }

  return {
    run,

    /**
     * A delivery that failed for good (ADRs 0151, 0359): the order is refunded in full through this same flow,
     * to the payment it was made with (and the store credit it used), its issued eSIMs withdrawn and cancelled at
     * the supplier in the refund's transaction. Keyed by the order, so a rerun of the job refunds nothing twice.
     * The shopper's failure e-mail tells of the refund, so the refund e-mail is not sent as well.
     */
    async refundFailedDelivery(orderCode: string, statusReason: string) {
      const order = await orders.findByCode(orderCode);
      if (!order) throw new ApiError(404, "error.notFound");
      const { left } = await refund.left(order);
      if (left <= 0) return null;
      return run({
        starter: "DELIVERY",
        operatorId: null,
        limited: false,
        orderCode,
        amount: left,
        destination: "CARD",
        reason: "The eSIM could not be delivered",
        idempotencyKey: `delivery-failed:${order.id}`,
        notify: false,
        statusReason,
        ignorePolicy: true,
      });
    },

    /** What the shopper may do now on their paid order (the order page's refund panel). */
    async shopperOptions(customerId: string, code: string) {
      const order = await ownOrder(customerId, code);
      const { options, left, requests } = await optionsOf(order);
      return {
        ...options,
        left: left.left,
        currencyCode: order.currencyCode,
        requests: requests.map((r) => ({
          id: r.id,
          status: r.status,
          reason: r.reason,
          destination: r.destination,
          decisionReason: r.decisionReason,
          createdAt: r.createdAt.toISOString(),
          decidedAt: r.decidedAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * A shopper cancels an eSIM never installed nor used, for a full refund, as the policy allows. Keyed by the
     * order: a double click or racing tabs are one refund (the second answers the first's).
     */
    async cancelByShopper(customerId: string, code: string, destination: RefundDestination) {
      const order = await ownOrder(customerId, code);
      const { options, left } = await optionsOf(order);
      const previous = `shopper-cancel:${order.id}`;
      if (!options.cancel.allowed) {
        // Already cancelled by this very request (a double click): answer the same refund.
        // The refund's own key answers it again (or 409 when asked with another destination).
        const done = (await refund.ofOrder(order.id)).find(
          (r) => r.starter === "SHOPPER" && r.reason === SHOPPER_CANCEL_REASON,
        );
        if (done)
          return run({
            starter: "SHOPPER",
            operatorId: null,
            limited: false,
            orderCode: order.code,
            amount: done.amount,
            destination,
            reason: SHOPPER_CANCEL_REASON,
            idempotencyKey: previous,
            unusedOnly: true,
          });
        throw new ApiError(409, `refund.block.${options.cancel.block}`);
      }
      if (!options.destinations.includes(destination)) throw new ApiError(400, "refund.block.noDestination");
      return run({
        starter: "SHOPPER",
        operatorId: null,
        limited: false,
        orderCode: order.code,
        amount: left.left,
        destination,
        reason: SHOPPER_CANCEL_REASON,
        idempotencyKey: previous,
        unusedOnly: true,
      });
    },

    /** A shopper asks for a refund with a reason and an optional screenshot (their upload); an operator decides. */
    async requestByShopper(
      customerId: string,
      code: string,
      input: { reason: string; destination: RefundDestination; screenshot?: string | null },
    ) {
      const order = await ownOrder(customerId, code);
      const { options } = await optionsOf(order);
      if (!options.request.allowed) throw new ApiError(409, `refund.block.${options.request.block}`);
      if (!options.destinations.includes(input.destination))
        throw new ApiError(400, "refund.block.noDestination");
      const row = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const locked = await orders.lockByCode(tx, order.code);
        if (!locked) throw new ApiError(404, "error.notFound");
        const claimed = input.screenshot
          ? await deps.uploads.claim(customerId, [input.screenshot], "support", tx)
          : [];
        const inserted = await refund.insertRequest(
          {
            orderId: locked.id,
            customerId,
            reason: input.reason,
            destination: input.destination,
            uploadId: claimed[0]?.id ?? null,
          },
          tx,
        );
        if (!inserted) throw new ApiError(409, "refund.block.requestOpen");
        return inserted;
      });
      return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
    },

    /** The console's queue: open requests with the order, what is left, and the eSIMs' install and usage state. */
    async queue() {
      const rows = await refund.openRequests();
      return Promise.all(
        rows.map(async (r) => {
          const order = (await orders.findById(r.orderId))!;
          const { esims, left } = await optionsOf(order);
          return {
            id: r.id,
            reason: r.reason,
            destination: r.destination,
            hasScreenshot: r.uploadId !== null,
            createdAt: r.createdAt.toISOString(),
            order: {
              code: order.code,
              status: order.status,
              total: order.total,
              currencyCode: order.currencyCode,
              paidAt: order.paidAt?.toISOString() ?? null,
              contactEmail: order.contactEmail,
              planTitle: order.planTitle,
            },
            left: left.left,
            esims,
          };
        }),
      );
    },

    /** The screenshot a shopper attached to their request, for the console's queue (ADR 0357); null if none. */
    async screenshot(requestId: string) {
      const request = await refund.requestById(requestId);
      if (!request?.uploadId) return null;
      const found = await deps.uploads.open(request.customerId, request.uploadId);
      if (found?.row.kind !== "image") return null;
      return { contentType: found.row.contentType, bytes: found.bytes };
    },

    /** The operator approves a request: the refund flow refunds what is left, as the shopper chose. */
    async approve(operator: { id: string; limited: boolean }, requestId: string) {
      const request = await refund.requestById(requestId);
      if (!request) throw new ApiError(404, "error.notFound");
      const order = await orders.findById(request.orderId);
      if (!order) throw new ApiError(404, "error.notFound");
      const key = `refund-request:${request.id}`;
      if (request.status === "APPROVED" && request.refundId) {
        const done = (await refund.ofOrder(order.id)).find((r) => r.id === request.refundId);
        if (done) return { refund: done, replayed: true };
      }
      if (request.status !== "REQUESTED") throw new ApiError(409, "refund.requestDecided");
      const { left } = await refund.left(order);
      return run({
        starter: "SHOPPER",
        operatorId: operator.id,
        limited: operator.limited,
        orderCode: order.code,
        amount: left,
        destination: request.destination,
        reason: request.reason,
        idempotencyKey: key,
        requestId: request.id,
      });
    },

    /** The operator declines a request with a reason the shopper sees; audited. */
    async decline(operatorId: string, requestId: string, reason: string) {
      const request = await refund.requestById(requestId);
      if (!request) throw new ApiError(404, "error.notFound");
      const order = await orders.findById(request.orderId);
      // The shopper is told by e-mail, in the order's language, written with the decision (ADR 0354).
      const message = order ? await refund.declinedEmail(order, reason).catch(() => null) : null;
      return db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const decided = await refund.decideRequest(
          requestId,
          { status: "DECLINED", decidedBy: operatorId, decisionReason: reason, refundId: null },
          tx,
        );
        if (!decided) throw new ApiError(409, "refund.requestDecided");
        await refund.sendDeclined(message, tx);
        await recordAudit(tx, {
          operatorId,
          action: "order.refund.request.decline",
          entity: "order",
          entityId: order?.code ?? decided.orderId,
          before: { requestId, status: "REQUESTED" },
          after: { requestId, status: "DECLINED", reason },
        });
        return { id: decided.id, status: decided.status, decisionReason: decided.decisionReason };
      });
    },

    /**
     * The console's refund screen (issue 29 item 3): what a refund of this order would do before the operator
     * confirms: what is left, the eSIMs' install and usage state, the eSIM action, and whether the policy allows a
     * full refund.
     */
    async summary(code: string) {
      const order = await orders.findByCode(code);
      if (!order) throw new ApiError(404, "error.notFound");
      const { esims, policy, left, options } = await optionsOf(order);
      const block = installedBlock(policy, facts(esims));
      const live = esims.filter((e) => e.esimState !== "CANCELLED" && e.packageState !== "CANCELLED");
      return {
        left: left.left,
        currencyCode: order.currencyCode,
        esims,
        /** On a full refund: cancel at the supplier (never installed), ask to (installed: the supplier may refuse). */
        esimAction:
          live.length === 0 ? "NONE" : live.some((e) => e.installed || e.used) ? "WITHDRAW_USED" : "CANCEL",
        fullAllowed: block === null,
        block,
        destinations: options.destinations,
        cardRefundDays: policy.cardRefundDays,
        maxUsedPercent: policy.maxUsedPercent,
        notify: order.contactEmail,
      };
    },
  };
}

export type RefundOrderFlow = ReturnType<typeof createRefundOrderFlow>;
export type { RefundOptions };
