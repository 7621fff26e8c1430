import { fileTypeFromBuffer } from "file-type";
import { UPLOAD_TYPES, type UploadContentType, type UploadKind } from "../../../core/uploads.ts";
import { type CleanImage, type ImageMime, ImageRejected, reencodeImage } from "./image.ts";
import { checkXlsx } from "./xlsx.ts";

export type RejectReason = "type" | "zipBomb" | "corrupt" | "dimensions";

/** Why a file was refused; the upload routes turn the reason into the shopper's message. */
export class UploadRejected extends Error {
  readonly reason: RejectReason;
  constructor(reason: RejectReason) {
    super(`upload refused: ${reason}`);
    this.reason = reason;
  }
}

export interface DetectedType {
  contentType: UploadContentType;
  kind: UploadKind;
  ext: string;
}

/**
 * A file's real type, from its content (magic bytes, read by file-type), never from its name or the type the
 * browser claims. Only the types in UPLOAD_TYPES count; anything else (HTML, SVG, PDF, HEIC, executables, a
 * plain zip, an .xlsm with macros) is undefined.
 */
export async function detectType(bytes: Uint8Array): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in UPLOAD_TYPES)) return undefined;
  const contentType = found.mime as UploadContentType;
  return { contentType, ...UPLOAD_TYPES[contentType] };
}

export interface CheckedFile extends DetectedType {
  /** The bytes to store: an image re-encoded without metadata, a workbook as it came. */
  bytes: Buffer;
  width?: number;
  height?: number;
}

export interface ContentCheckOptions {
  /** Re-encodes an image; defaults to doing it on this thread (the upload service passes its worker pool). */
  reencode?: (bytes: Buffer, mime: ImageMime) => Promise<CleanImage>;
}

/**
 * Checks a file by content (issue 10) and returns what may be stored: its type must be one of `kinds`; an
 * Excel workbook must pass the zip checks (a decompressed-size limit, so a zip bomb is refused); an image is
 * decoded and re-encoded, which drops its metadata and anything hidden in it. Throws UploadRejected.
 */
export async function checkContent(
  bytes: Buffer,
  kinds: readonly UploadKind[],
  options: ContentCheckOptions = {},
): Promise<CheckedFile> {
  const type = await detectType(bytes);
  if (!type || !kinds.includes(type.kind)) throw new UploadRejected("type");
  if (type.kind === "excel") {
    const verdict = await checkXlsx(bytes);
    if (!verdict.ok) throw new UploadRejected(verdict.reason === "zipBomb" ? "zipBomb" : "type");
    return { ...type, bytes };
  }
  const reencode = options.reencode ?? (async (input: Buffer, mime: ImageMime) => reencodeImage(input, mime));
  try {
    const clean = await reencode(bytes, type.contentType as ImageMime);
    return { ...type, bytes: clean.bytes, width: clean.width, height: clean.height };
  } catch (error) {
    if (error instanceof ImageRejected) throw new UploadRejected(error.reason);
    throw error;
  }
}
