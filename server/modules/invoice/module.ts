import { defineModule } from "../../module.ts";
import { invoiceRoutes } from "./routes.ts";
import { createInvoiceService, type InvoiceServiceDeps } from "./service.ts";

/** The bill-to block comes from the invoice billing-address flow (server/flows/invoice-billing-address.ts). */
export type InvoiceModuleDeps = InvoiceServiceDeps;

export function createInvoiceModule(deps: InvoiceModuleDeps) {
  return createInvoiceService(deps);
}

export const invoiceModule = defineModule<Parameters<typeof invoiceRoutes>[1]>({
  name: "invoice",
  jobKinds: [],
  routes: (app, services) => invoiceRoutes(app, services),
});
