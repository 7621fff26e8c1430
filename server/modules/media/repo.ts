import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { mediaAssets } from "../../../db/schema/index.ts";

export type MediaRow = typeof mediaAssets.$inferSelect;
type Tx = Pick<Database, "select" | "insert" | "delete" | "execute">;

/** The media library's rows (issue 17, ADR 0274); only the media module writes them. */
export function createMediaRepo(db: Database) {
  return {
    db,
    async list(page: number, size: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mediaAssets)
          .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.hash))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ total: count() }).from(mediaAssets),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    async find(hash: string, tx: Tx = db) {
      const [row] = await tx.select().from(mediaAssets).where(eq(mediaAssets.hash, hash)).limit(1);
      return row ?? null;
    },
    /** One writer per picture at a time: an upload and a delete of the same content never interleave. */
    async lock(hash: string, tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${hash}`}))`);
    },
    async insert(row: typeof mediaAssets.$inferInsert, tx: Tx) {
      const inserted = await tx
        .insert(mediaAssets)
        .values(row)
        .onConflictDoNothing({ target: mediaAssets.hash })
        .returning({ hash: mediaAssets.hash });
      return inserted.length > 0;
    },
    async remove(hash: string, tx: Tx) {
      await tx.delete(mediaAssets).where(eq(mediaAssets.hash, hash));
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;
