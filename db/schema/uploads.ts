import { index, integer, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * A file a shopper uploaded (issue 10; spec 3 "Uploaded media: mediaUrl"): checked by content and kept in the
 * file storage under `storage_key` (ADRs 0210, 0211). Pending until a form uses it (`used_for`): the support
 * form's attachments, or the profile picture, which is used as soon as it is uploaded.
 */
export const customerUploads = pgTable(
  "customer_upload",
  {
    /** 128 random bits in hex: the mediaUrl names it, so it cannot be guessed. */
    id: varchar("id", { length: 32 }).primaryKey(),
    customerId: uuid("customer_id").notNull(),
    purpose: varchar("purpose", { length: 16 }).$type<"support" | "avatar">().notNull(),
    kind: varchar("kind", { length: 8 }).$type<"image" | "excel">().notNull(),
    /** The type the content check found, which the file is served with. */
    contentType: varchar("content_type", { length: 96 }).notNull(),
    ext: varchar("ext", { length: 8 }).notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    storageKey: varchar("storage_key", { length: 160 }).notNull(),
    /** The name the shopper's file had, cleaned; only shown, never used as a path. */
    fileName: varchar("file_name", { length: 120 }).notNull(),
    usedFor: varchar("used_for", { length: 16 }).$type<"support" | "avatar">(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_upload_customer_idx").on(t.customerId, t.createdAt)],
);
