import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ScoreQuery } from "../../../core/list-query.ts";
import { parseInput } from "../../http/validate.ts";
import type { SiteService } from "../site/service.ts";
import type { RecommendService } from "./service.ts";

const CODE = z.string().regex(/^[A-Za-z0-9][\w.:/-]{0,63}$/);

const RecommendQuery = ScoreQuery.extend({ recommendCode: CODE });

const MediasRequest = z.object({
  platformProductCodeList: z.array(CODE).min(1).max(100),
  // spec 7: blackFlag 0 (no black-listed products); nothing else is supported.
  blackFlag: z.coerce.number().pipe(z.literal(0)).default(0),
  catalogCode: CODE.optional(),
  catalogVersionCode: CODE.optional(),
});
const MediasBody = z.union([MediasRequest, z.array(MediasRequest).min(1).max(10)]);

export function recommendRoutes(
  app: FastifyInstance,
  services: { recommend: RecommendService; site: SiteService },
) {
  // spec 7: a recommendation list in score mode; more pages with maxScore = the last item's score.
  app.get("/o2pcm/v1/pub/product/recommend", { schema: { querystring: RecommendQuery } }, async (request) => {
    const query = parseInput(RecommendQuery, request.query);
    return services.recommend.recommend(query, request.ctx.currency, request.ctx.locale);
  });

  // spec 7: product media by code, keyed by catalog version code, in x-currency and x-lang.
  app.post("/o2srh/v1/pub/platform-products/medias", { schema: { body: MediasBody } }, async (request) => {
    const body = parseInput(MediasBody, request.body);
    const locale = request.ctx.locale;
    const site = await services.site.siteInfo(request.ctx.siteCode, locale);
    const asks = Array.isArray(body) ? body : [body];
    const result: Record<string, unknown[]> = {};
    for (const ask of asks) {
      const version = ask.catalogVersionCode ?? site.catalogVersionCode;
      const ours =
        version === site.catalogVersionCode && (ask.catalogCode ?? site.catalogCode) === site.catalogCode;
      // Another catalogue version is not on sale on this site: its key answers an empty list.
      const products = ours
        ? await services.recommend.products(ask.platformProductCodeList, request.ctx.currency, locale)
        : [];
      result[version] = [...(result[version] ?? []), ...products];
    }
    return result;
  });
}
