import { defineModule } from "../../module.ts";
import { checkoutDevRoutes } from "./dev-routes.ts";
import { checkoutRoutes } from "./routes.ts";
import { type CheckoutDeps, createCheckoutService } from "./service.ts";

/** Checkout reads the catalogue, coupons, store credit and the payment minimum, and places orders through them. */
export type CheckoutModuleDeps = CheckoutDeps;

export function createCheckoutModule(deps: CheckoutModuleDeps) {
  return createCheckoutService(deps);
}

export const checkoutModule = defineModule<
  Parameters<typeof checkoutRoutes>[1] & Parameters<typeof checkoutDevRoutes>[1]
>({
  name: "checkout",
  jobKinds: [],
  routes: (app, services, { sandbox }) => {
    checkoutRoutes(app, services);
    if (sandbox) checkoutDevRoutes(app, services);
  },
});
