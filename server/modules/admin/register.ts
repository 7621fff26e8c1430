import type { FastifyInstance } from "fastify";
import { consoleCatalogRoutes } from "../catalog/console/routes.ts";
import { consoleSupplierRoutes } from "../catalog/supply/routes.ts";
import { adminPageRoutes } from "../content/admin-routes.ts";
import { consoleMarketingRoutes } from "../coupon/console-routes.ts";
import { mediaRoutes } from "../media/routes.ts";
import { consoleContentRoutes } from "../pages/console-routes.ts";
import { consoleReconcileRoutes } from "../reconcile/console-routes.ts";
import { consoleRefundRoutes } from "../refund/console-routes.ts";
import { consoleReviewRoutes } from "../reviews/console-routes.ts";
import { consoleInviteRoutes } from "../sfb/console-routes.ts";
import { adminCoreRoutes } from "./routes.ts";
import { adminSupportRoutes } from "./support-routes.ts";

/** What the console's endpoint groups take, together: each group's own narrow parameter. */
export type ConsoleServices = Parameters<typeof adminCoreRoutes>[1] &
  Parameters<typeof consoleCatalogRoutes>[1] &
  Parameters<typeof consoleSupplierRoutes>[1] &
  Parameters<typeof consoleMarketingRoutes>[1] &
  Parameters<typeof consoleContentRoutes>[1] &
  Parameters<typeof consoleInviteRoutes>[1] &
  Parameters<typeof consoleReviewRoutes>[1] &
  Parameters<typeof adminSupportRoutes>[1] &
  Parameters<typeof consoleRefundRoutes>[1] &
  Parameters<typeof consoleReconcileRoutes>[1] &
  Parameters<typeof adminPageRoutes>[1] &
  Parameters<typeof mediaRoutes>[1];

/**
 * Every console endpoint group (/o2adm/v1, issue 16). Add a group here; each registers its endpoints through
 * adminRoute (route.ts), which checks the permission and records the endpoint for the permission-matrix test.
 */
export function adminRoutes(app: FastifyInstance, services: ConsoleServices) {
  adminCoreRoutes(app, services);
  // Catalogue, prices, FX, plan sheets, marketing and content (ADRs 0230-0234).
  consoleCatalogRoutes(app, services);
  // Suppliers: balances, webhooks, catalogue sync (issue 28, ADR 0311).
  consoleSupplierRoutes(app, services);
  consoleMarketingRoutes(app, services);
  consoleContentRoutes(app, services);
  // Invite-reward settings and review moderation (ADR 0235).
  consoleInviteRoutes(app, services);
  consoleReviewRoutes(app, services);
  adminSupportRoutes(app, services);
  // The refund screen, the refund policy and the refund request queue (issue 29, ADRs 0336-0338).
  consoleRefundRoutes(app, services);
  // Reconciliation with suppliers and payments (issue 29 item 4, ADR 0365).
  consoleReconcileRoutes(app, services);
  adminPageRoutes(app, services);
  // The public media library (ADR 0274): its console endpoints and its public file URLs.
  mediaRoutes(app, services);
}
