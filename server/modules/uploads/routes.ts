import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { translate } from "../../../core/i18n/index.ts";
import { UPLOAD_MAX_BYTES, UPLOAD_PURPOSES } from "../../../core/uploads.ts";
import { ApiError } from "../../http/errors.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { UploadService } from "./service.ts";
import { MEDIA_NAME, MEDIA_PATH } from "./service.ts";

const UploadQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES).default("support") });
// spec 7 delete: "array of mediaUrl", the body itself.
const DeleteBody = z.array(z.string().max(300)).min(1).max(20);
const FileParams = z.object({ name: z.string().regex(MEDIA_NAME) });

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function disposition(kind: "inline" | "attachment", fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Uploads (issue 10; spec 5, 7, 8): POST multipart with the file under `file` (answers mediaUrl), DELETE with an
 * array of mediaUrl, and the stored files, served to their owner only. Multipart parsing lives in this scope.
 */
export function uploadRoutes(app: FastifyInstance, services: { uploads: UploadService }) {
  const uploads = services.uploads;

  app.register(async (scope) => {
    await scope.register(multipart, {
      // Past the spec's 5 MB the stream stops and toBuffer throws (spec 5 '上传文件大小不能超过5M！').
      limits: {
        fileSize: UPLOAD_MAX_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 100,
      },
    });

    scope.post(
      MEDIA_PATH,
      { schema: { querystring: UploadQuery, consumes: ["multipart/form-data"] } },
      async (request) => {
        const { purpose } = parseInput(UploadQuery, request.query);
        const customer = await requireCustomer(request);
        if (!request.isMultipart()) throw new ApiError(400, "uploads.noFile");
        // The count limit is checked before the file is read, and again when it is stored.
        await uploads.assertRoomFor(customer.id, purpose);
        let file: Awaited<ReturnType<typeof request.file>>;
        try {
          file = await request.file();
        } catch {
          throw new ApiError(400, "uploads.noFile");
        }
        if (file?.fieldname !== "file") throw new ApiError(400, "uploads.noFile");
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
            throw new ApiError(413, "uploads.tooLarge");
          throw new ApiError(400, "uploads.failed");
        }
        const stored = await uploads.upload(customer.id, purpose, { bytes, fileName: file.filename });
        return { ...stored, message: translate(request.ctx.locale, "uploads.succeeded") };
      },
    );
  });

  app.delete(MEDIA_PATH, { schema: { body: DeleteBody } }, async (request) => {
    const mediaUrls = parseInput(DeleteBody, request.body);
    const customer = await requireCustomer(request);
    await uploads.remove(customer.id, mediaUrls);
    return { success: true, message: translate(request.ctx.locale, "uploads.deleted") };
  });

  // A stored file, for its owner: typed by the content check, never sniffed, a workbook as a download.
  app.get(`${MEDIA_PATH}/:name`, { schema: { params: FileParams } }, async (request, reply) => {
    const { name } = parseInput(FileParams, request.params);
    const customer = await requireCustomer(request);
    const found = await uploads.open(customer.id, MEDIA_NAME.exec(name)?.[1] ?? "");
    if (!found || `${found.row.id}.${found.row.ext}` !== name) throw new ApiError(404, "uploads.notFound");
    const { row, bytes } = found;
    return reply
      .header("content-type", row.contentType)
      .header("content-length", bytes.length)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
      .header("cross-origin-resource-policy", "same-origin")
      .header("cache-control", "private, max-age=86400")
      .header(
        "content-disposition",
        disposition(row.kind === "image" ? "inline" : "attachment", row.fileName),
      )
      .send(bytes);
  });
}
