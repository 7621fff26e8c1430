import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { translate } from "../../../core/i18n/index.ts";
import { MEDIA_LIBRARY_NAME, MEDIA_LIBRARY_PATH } from "../../../core/media.ts";
import { ApiError } from "../../http/errors.ts";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { MediaService } from "./service.ts";

const FileParams = z.object({ name: z.string().regex(MEDIA_LIBRARY_NAME) });

/**
 * The media library (issue 17, ADR 0274): the console's list, upload and delete (pages.read / pages.write, checked
 * on the server by adminRoute; each its contract, console-contract.ts, ADR 0407), and the public, immutable file
 * URLs the store's pages show.
 */
export function mediaRoutes(app: FastifyInstance, services: { media: MediaService }) {
  const media = services.media;

  adminRoute(app, api.listMedia, ({ query }) => media.list(query.page, query.size));
  adminRoute(app, api.uploadMedia, async ({ request, operator, body }) => {
    const bytes = Buffer.from(body.contentBase64, "base64");
    const stored = await media.upload(operator.id, { bytes, fileName: body.fileName });
    return { ...stored, message: translate(request.ctx.locale, "uploads.succeeded") };
  });
  adminRoute(app, api.deleteMedia, async ({ request, operator, params }) => {
    await media.remove(operator.id, params.hash);
    return { success: true, message: translate(request.ctx.locale, "uploads.deleted") };
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
