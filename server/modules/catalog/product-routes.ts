import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { ProductListService } from "./product-list.ts";
import {
  DATA_FILTERS,
  DAYS_FILTERS,
  HIT_NAME_SOURCES,
  PLP_MAX_PAGE_SIZE,
  PLP_SORTS,
  PLP_TYPES,
  parseProductQuery,
} from "./product-query.ts";

const text = z.string().max(100).optional();
const code = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,48}$/)
  .optional();
const flag = z.enum(["1", "0", "true", "false"]).optional();
const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/**
 * The search's parameters, for the OpenAPI document (spec 2 /plp, ADR 0081). parseProductQuery does the checking,
 * so the page and the API read a URL the same way; it reports a bad value as a 400 with the field.
 */
const ProductSearchQuery = z.object({
  categoryCode: code,
  categoryName: text,
  search: text,
  hitName: text,
  type: z.enum(PLP_TYPES).optional(),
  sourceCountryNames: z
    .string()
    .max(2_100)
    .optional()
    .describe("Comma-separated destination names, at most 20"),
  hitNameSource: z.enum(HIT_NAME_SOURCES).optional(),
  keyword: text,
  marketingCode: code,
  data: z.enum(Object.keys(DATA_FILTERS) as [keyof typeof DATA_FILTERS]).optional(),
  days: z.enum(Object.keys(DAYS_FILTERS) as [keyof typeof DAYS_FILTERS]).optional(),
  maxPrice: whole(1, 1_000_000).describe("Highest unit price in whole units of the shopper's currency"),
  unlimited: flag,
  fiveG: flag,
  sort: z.enum(PLP_SORTS).optional(),
  page: whole(0, 10_000),
  size: whole(1, PLP_MAX_PAGE_SIZE),
});

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

export function productRoutes(app: FastifyInstance, services: { productList: ProductListService }) {
  // The product list (spec 2 /plp) for load-more and the app: the spec's parameters, filters, page and size.
  app.get(
    "/o2srh/v1/pub/platform-products/search",
    { schema: { querystring: ProductSearchQuery } },
    async (request, reply) => {
      const url = new URL(request.url, "http://local");
      const { query, errors } = parseProductQuery(url.searchParams);
      if (Object.keys(errors).length > 0) throw new ApiError(400, "error.badRequest", { fields: errors });
      reply.header("cache-control", "public, max-age=30").header("vary", "x-lang, x-currency, cookie");
      return services.productList.list(query, request.ctx.currency, request.ctx.locale);
    },
  );

  // spec 4, 7: the campaign gate. targetList has one entry per code, in order; showFlag false = ended.
  app.post("/o2pcm/v1/query-target-info", { schema: { body: TargetInfoBody } }, async (request) => {
    const { codes } = parseInput(TargetInfoBody, request.body);
    return { targetList: await services.productList.campaignTargets(codes) };
  });
}
