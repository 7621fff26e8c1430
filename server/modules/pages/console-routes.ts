import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { NOTE_CODE_PATTERN } from "../../../core/ids.ts";
import type { Database } from "../../../db/client.ts";
import { HELP_CATEGORIES, LEGAL_KINDS } from "../../../db/schema/index.ts";
import type { Merch } from "../../console-merch.ts";
import { notFound } from "../../http/errors.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { CACHE_TAGS } from "../../infra/cache.ts";
import { auditedChange, recordAudit } from "../admin/audit.ts";
import { adminRoute } from "../admin/route.ts";

// Content in the console (issue 16; ADR 0234): legal documents (drafted, then published as a new version),
// help articles, notes and the footer's contact ways. Operator HTML is stored sanitized; once a change commits,
// the pages that show it are dropped from every instance's caches.

const Lang = z.enum(["en_US", "zh_CN", "zh_HK"]);
const LangQuery = z.object({ lang: Lang.default("en_US") });
const Html = z.string().max(200_000);
const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const SlugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/, "validation.invalid") });
const NoteParam = z.object({ code: z.string().regex(NOTE_CODE_PATTERN, "validation.invalid") });
const Instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));

const LegalDraft = z.object({
  kind: z.enum(LEGAL_KINDS),
  lang: Lang,
  title: z.string().trim().min(1).max(200),
  body: Html.min(1),
  effectiveAt: Instant,
});
const Footer = z.object({
  lang: Lang,
  contactWaysTitle: z.string().trim().max(100),
  contactWays: z
    .array(z.object({ key: z.string().trim().min(1).max(40), value: z.string().trim().min(1).max(200) }))
    .max(20),
  contentList: z.array(z.string().trim().min(1).max(300)).max(20),
});
const Article = z.object({
  lang: Lang,
  category: z.enum(HELP_CATEGORIES),
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500),
  body: Html.min(1),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  published: z.boolean().default(true),
});
const Note = z.object({
  lang: Lang,
  noteTitle: z.string().trim().min(1).max(200),
  mediaUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>\\]*$/, "validation.url"),
  noteContent: Html.min(1),
  topicNameList: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  publishedAt: Instant,
});

export function consoleContentRoutes(
  app: FastifyInstance,
  services: { cache: SharedCache; merch: Pick<Merch, "db" | "help" | "notes" | "pages"> },
) {
  const { merch } = services;
  const { db } = merch;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));
  const published = () => services.cache.invalidate([CACHE_TAGS.content]);

  adminRoute(app, {
    method: "GET",
    url: "/content/legal",
    permission: "content.read",
    schema: { querystring: LangQuery },
    handler: async ({ query }) => ({ documents: await merch.pages.legalDocuments(db, query.lang) }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/content/legal/:id",
    permission: "content.read",
    schema: { params: IdParam },
    handler: async ({ params }) => {
      const document = await merch.pages.legalDocument(db, params.id);
      if (!document) throw notFound("consoleMerch.documentNotFound");
      return document;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/content/legal",
    permission: "content.write",
    schema: { body: LegalDraft },
    handler: async ({ operator, body }) =>
      transaction(async (tx) => {
        const row = await merch.pages.draftLegal(tx, body);
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "legal.draft",
          entity: "legal-document",
          entityId: String(row.id),
          before: null,
          after: { kind: row.kind, lang: row.lang, version: row.version, title: row.title, body: row.body },
        });
        return row;
      }),
  });

  adminRoute(app, {
    method: "POST",
    url: "/content/legal/:id/publish",
    permission: "content.write",
    schema: { params: IdParam },
    handler: async ({ operator, params }) => {
      const row = await transaction(async (tx) => {
        const done = await merch.pages.publishLegal(tx, params.id, new Date());
        if (!done) return null;
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "legal.publish",
          entity: "legal-document",
          entityId: String(done.id),
          before: { publishedAt: null },
          after: { publishedAt: done.publishedAt, effectiveAt: done.effectiveAt, version: done.version },
        });
        return done;
      });
      if (!row) throw notFound("consoleMerch.draftNotFound");
      await published();
      return row;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/content/footer",
    permission: "content.read",
    schema: { querystring: LangQuery },
    handler: async ({ query }) =>
      (await merch.pages.footer(db, query.lang)) ?? {
        contactWaysTitle: "",
        contactWays: [],
        contentList: [],
      },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/content/footer",
    permission: "content.write",
    schema: { body: Footer },
    handler: async ({ operator, body }) => {
      const { lang, ...input } = body;
      const saved = await transaction((tx) =>
        auditedChange(tx, operator, { action: "footer.save", entity: "footer", entityId: lang }, () =>
          merch.pages.saveFooter(tx, lang, input),
        ),
      );
      await published();
      return saved;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/content/help",
    permission: "content.read",
    schema: { querystring: LangQuery },
    handler: async ({ query }) => ({ articles: await merch.help.list(db, query.lang) }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/content/help/:slug",
    permission: "content.read",
    schema: { params: SlugParam, querystring: LangQuery },
    handler: async ({ params, query }) => {
      const article = await merch.help.article(db, params.slug, query.lang);
      if (!article) throw notFound("consoleMerch.articleNotFound");
      return article;
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/content/help/:slug",
    permission: "content.write",
    schema: { params: SlugParam, body: Article },
    handler: async ({ operator, params, body }) => {
      const { lang, ...input } = body;
      const saved = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: (change) => (change.before ? "help.update" : "help.create"),
            entity: "help-article",
            entityId: `${params.slug}/${lang}`,
          },
          () => merch.help.save(tx, params.slug, lang, input),
        ),
      );
      await published();
      return saved;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/content/notes",
    permission: "content.read",
    schema: { querystring: LangQuery },
    handler: async ({ query }) => ({ notes: await merch.notes.list(db, query.lang) }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/content/notes/:code",
    permission: "content.read",
    schema: { params: NoteParam, querystring: LangQuery },
    handler: async ({ params, query }) => {
      const note = await merch.notes.note(db, params.code, query.lang);
      if (!note) throw notFound("consoleMerch.noteNotFound");
      return note;
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/content/notes/:code",
    permission: "content.write",
    schema: { params: NoteParam, body: Note },
    handler: async ({ operator, params, body }) => {
      const { lang, ...input } = body;
      const saved = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: (change) => (change.before ? "note.update" : "note.create"),
            entity: "note",
            entityId: `${params.code}/${lang}`,
          },
          () => merch.notes.save(tx, params.code, lang, input),
        ),
      );
      await published();
      return saved;
    },
  });
}
