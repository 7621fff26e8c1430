import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { OrderCodeParam } from "../../../core/ids.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { PaymentService } from "./service.ts";

const ProviderParam = z.object({ provider: z.enum(["sandbox", "stripe"]) });
/** A saved card's id at the provider (sandbox pm_…, Stripe pm_…). */
const SavedCardParam = z.object({ id: z.string().regex(/^pm_[A-Za-z0-9]{8,64}$/) });

// Payment (paths in the style of spec 7; ADR 0103).
export function paymentRoutes(
  app: FastifyInstance,
  services: { payment: PaymentService },
  publicOrigin: string | undefined,
) {
  app.post("/o2pay/v1/customer/orders/:code/pay", { schema: { params: OrderCodeParam } }, async (request) => {
    const customer = await requireCustomer(request);
    const { code } = parseInput(OrderCodeParam, request.params);
    const origin = publicOrigin ? new URL(publicOrigin).origin : `${request.protocol}://${request.host}`;
    return services.payment.start(customer, code, origin, request.ctx.locale);
  });

  // Saved cards in account settings (issue 30 item 4; ADR 0325). The DELETE is state-changing: CSRF applies.
  app.get("/o2pay/v1/customer/payment-methods", async (request) => {
    const customer = await requireCustomer(request);
    return { cards: await services.payment.savedCards(customer) };
  });
  app.delete(
    "/o2pay/v1/customer/payment-methods/:id",
    { schema: { params: SavedCardParam } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { id } = parseInput(SavedCardParam, request.params);
      return services.payment.removeSavedCard(customer, id);
    },
  );

  // The pay result page polls this (and it confirms a payment whose webhook has not arrived yet).
  app.get(
    "/o2ord/v1/customer/orders/:code/status",
    { schema: { params: OrderCodeParam } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { code } = parseInput(OrderCodeParam, request.params);
      return services.payment.status(customer, code, request.ctx.locale);
    },
  );

  // Webhooks need the raw bytes the signature covers, so this scope keeps JSON bodies as Buffers.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 262_144 },
      (_r, body, done) => done(null, body),
    );
    scope.post("/o2pay/v1/pub/webhooks/:provider", { schema: { params: ProviderParam } }, async (request) => {
      const { provider } = parseInput(ProviderParam, request.params);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return services.payment.webhook(provider, raw, request.headers);
    });
  });
}
