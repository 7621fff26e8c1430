import type { Database } from "../../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { auditedChange, recordAudit } from "../admin/audit.ts";
import type { ContractBody } from "../admin/contract.ts";
import type { ConsoleNotes } from "../content/console.ts";
import type { ConsoleHelp } from "../help/console.ts";
import type { createConsolePages } from "./console.ts";
import type { draftLegal, saveFooter, saveHelp, saveNote } from "./console-contract.ts";

// The console's content use cases (issue 33 item 1, ADRs 0407, 0414; issue 16, ADR 0234): legal documents, the
// footer, help articles and notes. Each write owns its transaction and audit entry, and once it commits, what the
// store shows is dropped from every instance's caches (a legal draft shows nowhere, so it clears nothing).

interface Operator {
  id: string;
}

export interface ContentConsoleDeps {
  db: Database;
  pages: ReturnType<typeof createConsolePages>;
  help: ConsoleHelp;
  notes: ConsoleNotes;
  cache: Pick<SharedCache, "invalidate">;
}

export function createContentConsole(deps: ContentConsoleDeps) {
  const { db, pages, help, notes, cache } = deps;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));
  const published = () => cache.invalidate([CACHE_TAGS.content]);

  return {
    async legalDocuments(lang: string) {
      return { documents: await pages.legalDocuments(db, lang) };
    },

    async legalDocument(id: number) {
      const document = await pages.legalDocument(db, id);
      if (!document) throw notFound("consoleMerch.documentNotFound");
      return document;
    },

    /** A new draft version; it shows nowhere until published. */
    draftLegal(operator: Operator, body: ContractBody<typeof draftLegal>) {
      return transaction(async (tx) => {
        const row = await pages.draftLegal(tx, body);
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "legal.draft",
          entity: "legal-document",
          entityId: String(row.id),
          before: null,
          after: { kind: row.kind, lang: row.lang, version: row.version, title: row.title, body: row.body },
        });
        return row;
      });
    },

    /** Publishes a draft once (a published version never changes); 404 when it is not a draft. */
    async publishLegal(operator: Operator, id: number) {
      const row = await transaction(async (tx) => {
        const done = await pages.publishLegal(tx, id, new Date());
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

    /** The footer in a language; empty when none is saved yet. */
    async footer(lang: string) {
      return (await pages.footer(db, lang)) ?? { contactWaysTitle: "", contactWays: [], contentList: [] };
    },

    async saveFooter(operator: Operator, body: ContractBody<typeof saveFooter>) {
      const { lang, ...input } = body;
      const saved = await transaction((tx) =>
        auditedChange(tx, operator, { action: "footer.save", entity: "footer", entityId: lang }, () =>
          pages.saveFooter(tx, lang, input),
        ),
      );
      await published();
      return saved;
    },

    async helpArticles(lang: string) {
      return { articles: await help.list(db, lang) };
    },

    async helpArticle(slug: string, lang: string) {
      const article = await help.article(db, slug, lang);
      if (!article) throw notFound("consoleMerch.articleNotFound");
      return article;
    },

    async saveHelpArticle(operator: Operator, slug: string, body: ContractBody<typeof saveHelp>) {
      const { lang, ...input } = body;
      const saved = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: (change) => (change.before ? "help.update" : "help.create"),
            entity: "help-article",
            entityId: `${slug}/${lang}`,
          },
          () => help.save(tx, slug, lang, input),
        ),
      );
      await published();
      return saved;
    },

    async notes(lang: string) {
      return { notes: await notes.list(db, lang) };
    },

    async note(code: string, lang: string) {
      const note = await notes.note(db, code, lang);
      if (!note) throw notFound("consoleMerch.noteNotFound");
      return note;
    },

    async saveNote(operator: Operator, code: string, body: ContractBody<typeof saveNote>) {
      const { lang, ...input } = body;
      const saved = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: (change) => (change.before ? "note.update" : "note.create"),
            entity: "note",
            entityId: `${code}/${lang}`,
          },
          () => notes.save(tx, code, lang, input),
        ),
      );
      await published();
      return saved;
    },
  };
}

export type ContentConsole = ReturnType<typeof createContentConsole>;
