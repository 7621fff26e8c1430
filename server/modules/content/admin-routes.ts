import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { LOCAL_DATE_TIME } from "../../../core/store-time.ts";
import { ACTION_CODES, COMPONENT_CODES, PAGE_CODE } from "../../../db/schema/content-document.ts";
import { can } from "../admin/permissions.ts";
import { adminRoute } from "../admin/route.ts";
import type { PageEditor } from "./editor.ts";
import type { LinkTargets } from "./link-targets.ts";

/*
 * The page editor's console endpoints (issue 17, /o2adm/v1/pages…): pages.read to list, open, compare;
 * pages.write to create, duplicate and save drafts; pages.publish to publish and roll back.
 */

const SITE = z.string().regex(/^[A-Za-z0-9_]{1,64}$/);
const LANG = z.string().refine(isLocale, "validation.invalid");
const Id = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const Revision = z.number().int().min(1).max(2_147_483_647);
const Version = z.coerce.number().int().min(1).max(2_147_483_647);
const Title = z.string().trim().min(1).max(120);

const ListQuery = z.object({ siteCode: SITE.optional(), lang: LANG.optional() });
const CreateBody = z.object({
  siteCode: SITE,
  lang: LANG,
  pageType: z.enum(["HOME", "LANDING", "TEMPLATE"]),
  pageCode: PAGE_CODE,
  title: Title,
});
const DuplicateBody = z.object({
  pageCode: PAGE_CODE,
  title: Title,
  lang: LANG.optional(),
  pageType: z.enum(["LANDING", "TEMPLATE"]).optional(),
});
const SaveBody = z.object({ revision: Revision, document: z.record(z.string(), z.unknown()) });
const PublishBody = z.object({
  revision: Revision,
  /** The other languages' drafts published with this one, each at the revision the operator saw (issue 31). */
  languages: z
    .array(z.object({ lang: LANG, revision: Revision }))
    .max(3)
    .optional(),
  /** The operator saw the ranges and languages that differ and means them. */
  acknowledged: z.boolean().optional(),
});
const InsertBody = z.object({
  revision: Revision,
  document: z.record(z.string(), z.unknown()),
  variantId: z.string().min(1).max(64),
  place: z.object({
    where: z.enum(["before", "after", "inside", "end"]),
    anchorId: z.string().min(1).max(120).optional(),
  }),
  everyWidth: z.boolean(),
  languages: z.array(LANG).max(3),
  component: z.object({
    componentCode: z.enum(COMPONENT_CODES),
    componentName: z.string().trim().min(1).max(120),
    data: z.record(z.string(), z.unknown()),
    action: z.object({ code: z.enum(ACTION_CODES), data: z.record(z.string(), z.unknown()) }).optional(),
  }),
  texts: z.record(LANG, z.record(z.string().max(40), z.string().max(500))),
});
/** Times in the store's zone as a datetime-local field gives them (issue 31 item 7). */
const LocalTime = z.string().regex(LOCAL_DATE_TIME, "validation.invalid");
const ScheduleBody = z.object({
  revision: Revision,
  startsAt: LocalTime,
  endsAt: LocalTime.nullable().optional(),
  acknowledged: z.boolean().optional(),
  /** The other languages' drafts scheduled with this one as one campaign (ADR 0396). */
  languages: z
    .array(z.object({ lang: LANG, revision: Revision }))
    .max(3)
    .optional(),
});
/** `campaign=1` cancels the schedule in every language of its campaign (ADR 0396). */
const CancelQuery = z.object({ campaign: z.enum(["0", "1"]).optional() });
const ScheduleId = Id.extend({ scheduleId: z.coerce.number().int().positive().max(2_147_483_647) });
const DiffQuery = z.object({ from: Version, to: Version });
const RollbackBody = z.object({ version: Version });
const LinkTargetQuery = z.object({ q: z.string().max(80), siteCode: SITE, lang: LANG });

export function adminPageRoutes(
  app: FastifyInstance,
  services: { linkTargets: LinkTargets; pageEditor: PageEditor },
) {
  const editor = services.pageEditor;

  adminRoute(app, {
    method: "GET",
    url: "/pages",
    permission: "pages.read",
    schema: { querystring: ListQuery },
    handler: async ({ query }) => ({ pages: await editor.list(query) }),
  });

  // The action picker (issue 31 item 2): where a block's tap may go, found by name in any language.
  adminRoute(app, {
    method: "GET",
    url: "/pages/link-targets",
    permission: "pages.write",
    schema: { querystring: LinkTargetQuery },
    handler: async ({ query }) => ({
      targets: await services.linkTargets.search({
        term: query.q,
        siteCode: query.siteCode,
        lang: query.lang as Locale,
      }),
    }),
  });

  adminRoute(app, {
    method: "POST",
    url: "/pages",
    permission: "pages.write",
    schema: { body: CreateBody },
    handler: async ({ operator, body }) => editor.create(operator.id, body),
  });

  adminRoute(app, {
    method: "GET",
    url: "/pages/:id",
    permission: "pages.read",
    schema: { params: Id },
    handler: async ({ params }) => editor.open(params.id),
  });

  adminRoute(app, {
    method: "POST",
    url: "/pages/:id/duplicate",
    permission: "pages.write",
    schema: { params: Id, body: DuplicateBody },
    handler: async ({ operator, params, body }) => editor.duplicate(operator.id, params.id, body),
  });

  adminRoute(app, {
    method: "PUT",
    url: "/pages/:id/draft",
    permission: "pages.write",
    schema: { params: Id, body: SaveBody },
    handler: async ({ operator, params, body }) =>
      editor.save(operator.id, params.id, body, { advanced: can(operator.role, "pages.advanced") }),
  });

  adminRoute(app, {
    method: "POST",
    url: "/pages/:id/publish",
    permission: "pages.publish",
    schema: { params: Id, body: PublishBody },
    handler: async ({ operator, params, body }) => editor.publish(operator.id, params.id, body),
  });

  // Scheduled publishing (issue 31 item 7, ADR 0381): publish at a time, end at one, list and cancel.
  adminRoute(app, {
    method: "POST",
    url: "/pages/:id/schedules",
    permission: "pages.publish",
    schema: { params: Id, body: ScheduleBody },
    handler: async ({ operator, params, body }) => editor.schedule(operator.id, params.id, body),
  });

  adminRoute(app, {
    method: "GET",
    url: "/pages/:id/schedules",
    permission: "pages.read",
    schema: { params: Id },
    handler: async ({ params }) => ({ schedules: await editor.schedules(params.id) }),
  });

  adminRoute(app, {
    method: "DELETE",
    url: "/pages/:id/schedules/:scheduleId",
    permission: "pages.publish",
    schema: { params: ScheduleId, querystring: CancelQuery },
    handler: async ({ operator, params, query }) =>
      editor.cancelSchedule(operator.id, params.id, params.scheduleId, query.campaign === "1"),
  });

  adminRoute(app, {
    method: "GET",
    url: "/pages/:id/scope",
    permission: "pages.read",
    schema: { params: Id },
    handler: async ({ params }) => editor.scope(params.id),
  });

  adminRoute(app, {
    method: "POST",
    url: "/pages/:id/blocks",
    permission: "pages.write",
    schema: { params: Id, body: InsertBody },
    handler: async ({ operator, params, body }) =>
      editor.insert(operator.id, params.id, body, { advanced: can(operator.role, "pages.advanced") }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/pages/:id/versions",
    permission: "pages.read",
    schema: { params: Id },
    handler: async ({ params }) => ({ versions: await editor.versions(params.id) }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/pages/:id/diff",
    permission: "pages.read",
    schema: { params: Id, querystring: DiffQuery },
    handler: async ({ params, query }) => editor.diff(params.id, query.from, query.to),
  });

  adminRoute(app, {
    method: "POST",
    url: "/pages/:id/rollback",
    permission: "pages.publish",
    schema: { params: Id, body: RollbackBody },
    handler: async ({ operator, params, body }) => editor.rollback(operator.id, params.id, body.version),
  });
}
