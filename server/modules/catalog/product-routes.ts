import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { Services } from "../../services.ts";
import { parseProductQuery } from "./product-query.ts";

const TargetInfoBody = z.object({
  codes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.-]{1,48}$/),
    )
    .min(1)
    .max(20),
});

export function productRoutes(app: FastifyInstance, services: Services) {
  // The product list (spec 2 /plp) for load-more and the app: the spec's parameters, filters, page and size.
  app.get("/o2srh/v1/pub/platform-products/search", async (request, reply) => {
    const url = new URL(request.url, "http://local");
    const { query, errors } = parseProductQuery(url.searchParams);
    if (Object.keys(errors).length > 0) throw new ApiError(400, "error.badRequest", { fields: errors });
    reply.header("cache-control", "public, max-age=30").header("vary", "x-lang, x-currency, cookie");
    return services.productList.list(query, request.ctx.currency, request.ctx.locale);
  });

  // spec 4, 7: the campaign gate. targetList has one entry per code, in order; showFlag false = ended.
  app.post("/o2pcm/v1/query-target-info", { schema: { body: TargetInfoBody } }, async (request) => {
    const { codes } = parseInput(TargetInfoBody, request.body);
    return { targetList: await services.productList.campaignTargets(codes) };
  });
}
