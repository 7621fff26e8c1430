import { index, integer, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * The operators' public media library (issue 17, ADR 0274): images uploaded in the console for content pages,
 * checked by content and re-encoded like a shopper's uploads, and served to anyone at
 * `/media/library/{sha256}.{ext}`. The id is the SHA-256 of the stored (re-encoded) bytes, so a URL names
 * exactly one content forever and may be cached as immutable; the same picture uploaded twice is one row.
 */
export const mediaAssets = pgTable(
  "media_asset",
  {
    /** SHA-256 of the stored bytes, lower-case hex. */
    hash: varchar("hash", { length: 64 }).primaryKey(),
    contentType: varchar("content_type", { length: 32 }).notNull(),
    ext: varchar("ext", { length: 8 }).notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The name the operator's file had, cleaned; only shown, never used as a path. */
    fileName: varchar("file_name", { length: 120 }).notNull(),
    storageKey: varchar("storage_key", { length: 160 }).notNull(),
    uploadedBy: uuid("uploaded_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_asset_created_idx").on(t.createdAt)],
);
