import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { componentActionProblem } from "../../../core/content/actions.ts";
import { componentDataProblem, formFields } from "../../../core/content/components.ts";
import { type AreaProblem, areaProblems, type HotAreaValue } from "../../../core/hot-areas.ts";
import { STORE_TIME_ZONE, zonedToInstant } from "../../../core/store-time.ts";
import {
  type ContentDocument,
  ContentDocumentSchema,
  componentDepth,
  MAX_COMPONENT_DEPTH,
  type PageComponent,
  walkComponents,
} from "../../../db/schema/content-document.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import { recordAudit } from "../admin/audit.ts";
import { sanitizeDocument } from "./document.ts";
import type { EditorRepo, PageKey } from "./editor-repo.ts";
import {
  type BlockScope,
  differences,
  freshId,
  type InsertWhere,
  insertBlock,
  presenceOf,
  topLevelIndex,
  withScope,
} from "./page-scope.ts";

/** A block the editor inserts (issue 31 items 1 and 3): its settings, and each language's own texts. */
export interface BlockInsert {
  revision: number;
  /** The editor's document as it stands (saved with the insertion, so unsaved edits are kept). */
  document: unknown;
  variantId: string;
  place: { where: InsertWhere; anchorId?: string };
  everyWidth: boolean;
  /** Every language the block goes into, the page's own included. */
  languages: string[];
  component: {
    componentCode: string;
    componentName: string;
    data: Record<string, unknown>;
    action?: PageComponent["action"];
  };
  /** Per language: the text fields that differ by language (title, alt, text…). */
  texts: Record<string, Record<string, string>>;
}

/*
 * The visual page editor's use cases (issue 17, ADRs 0270–0272): drafts per site and locale with a revision check,
 * publishing (the published row that pages/query-file serves, a version, and the caches of that page dropped),
 * versions compared and rolled back, and signed preview links. Every change is audited in its transaction.
 */

/** A page's shared-cache tag: publishing one page drops only that page's cached file (plus the HTML cache). */
export function pageCacheTag(
  siteCode: string,
  lang: string,
  page: { pageCode: string } | { pageType: string },
) {
  return `${CACHE_TAGS.content}:${siteCode}:${lang}:${"pageCode" in page ? page.pageCode : `type-${page.pageType}`}`;
}

/** How long a preview link works (ADR 0272): a week, enough to send a draft round for review. */
export const PREVIEW_LINK_TTL_S = 7 * 24 * 3600;

export type PreviewType = "subPage" | "template";

export interface EditorSettings {
  /** The HMAC key of preview links. */
  previewSecret: string;
  now?: () => number;
  /** Enqueues the cache drops at a schedule's start and end (ADR 0381); without it schedules are refused. */
  jobs?: Pick<JobRunner, "enqueue" | "register">;
}

/**
 * At a scheduled start or end, drops the page's cached file and, with it, its HTML cache entries on every instance
 * (ADR 0381): the page's read then picks what is live at that moment.
 */
export const PAGE_SWITCH_JOB = defineJob(
  "content.page-switch",
  z.object({
    siteCode: z.string().min(1).max(64),
    lang: z.string().min(1).max(8),
    pageCode: z.string().min(1).max(64),
    pageType: z.string().min(1).max(8),
  }),
);

/** A schedule as the operator gives it: wall-clock times in the store's zone ("2026-12-24T09:00"). */
export interface ScheduleInput {
  revision: number;
  startsAt: string;
  endsAt?: string | null;
  acknowledged?: boolean;
  /** The other languages' drafts scheduled with this one, each at the revision the operator saw (ADR 0396). */
  languages?: { lang: string; revision: number }[];
}

export interface ComponentChange {
  variantId: string;
  componentId: string;
  componentName: string;
  change: "added" | "removed" | "changed" | "moved";
}

/** What differs between two documents, component by component (the version diff, ADR 0271). */
export function diffDocuments(before: ContentDocument, after: ContentDocument) {
  const fields: string[] = [];
  if (before.title !== after.title) fields.push("title");
  const changes: ComponentChange[] = [];
  const variantIds = new Set([...before.variants, ...after.variants].map((v) => v.variantId));
  for (const variantId of variantIds) {
    const a = before.variants.find((v) => v.variantId === variantId);
    const b = after.variants.find((v) => v.variantId === variantId);
    if (!a || !b || a.minWidth !== b.minWidth || a.maxWidth !== b.maxWidth || a.layout !== b.layout)
      fields.push(`variant:${variantId}`);
    const index = (components: PageComponent[] | undefined) => {
      const map = new Map<string, { component: PageComponent; path: string; own: string }>();
      const walk = (list: PageComponent[], parent: string) =>
        list.forEach((component, position) => {
          const { childrenData, ...own } = component;
          map.set(component.componentId, {
            component,
            path: `${parent}/${position}`,
            own: JSON.stringify(own),
          });
          walk(childrenData ?? [], component.componentId);
        });
      walk(components ?? [], "");
      return map;
    };
    const left = index(a?.components);
    const right = index(b?.components);
    for (const [id, entry] of right) {
      const old = left.get(id);
      const name = entry.component.componentName || entry.component.componentCode;
      if (!old) changes.push({ variantId, componentId: id, componentName: name, change: "added" });
      else if (old.own !== entry.own)
        changes.push({ variantId, componentId: id, componentName: name, change: "changed" });
      else if (old.path !== entry.path)
        changes.push({ variantId, componentId: id, componentName: name, change: "moved" });
    }
    for (const [id, entry] of left)
      if (!right.has(id))
        changes.push({
          variantId,
          componentId: id,
          componentName: entry.component.componentName || entry.component.componentCode,
          change: "removed",
        });
  }
  return { fields, changes };
}

/** Validates and sanitizes a document as the editor saves it (the same checks as rendering, ADR 0070). */
export function checkDocument(input: unknown): ContentDocument {
  if (componentDepth(input) > MAX_COMPONENT_DEPTH)
    throw new ApiError(400, "error.badRequest", { fields: { document: "validation.tooDeep" } });
  const parsed = ContentDocumentSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, "error.badRequest");
  const document = sanitizeDocument(parsed.data);
  const ids = new Set<string>();
  for (const variant of document.variants)
    for (const component of walkComponents(variant.components)) {
      // A component id is unique within its variant (the renderer keys on it).
      const key = `${variant.variantId}/${component.componentId}`;
      if (ids.has(key)) throw new ApiError(400, "pageEditor.duplicateId");
      ids.add(key);
      // The data fits the schema the renderer reads it with (ADR 0276); unknown codes are skipped as on render.
      const field = componentDataProblem(component.componentCode, component.data);
      if (field !== null)
        throw new ApiError(400, "pageEditor.data", {
          params: { component: component.componentName || component.componentId, field },
        });
      const areaSets: unknown[] =
        component.componentCode === "HotArea"
          ? [component.data.areas]
          : component.componentCode === "Hotspot" && Array.isArray(component.data.tabs)
            ? component.data.tabs.map((tab) => (tab as { areas?: unknown })?.areas)
            : [];
      for (const areas of areaSets) {
        if (areas === undefined) continue;
        if (!Array.isArray(areas)) throw new ApiError(400, "error.badRequest");
        const problems = areaProblems(areas as HotAreaValue[]);
        if (problems.length > 0)
          throw new ApiError(400, `pageEditor.area.${problems[0]!.problem satisfies AreaProblem}`);
      }
      // Every action the block holds (its own, its items', its areas'): a store page or https, no script (ADR 0369).
      const actionProblem = componentActionProblem(component);
      if (actionProblem)
        throw new ApiError(400, `pageEditor.action.${actionProblem}`, {
          params: { component: component.componentName || component.componentId },
        });
    }
  return document;
}

/** Data keys the editor's forms edit (its fields, hot areas, items' links); the rest is raw JSON (item 4). */
const FORM_EDITED = new Set(["areas", "items"]);

/** A block's data the forms cannot edit, by block id (every range), for the "advanced" check. */
function rawSettings(document: ContentDocument): Map<string, string> {
  const raw = new Map<string, string>();
  for (const variant of document.variants)
    for (const component of walkComponents(variant.components)) {
      const named = new Set(formFields(component.componentCode).map((field) => field.key));
      const rest = Object.entries(component.data)
        .filter(([key]) => !named.has(key) && !FORM_EDITED.has(key))
        .sort(([a], [b]) => a.localeCompare(b));
      raw.set(`${variant.variantId}/${component.componentId}`, JSON.stringify(rest));
    }
  return raw;
}

/**
 * Issue 31 item 4: without the "advanced" permission, a save may not change a block's raw settings (data the
 * forms do not edit); a new block starts without any. 403 pageEditor.advancedOnly otherwise.
 */
export function checkRawUnchanged(before: ContentDocument, after: ContentDocument) {
  const old = rawSettings(before);
  for (const [key, value] of rawSettings(after)) {
    if (value !== (old.get(key) ?? "[]")) throw new ApiError(403, "pageEditor.advancedOnly");
  }
}

export interface EditorPageSummary {
  /** The id the editor opens: the draft's when there is one, else the published row's. */
  id: number;
  siteCode: string;
  pageCode: string;
  lang: string;
  pageType: string;
  title: string;
  hasDraft: boolean;
  publishedAt: string | null;
  updatedAt: string;
}

type Tx = Parameters<Parameters<EditorRepo["db"]["transaction"]>[0]>[0];

export function createPageEditor(repo: EditorRepo, cache: SharedCache, settings: EditorSettings) {
  // Date.now read at each call, so a schedule's state follows the clock the page's read follows.
  const now = settings.now ?? (() => Date.now());
  const keyOf = (row: { siteCode: string; pageCode: string; lang: string }): PageKey => ({
    siteCode: row.siteCode,
    pageCode: row.pageCode,
    lang: row.lang,
  });

  function sign(id: number, type: PreviewType, siteCode: string, expires: number) {
    return createHmac("sha256", settings.previewSecret)
      .update(`preview|${id}|${type}|${siteCode}|${expires}`)
      .digest("base64url");
  }

  /** The draft of a page, made from the published row the first time an operator opens it. */
  async function draftOf(id: number) {
    const row = await repo.byId(id);
    if (!row) throw notFound("pageEditor.notFound");
    if (row.status === "draft") return row;
    const existing = await repo.row(keyOf(row), "draft");
    if (existing) return existing;
    return (await repo.insertDraft(row.siteCode, row.document)) ?? (await repo.row(keyOf(row), "draft"))!;
  }

  async function view(draft: NonNullable<Awaited<ReturnType<typeof repo.byId>>>) {
    const key = keyOf(draft);
    const published = await repo.row(key, "published");
    return {
      id: draft.id,
      siteCode: draft.siteCode,
      pageCode: draft.pageCode,
      lang: draft.lang,
      pageType: draft.pageType,
      revision: draft.revision,
      // As the store renders it (ADR 0070): a draft made from a row stored before sanitizing (the seed's) included.
      document: sanitizeDocument(draft.document),
      updatedAt: draft.updatedAt.toISOString(),
      publishedAt: published?.publishedAt?.toISOString() ?? null,
      lastVersion: await repo.lastVersion(key),
      preview: previewLink(draft.id, draft.pageType === "TEMPLATE" ? "template" : "subPage", draft.siteCode),
    };
  }

  function previewLink(id: number, type: PreviewType, siteCode: string) {
    const expires = Math.floor(now() / 1000) + PREVIEW_LINK_TTL_S;
    const query = new URLSearchParams({
      type,
      siteCode,
      expires: String(expires),
      sig: sign(id, type, siteCode, expires),
    });
    return `/preview/${id}?${query}`;
  }

  /** The same page in the site's other languages: each language's draft (when there is one) or published row. */
  async function siblingsOf(row: { siteCode: string; pageCode: string; lang: string }, tx?: Tx) {
    const rows = (await repo.listRows({ siteCode: row.siteCode })).filter(
      (other) => other.pageCode === row.pageCode && other.lang !== row.lang,
    );
    const langs = [...new Set(rows.map((other) => other.lang))].sort();
    const result = [];
    for (const lang of langs) {
      const key = { siteCode: row.siteCode, pageCode: row.pageCode, lang };
      const draft = await repo.row(key, "draft", tx);
      const published = await repo.row(key, "published", tx);
      const current = draft ?? published;
      if (current) result.push({ lang, draft, published, document: current.document });
    }
    return result;
  }

  async function invalidate(
    siteCode: string,
    lang: string,
    document: { pageCode: string; pageType: string },
  ) {
    const tags = [pageCacheTag(siteCode, lang, { pageCode: document.pageCode })];
    if (document.pageType === "HOME") tags.push(pageCacheTag(siteCode, lang, { pageType: "HOME" }));
    await cache.invalidate(tags);
  }

  settings.jobs?.register(PAGE_SWITCH_JOB, async (payload) => {
    await invalidate(payload.siteCode, payload.lang, payload);
  });

  /** A schedule's times as UTC instants, refused (400, translated) when unreadable, past or out of order. */
  function scheduleTimes(input: ScheduleInput) {
    const startsAt = zonedToInstant(input.startsAt, STORE_TIME_ZONE);
    if (!startsAt)
      throw new ApiError(400, "error.badRequest", { fields: { startsAt: "validation.invalid" } });
    if (startsAt.getTime() <= now())
      throw new ApiError(400, "pageEditor.schedule.past", {
        fields: { startsAt: "pageEditor.schedule.past" },
      });
    let endsAt: Date | null = null;
    if (input.endsAt) {
      endsAt = zonedToInstant(input.endsAt, STORE_TIME_ZONE);
      if (!endsAt) throw new ApiError(400, "error.badRequest", { fields: { endsAt: "validation.invalid" } });
      if (endsAt.getTime() <= startsAt.getTime())
        throw new ApiError(400, "pageEditor.schedule.endBeforeStart", {
          fields: { endsAt: "pageEditor.schedule.endBeforeStart" },
        });
    }
    return { startsAt, endsAt };
  }

  /** Publishes `document` as the page's next version; in the caller's transaction. */
  async function publishIn(
    tx: Parameters<Parameters<EditorRepo["db"]["transaction"]>[0]>[0],
    key: PageKey,
    document: ContentDocument,
    operatorId: string,
    restoredFrom?: number,
  ) {
    await repo.lockPage(key, tx);
    let last = await repo.lastVersion(key, tx);
    if (last === 0) {
      // The first publish from the editor keeps what was live before (the seed's page) as version 1.
      const live = await repo.row(key, "published", tx);
      if (live) {
        await repo.insertVersion(key, { version: 1, document: live.document, publishedBy: null }, tx);
        last = 1;
      }
    }
    await repo.upsertPublished(key.siteCode, document, tx);
    return repo.insertVersion(
      key,
      { version: last + 1, document, publishedBy: operatorId, ...(restoredFrom ? { restoredFrom } : {}) },
      tx,
    );
  }

  return {
    async list(filter: { siteCode?: string; lang?: string }): Promise<EditorPageSummary[]> {
      const rows = await repo.listRows(filter);
      const byKey = new Map<string, EditorPageSummary>();
      for (const row of rows) {
        const key = `${row.siteCode}|${row.lang}|${row.pageCode}`;
        const current = byKey.get(key);
        const summary: EditorPageSummary = current ?? {
          id: row.id,
          siteCode: row.siteCode,
          pageCode: row.pageCode,
          lang: row.lang,
          pageType: row.pageType,
          title: row.title,
          hasDraft: false,
          publishedAt: null,
          updatedAt: row.updatedAt.toISOString(),
        };
        if (row.status === "draft") {
          Object.assign(summary, { id: row.id, title: row.title, hasDraft: true, pageType: row.pageType });
        } else summary.publishedAt = row.publishedAt?.toISOString() ?? row.updatedAt.toISOString();
        byKey.set(key, summary);
      }
      return [...byKey.values()];
    },

    async open(id: number) {
      return view(await draftOf(id));
    },

    async create(
      operatorId: string,
      input: {
        siteCode: string;
        lang: string;
        pageType: "HOME" | "LANDING" | "TEMPLATE";
        pageCode: string;
        title: string;
      },
      from?: ContentDocument,
    ) {
      const document = checkDocument({
        formatVersion: 1,
        pageCode: input.pageCode,
        pageType: input.pageType,
        lang: input.lang,
        title: input.title,
        // A new page starts with one width range for every width; a copy keeps the source's ranges.
        variants: from?.variants ?? [
          { variantId: "all", minWidth: 0, maxWidth: null, layout: "normal", components: [] },
        ],
      });
      if (input.pageType === "HOME") {
        const homes = (await repo.listRows({ siteCode: input.siteCode, lang: input.lang })).filter(
          (row) => row.pageType === "HOME" && row.pageCode !== input.pageCode,
        );
        if (homes.length > 0) throw new ApiError(409, "pageEditor.homeExists");
      }
      const key = { siteCode: input.siteCode, pageCode: input.pageCode, lang: input.lang };
      if ((await repo.row(key, "published")) || (await repo.row(key, "draft")))
        throw new ApiError(409, "pageEditor.codeTaken");
      const row = await repo.db.transaction(async (tx) => {
        const inserted = await repo.insertDraft(input.siteCode, document, tx);
        if (!inserted) throw new ApiError(409, "pageEditor.codeTaken");
        await recordAudit(tx, {
          operatorId,
          action: from ? "page.duplicate" : "page.create",
          entity: "content_page",
          entityId: String(inserted.id),
          after: { ...key, pageType: input.pageType, title: input.title },
        });
        return inserted;
      });
      return view(row);
    },

    async duplicate(
      operatorId: string,
      id: number,
      input: { pageCode: string; title: string; lang?: string; pageType?: "LANDING" | "TEMPLATE" },
    ) {
      const source = await draftOf(id);
      return this.create(
        operatorId,
        {
          siteCode: source.siteCode,
          lang: input.lang ?? source.lang,
          pageType: input.pageType ?? (source.pageType === "TEMPLATE" ? "TEMPLATE" : "LANDING"),
          pageCode: input.pageCode,
          title: input.title,
        },
        source.document,
      );
    },

    /** Saves the draft if it is still at `revision` (409 otherwise: someone else saved first). */
    async save(
      operatorId: string,
      id: number,
      input: { revision: number; document: unknown },
      options: { advanced: boolean } = { advanced: true },
    ) {
      const draft = await repo.byId(id);
      if (draft?.status !== "draft") throw notFound("pageEditor.notFound");
      const document = checkDocument(input.document);
      if (!options.advanced) checkRawUnchanged(draft.document, document);
      if (
        document.pageCode !== draft.pageCode ||
        document.lang !== draft.lang ||
        document.pageType !== draft.pageType
      )
        throw new ApiError(400, "pageEditor.keyChanged");
      const saved = await repo.db.transaction(async (tx) => {
        const row = await repo.updateDraft(id, input.revision, document, tx);
        if (!row) throw new ApiError(409, "pageEditor.stale");
        await recordAudit(tx, {
          operatorId,
          action: "page.draft.save",
          entity: "content_page",
          entityId: String(id),
          before: { revision: input.revision },
          after: { revision: row.revision, title: document.title },
        });
        return row;
      });
      return view(saved);
    },

    /**
     * Publishes the draft at `revision` as the page's next version, with the other languages' drafts named in
     * `languages` (each at the revision the operator saw), in one transaction; then drops those pages' caches.
     * When blocks differ between ranges or languages in a way their scope does not say, it is refused
     * (409 pageEditor.differences) unless the operator acknowledged the warning (issue 31 item 1).
     */
    async publish(
      operatorId: string,
      id: number,
      input: { revision: number; languages?: { lang: string; revision: number }[]; acknowledged?: boolean },
    ) {
      const draft = await repo.byId(id);
      if (draft?.status !== "draft") throw notFound("pageEditor.notFound");
      if (draft.pageType === "TEMPLATE") throw new ApiError(400, "pageEditor.templateNotPublished");
      if (draft.revision !== input.revision) throw new ApiError(409, "pageEditor.stale");
      if (!input.acknowledged && (await this.scope(id)).differences.length > 0)
        throw new ApiError(409, "pageEditor.differences");
      const key = keyOf(draft);
      const document = checkDocument(draft.document);
      const others: { row: NonNullable<Awaited<ReturnType<typeof repo.byId>>>; document: ContentDocument }[] =
        [];
      for (const wanted of input.languages ?? []) {
        if (wanted.lang === draft.lang) continue;
        const other = await repo.row({ ...key, lang: wanted.lang }, "draft");
        if (!other) throw notFound("pageEditor.notFound");
        if (other.revision !== wanted.revision) throw new ApiError(409, "pageEditor.stale");
        others.push({ row: other, document: checkDocument(other.document) });
      }
      const version = await repo.db.transaction(async (tx) => {
        let published = 0;
        for (const page of [{ row: draft, document }, ...others]) {
          const current = await repo.byId(page.row.id, tx);
          if (current?.revision !== page.row.revision) throw new ApiError(409, "pageEditor.stale");
          const pageKey = keyOf(page.row);
          const row = await publishIn(tx, pageKey, page.document, operatorId);
          await recordAudit(tx, {
            operatorId,
            action: "page.publish",
            entity: "content_page",
            entityId: String(page.row.id),
            after: { ...pageKey, version: row.version, revision: page.row.revision },
          });
          if (page.row.id === id) published = row.version;
        }
        return published;
      });
      for (const page of [{ row: draft, document }, ...others])
        await invalidate(page.row.siteCode, page.row.lang, page.document);
      return {
        version,
        languages: [draft.lang, ...others.map((o) => o.row.lang)],
        page: await view((await repo.byId(id))!),
      };
    },

    /**
     * Schedules the draft at `revision` to go live at a time and, optionally, to end at one (issue 31 item 7, ADR
     * 0381), with the chosen other languages' drafts at the same times as one campaign (ADR 0396): a row per
     * language with its own document, all in one transaction, audited, with a job at each time for each language
     * that drops that language's page caches.
     */
    async schedule(operatorId: string, id: number, input: ScheduleInput) {
      const jobs = settings.jobs;
      if (!jobs) throw new ApiError(503, "error.notReady");
      const draft = await repo.byId(id);
      if (draft?.status !== "draft") throw notFound("pageEditor.notFound");
      if (draft.pageType === "TEMPLATE") throw new ApiError(400, "pageEditor.templateNotPublished");
      const { startsAt, endsAt } = scheduleTimes(input);
      if (draft.revision !== input.revision) throw new ApiError(409, "pageEditor.stale");
      if (!input.acknowledged && (await this.scope(id)).differences.length > 0)
        throw new ApiError(409, "pageEditor.differences");
      const key = keyOf(draft);
      const pages = [{ row: draft, revision: input.revision, document: checkDocument(draft.document) }];
      for (const wanted of input.languages ?? []) {
        if (wanted.lang === draft.lang || pages.some((page) => page.row.lang === wanted.lang)) continue;
        const other = await repo.row({ ...key, lang: wanted.lang }, "draft");
        if (!other) throw new ApiError(400, "pageEditor.schedule.noDraft", { params: { lang: wanted.lang } });
        if (other.revision !== wanted.revision) throw new ApiError(409, "pageEditor.stale");
        pages.push({ row: other, revision: wanted.revision, document: checkDocument(other.document) });
      }
      const campaignId = randomUUID();
      const rows = await repo.db.transaction(async (tx) => {
        const inserted = [];
        for (const page of pages) {
          const current = await repo.byId(page.row.id, tx);
          if (current?.revision !== page.revision) throw new ApiError(409, "pageEditor.stale");
          const pageKey = keyOf(page.row);
          const row = await repo.insertSchedule(
            pageKey,
            {
              revision: page.revision,
              document: page.document,
              startsAt,
              endsAt,
              campaignId,
              createdBy: operatorId,
            },
            tx,
          );
          const payload = { ...pageKey, pageType: page.row.pageType };
          for (const [edge, at] of [
            ["start", startsAt],
            ["end", endsAt],
          ] as const)
            if (at)
              await jobs.enqueue(PAGE_SWITCH_JOB, payload, {
                runAt: at,
                dedupeKey: `page-switch:${row.id}:${edge}`,
                executor: tx as never,
              });
          await recordAudit(tx, {
            operatorId,
            action: "page.schedule",
            entity: "content_page",
            entityId: String(page.row.id),
            after: {
              ...pageKey,
              scheduleId: row.id,
              campaignId,
              revision: page.revision,
              startsAt: startsAt.toISOString(),
              endsAt: endsAt?.toISOString() ?? null,
            },
          });
          inserted.push(row);
        }
        return inserted;
      });
      return {
        scheduleId: rows[0]!.id,
        campaignId,
        languages: rows.map((row) => row.lang),
        schedules: await this.schedules(id),
      };
    },

    /**
     * A page's schedules in every language, not cancelled, with their UTC times, their campaign (the languages
     * scheduled together) and whether each is waiting, live or over.
     */
    async schedules(id: number) {
      const draft = await repo.byId(id);
      if (!draft) throw notFound("pageEditor.notFound");
      const at = now();
      return (await repo.schedules(draft)).map((row) => ({
        id: row.id,
        lang: row.lang,
        campaignId: row.campaignId ?? `schedule-${row.id}`,
        revision: row.revision,
        title: row.title,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt?.toISOString() ?? null,
        state:
          row.startsAt.getTime() > at
            ? ("waiting" as const)
            : row.endsAt && row.endsAt.getTime() <= at
              ? ("ended" as const)
              : ("live" as const),
      }));
    },

    /**
     * Cancels a schedule (live or waiting) in its language, or with `campaign` in every language of its campaign:
     * audited per language, and those languages' page caches dropped at once.
     */
    async cancelSchedule(operatorId: string, id: number, scheduleId: number, campaign = false) {
      const draft = await repo.byId(id);
      if (!draft) throw notFound("pageEditor.notFound");
      const cancelled = await repo.db.transaction(async (tx) => {
        const rows = await repo.cancelSchedule(draft, scheduleId, campaign, tx);
        if (rows.length === 0) throw notFound("pageEditor.schedule.notFound");
        for (const row of rows) {
          const page = await repo.row(keyOf(row), "draft", tx);
          await recordAudit(tx, {
            operatorId,
            action: "page.schedule.cancel",
            entity: "content_page",
            entityId: String(row.lang === draft.lang ? id : (page?.id ?? id)),
            before: {
              ...keyOf(row),
              scheduleId: row.id,
              campaignId: row.campaignId,
              startsAt: row.startsAt.toISOString(),
              endsAt: row.endsAt?.toISOString() ?? null,
            },
          });
        }
        return rows;
      });
      for (const lang of new Set(cancelled.map((row) => row.lang)))
        await invalidate(draft.siteCode, lang, { pageCode: draft.pageCode, pageType: draft.pageType });
      return { schedules: await this.schedules(id) };
    },

    /**
     * The page's languages and width ranges in view (issue 31 item 1): each language's page (its draft's id and
     * revision), where each block lives, and what publishing would warn about.
     */
    async scope(id: number) {
      const draft = await repo.byId(id);
      if (!draft) throw notFound("pageEditor.notFound");
      const siblings = await siblingsOf(draft);
      const published = await repo.row(keyOf(draft), "published");
      const others = siblings.map((sibling) => sibling.document);
      return {
        languages: [
          {
            lang: draft.lang,
            id: draft.id,
            revision: draft.revision,
            hasDraft: draft.status === "draft",
            current: true,
          },
          ...siblings.map((sibling) => ({
            lang: sibling.lang,
            id: (sibling.draft ?? sibling.published)!.id,
            revision: sibling.draft?.revision ?? null,
            hasDraft: sibling.draft !== null,
            current: false,
          })),
        ],
        presence: presenceOf(draft.document, others),
        differences: differences(draft.document, published?.document ?? null, others),
      };
    },

    /**
     * Inserts a block where the operator is (before or after a block, inside a container, or at the end), in the
     * range being edited or every range, in this language or each chosen one with its own texts; saves the
     * editor's document and the other languages' drafts (made from their published pages when needed) in one
     * transaction, each audited.
     */
    async insert(
      operatorId: string,
      id: number,
      input: BlockInsert,
      options: { advanced: boolean } = { advanced: true },
    ) {
      const draft = await repo.byId(id);
      if (draft?.status !== "draft") throw notFound("pageEditor.notFound");
      const base = checkDocument(input.document);
      if (!options.advanced) {
        checkRawUnchanged(draft.document, base);
        const named = new Set(formFields(input.component.componentCode).map((field) => field.key));
        if (Object.keys(input.component.data).some((key) => !named.has(key) && !FORM_EDITED.has(key)))
          throw new ApiError(403, "pageEditor.advancedOnly");
        // A language's own texts and images (ADR 0397) are form fields too.
        if (Object.values(input.texts).some((own) => Object.keys(own).some((key) => !named.has(key))))
          throw new ApiError(403, "pageEditor.advancedOnly");
      }
      if (base.pageCode !== draft.pageCode || base.lang !== draft.lang || base.pageType !== draft.pageType)
        throw new ApiError(400, "pageEditor.keyChanged");
      const origin = base.variants.find((variant) => variant.variantId === input.variantId);
      if (!origin) throw new ApiError(400, "pageEditor.noRange");
      const siblings = await siblingsOf(draft);
      const wanted = new Set(input.languages);
      wanted.add(draft.lang);
      for (const lang of wanted)
        if (lang !== draft.lang && !siblings.some((sibling) => sibling.lang === lang))
          throw new ApiError(400, "pageEditor.noLanguage", { params: { lang } });
      const targets = siblings.filter((sibling) => wanted.has(sibling.lang));
      const componentId = freshId([base, ...targets.map((t) => t.document)], input.component.componentCode);
      const scope: BlockScope = { widths: input.everyWidth ? "every" : "one", languages: [...wanted].sort() };
      const fallback = topLevelIndex(origin.components, input.place);
      const place = (document: ContentDocument, lang: string): ContentDocument => {
        const component = withScope(
          {
            componentId,
            componentCode: input.component.componentCode,
            componentName: input.component.componentName,
            positionCode: "10",
            style: {},
            data: { ...input.component.data, ...(input.texts[lang] ?? {}) },
            ...(input.component.action ? { action: input.component.action } : {}),
            options: "{}",
          },
          scope,
        );
        return {
          ...document,
          variants: document.variants.map((variant) =>
            input.everyWidth || (lang === draft.lang && variant.variantId === input.variantId)
              ? { ...variant, components: insertBlock(variant.components, component, input.place, fallback) }
              : variant,
          ),
        };
      };
      // Each language's document is checked as a save would check it (actions, data, ids).
      const own = checkDocument(place(base, draft.lang));
      const theirs = targets.map((target) => ({
        target,
        document: checkDocument(place(target.document, target.lang)),
      }));
      const saved = await repo.db.transaction(async (tx) => {
        const row = await repo.updateDraft(id, input.revision, own, tx);
        if (!row) throw new ApiError(409, "pageEditor.stale");
        const audit = (pageId: number, lang: string) =>
          recordAudit(tx, {
            operatorId,
            action: "page.block.insert",
            entity: "content_page",
            entityId: String(pageId),
            after: {
              pageCode: draft.pageCode,
              lang,
              componentId,
              componentCode: input.component.componentCode,
              scope,
            },
          });
        await audit(id, draft.lang);
        for (const { target, document } of theirs) {
          let other = target.draft ?? (await repo.row({ ...keyOf(draft), lang: target.lang }, "draft", tx));
          if (!other) other = (await repo.insertDraft(draft.siteCode, target.document, tx)) ?? null;
          if (!other) throw new ApiError(409, "pageEditor.stale");
          const updated = await repo.updateDraft(other.id, other.revision, document, tx);
          if (!updated) throw new ApiError(409, "pageEditor.stale");
          await audit(other.id, target.lang);
        }
        return row;
      });
      return { componentId, page: await view(saved) };
    },

    /**
     * The pages that use `text` (a media library URL) in their draft or published document, so the library can
     * refuse to delete an image a page shows (ADR 0274). In the caller's transaction when given.
     */
    pagesUsing(text: string, tx?: Parameters<EditorRepo["mentioning"]>[1]) {
      return repo.mentioning(text, tx);
    },

    async versions(id: number) {
      const draft = await repo.byId(id);
      if (!draft) throw notFound("pageEditor.notFound");
      const rows = await repo.versions(keyOf(draft));
      return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
    },

    async diff(id: number, from: number, to: number) {
      const draft = await repo.byId(id);
      if (!draft) throw notFound("pageEditor.notFound");
      const [a, b] = await Promise.all([repo.version(keyOf(draft), from), repo.version(keyOf(draft), to)]);
      if (!a || !b) throw notFound("pageEditor.versionNotFound");
      return { from, to, ...diffDocuments(a.document, b.document) };
    },

    /** Publishes an old version again (as a new version) and makes it the draft too. */
    async rollback(operatorId: string, id: number, version: number) {
      const draft = await draftOf(id);
      const key = keyOf(draft);
      const target = await repo.version(key, version);
      if (!target) throw notFound("pageEditor.versionNotFound");
      const document = checkDocument(target.document);
      const published = await repo.db.transaction(async (tx) => {
        const row = await publishIn(tx, key, document, operatorId, version);
        const current = await repo.byId(draft.id, tx);
        await repo.updateDraft(draft.id, current!.revision, document, tx);
        await recordAudit(tx, {
          operatorId,
          action: "page.rollback",
          entity: "content_page",
          entityId: String(draft.id),
          after: { ...key, restored: version, version: row.version },
        });
        return row.version;
      });
      await invalidate(key.siteCode, key.lang, document);
      return { version: published, page: await view((await repo.byId(draft.id))!) };
    },

    previewLink,

    /** True when a preview link's signature is this shop's and it has not expired (ADR 0272). */
    verifyPreview(
      id: number,
      type: PreviewType,
      siteCode: string,
      expires: string | null,
      sig: string | null,
    ) {
      const expiresAt = Number(expires);
      if (!sig || !Number.isSafeInteger(expiresAt) || expiresAt * 1000 < now()) return false;
      const expected = Buffer.from(sign(id, type, siteCode, expiresAt));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type PageEditor = ReturnType<typeof createPageEditor>;
