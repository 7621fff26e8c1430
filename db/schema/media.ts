import { integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { LocalizedText } from "./localized.ts";

/** An image or video the store serves (spec 3 "Uploaded media: mediaUrl"); seed art is generated SVG (ADR 0013). */
export const media = pgTable("media", {
  mediaUrl: text("media_url").primaryKey(),
  kind: varchar("kind", { length: 16 }).notNull(),
  contentType: varchar("content_type", { length: 64 }).notNull(),
  width: integer("width"),
  height: integer("height"),
  alt: jsonb("alt").$type<LocalizedText>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
