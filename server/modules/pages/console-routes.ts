import type { FastifyInstance } from "fastify";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { ContentConsole } from "./console-service.ts";

// Content in the console (issue 16; ADR 0234): legal documents (drafted, then published as a new version), help
// articles, notes and the footer's contact ways. Each endpoint is its contract (console-contract.ts, ADRs 0407,
// 0414); the use cases, with their transactions, audit entries and cache clearing, are the content console's
// (console-service.ts), which the pages module builds (ADR 0420). Operator HTML is stored sanitized.

export function consoleContentRoutes(app: FastifyInstance, services: { contentConsole: ContentConsole }) {
  const content = services.contentConsole;

  adminRoute(app, api.listLegal, ({ query }) => content.legalDocuments(query.lang));
  adminRoute(app, api.getLegal, ({ params }) => content.legalDocument(params.id));
  adminRoute(app, api.draftLegal, ({ operator, body }) => content.draftLegal(operator, body));
  adminRoute(app, api.publishLegal, ({ operator, params }) => content.publishLegal(operator, params.id));
  adminRoute(app, api.getFooter, ({ query }) => content.footer(query.lang));
  adminRoute(app, api.saveFooter, ({ operator, body }) => content.saveFooter(operator, body));
  adminRoute(app, api.listHelp, ({ query }) => content.helpArticles(query.lang));
  adminRoute(app, api.getHelp, ({ params, query }) => content.helpArticle(params.slug, query.lang));
  adminRoute(app, api.saveHelp, ({ operator, params, body }) =>
    content.saveHelpArticle(operator, params.slug, body),
  );
  adminRoute(app, api.listNotes, ({ query }) => content.notes(query.lang));
  adminRoute(app, api.getNote, ({ params, query }) => content.note(params.code, query.lang));
  adminRoute(app, api.saveNote, ({ operator, params, body }) =>
    content.saveNote(operator, params.code, body),
  );
}
