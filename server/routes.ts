import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./modules/account/routes.ts";
import { adminDevRoutes } from "./modules/admin/dev-routes.ts";
import { adminRoutes } from "./modules/admin/register.ts";
import { captchaDevRoutes, captchaRoutes } from "./modules/captcha/routes.ts";
import { productRoutes } from "./modules/catalog/product-routes.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { checkoutDevRoutes } from "./modules/checkout/dev-routes.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { contentDevRoutes } from "./modules/content/dev-routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { couponDevRoutes } from "./modules/coupon/dev-routes.ts";
import { couponRoutes } from "./modules/coupon/routes.ts";
import { esimDevRoutes } from "./modules/esim/dev-routes.ts";
import { esimIssueDevRoutes } from "./modules/esim/issue-dev-routes.ts";
import { esimRoutes } from "./modules/esim/routes.ts";
import { helpRoutes } from "./modules/help/routes.ts";
import { invoiceRoutes } from "./modules/invoice/routes.ts";
import { lovRoutes } from "./modules/lov/routes.ts";
import { notificationRoutes } from "./modules/notification/routes.ts";
import { orderRoutes } from "./modules/order/routes.ts";
import { pagesRoutes } from "./modules/pages/routes.ts";
import { paymentRoutes } from "./modules/payment/routes.ts";
import { recommendRoutes } from "./modules/recommend/routes.ts";
import { reconcileDevRoutes } from "./modules/reconcile/dev-routes.ts";
import { refundRoutes } from "./modules/refund/routes.ts";
import { regionRoutes } from "./modules/region/routes.ts";
import { reviewRoutes } from "./modules/reviews/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { sfbDevRoutes } from "./modules/sfb/dev-routes.ts";
import { sfbRoutes } from "./modules/sfb/routes.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { identityDevRoutes } from "./providers/identity/dev-routes.ts";
import { messageDevRoutes } from "./providers/messages/dev-routes.ts";
import { sandboxPaymentRoutes } from "./providers/payment/sandbox-routes.ts";
import type { Services } from "./services.ts";

/** Every API module registers its routes here (spec 7 paths). */
export function registerApiRoutes(api: FastifyInstance, services: Services, publicOrigin?: string) {
  siteRoutes(api, services);
  catalogRoutes(api, services);
  productRoutes(api, services);
  searchRoutes(api, services);
  contentRoutes(api, services);
  pagesRoutes(api, services);
  helpRoutes(api, services);
  reviewRoutes(api, services);
  recommendRoutes(api, services);
  lovRoutes(api, services);
  regionRoutes(api, services);
  captchaRoutes(api, services);
  accountRoutes(api, services);
  couponRoutes(api, services);
  checkoutRoutes(api, services);
  orderRoutes(api, services);
  refundRoutes(api, services);
  notificationRoutes(api, services);
  uploadRoutes(api, services);
  paymentRoutes(api, services, publicOrigin);
  esimRoutes(api, services);
  if (services.esimSandbox) esimDevRoutes(api, services, services.esimSandbox);
  if (services.sandbox) reconcileDevRoutes(api, services);
  invoiceRoutes(api, services);
  sfbRoutes(api, services);
  // The operator console's API, /o2adm/v1 (issue 16): every endpoint through adminRoute (ADR 0222).
  adminRoutes(api, services);
  // The sandbox payment page exists whenever the sandbox is the payment provider (explicit in production).
  if (services.sandboxPayments) {
    const { currencies } = services.site;
    sandboxPaymentRoutes(
      api,
      services.sandboxPayments,
      async (code) => {
        const currency = (await currencies()).get(code);
        return { currencySymbol: currency?.symbol ?? code, minorDigits: currency?.minorDigits ?? 2 };
      },
      publicOrigin ? new URL(publicOrigin).origin : "",
    );
  }
  // Sandbox tools for developers and tests; in production only when SANDBOX_TOOLS switches them on.
  if (services.sandbox) {
    messageDevRoutes(api, services.outbox);
    captchaDevRoutes(api, services);
    contentDevRoutes(api, services);
    checkoutDevRoutes(api, services);
    couponDevRoutes(api, services);
    sfbDevRoutes(api, services);
    adminDevRoutes(api, services);
    if (services.esimSandbox)
      esimIssueDevRoutes(api, services.sandbox.db, services.esimSandbox, services.order);
    if (services.sandbox.identity) identityDevRoutes(api, services.sandbox.identity);
  }
}
