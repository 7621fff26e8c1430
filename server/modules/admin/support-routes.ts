import type { FastifyInstance } from "fastify";
import type { RefundOrderFlow } from "../../flows/refund-order.ts";
import { createSupportConsole } from "../../flows/support-console.ts";
import type { MessageDelivery } from "../../providers/messages/delivery.ts";
import type { Outbox } from "../../providers/messages/outbox.ts";
import type { AccountService } from "../account/service.ts";
import type { SupplierBalances } from "../catalog/supply/balance.ts";
import type { CouponService } from "../coupon/service.ts";
import type { CreditService } from "../credit/service.ts";
import type { EsimService } from "../esim/service.ts";
import type { OrderService } from "../order/service.ts";
import type { PaymentService } from "../payment/service.ts";
import type { ReconcileService } from "../reconcile/service.ts";
import type { RefundService } from "../refund/service.ts";
import type { SiteService } from "../site/service.ts";
import { adminRoute } from "./route.ts";
import type { AdminService } from "./service.ts";
import * as api from "./support-contract.ts";

/**
 * The support and finance side of the console (issue 16): orders (search, saved views, export, bulk actions, the
 * timeline, resend the eSIM e-mail, internal notes, refunds), eSIMs (look-up, refresh, cancel an unused profile),
 * customers (search, detail, notes, credit, password reset, deletion) and the dashboard. Each endpoint is its
 * contract (support-contract.ts, ADR 0407); the use cases are the support console's (server/flows/support-console.ts,
 * ADR 0413), each writing its audit entry in its own transaction.
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
  const support = createSupportConsole(services);

  // Orders.
  adminRoute(app, api.listOrderViews, ({ operator }) => support.views(operator));
  adminRoute(app, api.saveOrderView, ({ operator, body }) => support.saveView(operator, body));
  adminRoute(app, api.deleteOrderView, ({ operator, params }) => support.deleteView(operator, params.viewId));
  adminRoute(app, api.searchOrders, ({ query }) => support.searchOrders(query));
  adminRoute(app, api.exportOrders, ({ operator, body }) => support.exportOrders(operator, body));
  adminRoute(app, api.bulkOrders, ({ operator, body, request }) => support.bulk(operator, body, request.log));
  adminRoute(app, api.orderDetail, ({ params }) => support.orderDetail(params.code));
  adminRoute(app, api.resendOrderEmail, ({ operator, params }) => support.resendEmail(operator, params.code));
  adminRoute(app, api.addOrderNote, ({ operator, params, body }) =>
    support.addOrderNote(operator, params.code, body.body),
  );
  adminRoute(app, api.refundOrder, ({ operator, params, body }) =>
    support.refund(operator, params.code, body),
  );
  adminRoute(app, api.retryRefund, ({ operator, params }) => support.retryRefund(operator, params.id));
  adminRoute(app, api.refundToCredit, ({ operator, params }) => support.refundToCredit(operator, params.id));

  // eSIMs.
  adminRoute(app, api.esimByIccid, ({ params }) => support.esim(params.iccid));
  adminRoute(app, api.refreshEsim, ({ params }) => support.refreshEsim(params.iccid));
  adminRoute(app, api.cancelEsim, ({ operator, params, body }) =>
    support.cancelEsim(operator, params.iccid, body.reason),
  );

  // Customers.
  adminRoute(app, api.searchCustomers, ({ query }) => support.searchCustomers(query.q));
  adminRoute(app, api.customerDetail, ({ operator, params }) => support.customer(operator, params.id));
  adminRoute(app, api.addCustomerNote, ({ operator, params, body }) =>
    support.addCustomerNote(operator, params.id, body.body),
  );
  adminRoute(app, api.editCustomerNote, ({ operator, params, body }) =>
    support.editCustomerNote(operator, params.id, params.noteId, body.body),
  );
  adminRoute(app, api.adjustCredit, async ({ operator, params, body, request, reply }) => {
    const { accepted, answer } = await support.adjustCredit(operator, params.id, body, request.ctx.locale);
    // Above the operator's limit: kept for approval, not applied (ADR 0313).
    if (accepted) reply.code(202);
    return answer;
  });
  adminRoute(app, api.pendingCreditAdjustments, ({ query }) => support.pendingAdjustments(query.customerId));
  adminRoute(app, api.decideCreditAdjustment, ({ operator, params }) =>
    support.decideAdjustment(operator, params.id, params.decision),
  );
  adminRoute(app, api.customerPasswordReset, ({ operator, params }) =>
    support.sendPasswordReset(operator, params.id),
  );
  adminRoute(app, api.deleteCustomer, ({ operator, params, body }) =>
    support.deleteCustomer(operator, params.id, body.reason),
  );

  // The dashboard.
  adminRoute(app, api.dashboard, () => support.dashboard());
}
