import type { FastifyInstance } from "fastify";
import { createRefundConsole } from "../../flows/refund-console.ts";
import type { RefundOrderFlow } from "../../flows/refund-order.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { RefundService } from "./service.ts";

/**
 * The console's side of the one refund flow (issue 29, ADRs 0336-0338): the refund screen's summary, the refund
 * policy the operator edits, and the queue of shoppers' refund requests (approve, decline with a reason). Each
 * endpoint is its contract (console-contract.ts, ADR 0407); the use cases are the refund console's
 * (server/flows/refund-console.ts, over the refund flow). The refund itself stays `POST /orders/:code/refunds` (support-routes.ts), the same flow.
 */
export function consoleRefundRoutes(
  app: FastifyInstance,
  services: { cache: SharedCache; refund: RefundService; refundOrder: RefundOrderFlow },
) {
  const refunds = createRefundConsole({
    refund: services.refund,
    refundOrder: services.refundOrder,
    cache: services.cache,
  });

  adminRoute(app, api.refundSummary, ({ params }) => refunds.summary(params.code));
  adminRoute(app, api.getRefundPolicy, () => refunds.policy());
  adminRoute(app, api.saveRefundPolicy, ({ operator, body }) => refunds.savePolicy(operator, body));
  adminRoute(app, api.listRefundRequests, () => refunds.queue());

  // The shopper's screenshot (ADR 0357): an image of theirs, served to operators only, never run as a document.
  // Its answer is bytes, not JSON, so it registers from the contract's path and permission without a response check.
  const screenshot = api.refundScreenshot;
  // An image, not JSON: the reply is sent here, so no answer is left for the contract's check.
  adminRoute(app, screenshot, async ({ params, reply }) => {
    const found = await refunds.screenshot(params.id);
    return reply
      .header("content-type", found.contentType)
      .header("content-length", found.bytes.length)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
      .header("cross-origin-resource-policy", "same-origin")
      .header("content-disposition", "inline")
      .send(found.bytes);
  });

  adminRoute(app, api.approveRefundRequest, ({ operator, params }) => refunds.approve(operator, params.id));
  adminRoute(app, api.declineRefundRequest, ({ operator, params, body }) =>
    refunds.decline(operator, params.id, body.reason),
  );
}
