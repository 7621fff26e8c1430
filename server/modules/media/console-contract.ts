import { z } from "zod";
import { MEDIA_MAX_BYTES } from "../../../core/media.ts";
import { consoleContract } from "../admin/contract.ts";

// The media library's console endpoints as contracts (issue 33 item 1, ADR 0407; issue 17, ADR 0274): the list,
// upload and delete. The public, immutable file URLs the store's pages show are not console endpoints.

/** One library image as the console reads it. */
export const MediaItem = z.object({
  hash: z.string(),
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
});

export const listMedia = consoleContract({
  method: "GET",
  path: "/media",
  permission: "pages.read",
  query: z.object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(48),
  }),
  response: z.object({ total: z.number(), page: z.number(), size: z.number(), records: z.array(MediaItem) }),
});

export const uploadMedia = consoleContract({
  method: "POST",
  path: "/media",
  permission: "pages.write",
  bodyLimit: Math.ceil(MEDIA_MAX_BYTES / 3) * 4 + 32 * 1024,
  body: z.object({
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
  }),
  /** The stored image (`created` false: the same picture was there already) and the answer's message. */
  response: MediaItem.extend({ created: z.boolean(), message: z.string() }),
});

export const MediaHashParam = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

export const deleteMedia = consoleContract({
  method: "DELETE",
  path: "/media/:hash",
  permission: "pages.write",
  params: MediaHashParam,
  response: z.object({ success: z.literal(true), message: z.string() }),
});
