import type { BulkActionBody } from "../../core/console-bulk.ts";
import type { ConsoleOrderSearchInput } from "../../core/console-order-search.ts";
import type { Locale } from "../../core/constants.ts";
import { translate } from "../../core/i18n/index.ts";
import { ApiError } from "../http/errors.ts";
import type { AccountService } from "../modules/account/service.ts";
import { recordAudit } from "../modules/admin/audit.ts";
import { nothingChanged } from "../modules/admin/audit-scope.ts";
import { createBulkActions } from "../modules/admin/bulk-actions.ts";
import { createOrderExport } from "../modules/admin/order-export.ts";
import type { AdminService } from "../modules/admin/service.ts";
import type { SupplierBalances } from "../modules/catalog/supply/balance.ts";
import type { CouponService } from "../modules/coupon/service.ts";
import { CREDIT_CURRENCY, type CreditService } from "../modules/credit/service.ts";
import type { EsimService } from "../modules/esim/service.ts";
import type { ConsoleOrderQuery, OrderService } from "../modules/order/service.ts";
import type { PaymentService } from "../modules/payment/service.ts";
import type { ReconcileService } from "../modules/reconcile/service.ts";
import type { RefundService } from "../modules/refund/service.ts";
import type { SiteService } from "../modules/site/service.ts";
import type { MessageDelivery } from "../providers/messages/delivery.ts";
import type { Outbox } from "../providers/messages/outbox.ts";
import type { RefundOrderFlow } from "./refund-order.ts";

// The console's support and finance use cases (issue 16; issue 33 item 1, ADR 0413): orders (search, saved views,
// export, bulk actions, the order's timeline, e-mail re-sends, notes, refunds), eSIMs, customers (notes, credit,
// password reset, deletion) and the dashboard. They read and change several modules, so they live here, as the
// refund console's do (refund-console.ts). Each change owns its transaction and its audit entry; the console routes
// (server/modules/admin/support-routes.ts) only validate, call and shape.

interface Operator {
  id: string;
  role: string;
}

export interface SupportConsoleDeps {
  account: AccountService;
  admin: AdminService;
  coupon: Pick<CouponService, "allAvailable">;
  credit: CreditService;
  delivery: Pick<MessageDelivery, "sends">;
  esim: EsimService;
  order: OrderService;
  outbox: Pick<Outbox, "recent">;
  payment: Pick<PaymentService, "consoleOfOrder">;
  reconcile: Pick<ReconcileService, "openCount">;
  refund: RefundService;
  refundOrder: Pick<RefundOrderFlow, "run">;
  site: Pick<SiteService, "currencies">;
  supplierBalances: Pick<SupplierBalances, "latest">;
}

/**
 * An e-mail's real delivery state on the order's timeline (issue 29): SENT (the mail server took it, with when),
 * FAILED (every attempt failed), RETRYING (an attempt failed, the next is due), QUEUED (waiting for its first
 * attempt) or UNSENT (no e-mail server is configured, so it stays in the outbox). The error text stays in the
 * log: operators see the state, never a mail server's answer.
 */
export function emailDelivery(
  message: { status: string; attempts: number; sentAt: Date | null; nextAttemptAt: Date },
  transport: boolean,
) {
  const state =
    message.status === "SENT"
      ? "SENT"
      : message.status === "FAILED"
        ? "FAILED"
        : !transport
          ? "UNSENT"
          : message.attempts > 0
            ? "RETRYING"
            : "QUEUED";
  return {
    state,
    attempts: message.attempts,
    at:
      (state === "SENT"
        ? message.sentAt
        : state === "RETRYING"
          ? message.nextAttemptAt
          : null
      )?.toISOString() ?? null,
  } as const;
}

/** An amount in the credit currency as the limits' messages show it ("HKD 500.00"). */
const limitText = (limit: number) => `${CREDIT_CURRENCY} ${(limit / 100).toFixed(2)}`;

export function createSupportConsole(deps: SupportConsoleDeps) {
  const { account, admin, credit, esim, order, payment, refund } = deps;
  const { notes, customerNotes, savedViews } = admin;
  const exporter = createOrderExport({ db: admin.db, order });
  const bulk = createBulkActions({ order, esim });

  /** The order search's filters as the order module takes them (an exact ICCID becomes its orders' ids). */
  async function orderQuery(
    query: Omit<ConsoleOrderSearchInput, "page" | "size">,
  ): Promise<ConsoleOrderQuery> {
    const to = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
    return {
      q: query.q || undefined,
      code: query.code || undefined,
      email: query.email || undefined,
      orderIds: query.iccid ? await esim.orderIdsOfIccid(query.iccid) : undefined,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to,
      status: query.status || undefined,
      paymentProvider: query.payment || undefined,
      supplier: query.supplier || undefined,
      currency: query.currency || undefined,
    };
  }

  async function orderByCode(code: string) {
    const row = await order.findByCode(code);
    if (!row) throw new ApiError(404, "error.notFound");
    return row;
  }

  return {
    // Saved views of the orders list (issue 29, ADR 0362): the operator's own, by name; audited like any change.

    views: async (operator: Operator) => ({ views: await savedViews.list(operator.id, "orders") }),

    saveView: (operator: Operator, view: { name: string; filters: Record<string, string> }) =>
      admin.inTransaction(async (tx) => {
        const saved = await savedViews.save(tx, {
          operatorId: operator.id,
          list: "orders",
          name: view.name,
          filters: view.filters,
        });
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "orders.view.save",
          entity: "operator",
          entityId: operator.id,
          before: saved.before ? { name: saved.before.name, filters: saved.before.filters } : null,
          after: { name: saved.after.name, filters: saved.after.filters },
        });
        return saved.after;
      }),

    deleteView: (operator: Operator, viewId: string) =>
      admin.inTransaction(async (tx) => {
        // Only the operator's own view: another's is as unknown as a missing one.
        const removed = await savedViews.remove(tx, operator.id, "orders", viewId);
        if (!removed) throw new ApiError(404, "error.notFound");
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "orders.view.delete",
          entity: "operator",
          entityId: operator.id,
          before: { name: removed.name, filters: removed.filters },
        });
        return { deleted: removed.id };
      }),

    async searchOrders(query: ConsoleOrderSearchInput) {
      const { rows, total } = await order.consoleSearch(await orderQuery(query), query.page, query.size);
      return {
        total,
        page: query.page,
        size: query.size,
        records: rows.map((row) => ({
          code: row.code,
          status: row.status,
          contactEmail: row.contactEmail,
          planTitle: row.planTitle,
          quantity: row.quantity,
          total: row.total,
          currencyCode: row.currencyCode,
          paymentProvider: row.paymentProvider,
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
        })),
      };
    },

    /** The orders a search matches, as CSV (issue 29); the export writes its own audit entry. */
    async exportOrders(operator: Operator, search: Omit<ConsoleOrderSearchInput, "page" | "size">) {
      const filters = Object.fromEntries(
        Object.entries(search).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
        ),
      );
      const result = await exporter.run(operator.id, await orderQuery(search), filters);
      return { ...result, fileName: `orders-${new Date().toISOString().slice(0, 10)}.csv` };
    },

    /**
     * Bulk actions on the orders list (issue 29 item 3, ADR 0383): at most 100 orders, one audit entry per order
     * done, and the same batch key again does nothing again.
     */
    async bulk(
      operator: Operator,
      body: BulkActionBody,
      log: { warn(details: object, message: string): void },
    ) {
      const result = await bulk.run(operator.id, body, log);
      // Every order skipped (a second submit of the batch, nothing to send or retry): nothing to audit.
      if (result.done === 0) nothingChanged();
      return result;
    },

    /** One order with its refunds, notes, eSIMs, and its timeline across the modules that touched it. */
    async orderDetail(code: string) {
      const row = await orderByCode(code);
      const [history, payments, supplier, refunds, orderNotes, outbox, currencies] = await Promise.all([
        order.history(row.id),
        payment.consoleOfOrder(row.id),
        esim.consoleTimelineOfOrder(row.id),
        refund.ofOrder(row.id),
        notes.ofOrder(row.id),
        deps.outbox.recent(row.contactEmail, 50),
        deps.site.currencies(),
      ]);
      const emails = outbox.filter((m) => m.subject.includes(row.code) || m.body.includes(row.code));
      const sends = deps.delivery.sends("EMAIL");
      const timeline = [
        ...history.map((h) => ({
          at: h.at.toISOString(),
          kind: "order" as const,
          label: `${h.fromStatus ?? "—"} → ${h.toStatus}`,
          detail: h.reason,
        })),
        ...payments.flatMap((p) => [
          {
            at: p.createdAt,
            kind: "payment" as const,
            label: `${p.provider} session`,
            detail: `${p.amount} ${p.currencyCode}`,
          },
          ...(p.status !== "CREATED"
            ? [
                {
                  at: p.updatedAt,
                  kind: "payment" as const,
                  label: `${p.provider} ${p.status}`,
                  detail: p.failureCode ?? "",
                },
              ]
            : []),
        ]),
        ...supplier.events,
        ...refunds.map((r) => ({
          at: r.createdAt,
          kind: "refund" as const,
          label: `refund ${r.destination} ${r.status}`,
          detail: `${r.amount} ${r.currencyCode}: ${r.reason}`,
        })),
        ...emails.map((m) => ({
          at: m.createdAt.toISOString(),
          kind: "email" as const,
          label: m.subject,
          detail: m.to,
          delivery: emailDelivery(m, sends),
        })),
        ...orderNotes.map((n) => ({
          at: n.createdAt,
          kind: "note" as const,
          label: n.operatorName,
          detail: n.body,
        })),
      ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      // ADR 0237: card parts of refunds that did not fail (nor were replaced by credit, ADR 0280), and every
      // credit part (given back when recorded).
      const refunded = refunds.reduce(
        (sum, r) =>
          sum + r.creditPart + (r.status === "PENDING" || r.status === "SUCCEEDED" ? r.cardPart : 0),
        0,
      );
      return {
        order: {
          code: row.code,
          status: row.status,
          customerId: row.customerId,
          contactEmail: row.contactEmail,
          contactPhone: row.contactPhone,
          planTitle: row.planTitle,
          quantity: row.quantity,
          subtotal: row.subtotal,
          couponDiscount: row.couponDiscount,
          promoDiscount: row.promoDiscount,
          creditAmount: row.creditAmount,
          total: row.total,
          currencyCode: row.currencyCode,
          minorDigits: currencies.get(row.currencyCode)?.minorDigits ?? 2,
          locale: row.locale,
          createdAt: row.createdAt.toISOString(),
          paidAt: row.paidAt?.toISOString() ?? null,
          paymentProvider: row.paymentProvider,
          topUpIccid: row.topUpIccid,
        },
        refunded,
        refundable:
          row.paidAt && ["PAID", "FULFILLING", "COMPLETED"].includes(row.status)
            ? row.total + row.creditAmount - refunded
            : 0,
        refunds,
        notes: orderNotes,
        esims: supplier.esims,
        timeline,
      };
    },

    /** Sends the order's eSIM e-mail again, audited in the send's transaction. */
    async resendEmail(operator: Operator, code: string) {
      const row = await orderByCode(code);
      return esim.resendDelivery(row.id, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "order.resend_email",
          entity: "order",
          entityId: row.code,
          after: { to: row.contactEmail },
        }),
      );
    },

    async addOrderNote(operator: Operator, code: string, body: string) {
      const row = await orderByCode(code);
      return admin.inTransaction(async (tx) => {
        const note = await notes.add(tx, { orderId: row.id, operatorId: operator.id, body });
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "order.note",
          entity: "order",
          entityId: row.code,
          after: { note: body },
        });
        return { id: note.id, createdAt: note.createdAt.toISOString() };
      });
    },

    /** The one refund flow (ADR 0336): a full refund also withdraws the eSIMs, as the policy allows. */
    async refund(
      operator: Operator,
      code: string,
      body: {
        amount: number;
        destination: "CARD" | "CREDIT";
        reason: string;
        idempotencyKey: string;
        notify: boolean;
      },
    ) {
      const result = await deps.refundOrder.run({
        starter: "OPERATOR",
        operatorId: operator.id,
        limited: operator.role === "support",
        orderCode: code,
        ...body,
      });
      // The same key again answers the refund already made and recorded.
      if (result.replayed) nothingChanged();
      return result;
    },

    async retryRefund(operator: Operator, refundId: string) {
      const result = await refund.retry({ operatorId: operator.id, refundId });
      // Another operator's retry (or the job) got there first: this one changed nothing.
      if (result.replayed) nothingChanged();
      return result;
    },

    /** A card refund that failed for good, given as store credit instead (ADR 0280). */
    async refundToCredit(operator: Operator, refundId: string) {
      const result = await refund.replaceWithCredit({
        operatorId: operator.id,
        limited: operator.role === "support",
        refundId,
      });
      // Asked twice: the second answers the first's credit refund, already recorded.
      if (result.replayed) nothingChanged();
      return result;
    },

    // eSIMs.

    async esim(iccid: string) {
      const found = await esim.consoleByIccid(iccid);
      if (!found) throw new ApiError(404, "error.notFound");
      return found;
    },

    refreshEsim: (iccid: string) => esim.refreshFromSupplier(iccid),

    /** Cancels a profile nobody installed or used, at its supplier and here, audited in the same transaction. */
    cancelEsim: (operator: Operator, iccid: string, reason: string) =>
      esim.cancelUnused(iccid, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "esim.cancel",
          entity: "esim",
          entityId: iccid,
          before: { state: "READY" },
          after: { state: "CANCELLED", reason },
        }),
      ),

    // Customers.

    searchCustomers: async (q: string) => ({ records: await account.consoleSearch(q) }),

    async customer(operator: Operator, id: string) {
      const customer = await account.consoleCustomer(id);
      if (!customer) throw new ApiError(404, "error.notFound");
      const [orders, esims, coupons, balance, history, staffNotes] = await Promise.all([
        order.ofCustomer(id),
        esim.consoleOfCustomer(id),
        deps.coupon.allAvailable(id, "en_US"),
        credit.balance(admin.db, id),
        credit.history(id, 0, 20),
        customerNotes.ofCustomer(id),
      ]);
      return {
        customer,
        // Staff notes (ADR 0361): `mine` says which the signed-in operator may edit (the API checks it again).
        notes: staffNotes.map((n) => ({ ...n, mine: n.operatorId === operator.id })),
        orders: orders.map((o) => ({
          code: o.code,
          status: o.status,
          total: o.total,
          currencyCode: o.currencyCode,
          createdAt: o.createdAt.toISOString(),
        })),
        esims,
        coupons,
        credit: { ...balance, history },
      };
    },

    /** Staff notes on customers (issue 29, ADR 0361), as orders have; each write audited with the note's text. */
    async addCustomerNote(operator: Operator, customerId: string, body: string) {
      if (!(await account.consoleCustomer(customerId))) throw new ApiError(404, "error.notFound");
      return admin.inTransaction(async (tx) => {
        const note = await customerNotes.add(tx, { customerId, operatorId: operator.id, body });
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.note",
          entity: "customer",
          entityId: customerId,
          after: { noteId: note.id, note: body },
        });
        return { id: note.id, createdAt: note.createdAt.toISOString() };
      });
    },

    editCustomerNote: (operator: Operator, customerId: string, noteId: string, body: string) =>
      admin.inTransaction(async (tx) => {
        const edited = await customerNotes.edit(tx, { customerId, noteId, operatorId: operator.id, body });
        if (edited.outcome === "missing") throw new ApiError(404, "error.notFound");
        // Only its author edits a note, whatever the role (an owner too): it speaks in their name.
        if (edited.outcome === "notAuthor") throw new ApiError(403, "adminApi.noteNotYours");
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.note.edit",
          entity: "customer",
          entityId: customerId,
          before: { noteId, note: edited.before },
          after: { noteId, note: edited.after.body },
        });
        return { id: edited.after.id, editedAt: edited.after.editedAt?.toISOString() ?? null };
      }),

    /**
     * An operator's credit adjustment. Issue 32 (ADR 0313): above the role's limit (support: as for refunds) it
     * waits, unapplied, for an operator without that limit to approve it (`accepted`: the route answers 202).
     */
    async adjustCredit(
      operator: Operator,
      customerId: string,
      body: { amountMinor: number; reason: string; idempotencyKey: string },
      locale: Locale,
    ) {
      // A deleted account takes no more credit.
      if (!(await account.consoleCustomer(customerId, { active: true })))
        throw new ApiError(404, "error.notFound");
      const limit = admin.moneyLimit(operator.role, CREDIT_CURRENCY);
      if (limit !== null && Math.abs(body.amountMinor) > limit) {
        const answer = await admin.inTransaction(async (tx) => {
          const { request: pending, created } = await credit.requestAdjustment(tx, {
            customerId,
            amountMinor: body.amountMinor,
            note: body.reason,
            idempotencyKey: `console:${body.idempotencyKey}`,
            requestedBy: operator.id,
          });
          if (!created) nothingChanged();
          else
            await recordAudit(tx, {
              operatorId: operator.id,
              action: "customer.credit.request",
              entity: "customer",
              entityId: customerId,
              after: { requestId: pending.id, amountMinor: body.amountMinor, reason: body.reason, limit },
            });
          return {
            pending,
            message: translate(locale, "adminApi.creditPendingApproval", { limit: limitText(limit) }),
            balance: await credit.balance(tx, customerId),
          };
        });
        return { accepted: true as const, answer };
      }
      const answer = await admin.inTransaction(async (tx) => {
        const before = await credit.balance(tx, customerId);
        const result = await credit.adjust(tx, {
          customerId,
          amountMinor: body.amountMinor,
          reason: "credit.adjustedByOperator",
          source: `operator:${operator.id}`,
          idempotencyKey: `console:${body.idempotencyKey}`,
          note: body.reason,
        });
        if (!result?.created) nothingChanged();
        else
          await recordAudit(tx, {
            operatorId: operator.id,
            action: "customer.credit.adjust",
            entity: "customer",
            entityId: customerId,
            before: { balanceMinor: before.balanceMinor },
            after: {
              balanceMinor: before.balanceMinor + result.entry.amountMinor,
              amountMinor: body.amountMinor,
              reason: body.reason,
            },
          });
        return { entry: result?.entry ?? null, balance: await credit.balance(tx, customerId) };
      });
      return { accepted: false as const, answer };
    },

    pendingAdjustments: async (customerId?: string) => ({
      requests: await credit.pendingAdjustments(customerId),
    }),

    /**
     * Issue 32 (ADR 0313): approve or reject an adjustment that was above its operator's limit. Only an operator
     * whose own limit covers it (finance, owner) may; racing approvals apply it once.
     */
    async decideAdjustment(operator: Operator, requestId: string, decision: "approve" | "reject") {
      const pending = await credit.adjustmentRequest(requestId);
      if (!pending) throw new ApiError(404, "error.notFound");
      const limit = admin.moneyLimit(operator.role, CREDIT_CURRENCY);
      if (limit !== null && Math.abs(pending.amountMinor) > limit)
        throw new ApiError(403, "adminApi.creditOverLimit", { params: { limit: limitText(limit) } });
      return admin.inTransaction(async (tx) => {
        const before = await credit.balance(tx, pending.customerId);
        const decided =
          decision === "approve"
            ? await credit.approveAdjustment(tx, { requestId, approvedBy: operator.id })
            : { entry: null, ...(await credit.rejectAdjustment(tx, { requestId, rejectedBy: operator.id })) };
        const balance = await credit.balance(tx, pending.customerId);
        if (!decided.created) nothingChanged();
        else
          await recordAudit(tx, {
            operatorId: operator.id,
            action: decision === "approve" ? "customer.credit.approve" : "customer.credit.reject",
            entity: "customer",
            entityId: pending.customerId,
            before: { balanceMinor: before.balanceMinor, status: "PENDING" },
            after: {
              balanceMinor: balance.balanceMinor,
              status: decided.request.status,
              requestId: pending.id,
              amountMinor: pending.amountMinor,
              requestedBy: pending.requestedBy,
            },
          });
        return { request: decided.request, entry: decided.entry, balance };
      });
    },

    sendPasswordReset: (operator: Operator, customerId: string) =>
      account.sendResetByOperator(customerId, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.password_reset",
          entity: "customer",
          entityId: customerId,
        }),
      ),

    deleteCustomer: (operator: Operator, customerId: string, reason: string) =>
      account.deleteByOperator(customerId, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.delete",
          entity: "customer",
          entityId: customerId,
          after: { reason },
        }),
      ),

    /** The dashboard (issue 16): order figures, supplier balances, refunds waiting or failed, open mismatches. */
    async dashboard() {
      const [orders, balances, pendingRefunds, failedRefunds, mismatches] = await Promise.all([
        order.dashboard(),
        deps.supplierBalances.latest(),
        refund.pendingSince(new Date(Date.now() - 15 * 60_000)),
        refund.failedRecently(),
        // The reconciliation's unresolved mismatches (issue 29 item 4, ADR 0365).
        deps.reconcile.openCount(),
      ]);
      const failedOrders = await Promise.all(failedRefunds.map((r) => order.findById(r.orderId)));
      const codes = new Map(failedOrders.flatMap((o) => (o ? [[o.id, o.code] as const] : [])));
      const alerts: {
        kind: "supplier.low" | "refund.failed";
        supplier?: string;
        orderCode?: string;
        refundId?: string;
      }[] = [
        ...balances
          .filter((b) => b.low)
          .map((b) => ({ kind: "supplier.low" as const, supplier: b.supplier })),
        // ADR 0236: a card refund the provider refused after every retry needs an operator.
        ...failedRefunds.map((r) => ({
          kind: "refund.failed" as const,
          orderCode: codes.get(r.orderId) ?? "",
          refundId: r.id,
        })),
      ];
      return {
        ...orders,
        balances,
        alerts,
        pendingRefunds: pendingRefunds.length,
        failedRefunds: failedRefunds.length,
        reconcileOpen: mismatches,
      };
    },
  };
}

export type SupportConsole = ReturnType<typeof createSupportConsole>;
