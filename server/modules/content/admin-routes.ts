import type { FastifyInstance } from "fastify";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { ContentConsole } from "./console-service.ts";

/*
 * The page editor's console endpoints (issue 17, /o2adm/v1/pages…): pages.read to list, open, compare;
 * pages.write to create, duplicate and save drafts; pages.publish to publish and roll back. Each endpoint is its
 * contract (console-contract.ts, ADR 0407, 0415); the use cases, with their transactions, audit entries and page
 * caches dropped, are the content console's (console-service.ts, over the page editor), which the content module
 * builds (ADR 0420).
 */

export function adminPageRoutes(app: FastifyInstance, services: { pageConsole: ContentConsole }) {
  const pages = services.pageConsole;

  adminRoute(app, api.listPages, ({ query }) => pages.listPages(query));
  adminRoute(app, api.linkTargets, ({ query }) => pages.linkTargets(query));
  adminRoute(app, api.createPage, ({ operator, body }) => pages.createPage(operator, body));
  adminRoute(app, api.openPage, ({ params }) => pages.openPage(params.id));
  adminRoute(app, api.duplicatePage, ({ operator, params, body }) =>
    pages.duplicatePage(operator, params.id, body),
  );
  adminRoute(app, api.saveDraft, ({ operator, params, body }) => pages.saveDraft(operator, params.id, body));
  adminRoute(app, api.publishPage, ({ operator, params, body }) =>
    pages.publishPage(operator, params.id, body),
  );
  adminRoute(app, api.schedulePage, ({ operator, params, body }) =>
    pages.schedulePage(operator, params.id, body),
  );
  adminRoute(app, api.listSchedules, ({ params }) => pages.listSchedules(params.id));
  adminRoute(app, api.cancelSchedule, ({ operator, params, query }) =>
    pages.cancelSchedule(operator, params.id, params.scheduleId, query.campaign === "1"),
  );
  adminRoute(app, api.pageScope, ({ params }) => pages.pageScope(params.id));
  adminRoute(app, api.insertBlock, ({ operator, params, body }) =>
    pages.insertBlock(operator, params.id, body),
  );
  adminRoute(app, api.listVersions, ({ params }) => pages.listVersions(params.id));
  adminRoute(app, api.diffVersions, ({ params, query }) =>
    pages.diffVersions(params.id, query.from, query.to),
  );
  adminRoute(app, api.rollbackPage, ({ operator, params, body }) =>
    pages.rollbackPage(operator, params.id, body.version),
  );
}
