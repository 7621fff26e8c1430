import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BulkActionBody } from "../../../core/console-bulk.ts";
import { ConsoleOrderSearch, type ConsoleOrderSearchInput } from "../../../core/console-order-search.ts";
import { CONSOLE_ORDER_FILTERS, ConsoleOrderExport, ConsoleOrderPage } from "../../../core/console-orders.ts";
import { translate } from "../../../core/i18n/index.ts";
import { ICCID_PATTERN } from "../../../core/ids.ts";
import type { RefundOrderFlow } from "../../flows/refund-order.ts";
import { ApiError } from "../../http/errors.ts";
import type { MessageDelivery } from "../../providers/messages/delivery.ts";
import type { Outbox } from "../../providers/messages/outbox.ts";
import type { AccountService } from "../account/service.ts";
import type { SupplierBalances } from "../catalog/supply/balance.ts";
import type { CouponService } from "../coupon/service.ts";
import type { CreditService } from "../credit/service.ts";
import { CREDIT_CURRENCY } from "../credit/service.ts";
import type { EsimService } from "../esim/service.ts";
import type { ConsoleOrderQuery, OrderService } from "../order/service.ts";
import type { PaymentService } from "../payment/service.ts";
import type { ReconcileService } from "../reconcile/service.ts";
import type { RefundService } from "../refund/service.ts";
import type { SiteService } from "../site/service.ts";
import { recordAudit } from "./audit.ts";
import { nothingChanged } from "./audit-scope.ts";
import { createBulkActions } from "./bulk-actions.ts";
import { createOrderExport } from "./order-export.ts";
import { adminRoute } from "./route.ts";
import type { AdminService } from "./service.ts";

const CodeParam = z.object({ code: z.string().trim().min(1).max(32) });
const IccidParam = z.object({
  iccid: z.string().trim().regex(ICCID_PATTERN, "validation.invalid"),
});
const CustomerParam = z.object({ id: z.uuid() });
const Key = z.string().trim().min(8).max(128);
const Reason = z.string().trim().min(3).max(500);
/** A saved view: a name, and the list's filters as its link carries them (each checked as the list checks it). */
const SavedViewBody = z.object({
  name: z.string().trim().min(1).max(60),
  filters: z
    .partialRecord(z.enum(CONSOLE_ORDER_FILTERS), z.string().trim().max(254))
    .transform(
      (filters) =>
        Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>,
    )
    .refine((filters) => ConsoleOrderSearch.safeParse(filters).success, "validation.invalid"),
});
const NoteBody = z.object({ body: z.string().trim().min(1).max(2000) });
const NoteParam = z.object({ id: z.uuid(), noteId: z.uuid() });

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

/**
 * The support and finance side of the console (issue 16): orders (search, timeline, resend the eSIM e-mail,
 * internal notes, refunds), eSIMs (look-up, refresh, cancel an unused profile), customers (search, detail,
 * credit, password reset, deletion) and the dashboard. Every change writes its audit entry in its transaction.
 */
export function adminSupportRoutes(
  app: FastifyInstance,
  services: {
    account: AccountService;
    admin: AdminService;
    coupon: CouponService;
    credit: CreditService;
    delivery: MessageDelivery;
    esim: EsimService;
    order: OrderService;
    outbox: Outbox;
    payment: PaymentService;
    reconcile: ReconcileService;
    refund: RefundService;
    refundOrder: RefundOrderFlow;
    site: SiteService;
    supplierBalances: SupplierBalances;
  },
) {
  const { order, esim, payment, refund, credit, account, admin } = services;
  const { notes } = admin;

  /** The order search's filters as the order module takes them (an exact ICCID becomes its orders' ids). */
  async function orderQuery(query: ConsoleOrderSearchInput): Promise<ConsoleOrderQuery> {
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
  const exporter = createOrderExport({ db: admin.db, order });

  async function orderByCode(code: string) {
    const row = await order.findByCode(code);
    if (!row) throw new ApiError(404, "error.notFound");
    return row;
  }

  // Saved views of the orders list (issue 29, ADR 0362): the operator's own, by name; audited like any change.
  adminRoute(app, {
    method: "GET",
    url: "/orders/views",
    permission: "orders.read",
    handler: async ({ operator }) => ({ views: await admin.savedViews.list(operator.id, "orders") }),
  });

  adminRoute(app, {
    method: "PUT",
    url: "/orders/views",
    permission: "orders.read",
    schema: { body: SavedViewBody },
    handler: async ({ operator, body }) =>
      admin.inTransaction(async (tx) => {
        const saved = await admin.savedViews.save(tx, {
          operatorId: operator.id,
          list: "orders",
          name: body.name,
          filters: body.filters,
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
  });

  adminRoute(app, {
    method: "DELETE",
    url: "/orders/views/:viewId",
    permission: "orders.read",
    schema: { params: z.object({ viewId: z.uuid() }) },
    handler: async ({ operator, params }) =>
      admin.inTransaction(async (tx) => {
        // Only the operator's own view: another's is as unknown as a missing one.
        const removed = await admin.savedViews.remove(tx, operator.id, "orders", params.viewId);
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
  });

  adminRoute(app, {
    method: "GET",
    url: "/orders",
    permission: "orders.read",
    schema: { querystring: ConsoleOrderSearch },
    handler: async ({ query }): Promise<ConsoleOrderPage> => {
      const { rows, total } = await order.consoleSearch(await orderQuery(query), query.page, query.size);
      return ConsoleOrderPage.parse({
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
      });
    },
  });

  // The orders a search matches, as CSV (issue 29): owner and finance only (it holds shoppers' contacts), audited.
  adminRoute(app, {
    method: "POST",
    url: "/orders/export",
    permission: "reports.read",
    schema: { body: ConsoleOrderSearch.omit({ page: true, size: true }) },
    handler: async ({ operator, body }) => {
      const filters = Object.fromEntries(
        Object.entries(body).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
        ),
      );
      const result = await exporter.run(
        operator.id,
        await orderQuery({ ...body, page: 1, size: 1 }),
        filters,
      );
      return ConsoleOrderExport.parse({
        ...result,
        fileName: `orders-${new Date().toISOString().slice(0, 10)}.csv`,
      });
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/orders/:code",
    permission: "orders.read",
    schema: { params: CodeParam },
    handler: async ({ params }) => {
      const row = await orderByCode(params.code);
      const [history, payments, supplier, refunds, orderNotes, outbox, currencies] = await Promise.all([
        order.history(row.id),
        payment.consoleOfOrder(row.id),
        esim.consoleTimelineOfOrder(row.id),
        refund.ofOrder(row.id),
        notes.ofOrder(row.id),
        services.outbox.recent(row.contactEmail, 50),
        services.site.currencies(),
      ]);
      const emails = outbox.filter((m) => m.subject.includes(row.code) || m.body.includes(row.code));
      const timeline = [
        ...history.map((h) => ({
          at: h.at.toISOString(),
          kind: "order",
          label: `${h.fromStatus ?? "—"} → ${h.toStatus}`,
          detail: h.reason,
        })),
        ...payments.flatMap((p) => [
          {
            at: p.createdAt,
            kind: "payment",
            label: `${p.provider} session`,
            detail: `${p.amount} ${p.currencyCode}`,
          },
          ...(p.status !== "CREATED"
            ? [
                {
                  at: p.updatedAt,
                  kind: "payment",
                  label: `${p.provider} ${p.status}`,
                  detail: p.failureCode ?? "",
                },
              ]
            : []),
        ]),
        ...supplier.events,
        ...refunds.map((r) => ({
          at: r.createdAt,
          kind: "refund",
          label: `refund ${r.destination} ${r.status}`,
          detail: `${r.amount} ${r.currencyCode}: ${r.reason}`,
        })),
        ...emails.map((m) => ({
          at: m.createdAt.toISOString(),
          kind: "email",
          label: m.subject,
          detail: m.to,
          delivery: emailDelivery(m, services.delivery.sends("EMAIL")),
        })),
        ...orderNotes.map((n) => ({ at: n.createdAt, kind: "note", label: n.operatorName, detail: n.body })),
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
  });

  adminRoute(app, {
    method: "POST",
    url: "/orders/:code/resend-email",
    permission: "orders.write",
    schema: { params: CodeParam },
    handler: async ({ operator, params }) => {
      const row = await orderByCode(params.code);
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
  });

  // Bulk actions on the orders list (issue 29 item 3, ADR 0383): at most 100 orders, one audit entry per order
  // done, and the same batch key again does nothing again.
  const bulk = createBulkActions({ order, esim });
  adminRoute(app, {
    method: "POST",
    url: "/orders/bulk",
    permission: "orders.write",
    schema: { body: BulkActionBody },
    handler: async ({ operator, body, request }) => {
      const result = await bulk.run(operator.id, body, request.log);
      // Every order skipped (a second submit of the batch, nothing to send or retry): nothing to audit.
      if (result.done === 0) nothingChanged();
      return result;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/orders/:code/notes",
    permission: "orders.write",
    schema: { params: CodeParam, body: z.object({ body: z.string().trim().min(1).max(2000) }) },
    handler: async ({ operator, params, body }) => {
      const row = await orderByCode(params.code);
      return admin.inTransaction(async (tx) => {
        const note = await notes.add(tx, { orderId: row.id, operatorId: operator.id, body: body.body });
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "order.note",
          entity: "order",
          entityId: row.code,
          after: { note: body.body },
        });
        return { id: note.id, createdAt: note.createdAt.toISOString() };
      });
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/orders/:code/refunds",
    permission: "refunds.create",
    schema: {
      params: CodeParam,
      body: z.object({
        amount: z.coerce.number().int().positive().max(100_000_000),
        destination: z.enum(["CARD", "CREDIT"]),
        reason: Reason,
        idempotencyKey: Key,
        /** Tell the shopper by e-mail (the refund screen's checkbox, ADR 0356). */
        notify: z.boolean().default(true),
      }),
    },
    handler: async ({ operator, params, body }) => {
      // The one refund flow (ADR 0336): a full refund also withdraws the eSIMs, as the policy allows.
      const result = await services.refundOrder.run({
        starter: "OPERATOR",
        operatorId: operator.id,
        limited: operator.role === "support",
        orderCode: params.code,
        amount: body.amount,
        destination: body.destination,
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
        notify: body.notify,
      });
      // The same key again answers the refund already made and recorded.
      if (result.replayed) nothingChanged();
      return result;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/refunds/:id/retry",
    permission: "refunds.create",
    schema: { params: z.object({ id: z.uuid() }) },
    handler: async ({ operator, params }) => {
      const result = await refund.retry({ operatorId: operator.id, refundId: params.id });
      // Another operator's retry (or the job) got there first: this one changed nothing.
      if (result.replayed) nothingChanged();
      return result;
    },
  });

  // A card refund that failed for good, given as store credit instead (ADR 0280).
  adminRoute(app, {
    method: "POST",
    url: "/refunds/:id/to-credit",
    permission: "refunds.create",
    schema: { params: z.object({ id: z.uuid() }) },
    handler: async ({ operator, params }) => {
      const result = await refund.replaceWithCredit({
        operatorId: operator.id,
        limited: operator.role === "support",
        refundId: params.id,
      });
      // Asked twice: the second answers the first's credit refund, already recorded.
      if (result.replayed) nothingChanged();
      return result;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/esims/:iccid",
    permission: "esims.read",
    schema: { params: IccidParam },
    handler: async ({ params }) => {
      const found = await esim.consoleByIccid(params.iccid);
      if (!found) throw new ApiError(404, "error.notFound");
      return found;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/esims/:iccid/refresh",
    permission: "esims.refresh",
    unaudited: "stores the supplier's own status and usage; the operator changes nothing",
    schema: { params: IccidParam },
    handler: async ({ params }) => esim.refreshFromSupplier(params.iccid),
  });

  adminRoute(app, {
    method: "POST",
    url: "/esims/:iccid/cancel",
    permission: "orders.write",
    schema: { params: IccidParam, body: z.object({ reason: Reason }) },
    handler: async ({ operator, params, body }) =>
      esim.cancelUnused(params.iccid, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "esim.cancel",
          entity: "esim",
          entityId: params.iccid,
          before: { state: "READY" },
          after: { state: "CANCELLED", reason: body.reason },
        }),
      ),
  });

  adminRoute(app, {
    method: "GET",
    url: "/customers",
    permission: "customers.read",
    schema: { querystring: z.object({ q: z.string().trim().min(1).max(254) }) },
    handler: async ({ query }) => ({ records: await account.consoleSearch(query.q) }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/customers/:id",
    permission: "customers.read",
    schema: { params: CustomerParam },
    handler: async ({ params, operator }) => {
      const customer = await account.consoleCustomer(params.id);
      if (!customer) throw new ApiError(404, "error.notFound");
      const [orders, esims, coupons, balance, history, staffNotes] = await Promise.all([
        order.ofCustomer(params.id),
        esim.consoleOfCustomer(params.id),
        services.coupon.allAvailable(params.id, "en_US"),
        credit.balance(admin.db, params.id),
        credit.history(params.id, 0, 20),
        admin.customerNotes.ofCustomer(params.id),
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
  });

  // Staff notes on customers (issue 29, ADR 0361), as orders have; each write audited with the note's text.
  adminRoute(app, {
    method: "POST",
    url: "/customers/:id/notes",
    permission: "customers.write",
    schema: { params: CustomerParam, body: NoteBody },
    handler: async ({ operator, params, body }) => {
      if (!(await account.consoleCustomer(params.id))) throw new ApiError(404, "error.notFound");
      return admin.inTransaction(async (tx) => {
        const note = await admin.customerNotes.add(tx, {
          customerId: params.id,
          operatorId: operator.id,
          body: body.body,
        });
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.note",
          entity: "customer",
          entityId: params.id,
          after: { noteId: note.id, note: body.body },
        });
        return { id: note.id, createdAt: note.createdAt.toISOString() };
      });
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/customers/:id/notes/:noteId",
    permission: "customers.write",
    schema: { params: NoteParam, body: NoteBody },
    handler: async ({ operator, params, body }) =>
      admin.inTransaction(async (tx) => {
        const edited = await admin.customerNotes.edit(tx, {
          customerId: params.id,
          noteId: params.noteId,
          operatorId: operator.id,
          body: body.body,
        });
        if (edited.outcome === "missing") throw new ApiError(404, "error.notFound");
        // Only its author edits a note, whatever the role (an owner too): it speaks in their name.
        if (edited.outcome === "notAuthor") throw new ApiError(403, "adminApi.noteNotYours");
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.note.edit",
          entity: "customer",
          entityId: params.id,
          before: { noteId: params.noteId, note: edited.before },
          after: { noteId: params.noteId, note: edited.after.body },
        });
        return { id: edited.after.id, editedAt: edited.after.editedAt?.toISOString() ?? null };
      }),
  });

  adminRoute(app, {
    method: "POST",
    url: "/customers/:id/credit-adjustments",
    permission: "credit.adjust",
    schema: {
      params: CustomerParam,
      body: z.object({
        amountMinor: z.coerce
          .number()
          .int()
          .min(-10_000_000)
          .max(10_000_000)
          .refine((n) => n !== 0),
        reason: Reason,
        idempotencyKey: Key,
      }),
    },
    handler: async ({ request, operator, params, body, reply }) => {
      // A deleted account takes no more credit.
      if (!(await account.consoleCustomer(params.id, { active: true })))
        throw new ApiError(404, "error.notFound");
      // Issue 32 (ADR 0313): above the role's limit (support: as for refunds) the adjustment waits, unapplied,
      // for an operator without that limit to approve it: 202 with the pending request.
      const limit = admin.moneyLimit(operator.role, CREDIT_CURRENCY);
      if (limit !== null && Math.abs(body.amountMinor) > limit) {
        reply.code(202);
        return admin.inTransaction(async (tx) => {
          const { request: pending, created } = await credit.requestAdjustment(tx, {
            customerId: params.id,
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
              entityId: params.id,
              after: { requestId: pending.id, amountMinor: body.amountMinor, reason: body.reason, limit },
            });
          return {
            pending,
            message: translate(request.ctx.locale, "adminApi.creditPendingApproval", {
              limit: `${CREDIT_CURRENCY} ${(limit / 100).toFixed(2)}`,
            }),
            balance: await credit.balance(tx, params.id),
          };
        });
      }
      return admin.inTransaction(async (tx) => {
        const before = await credit.balance(tx, params.id);
        const result = await credit.adjust(tx, {
          customerId: params.id,
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
            entityId: params.id,
            before: { balanceMinor: before.balanceMinor },
            after: {
              balanceMinor: before.balanceMinor + result.entry.amountMinor,
              amountMinor: body.amountMinor,
              reason: body.reason,
            },
          });
        return { entry: result?.entry ?? null, balance: await credit.balance(tx, params.id) };
      });
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/credit-adjustments/pending",
    permission: "credit.adjust",
    schema: { querystring: z.object({ customerId: z.uuid().optional() }) },
    handler: async ({ query }) => ({ requests: await credit.pendingAdjustments(query.customerId) }),
  });

  /**
   * Issue 32 (ADR 0313): approve or reject an adjustment that was above its operator's limit. Only an operator
   * whose own limit covers it (finance, owner) may; racing approvals apply it once.
   */
  adminRoute(app, {
    method: "POST",
    url: "/credit-adjustments/:id/:decision",
    permission: "credit.adjust",
    schema: { params: z.object({ id: z.uuid(), decision: z.enum(["approve", "reject"]) }) },
    handler: async ({ operator, params }) => {
      const pending = await credit.adjustmentRequest(params.id);
      if (!pending) throw new ApiError(404, "error.notFound");
      const limit = admin.moneyLimit(operator.role, CREDIT_CURRENCY);
      if (limit !== null && Math.abs(pending.amountMinor) > limit)
        throw new ApiError(403, "adminApi.creditOverLimit", {
          params: { limit: `${CREDIT_CURRENCY} ${(limit / 100).toFixed(2)}` },
        });
      return admin.inTransaction(async (tx) => {
        const before = await credit.balance(tx, pending.customerId);
        const decided =
          params.decision === "approve"
            ? await credit.approveAdjustment(tx, { requestId: params.id, approvedBy: operator.id })
            : {
                entry: null,
                ...(await credit.rejectAdjustment(tx, { requestId: params.id, rejectedBy: operator.id })),
              };
        const balance = await credit.balance(tx, pending.customerId);
        if (!decided.created) nothingChanged();
        else
          await recordAudit(tx, {
            operatorId: operator.id,
            action: params.decision === "approve" ? "customer.credit.approve" : "customer.credit.reject",
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
  });

  adminRoute(app, {
    method: "POST",
    url: "/customers/:id/password-reset",
    permission: "customers.write",
    schema: { params: CustomerParam },
    handler: async ({ operator, params }) =>
      account.sendResetByOperator(params.id, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.password_reset",
          entity: "customer",
          entityId: params.id,
        }),
      ),
  });

  adminRoute(app, {
    method: "POST",
    url: "/customers/:id/deletion",
    permission: "customers.write",
    schema: { params: CustomerParam, body: z.object({ reason: Reason }) },
    handler: async ({ operator, params, body }) =>
      account.deleteByOperator(params.id, (tx) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "customer.delete",
          entity: "customer",
          entityId: params.id,
          after: { reason: body.reason },
        }),
      ),
  });

  adminRoute(app, {
    method: "GET",
    url: "/dashboard",
    permission: "dashboard.read",
    handler: async () => {
      const [orders, balances, pendingRefunds, failedRefunds, mismatches] = await Promise.all([
        order.dashboard(),
        services.supplierBalances.latest(),
        refund.pendingSince(new Date(Date.now() - 15 * 60_000)),
        refund.failedRecently(),
        // The reconciliation's unresolved mismatches (issue 29 item 4, ADR 0365).
        services.reconcile.openCount(),
      ]);
      const failedOrders = await Promise.all(failedRefunds.map((r) => order.findById(r.orderId)));
      const codes = new Map(failedOrders.flatMap((o) => (o ? [[o.id, o.code] as const] : [])));
      const alerts: { kind: string; supplier?: string; orderCode?: string; refundId?: string }[] = [
        ...balances.filter((b) => b.low).map((b) => ({ kind: "supplier.low", supplier: b.supplier })),
        // ADR 0236: a card refund the provider refused after every retry needs an operator.
        ...failedRefunds.map((r) => ({
          kind: "refund.failed",
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
  });
}
