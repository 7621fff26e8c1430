import { z } from "zod";
import { isLocale } from "../../../core/constants.ts";
import {
  ACTION_CODES,
  COMPONENT_CODES,
  ContentDocumentSchema,
  PAGE_CODE,
} from "../../../core/content/document.ts";
import { LOCAL_DATE_TIME } from "../../../core/store-time.ts";
import { consoleContract } from "../admin/contract.ts";

// The page editor's console endpoints as contracts (issue 33 item 1, ADR 0407, ADR 0415; issue 17, issue 31,
// /o2adm/v1/pages…): pages.read to list, open, compare; pages.write to create, duplicate, save drafts and insert
// blocks; pages.publish to publish, schedule and roll back. The editor's forms post JSON (the document, a block to
// insert) and text (revisions, "lang:revision" choices, a ticked box): each form's schema below turns the form's
// shape into the endpoint's body and parses it with the body schema itself, so the endpoint's rules decide.

const SITE = z.string().regex(/^[A-Za-z0-9_]{1,64}$/);
const LANG = z.string().refine(isLocale, "validation.invalid");
const Int = z.coerce.number().int().positive().max(2_147_483_647);
const Id = z.object({ id: Int });
const Revision = z.number().int().min(1).max(2_147_483_647);
const Version = z.coerce.number().int().min(1).max(2_147_483_647);
const Title = z.string().trim().min(1).max(120);
const PageType = z.enum(["HOME", "LANDING", "TEMPLATE"]);
const Json = z.record(z.string(), z.unknown());

// The answers, as the editor's pages read them (times as ISO instants).

export const PageSummary = z.object({
  /** The id the editor opens: the draft's when there is one, else the published row's. */
  id: z.number(),
  siteCode: z.string(),
  pageCode: z.string(),
  lang: z.string(),
  pageType: PageType,
  title: z.string(),
  hasDraft: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PageSummary = z.infer<typeof PageSummary>;

/** A page's draft as the editor opens it, with a signed preview link. */
export const PageView = z.object({
  id: z.number(),
  siteCode: z.string(),
  pageCode: z.string(),
  lang: z.string(),
  pageType: PageType,
  revision: z.number(),
  document: ContentDocumentSchema,
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  lastVersion: z.number(),
  preview: z.string(),
});
export type PageView = z.infer<typeof PageView>;

export const ScheduleRow = z.object({
  id: z.number(),
  lang: z.string(),
  campaignId: z.string(),
  revision: z.number(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: z.enum(["waiting", "live", "ended"]),
});
export type ScheduleRow = z.infer<typeof ScheduleRow>;

/** The page's languages and width ranges in view (issue 31 item 1). */
export const PageScope = z.object({
  languages: z.array(
    z.object({
      lang: z.string(),
      id: z.number(),
      revision: z.number().nullable(),
      hasDraft: z.boolean(),
      current: z.boolean(),
    }),
  ),
  presence: z.array(
    z.object({
      componentId: z.string(),
      componentName: z.string(),
      ranges: z.array(z.string()),
      languages: z.array(z.string()),
    }),
  ),
  differences: z.array(
    z.object({
      componentId: z.string(),
      componentName: z.string(),
      missingRanges: z.array(z.string()),
      missingLanguages: z.array(z.string()),
    }),
  ),
});
export type PageScope = z.infer<typeof PageScope>;

export const VersionRow = z.object({
  id: z.number(),
  version: z.number(),
  title: z.string(),
  publishedBy: z.string().nullable(),
  restoredFrom: z.number().nullable(),
  publishedAt: z.string(),
});
export type VersionRow = z.infer<typeof VersionRow>;

export const ComponentChange = z.object({
  variantId: z.string(),
  componentId: z.string(),
  componentName: z.string(),
  change: z.enum(["added", "removed", "changed", "moved"]),
});
export type ComponentChange = z.infer<typeof ComponentChange>;

/** Where a block's tap may go (issue 31 item 2): a name, what tells two apart, and the action it stores. */
export const LinkTarget = z.object({
  kind: z.enum(["destination", "plan", "page", "note"]),
  label: z.string(),
  detail: z.string(),
  action: z.object({ code: z.enum(ACTION_CODES), data: Json }),
});
export type LinkTarget = z.infer<typeof LinkTarget>;

// The bodies, as the API validates them.

export const CreateBody = z.object({
  siteCode: SITE,
  lang: LANG,
  pageType: PageType,
  pageCode: PAGE_CODE,
  title: Title,
});
export const DuplicateBody = z.object({
  pageCode: PAGE_CODE,
  title: Title,
  lang: LANG.optional(),
  pageType: z.enum(["LANDING", "TEMPLATE"]).optional(),
});
export const SaveBody = z.object({ revision: Revision, document: Json });
/** The other languages' drafts published or scheduled with this one, each at the revision the operator saw. */
const Languages = z
  .array(z.object({ lang: LANG, revision: Revision }))
  .max(3)
  .optional();
export const PublishBody = z.object({
  revision: Revision,
  /** The other languages' drafts published with this one (issue 31). */
  languages: Languages,
  /** The operator saw the ranges and languages that differ and means them. */
  acknowledged: z.boolean().optional(),
});
export const InsertBody = z.object({
  revision: Revision,
  document: Json,
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
    data: Json,
    action: z.object({ code: z.enum(ACTION_CODES), data: Json }).optional(),
  }),
  texts: z.record(LANG, z.record(z.string().max(40), z.string().max(500))),
});
/** What the insert panel posts as JSON beside the document and the revision (InsertForm reads it). */
export type BlockInsertPayload = Omit<z.input<typeof InsertBody>, "revision" | "document">;
/** Times in the store's zone as a datetime-local field gives them (issue 31 item 7). */
const LocalTime = z.string().regex(LOCAL_DATE_TIME, "validation.invalid");
export const ScheduleBody = z.object({
  revision: Revision,
  startsAt: LocalTime,
  endsAt: LocalTime.nullable().optional(),
  acknowledged: z.boolean().optional(),
  /** The other languages' drafts scheduled with this one as one campaign (ADR 0396). */
  languages: Languages,
});
/** `campaign=1` cancels the schedule in every language of its campaign (ADR 0396). */
const CancelQuery = z.object({ campaign: z.enum(["0", "1"]).optional() });
const ScheduleId = Id.extend({ scheduleId: Int });
export const RollbackBody = z.object({ version: Version });

// The editor's forms: each form's text turned into the endpoint's body, then parsed with that body's schema.

type FormValue = Record<string, unknown>;
const formOf = (value: unknown): FormValue =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as FormValue) : {};
/** A whole number as a form's text of digits (anything else stays as typed and fails). */
const typedWhole = (value: unknown) =>
  typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
/** JSON a form posts in a hidden field (the document, a block); text that is not JSON is null, and fails. */
const typedJson = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
};
/** The ticked languages, each "lang:revision" (the revision the operator saw). */
const pickedLanguages = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => {
    const [lang = "", revision = ""] = String(item).split(":");
    return { lang, revision: typedWhole(revision) };
  });
const ticked = (value: unknown) => value === "1";

/** The editor's save: the draft's revision and the document as JSON. */
export const SaveForm = z.preprocess((value) => {
  const form = formOf(value);
  return { revision: typedWhole(form.revision), document: typedJson(form.document) };
}, SaveBody);

/** The insert panel (issue 31 item 3): the document and the block to insert, each as JSON, and the revision. */
export const InsertForm = z.preprocess((value) => {
  const form = formOf(value);
  return {
    ...formOf(typedJson(form.insert)),
    revision: typedWhole(form.revision),
    document: typedJson(form.document),
  };
}, InsertBody);

export const PublishForm = z.preprocess((value) => {
  const form = formOf(value);
  return {
    revision: typedWhole(form.revision),
    languages: pickedLanguages(form.language),
    acknowledged: ticked(form.acknowledged),
  };
}, PublishBody);

/** The schedule form: wall-clock times in the store's zone, no end when left empty. */
export const ScheduleForm = z.preprocess((value) => {
  const form = formOf(value);
  const endsAt = typeof form.endsAt === "string" ? form.endsAt.trim() : form.endsAt;
  return {
    revision: typedWhole(form.revision),
    startsAt: typeof form.startsAt === "string" ? form.startsAt.trim() : form.startsAt,
    endsAt: endsAt === "" || endsAt === undefined ? null : endsAt,
    acknowledged: ticked(form.acknowledged),
    languages: pickedLanguages(form.language),
  };
}, ScheduleBody);

export const CancelScheduleForm = z.object({
  scheduleId: Int,
  campaign: CancelQuery.shape.campaign,
});

/** The page list's create form (the site is the store's own). */
export const CreateForm = CreateBody.omit({ siteCode: true });
export const DuplicateForm = DuplicateBody.pick({ pageCode: true, title: true }).extend({ id: Int });

// The endpoints.

export const listPages = consoleContract({
  method: "GET",
  path: "/pages",
  permission: "pages.read",
  query: z.object({ siteCode: SITE.optional(), lang: LANG.optional() }),
  response: z.object({ pages: z.array(PageSummary) }),
});

/** The action picker (issue 31 item 2): where a block's tap may go, found by name in any language. */
export const linkTargets = consoleContract({
  method: "GET",
  path: "/pages/link-targets",
  permission: "pages.write",
  query: z.object({ q: z.string().max(80), siteCode: SITE, lang: LANG }),
  response: z.object({ targets: z.array(LinkTarget) }),
});

export const createPage = consoleContract({
  method: "POST",
  path: "/pages",
  permission: "pages.write",
  body: CreateBody,
  response: PageView,
});

/** A page's draft (made from the published page the first time it is opened). */
export const openPage = consoleContract({
  method: "GET",
  path: "/pages/:id",
  permission: "pages.read",
  params: Id,
  response: PageView,
});

export const duplicatePage = consoleContract({
  method: "POST",
  path: "/pages/:id/duplicate",
  permission: "pages.write",
  params: Id,
  body: DuplicateBody,
  response: PageView,
});

/** Saves the draft if it is still at `revision` (409 otherwise). */
export const saveDraft = consoleContract({
  method: "PUT",
  path: "/pages/:id/draft",
  permission: "pages.write",
  params: Id,
  body: SaveBody,
  response: PageView,
});

export const publishPage = consoleContract({
  method: "POST",
  path: "/pages/:id/publish",
  permission: "pages.publish",
  params: Id,
  body: PublishBody,
  response: z.object({ version: z.number(), languages: z.array(z.string()), page: PageView }),
});

/** Scheduled publishing (issue 31 item 7, ADR 0381): publish at a time, end at one, per language (ADR 0396). */
export const schedulePage = consoleContract({
  method: "POST",
  path: "/pages/:id/schedules",
  permission: "pages.publish",
  params: Id,
  body: ScheduleBody,
  response: z.object({
    scheduleId: z.number(),
    campaignId: z.string(),
    languages: z.array(z.string()),
    schedules: z.array(ScheduleRow),
  }),
});

export const listSchedules = consoleContract({
  method: "GET",
  path: "/pages/:id/schedules",
  permission: "pages.read",
  params: Id,
  response: z.object({ schedules: z.array(ScheduleRow) }),
});

export const cancelSchedule = consoleContract({
  method: "DELETE",
  path: "/pages/:id/schedules/:scheduleId",
  permission: "pages.publish",
  params: ScheduleId,
  query: CancelQuery,
  response: z.object({ schedules: z.array(ScheduleRow) }),
});

export const pageScope = consoleContract({
  method: "GET",
  path: "/pages/:id/scope",
  permission: "pages.read",
  params: Id,
  response: PageScope,
});

/** Inserts a block where the operator is, in the ranges and languages chosen (issue 31 item 3). */
export const insertBlock = consoleContract({
  method: "POST",
  path: "/pages/:id/blocks",
  permission: "pages.write",
  params: Id,
  body: InsertBody,
  response: z.object({ componentId: z.string(), page: PageView }),
});

export const listVersions = consoleContract({
  method: "GET",
  path: "/pages/:id/versions",
  permission: "pages.read",
  params: Id,
  response: z.object({ versions: z.array(VersionRow) }),
});

export const diffVersions = consoleContract({
  method: "GET",
  path: "/pages/:id/diff",
  permission: "pages.read",
  params: Id,
  query: z.object({ from: Version, to: Version }),
  response: z.object({
    from: z.number(),
    to: z.number(),
    fields: z.array(z.string()),
    changes: z.array(ComponentChange),
  }),
});

/** Publishes an old version again (as a new version) and makes it the draft too. */
export const rollbackPage = consoleContract({
  method: "POST",
  path: "/pages/:id/rollback",
  permission: "pages.publish",
  params: Id,
  body: RollbackBody,
  response: z.object({ version: z.number(), page: PageView }),
});
