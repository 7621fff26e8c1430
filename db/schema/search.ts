import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { destinations } from "./catalog.ts";

// Destination search (spec 2 "Search overlay", spec 7 cmi-package/search-result). ADR 0080.

export const SEARCH_TERM_KINDS = ["NAME", "ALIAS", "CODE", "CITY", "WORD"] as const;
export type SearchTermKind = (typeof SEARCH_TERM_KINDS)[number];

/**
 * One normalized name a shopper may type for a destination: its names in three locales, aliases, ISO code and
 * city names, plus (for regional and global destinations) every such name of the countries they cover. Built
 * from the catalogue by the search module; trigram and prefix indexes make a lookup one indexed statement.
 */
export const searchTerms = pgTable(
  "search_term",
  {
    destinationCode: varchar("destination_code", { length: 16 })
      .notNull()
      .references(() => destinations.code, { onDelete: "cascade" }),
    /** Lower-cased, accents removed, spaces collapsed (core/search-normalize.ts). */
    term: text("term").notNull(),
    kind: varchar("kind", { length: 8 }).$type<SearchTermKind>().notNull(),
    /** The country the term names: the destination itself, or a covered country of a region. */
    viaCode: varchar("via_code", { length: 16 }).notNull(),
    /** Relevance weight in percent: own names 100, cities 90, names of covered countries 60. */
    weight: integer("weight").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.destinationCode, t.term] }),
    index("search_term_term_trgm_idx").using("gin", t.term.op("gin_trgm_ops")),
    index("search_term_term_prefix_idx").on(t.term.op("text_pattern_ops")),
  ],
);

/** Which catalogue state the search terms were built from, so instances rebuild only after a change. */
export const searchIndexState = pgTable("search_index_state", {
  id: integer("id").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
});

/** spec 3 hot words: shown in the empty search overlay, per locale, in order (up to 10, spec 9). */
export const hotWords = pgTable(
  "hot_word",
  {
    id: serial("id").primaryKey(),
    lang: varchar("lang", { length: 8 }).notNull(),
    word: text("word").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("hot_word_lang_idx").on(t.lang, t.sortOrder)],
);

/** spec 3 specific words: typing exactly this word jumps to the deeplink instead of searching. */
export const specificWords = pgTable(
  "specific_word",
  {
    id: serial("id").primaryKey(),
    lang: varchar("lang", { length: 8 }).notNull(),
    specificWord: text("specific_word").notNull(),
    deeplink: text("deeplink").notNull(),
  },
  (t) => [index("specific_word_lang_idx").on(t.lang)],
);
