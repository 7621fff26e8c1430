import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { notFound } from "../../http/errors.ts";
import { isArtKind, isArtName, renderArt } from "./media-art.ts";
import type { CatalogService } from "./service.ts";

const ArtParams = z.object({
  kind: z.string().refine(isArtKind),
  file: z
    .string()
    .regex(/^[^/]+\.svg$/)
    .transform((file) => file.slice(0, -4))
    .refine(isArtName),
});

// ADR 0013: one short generated clip (2 s, VP8) stands in for every seeded video, so video blocks play offline.
const SAMPLE_CLIP = readFileSync(new URL("./assets/sample-clip.webm", import.meta.url));
const VIDEO_NAME = /^[A-Za-z0-9_-]{1,64}\.webm$/;

export function catalogRoutes(app: FastifyInstance, services: { catalog: CatalogService }) {
  // spec 7: the continent tabs of the destination picker, localized by x-lang.
  app.get("/o2md/v1/cmi-country-continent/pub/list", async (request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return services.catalog.continentList(request.ctx.locale);
  });

  // ADR 0013: generated seed art. A URL's picture never changes, so it may be cached for a year.
  app.get("/media/:kind/:file", async (request, reply) => {
    // An unknown picture is a plain 404, not a validation error.
    const parsed = ArtParams.safeParse(request.params);
    if (!parsed.success || !isArtKind(parsed.data.kind)) throw notFound();
    const { kind, file } = parsed.data;
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .type("image/svg+xml; charset=utf-8")
      .send(renderArt(kind, file));
  });

  app.get<{ Params: { file: string } }>("/media/video/:file", async (request, reply) => {
    if (!VIDEO_NAME.test(request.params.file)) throw notFound();
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("accept-ranges", "none")
      .type("video/webm")
      .send(SAMPLE_CLIP);
  });
}
