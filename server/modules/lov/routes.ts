import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";
import { localeOfResourceFile, sendResource } from "./public-resource.ts";

export function lovRoutes(app: FastifyInstance, services: Services) {
  // spec 3 site info pubLovResourceUrl; spec 7: fetched without a token from the static file host.
  app.get<{ Params: { file: string } }>("/pub-res/lov/:file", async (request, reply) => {
    const locale = localeOfResourceFile(request.params.file);
    return sendResource(request, reply, await services.lov.listsOfValues(locale));
  });
}
