import type { FastifyInstance } from "fastify";
import { localeOfResourceFile, sendResource } from "../lov/public-resource.ts";
import type { RegionService } from "./service.ts";

export function regionRoutes(app: FastifyInstance, services: { region: RegionService }) {
  // spec 3 site info regionResourceUrl: the delivery address tree, fetched without a token.
  app.get<{ Params: { file: string } }>("/pub-res/region/:file", async (request, reply) => {
    const locale = localeOfResourceFile(request.params.file);
    return sendResource(request, reply, await services.region.regionResource(locale));
  });
}
