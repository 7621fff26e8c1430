import {
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
import type { ContentDocument } from "./content-document.ts";
import type { LocalizedText } from "./localized.ts";
import { sites } from "./site.ts";

// Editorial content that operators own (spec 2 "Content blocks", spec 3 Note / Live room); search words are search.ts.

/** TEMPLATE (issue 17): a page an operator starts others from; previewed, never published to shoppers. */
export const PAGE_TYPES = ["HOME", "LANDING", "TEMPLATE"] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const PAGE_STATUSES = ["draft", "published"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/** A content page per site and locale; a draft and a published version may exist side by side (ADR 0011). */
export const contentPages = pgTable(
  "content_page",
  {
    id: serial("id").primaryKey(),
    siteCode: varchar("site_code", { length: 64 })
      .notNull()
      .references(() => sites.siteCode),
    pageCode: varchar("page_code", { length: 64 }).notNull(),
    pageType: varchar("page_type", { length: 8 }).$type<PageType>().notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    status: varchar("status", { length: 16 }).$type<PageStatus>().notNull(),
    title: text("title").notNull(),
    document: jsonb("document").$type<ContentDocument>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * The page editor's optimistic lock (issue 17, ADR 0271): every save of a draft names the revision it started
     * from and bumps it; a save from an older revision is refused (409), so two operators never silently overwrite
     * each other.
     */
    revision: integer("revision").notNull().default(1),
  },
  (t) => [uniqueIndex("content_page_key_idx").on(t.siteCode, t.pageCode, t.lang, t.status)],
);

/**
 * Every publish of a content page is a version (issue 17, ADR 0271): the document exactly as published, so two
 * versions can be compared and the page rolled back to one (which publishes it again as a new version).
 */
export const contentPageVersions = pgTable(
  "content_page_version",
  {
    id: serial("id").primaryKey(),
    siteCode: varchar("site_code", { length: 64 })
      .notNull()
      .references(() => sites.siteCode),
    pageCode: varchar("page_code", { length: 64 }).notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    /** 1, 2, 3… per page (site, code, locale). */
    version: integer("version").notNull(),
    document: jsonb("document").$type<ContentDocument>().notNull(),
    /** The operator who published it (null for the seed's first version). */
    publishedBy: uuid("published_by"),
    /** When this version was a roll-back: the version it restored. */
    restoredFrom: integer("restored_from"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_page_version_idx").on(t.siteCode, t.pageCode, t.lang, t.version)],
);

/**
 * A scheduled publish (issue 31 item 7, ADR 0381): the document goes live at `startsAt` and, with an `endsAt`, stops
 * there, when the page falls back to what was live before. Times are UTC instants; the console shows and takes
 * them in the store's time zone. A cancelled schedule keeps its row (the audit log names it). The languages scheduled
 * together share a `campaignId` (ADR 0396): one row per language, each with that language's document.
 */
export const contentPageSchedules = pgTable(
  "content_page_schedule",
  {
    id: serial("id").primaryKey(),
    siteCode: varchar("site_code", { length: 64 })
      .notNull()
      .references(() => sites.siteCode),
    pageCode: varchar("page_code", { length: 64 }).notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    /** The draft's revision it was scheduled from. */
    revision: integer("revision").notNull(),
    document: jsonb("document").$type<ContentDocument>().notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** The campaign this language's schedule belongs to: the languages scheduled at once (null before ADR 0396). */
    campaignId: uuid("campaign_id"),
    createdBy: uuid("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [index("content_page_schedule_key_idx").on(t.siteCode, t.pageCode, t.lang)],
);

/** spec 3 Note (an article); noteContent is operator HTML, sanitized on the server before it is shown. */
export const notes = pgTable(
  "note",
  {
    noteInfoCode: varchar("note_info_code", { length: 48 }).notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    noteTitle: text("note_title").notNull(),
    mediaUrl: text("media_url").notNull(),
    noteContent: text("note_content").notNull(),
    topicNameList: text("topic_name_list").array().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noteInfoCode, t.lang] })],
);

/** spec 3 Live room; roomStatusCode LIVING, NOT_START, otherwise a replay (ENDED). */
export const liveRooms = pgTable("live_room", {
  roomCode: varchar("room_code", { length: 48 }).primaryKey(),
  onlineShopCode: varchar("online_shop_code", { length: 64 }).notNull(),
  siteTypeCode: varchar("site_type_code", { length: 32 }).notNull(),
  roomName: jsonb("room_name").$type<LocalizedText>().notNull(),
  feedsImgUrl: text("feeds_img_url").notNull(),
  startTime: timestamp("start_time", { withTimezone: true }).notNull(),
  endTime: timestamp("end_time", { withTimezone: true }).notNull(),
  roomStatusCode: varchar("room_status_code", { length: 16 }).notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});
