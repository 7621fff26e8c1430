import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { OrderCodeParam } from "../../../core/ids.ts";
import { RefundPolicySchema } from "../../../core/refund-policy.ts";
import type { RefundOrderFlow } from "../../flows/refund-order.ts";
import { ApiError } from "../../http/errors.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { CACHE_TAGS } from "../../infra/cache.ts";
import { nothingChanged } from "../admin/audit-scope.ts";
import { adminRoute } from "../admin/route.ts";
import type { RefundService } from "./service.ts";

const DecisionReason = z.string().trim().min(3).max(500);

/**
 * The console's side of the one refund flow (issue 29, ADRs 0336-0338): the refund screen's summary, the refund
 * policy the operator edits, and the queue of shoppers' refund requests (approve, decline with a reason).
 * The refund itself stays `POST /orders/:code/refunds` (support-routes.ts), which runs the same flow.
 */
export function consoleRefundRoutes(
  app: FastifyInstance,
  services: { cache: SharedCache; refund: RefundService; refundOrder: RefundOrderFlow },
) {
  const { refund, refundOrder } = services;

  adminRoute(app, {
    method: "GET",
    url: "/orders/:code/refund-summary",
    permission: "orders.read",
    schema: { params: OrderCodeParam },
    handler: async ({ params }) => refundOrder.summary(params.code),
  });

  adminRoute(app, {
    method: "GET",
    url: "/refund-policy",
    permission: "orders.read",
    schema: {},
    handler: async () => refund.policy(),
  });

  adminRoute(app, {
    method: "PUT",
    url: "/refund-policy",
    permission: "refunds.policy",
    schema: { body: RefundPolicySchema },
    handler: async ({ operator, body }) => {
      const saved = await refund.savePolicy(operator.id, body);
      // The refund policy page renders from it (ADR 0353): every instance drops its cached copy.
      await services.cache.invalidate([CACHE_TAGS.content]);
      return saved;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/refund-requests",
    permission: "orders.read",
    schema: {},
    handler: async () => ({ requests: await refundOrder.queue() }),
  });

  // The shopper's screenshot beside their request in the queue (ADR 0357): an image of theirs, served to operators
  // only, never run as a document.
  adminRoute(app, {
    method: "GET",
    url: "/refund-requests/:id/screenshot",
    permission: "orders.read",
    schema: { params: z.object({ id: z.uuid() }) },
    handler: async ({ params, reply }) => {
      const found = await refundOrder.screenshot(params.id);
      if (!found) throw new ApiError(404, "error.notFound");
      return reply
        .header("content-type", found.contentType)
        .header("content-length", found.bytes.length)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
        .header("cross-origin-resource-policy", "same-origin")
        .header("content-disposition", "inline")
        .send(found.bytes);
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/refund-requests/:id/approve",
    permission: "refunds.create",
    schema: { params: z.object({ id: z.uuid() }) },
    handler: async ({ operator, params }) => {
      const result = await refundOrder.approve(
        { id: operator.id, limited: operator.role === "support" },
        params.id,
      );
      if (result.replayed) nothingChanged();
      return result;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/refund-requests/:id/decline",
    permission: "refunds.create",
    schema: { params: z.object({ id: z.uuid() }), body: z.object({ reason: DecisionReason }) },
    handler: async ({ operator, params, body }) => refundOrder.decline(operator.id, params.id, body.reason),
  });
}
