import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { LEGAL_KINDS } from "../../../db/schema/index.ts";
import { parseInput } from "../../http/validate.ts";
import { localeOfResourceFile, resourceBody, sendResource } from "../lov/public-resource.ts";
import type { PagesService } from "./service.ts";

const LegalParams = z.object({ kind: z.enum(LEGAL_KINDS) });
const LegalQuery = z.object({ version: z.coerce.number().int().min(1).max(100_000).optional() });

export function pagesRoutes(app: FastifyInstance, services: { pages: PagesService }) {
  // spec 2 /pageHtml: a legal document in the request's language, the version in force unless one is asked for.
  app.get(
    "/o2cms/v1/pub/legal-documents/:kind",
    { schema: { params: LegalParams, querystring: LegalQuery } },
    async (request) => {
      const { kind } = parseInput(LegalParams, request.params);
      const { version } = parseInput(LegalQuery, request.query);
      return services.pages.legalDocument(kind, request.ctx.locale, version);
    },
  );

  // spec 3 footer content: contactWaysTitle, contactWays [{key, value}], content list.
  app.get("/o2cms/v1/pub/footer", async (request) => services.pages.footer(request.ctx.locale));

  // spec 7: about-us/{lang}.json from static storage, without a token.
  app.get<{ Params: { file: string } }>("/pub-res/about-us/:file", async (request, reply) => {
    const locale = localeOfResourceFile(request.params.file);
    return sendResource(request, reply, resourceBody(await services.pages.infoPage("about-us", locale)));
  });
}
