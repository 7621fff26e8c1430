import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { SiteService } from "./service.ts";

const SiteInfoQuery = z.object({
  siteCode: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/)
    .optional(),
});

export function siteRoutes(app: FastifyInstance, services: { site: SiteService }) {
  app.get("/o2cms/v1/pub/sites/info", { schema: { querystring: SiteInfoQuery } }, async (request) => {
    const query = parseInput(SiteInfoQuery, request.query);
    return services.site.siteInfo(query.siteCode ?? request.ctx.siteCode, request.ctx.locale);
  });
}
