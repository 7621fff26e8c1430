import type { FastifyInstance } from "fastify";
import { localeOfResourceFile, sendResource } from "./public-resource.ts";
import type { LovService } from "./service.ts";

export function lovRoutes(app: FastifyInstance, services: { lov: LovService }) {
  // spec 3 site info pubLovResourceUrl; spec 7: fetched without a token from the static file host.
  app.get<{ Params: { file: string } }>("/pub-res/lov/:file", async (request, reply) => {
    const locale = localeOfResourceFile(request.params.file);
    return sendResource(request, reply, await services.lov.listsOfValues(locale));
  });
}
