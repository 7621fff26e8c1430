import { randomBytes } from "node:crypto";
import { z } from "zod";
import {
  megabytes,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PENDING,
  UPLOAD_RULES,
  type UploadPurpose,
} from "../../../core/uploads.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import { checkContent, UploadRejected } from "./content.ts";
import type { ImagePool } from "./image-pool.ts";
import type { UploadRepo, UploadRow } from "./repo.ts";

export type { UploadRow } from "./repo.ts";

/** Where a stored file is served (spec 3 "Uploaded media: mediaUrl"); the name is the row's id and extension. */
export const MEDIA_PATH = "/o2cum/v1/customer/files";
const MEDIA_URL = /^\/o2cum\/v1\/customer\/files\/([0-9a-f]{32})\.(png|jpg|xlsx)$/;
export const MEDIA_NAME = /^([0-9a-f]{32})\.(png|jpg|xlsx)$/;

/** A pending upload stops counting against the limit, and is deleted, a day after it was made. */
const PENDING_TTL_MS = 24 * 3600_000;

/** Files whose rows are gone, deleted from storage as a job (retried) when they could not go at once. */
export const UPLOAD_FILES_DELETE_JOB = defineJob(
  "uploads.delete-files",
  z.object({ keys: z.array(z.string().max(200)).max(1000) }),
);

export const mediaUrlOf = (row: Pick<UploadRow, "id" | "ext">) => `${MEDIA_PATH}/${row.id}.${row.ext}`;

/** The id a mediaUrl (a path, or an absolute URL on any host) names, or null. */
export function uploadIdOf(mediaUrl: string): string | null {
  let path = mediaUrl;
  if (/^https?:\/\//i.test(mediaUrl)) {
    try {
      path = new URL(mediaUrl).pathname;
    } catch {
      return null;
    }
  }
  return MEDIA_URL.exec(path)?.[1] ?? null;
}

/** A file name as the shopper's device gave it, cleaned for display and Content-Disposition. */
export function cleanFileName(raw: string | undefined, ext: string): string {
  const base = (raw ?? "")
    .normalize("NFC")
    .replace(/^.*[\\/]/, "")
    .replace(/[\p{Cc}\p{Cf}"\\<>]/gu, "")
    .trim()
    .replace(/\.[^.]*$/, "")
    .slice(0, 100);
  return `${base || "file"}.${ext}`;
}

export interface UploadedFile {
  bytes: Buffer;
  fileName?: string;
}

export interface UploadDeps {
  repo: UploadRepo;
  storage: FileStorage;
  images?: ImagePool;
  jobs: Pick<JobRunner, "enqueue" | "register">;
}

export function createUploadService(deps: UploadDeps) {
  const { repo, storage, jobs } = deps;

  jobs.register(UPLOAD_FILES_DELETE_JOB, async ({ keys }) => {
    for (const key of keys) await storage.delete(key);
  });

  /** Deletes stored files now; what fails is left to a retried job, so no file outlives its row for long. */
  async function deleteFiles(keys: string[]) {
    if (keys.length === 0) return;
    try {
      for (const key of keys) await storage.delete(key);
    } catch {
      await jobs.enqueue(UPLOAD_FILES_DELETE_JOB, { keys });
    }
  }

  function pendingSince() {
    return new Date(Date.now() - PENDING_TTL_MS);
  }

  async function assertRoomFor(customerId: string, purpose: UploadPurpose, executor?: Database) {
    if (purpose === "avatar") return; // replaces the current picture
    if ((await repo.pendingCount(customerId, pendingSince(), executor)) >= UPLOAD_MAX_PENDING)
      throw new ApiError(400, "uploads.tooMany", { params: { n: UPLOAD_MAX_PENDING } });
  }

  return {
    /** Before the body is read: a shopper at the count limit is refused without sending the file. */
    assertRoomFor: (customerId: string, purpose: UploadPurpose) => assertRoomFor(customerId, purpose),

    /**
     * spec 7 upload: checks the file by content (ADR 0210), stores it, and answers its mediaUrl. Nothing is
     * stored for a refused file. A profile picture is used at once and replaces the previous one.
     */
    async upload(customerId: string, purpose: UploadPurpose, file: UploadedFile) {
      const rule = UPLOAD_RULES[purpose];
      const name = file.fileName ?? "";
      if (file.bytes.length === 0) throw new ApiError(400, "uploads.noFile");
      if (file.bytes.length > UPLOAD_MAX_BYTES) throw new ApiError(413, "uploads.tooLarge");
      if (file.bytes.length > rule.maxBytes)
        throw new ApiError(413, "uploads.fileTooLarge", {
          params: {
            file: cleanFileName(name, "").replace(/\.$/, ""),
            size: megabytes(file.bytes.length),
            max: megabytes(rule.maxBytes),
          },
        });
      await assertRoomFor(customerId, purpose);
      let checked: Awaited<ReturnType<typeof checkContent>>;
      try {
        checked = await checkContent(file.bytes, rule.kinds, { reencode: deps.images?.reencode });
      } catch (error) {
        if (!(error instanceof UploadRejected)) throw error;
        const code =
          error.reason === "type"
            ? rule.kinds.includes("excel")
              ? "uploads.badType"
              : "uploads.imageOnly"
            : `uploads.${error.reason}`;
        throw new ApiError(error.reason === "type" ? 415 : 422, code);
      }
      const id = randomBytes(16).toString("hex");
      const row = {
        id,
        customerId,
        purpose,
        kind: checked.kind,
        contentType: checked.contentType,
        ext: checked.ext,
        byteSize: checked.bytes.length,
        width: checked.width ?? null,
        height: checked.height ?? null,
        storageKey: `c/${customerId}/${id}.${checked.ext}`,
        fileName: cleanFileName(name, checked.ext),
        usedFor: purpose === "avatar" ? ("avatar" as const) : null,
        usedAt: purpose === "avatar" ? new Date() : null,
      };
      let replaced: string[] = [];
      try {
        await repo.db.transaction(async (tx) => {
          const executor = tx as unknown as Database;
          await repo.lockCustomer(customerId, executor);
          await assertRoomFor(customerId, purpose, executor);
          if (purpose === "avatar")
            replaced = await repo.remove(
              (await repo.avatars(customerId, executor)).map((old) => old.id),
              executor,
            );
          await storage.put(row.storageKey, checked.bytes, row.contentType);
          await repo.insert(row, executor);
        });
      } catch (error) {
        await storage.delete(row.storageKey).catch(() => undefined);
        throw error;
      }
      await deleteFiles(replaced);
      return {
        mediaUrl: mediaUrlOf(row),
        fileName: row.fileName,
        contentType: row.contentType,
        kind: row.kind,
        byteSize: row.byteSize,
        width: row.width,
        height: row.height,
      };
    },

    /**
     * spec 7 delete: the caller's own files only. All or nothing: if one mediaUrl is not theirs (or does not
     * exist) nothing is deleted; a file already sent to support stays.
     */
    async remove(customerId: string, mediaUrls: string[]) {
      const ids = [...new Set(mediaUrls.map(uploadIdOf))];
      if (ids.some((id) => id === null)) throw new ApiError(404, "uploads.notFound");
      const wanted = ids as string[];
      const keys = await repo.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        const rows = await repo.ofCustomer(customerId, wanted, executor);
        if (rows.length !== wanted.length) throw new ApiError(404, "uploads.notFound");
        if (rows.some((row) => row.usedFor === "support")) throw new ApiError(409, "uploads.inUse");
        return repo.remove(wanted, executor);
      });
      await deleteFiles(keys);
    },

    /** A stored file for its owner, or null (someone else's and missing files look the same). */
    async open(customerId: string, id: string) {
      const row = await repo.find(id);
      if (!row || row.customerId !== customerId) return null;
      const bytes = await storage.get(row.storageKey);
      return bytes ? { row, bytes } : null;
    },

    /**
     * A form uses the shopper's pending uploads (the support message's attachments), in its transaction. Each
     * mediaUrl must be the caller's, pending, and of a kind the purpose takes; otherwise 400.
     */
    async claim(customerId: string, mediaUrls: string[], usedFor: "support", executor: Database = repo.db) {
      const ids = [...new Set(mediaUrls.map(uploadIdOf))];
      if (ids.length === 0) return [];
      if (ids.some((id) => id === null)) throw new ApiError(400, "uploads.notFound");
      const rows = await repo.ofCustomer(customerId, ids as string[], executor);
      if (rows.length !== ids.length || rows.some((row) => row.usedFor !== null || row.purpose !== usedFor))
        throw new ApiError(400, "uploads.notFound");
      await repo.markUsed(ids as string[], usedFor, executor);
      return rows;
    },

    /** The file's bytes (a claimed attachment's, for the support e-mail). */
    read: (row: UploadRow) => storage.get(row.storageKey),

    async avatarOf(customerId: string): Promise<string | null> {
      const [row] = await repo.avatars(customerId);
      return row ? mediaUrlOf(row) : null;
    },

    /** Account deletion (ADR 0165): the rows go in the deletion's transaction, the files by a job after it. */
    async forget(customerId: string, tx: Database) {
      const keys = await repo.removeAllOf(customerId, tx);
      if (keys.length > 0) await jobs.enqueue(UPLOAD_FILES_DELETE_JOB, { keys }, { executor: tx });
    },

    /** Hourly: pending uploads no form used within a day are deleted. */
    async purgeStale() {
      await deleteFiles(await repo.removeStale(pendingSince()));
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
