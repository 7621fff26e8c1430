import { createHash } from "node:crypto";
import { MEDIA_LIBRARY_PATH, MEDIA_MAX_BYTES } from "../../../core/media.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import { recordAudit } from "../admin/audit.ts";
import {
  checkContent,
  cleanFileName,
  type FileStorage,
  type ImagePool,
  UploadRejected,
} from "../uploads/index.ts";
import type { MediaRepo, MediaRow } from "./repo.ts";

export type { MediaRow } from "./repo.ts";

export interface MediaDeps {
  repo: MediaRepo;
  storage: FileStorage;
  images?: ImagePool;
  /** The pages (drafts and published) whose document mentions a URL: the page editor's, in our transaction. */
  pagesUsing: (
    url: string,
    tx: Database,
  ) => Promise<{ siteCode: string; pageCode: string; lang: string; status: string }[]>;
}

export const mediaUrlOf = (row: Pick<MediaRow, "hash" | "ext">) =>
  `${MEDIA_LIBRARY_PATH}/${row.hash}.${row.ext}`;

function view(row: MediaRow) {
  return {
    hash: row.hash,
    url: mediaUrlOf(row),
    fileName: row.fileName,
    contentType: row.contentType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    createdAt: row.createdAt.toISOString(),
  };
}
export type MediaItem = ReturnType<typeof view>;

/**
 * The operators' public media library (issue 17, ADR 0274): images checked by content and re-encoded without
 * metadata exactly as a shopper's uploads are (ADR 0210), stored under a key made from the SHA-256 of the stored
 * bytes, served to anyone. Uploads and deletes are audited in the transaction that makes them.
 */
export function createMediaService(deps: MediaDeps) {
  const { repo, storage } = deps;
  return {
    async list(page: number, size: number) {
      const { rows, total } = await repo.list(page, size);
      return { total, page, size, records: rows.map(view) };
    },

    async upload(operatorId: string, file: { bytes: Buffer; fileName?: string }) {
      if (file.bytes.length === 0) throw new ApiError(400, "uploads.noFile");
      if (file.bytes.length > MEDIA_MAX_BYTES) throw new ApiError(413, "uploads.tooLarge");
      let checked: Awaited<ReturnType<typeof checkContent>>;
      try {
        checked = await checkContent(file.bytes, ["image"], { reencode: deps.images?.reencode });
      } catch (error) {
        if (!(error instanceof UploadRejected)) throw error;
        const code = error.reason === "type" ? "uploads.imageOnly" : `uploads.${error.reason}`;
        throw new ApiError(error.reason === "type" ? 415 : 422, code);
      }
      const hash = createHash("sha256").update(checked.bytes).digest("hex");
      const row = {
        hash,
        contentType: checked.contentType,
        ext: checked.ext,
        byteSize: checked.bytes.length,
        width: checked.width ?? 0,
        height: checked.height ?? 0,
        fileName: cleanFileName(file.fileName, checked.ext),
        storageKey: `media/${hash}.${checked.ext}`,
        uploadedBy: operatorId,
      };
      const stored = await repo.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await repo.lock(hash, executor);
        const created = await repo.insert(row, executor);
        // The same picture again is the same URL: nothing new is stored, and the upload is still on record.
        if (created) await storage.put(row.storageKey, checked.bytes, row.contentType);
        const found = (await repo.find(hash, executor)) as MediaRow;
        await recordAudit(tx, {
          operatorId,
          action: created ? "media.upload" : "media.upload_again",
          entity: "media",
          entityId: hash,
          before: null,
          after: { url: mediaUrlOf(found), fileName: row.fileName, byteSize: row.byteSize },
        });
        return { created, found };
      });
      return { ...view(stored.found), created: stored.created };
    },

    /**
     * Deletes a library image, refused (409, naming the pages) while a page's draft or published document uses
     * its URL: the page would show a broken picture the moment it is gone.
     */
    async remove(operatorId: string, hash: string) {
      await repo.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await repo.lock(hash, executor);
        const row = await repo.find(hash, executor);
        if (!row) throw new ApiError(404, "media.notFound");
        const url = mediaUrlOf(row);
        const users = await deps.pagesUsing(url, executor);
        if (users.length > 0)
          throw new ApiError(409, "media.inUse", {
            params: { pages: [...new Set(users.map((p) => `${p.pageCode} (${p.lang})`))].join(", ") },
          });
        await repo.remove(hash, executor);
        await recordAudit(tx, {
          operatorId,
          action: "media.delete",
          entity: "media",
          entityId: hash,
          before: { url, fileName: row.fileName, byteSize: row.byteSize },
          after: null,
        });
        // Inside the lock, so an upload of the same picture cannot store it between the row and the file.
        await storage.delete(row.storageKey);
      });
    },

    /** A library file for anyone, or null. */
    async open(hash: string, ext: string) {
      const row = await repo.find(hash);
      if (!row || row.ext !== ext) return null;
      const bytes = await storage.get(row.storageKey);
      return bytes ? { row, bytes } : null;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
