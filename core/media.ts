/**
 * The operators' public media library (issue 17, ADR 0274), shared by the server and the console: where its files
 * are served and what it takes. The limits are spec 5's (images only here: JPEG and PNG, by content).
 */
import { UPLOAD_MAX_BYTES } from "./uploads.ts";

/** The public path of a library image: its content's SHA-256 and the extension of its checked type. */
export const MEDIA_LIBRARY_PATH = "/media/library";
export const MEDIA_LIBRARY_NAME = /^([0-9a-f]{64})\.(png|jpg)$/;
export const MEDIA_LIBRARY_URL = /^\/media\/library\/([0-9a-f]{64})\.(png|jpg)$/;

/** spec 5 / spec 9: at most 5 MB a file. */
export const MEDIA_MAX_BYTES = UPLOAD_MAX_BYTES;

/** What the file picker offers (a hint only; the server decides by content). */
export const MEDIA_ACCEPT = "image/jpeg,image/png,.jpg,.jpeg,.png";

/** The hash a library URL names, or null (only same-site library paths count). */
export function mediaHashOf(url: string): string | null {
  return MEDIA_LIBRARY_URL.exec(url.trim())?.[1] ?? null;
}
