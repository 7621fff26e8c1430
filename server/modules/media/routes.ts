import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { translate } from "../../../core/i18n/index.ts";
import { MEDIA_LIBRARY_NAME, MEDIA_LIBRARY_PATH, MEDIA_MAX_BYTES } from "../../../core/media.ts";
import { ApiError } from "../../http/errors.ts";
import { adminRoute } from "../admin/route.ts";
import type { MediaService } from "./service.ts";

const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(48),
});
const UploadBody = z.object({
  fileName: z.string().trim().max(200).default(""),
  /**
   * The file, base64; at most MEDIA_MAX_BYTES once decoded (spec 5, 9: 5 MB). A little over passes here so the
   * service answers 413 with spec 5's message; far over, the body limit stops it before it is read.
   */
  contentBase64: z
    .string()
    .min(1)
    .max(Math.ceil(MEDIA_MAX_BYTES / 3) * 4 + 8192)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "validation.invalid"),
});
const HashParams = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });
const FileParams = z.object({ name: z.string().regex(MEDIA_LIBRARY_NAME) });

/**
 * The media library (issue 17, ADR 0274): the console's list, upload and delete (pages.read / pages.write, checked
 * on the server by adminRoute), and the public, immutable file URLs the store's pages show.
 */
export function mediaRoutes(app: FastifyInstance, services: { media: MediaService }) {
  const media = services.media;

  adminRoute(app, {
    method: "GET",
    url: "/media",
    permission: "pages.read",
    schema: { querystring: ListQuery },
    handler: async ({ query }) => media.list(query.page, query.size),
  });

  adminRoute(app, {
    method: "POST",
    url: "/media",
    permission: "pages.write",
    bodyLimit: Math.ceil(MEDIA_MAX_BYTES / 3) * 4 + 32 * 1024,
    schema: { body: UploadBody },
    handler: async ({ request, operator, body }) => {
      const bytes = Buffer.from(body.contentBase64, "base64");
      const stored = await media.upload(operator.id, { bytes, fileName: body.fileName });
      return { ...stored, message: translate(request.ctx.locale, "uploads.succeeded") };
    },
  });

  adminRoute(app, {
    method: "DELETE",
    url: "/media/:hash",
    permission: "pages.write",
    schema: { params: HashParams },
    handler: async ({ request, operator, params }) => {
      await media.remove(operator.id, params.hash);
      return { success: true, message: translate(request.ctx.locale, "uploads.deleted") };
    },
  });

  // Anyone may load a library image: its name is its content's hash, so it never changes and is cached for a year.
  app.get(`${MEDIA_LIBRARY_PATH}/:name`, async (request, reply) => {
    const parsed = FileParams.safeParse(request.params);
    const match = parsed.success ? MEDIA_LIBRARY_NAME.exec(parsed.data.name) : null;
    const found = match ? await media.open(match[1] as string, match[2] as string) : null;
    if (!found) throw new ApiError(404, "media.notFound");
    return reply
      .header("content-type", found.row.contentType)
      .header("content-length", found.bytes.length)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("etag", `"${found.row.hash}"`)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("cross-origin-resource-policy", "same-site")
      .send(found.bytes);
  });
}
