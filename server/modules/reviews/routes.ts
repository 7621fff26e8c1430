import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { orderCode, planCode } from "../../../core/ids.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { ReviewService } from "./service.ts";
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH } from "./service.ts";

const PlanParams = z.object({ code: planCode() });
const OrderParams = z.object({ orderCode: orderCode() });
const ReviewBody = z.object({
  orderCode: orderCode(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  body: z.string().max(REVIEW_MAX_LENGTH).default(""),
});

// Ratings and reviews (issue 12, ADR 0265).
export function reviewRoutes(app: FastifyInstance, services: { reviews: ReviewService }) {
  app.get("/o2pcm/v1/pub/products/:code/reviews", { schema: { params: PlanParams } }, async (request) => {
    const { code } = parseInput(PlanParams, request.params);
    return services.reviews.summary(code);
  });

  app.get("/o2pcm/v1/customer/reviews/:orderCode", { schema: { params: OrderParams } }, async (request) => {
    const customer = await requireCustomer(request);
    const { orderCode } = parseInput(OrderParams, request.params);
    return { review: await services.reviews.forOrder(customer.id, orderCode) };
  });

  app.post("/o2pcm/v1/customer/reviews", { schema: { body: ReviewBody } }, async (request, reply) => {
    const customer = await requireCustomer(request);
    const input = parseInput(ReviewBody, request.body);
    const review = await services.reviews.submit(customer.id, input, request.ctx.locale);
    return reply.status(201).send(review);
  });
}
