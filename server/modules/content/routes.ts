import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isLocale } from "../../../core/constants.ts";
import { PageQuery } from "../../../core/list-query.ts";
import { PAGE_CODE } from "../../../db/schema/content-document.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { PageEditor } from "./editor.ts";
import type { ContentService } from "./service.ts";

const SITE = z.string().regex(/^[A-Za-z0-9_]{1,64}$/);
const CODE = z.string().regex(/^[A-Za-z0-9][\w.-]{0,47}$/);

const QueryFileBody = z
  .array(
    z.object({
      siteCode: SITE,
      queryType: z.enum(["HOME", "LANDING"]),
      pageCode: PAGE_CODE.optional(),
    }),
  )
  .min(1)
  .max(10);

const PreviewQuery = z
  .object({
    siteCode: SITE.optional(),
    preSubPageViewId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    preTemplateViewId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** The preview link's signature and expiry (issue 17, ADR 0272): an id alone cannot be guessed into a draft. */
    expires: z.string().max(16).optional(),
    sig: z.string().max(64).optional(),
  })
  .refine((q) => q.preSubPageViewId !== undefined || q.preTemplateViewId !== undefined, {
    message: "validation.required",
    path: ["preSubPageViewId"],
  });

const NoteCodesBody = z.object({ noteCodeList: z.array(CODE).min(1).max(50) });

const LiveListQuery = PageQuery.extend({
  size: z.coerce.number().int().min(1).max(20).default(3),
  siteTypeCode: z.string().regex(/^[A-Z0-9_]{1,32}$/),
});

const PageFileParams = z.object({
  siteCode: SITE,
  lang: z.string().refine(isLocale),
  file: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}\.[A-Za-z0-9]{12}\.json$/),
});

export function contentRoutes(
  app: FastifyInstance,
  services: { content: ContentService; pageEditor: PageEditor },
) {
  // spec 7: where each published page lives; the file itself is a static, versioned JSON document.
  app.post("/o2cms/v1/pub/pages/query-file", { schema: { body: QueryFileBody } }, async (request) => {
    const asks = parseInput(QueryFileBody, request.body);
    return services.content.queryFiles(asks, request.ctx.locale);
  });

  // Architecture: published pages are files a CDN may keep for a year (the version is in the name).
  app.get("/pub-res/pages/:siteCode/:lang/:file", async (request, reply) => {
    const parsed = PageFileParams.safeParse(request.params);
    if (!parsed.success) throw notFound();
    const { siteCode, lang, file } = parsed.data;
    const [pageCode, version] = file.slice(0, -".json".length).split(".") as [string, string];
    const page = await services.content.pageFile(siteCode, lang as never, pageCode, version);
    reply.header("cache-control", "public, max-age=31536000, immutable");
    reply.header("etag", page.etag);
    const match = request.headers["if-none-match"];
    if (match?.split(",").some((tag) => tag.trim() === page.etag)) return reply.status(304).send();
    return reply.type("application/json; charset=utf-8").send(page.json);
  });

  // spec 7: the unpublished page for the preview route; only asked for in preview (x-preview).
  app.get(
    "/o2cms/v1/pub/sites/preview",
    { schema: { querystring: PreviewQuery } },
    async (request, reply) => {
      if (!request.headers["x-preview"]) throw new ApiError(403, "content.previewOnly");
      const query = parseInput(PreviewQuery, request.query);
      const id = (query.preSubPageViewId ?? query.preTemplateViewId)!;
      const type = query.preSubPageViewId !== undefined ? "subPage" : "template";
      const siteCode = query.siteCode ?? request.ctx.siteCode;
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex");
      // A link without this shop's signature is as unknown as a missing page.
      if (!services.pageEditor.verifyPreview(id, type, siteCode, query.expires ?? null, query.sig ?? null))
        throw notFound("content.pageNotFound");
      return services.content.preview(siteCode, id);
    },
  );

  // spec 7: notes by code, keyed by note code; noteContent is sanitized.
  app.post("/o2cms/v1/pub/cms-note/note-codes", { schema: { body: NoteCodesBody } }, async (request) => {
    const body = parseInput(NoteCodesBody, request.body);
    return services.content.notes(body.noteCodeList, request.ctx.locale);
  });

  // spec 7: live rooms, page mode.
  app.get(
    "/o2lsm/v1/pub/live-streaming/live-info-list",
    { schema: { querystring: LiveListQuery } },
    async (request) => {
      const query = parseInput(LiveListQuery, request.query);
      return services.content.liveList(query, request.ctx.locale);
    },
  );
}
