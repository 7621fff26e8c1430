import type { FastifyInstance } from "fastify";
import { OrderCodeParam } from "../../../core/ids.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { InvoiceService } from "./service.ts";

/** How an invoice is sent: a PDF download with the order code in its name, never cached by a shared cache. */
export function invoiceHeaders(filename: string, length: number): Record<string, string> {
  return {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(length),
    "cache-control": "private, no-store",
  };
}

// The invoice PDF of a paid order (ADR 0120); /ucenter/order/pdf-page serves the same file to the browser.
export function invoiceRoutes(app: FastifyInstance, services: { invoice: InvoiceService }) {
  app.get(
    "/o2ord/v1/customer/orders/:code/invoice.pdf",
    { schema: { params: OrderCodeParam } },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      const { code } = parseInput(OrderCodeParam, request.params);
      const invoice = await services.invoice.forCustomer(customer.id, code);
      return reply.headers(invoiceHeaders(invoice.filename, invoice.body.length)).send(invoice.body);
    },
  );
}
