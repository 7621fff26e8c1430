import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { checkoutContactFields } from "../../../core/forms/checkout-contact.ts";
import { checkoutLineFields } from "../../../core/forms/checkout-line.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { CheckoutService } from "./service.ts";

const Line = z.object({ ...checkoutLineFields, ...checkoutContactFields });
// The promo code already chosen, if any: a coupon is unusable when the two leave a total below the card minimum.
const CouponOptionsInput = Line.pick({ platformProductCode: true, quantity: true, promoCode: true });
const PlaceOrder = Line.extend({
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{8,128}$/)
    .optional(),
});
const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_:.-]{8,128}$/);

function idempotencyKeyOf(request: FastifyRequest, fromBody: string | undefined): string {
  const header = request.headers["idempotency-key"];
  const value = (Array.isArray(header) ? header[0] : header) ?? fromBody;
  const parsed = IdempotencyKey.safeParse(value);
  if (!parsed.success) parseInput(z.object({ idempotencyKey: IdempotencyKey }), { idempotencyKey: value });
  return parsed.data!;
}

// Checkout (paths in the style of spec 7, ADR 0101). The currency is the request's (x-currency, spec 7).
export function checkoutRoutes(app: FastifyInstance, services: { checkout: CheckoutService }) {
  app.post("/o2ord/v1/customer/checkout/quote", { schema: { body: Line } }, async (request) => {
    const customer = await requireCustomer(request);
    const body = parseInput(Line, request.body);
    return services.checkout.quote(customer, body, request.ctx.currency, request.ctx.locale);
  });

  // The coupon dialog: the wallet's coupons checked against this plan line, with the reason for each refusal.
  const couponOptionsSchema = { schema: { body: CouponOptionsInput } };
  app.post("/o2ord/v1/customer/checkout/coupons", couponOptionsSchema, async (request) => {
    const customer = await requireCustomer(request);
    const body = parseInput(CouponOptionsInput, request.body);
    return services.checkout.couponOptions(customer, body, request.ctx.currency, request.ctx.locale);
  });

  app.post("/o2ord/v1/customer/orders", { schema: { body: PlaceOrder } }, async (request, reply) => {
    const customer = await requireCustomer(request);
    const { idempotencyKey, ...body } = parseInput(PlaceOrder, request.body);
    const key = idempotencyKeyOf(request, idempotencyKey);
    const placed = await services.checkout.place(
      customer,
      body,
      key,
      request.ctx.currency,
      request.ctx.locale,
    );
    return reply.status(placed.created ? 201 : 200).send(placed.order);
  });
}
