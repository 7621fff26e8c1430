import {
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LEGAL_PAGE_KINDS, type LegalPageKind } from "../../core/legal-page.ts";

// Operator-owned pages that are not content blocks (issue 10): legal documents, the about-us and join-us pages
// and the footer (the help centre is help.ts). Each is stored per locale, so an operator changes them without a deploy (ADR 0200).

/** spec 2 /pageHtml: the terms (tacCondition), the privacy policy and the refund policy (core/legal-page.ts). */
export const LEGAL_KINDS = LEGAL_PAGE_KINDS;
export type LegalKind = LegalPageKind;

/**
 * One version of a legal document in one locale. A version is immutable once published; the one in force is the
 * highest published version whose effective date has come (ADR 0200). The body is operator HTML, sanitized on
 * save and again when served.
 */
export const legalDocuments = pgTable(
  "legal_document",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 24 }).$type<LegalKind>().notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    /** null while a draft. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("legal_document_version_idx").on(t.kind, t.lang, t.version)],
);

/** spec 1, 2: the about-us and join-us pages. */
export const INFO_PAGE_KEYS = ["about-us", "join-us"] as const;
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number];

export const infoPages = pgTable(
  "info_page",
  {
    pageKey: varchar("page_key", { length: 24 }).$type<InfoPageKey>().notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pageKey, t.lang] })],
);

/** spec 3 footer content per locale: the contact ways' title, the ways ({key, value}) and a content list. */
export const footerContents = pgTable("footer_content", {
  lang: varchar("lang", { length: 8 }).primaryKey(),
  contactWaysTitle: text("contact_ways_title").notNull(),
  contactWays: jsonb("contact_ways").$type<{ key: string; value: string }[]>().notNull(),
  contentList: jsonb("content_list").$type<string[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
