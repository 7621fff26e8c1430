import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { SearchService } from "./service.ts";

/** What a shopper typed: 1 to 64 characters once trimmed. */
const AssociationQuery = z.object({
  keyword: z.string().trim().min(1).max(64),
});

// spec 7 search calls; all public and localized by x-lang (spec 3 field names).
export function searchRoutes(app: FastifyInstance, services: { search: SearchService }) {
  app.get("/o2srh/v1/pub/hot-word", async (request, reply) => {
    reply.header("cache-control", "public, max-age=60").header("vary", "x-lang");
    return { hotWordList: await services.search.hotWords(request.ctx.locale) };
  });

  app.get("/o2srh/v1/pub/specific-word-list", async (request, reply) => {
    reply.header("cache-control", "public, max-age=60").header("vary", "x-lang");
    return { specificWordList: await services.search.specificWords(request.ctx.locale) };
  });

  app.get(
    "/o2srh/v1/pub/cmi-package/search-result",
    { schema: { querystring: AssociationQuery } },
    async (request, reply) => {
      const { keyword } = parseInput(AssociationQuery, request.query);
      reply.header("cache-control", "public, max-age=60").header("vary", "x-lang");
      return { associationList: await services.search.associations(keyword, request.ctx.locale) };
    },
  );
}
