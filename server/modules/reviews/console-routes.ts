import type { FastifyInstance } from "fastify";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { ReviewConsole } from "./console-service.ts";

// Review moderation in the console (issue 16 Content, issue 12; ADR 0235): the newest reviews first, by plan
// and status; an operator hides one with a reason, which is kept with the review and in the audit log. Each
// endpoint is its contract (console-contract.ts, ADR 0407); the use cases are the review console's, which the
// reviews module builds (ADR 0420).
export function consoleReviewRoutes(app: FastifyInstance, services: { reviewConsole: ReviewConsole }) {
  const moderation = services.reviewConsole;

  adminRoute(app, api.listReviews, ({ query }) => moderation.list(query));
  adminRoute(app, api.hideReview, ({ operator, params, body }) =>
    moderation.hide(operator, params.id, body.reason),
  );
}
