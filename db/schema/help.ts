import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

// Help centre categories (issue 10) are a rule of core/ (core/help.ts), so the console's contracts name them too.
import type { HelpCategory } from "../../core/help.ts";

export { HELP_CATEGORIES, type HelpCategory } from "../../core/help.ts";

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
