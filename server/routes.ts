import type { FastifyInstance } from "fastify";
import { accountModule } from "./modules/account/module.ts";
import { adminModule } from "./modules/admin/module.ts";
import { adminRoutes } from "./modules/admin/register.ts";
import { captchaModule } from "./modules/captcha/module.ts";
import { catalogModule } from "./modules/catalog/module.ts";
import { supplyModule } from "./modules/catalog/supply/module.ts";
import { checkoutModule } from "./modules/checkout/module.ts";
import { contentModule } from "./modules/content/module.ts";
import { couponModule } from "./modules/coupon/module.ts";
import { creditModule } from "./modules/credit/module.ts";
import { esimModule } from "./modules/esim/module.ts";
import { helpModule } from "./modules/help/module.ts";
import { invoiceModule } from "./modules/invoice/module.ts";
import { lovModule } from "./modules/lov/module.ts";
import { mediaModule } from "./modules/media/module.ts";
import { notificationModule } from "./modules/notification/module.ts";
import { orderModule } from "./modules/order/module.ts";
import { pagesModule } from "./modules/pages/module.ts";
import { paymentModule } from "./modules/payment/module.ts";
import { recommendModule } from "./modules/recommend/module.ts";
import { reconcileModule } from "./modules/reconcile/module.ts";
import { refundModule } from "./modules/refund/module.ts";
import { regionModule } from "./modules/region/module.ts";
import { reviewsModule } from "./modules/reviews/module.ts";
import { searchModule } from "./modules/search/module.ts";
import { sfbModule } from "./modules/sfb/module.ts";
import { siteModule } from "./modules/site/module.ts";
import { uploadsModule } from "./modules/uploads/module.ts";
import { identityDevRoutes } from "./providers/identity/dev-routes.ts";
import { messageDevRoutes } from "./providers/messages/dev-routes.ts";
import { sandboxPaymentRoutes } from "./providers/payment/sandbox-routes.ts";
import type { Services } from "./services.ts";

/** Every module, as the composition root lists them (ADR 0405): each registers its own routes. */
const MODULES = [
  siteModule,
  catalogModule,
  supplyModule,
  searchModule,
  contentModule,
  pagesModule,
  helpModule,
  reviewsModule,
  recommendModule,
  lovModule,
  regionModule,
  captchaModule,
  accountModule,
  couponModule,
  checkoutModule,
  orderModule,
  refundModule,
  notificationModule,
  uploadsModule,
  paymentModule,
  esimModule,
  reconcileModule,
  invoiceModule,
  sfbModule,
  adminModule,
  creditModule,
  mediaModule,
] as const;

/** Every API module registers its routes here (spec 7 paths). */
export function registerApiRoutes(api: FastifyInstance, services: Services, publicOrigin?: string) {
  const options = { sandbox: services.sandbox !== null, publicOrigin };
  for (const module of MODULES) module.routes?.(api, services as never, options);
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
    if (services.sandbox.identity) identityDevRoutes(api, services.sandbox.identity);
  }
}
