import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";
import { localeOfResourceFile, sendResource } from "../lov/public-resource.ts";

export function regionRoutes(app: FastifyInstance, services: Services) {
  // spec 3 site info regionResourceUrl: the delivery address tree, fetched without a token.
  app.get<{ Params: { file: string } }>("/pub-res/region/:file", async (request, reply) => {
    const locale = localeOfResourceFile(request.params.file);
    return sendResource(request, reply, await services.region.regionResource(locale));
  });
}
