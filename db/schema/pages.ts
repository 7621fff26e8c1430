import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

// Operator-owned pages that are not content blocks (issue 10): legal documents, the about-us and join-us pages,
// and the help centre. Each is stored per locale, so an operator changes them without a deploy (ADR 0200).

/** spec 2 /pageHtml: the terms (tacCondition), the privacy policy and the refund policy. */
export const LEGAL_KINDS = ["tacCondition", "privacyPolicy", "refundPolicy"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

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

/** Help centre categories (issue 10); their names are UI strings (core/i18n/messages/help.ts). */
export const HELP_CATEGORIES = ["buying", "installing", "abroad", "topups", "refunds", "account"] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** A help article in one locale; searchText is its normalized text in both Chinese scripts (ADR 0201). */
export const helpArticles = pgTable(
  "help_article",
  {
    slug: varchar("slug", { length: 64 }).notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    category: varchar("category", { length: 16 }).$type<HelpCategory>().notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    searchText: text("search_text").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    published: boolean("published").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.slug, t.lang] }),
    index("help_article_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** spec 9: up to 10 help words per locale, shown under the help search. */
export const helpWords = pgTable("help_word", {
  id: serial("id").primaryKey(),
  lang: varchar("lang", { length: 8 }).notNull(),
  word: text("word").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** "Was this helpful": one answer per article per browser (voterKey), changeable. */
export const helpFeedback = pgTable(
  "help_feedback",
  {
    id: serial("id").primaryKey(),
    slug: varchar("slug", { length: 64 }).notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    voterKey: varchar("voter_key", { length: 64 }).notNull(),
    customerId: uuid("customer_id"),
    helpful: boolean("helpful").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("help_feedback_voter_idx").on(t.slug, t.voterKey)],
);

/** spec 3 footer content per locale: the contact ways' title, the ways ({key, value}) and a content list. */
export const footerContents = pgTable("footer_content", {
  lang: varchar("lang", { length: 8 }).primaryKey(),
  contactWaysTitle: text("contact_ways_title").notNull(),
  contactWays: jsonb("contact_ways").$type<{ key: string; value: string }[]>().notNull(),
  contentList: jsonb("content_list").$type<string[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The notification centre (spec 2 /ucenter/push, ADR 0204): what the store has told a shopper. */
export const NOTIFICATION_KINDS = [
  "ORDER_PAID",
  "ORDER_FAILED",
  "ESIM_READY",
  "TOPUP_DONE",
  "DATA_LOW",
  "PLAN_ENDED",
  "PROMOTION",
  /** Store credit about to expire (issue 11, ADR 0240). */
  "CREDIT_EXPIRING",
  /** An invite reward granted, or taken back (issue 11, ADR 0242). */
  "INVITE_REWARD",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const customerNotifications = pgTable(
  "customer_notification",
  {
    id: serial("id").primaryKey(),
    customerId: uuid("customer_id").notNull(),
    kind: varchar("kind", { length: 24 }).$type<NotificationKind>().notNull(),
    /** Message parameters (order code, plan name); the text is rendered in the reader's language. */
    params: jsonb("params").$type<Record<string, string>>().notNull(),
    /** A storefront path without locale prefix, e.g. /ucenter/eSIM/{id}. */
    link: text("link"),
    /** One notice per event: the same event recorded twice (a retried job) stays one notice. */
    eventKey: varchar("event_key", { length: 128 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customer_notification_event_idx").on(t.customerId, t.eventKey),
    index("customer_notification_list_idx").on(t.customerId, t.createdAt),
  ],
);

/** Per kind: whether the shopper wants it by e-mail and in the notification centre (defaults: both). */
export const notificationPreferences = pgTable(
  "notification_preference",
  {
    customerId: uuid("customer_id").notNull(),
    kind: varchar("kind", { length: 24 }).$type<NotificationKind>().notNull(),
    email: boolean("email").notNull(),
    inApp: boolean("in_app").notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind] })],
);
