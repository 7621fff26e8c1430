/**
 * Upload limits (spec 5, 8 and 9) shared by the server's checks and the browser's upload field (issue 10).
 * The browser checks first for a quick answer; the server checks again, by content, and is the one that counts.
 */

/** spec 9: "Upload max 5242880 bytes"; spec 5: '上传文件大小不能超过5M！'. */
export const UPLOAD_MAX_BYTES = 5_242_880;

/** spec 5 maxNumber: the most files a shopper may hold that no form has used yet (ADR 0211). */
export const UPLOAD_MAX_PENDING = 10;

/** What a file is for; each purpose has its own kinds and per-file limit (spec 5: per-file max in MB). */
export const UPLOAD_PURPOSES = ["support", "avatar"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** spec 5 "Accepted: images and Excel files", decided by content (magic bytes), never by name. */
export type UploadKind = "image" | "excel";

export const UPLOAD_RULES: Record<
  UploadPurpose,
  { kinds: readonly UploadKind[]; maxBytes: number; maxFiles: number }
> = {
  // A screenshot of the phone's settings or a receipt; a spreadsheet of several eSIMs for a business order.
  support: { kinds: ["image", "excel"], maxBytes: UPLOAD_MAX_BYTES, maxFiles: 3 },
  // The profile picture is one small image.
  avatar: { kinds: ["image"], maxBytes: 2 * 1024 * 1024, maxFiles: 1 },
};

/** The content types a checked upload can have, and the extension it is stored and served with. */
export const UPLOAD_TYPES = {
  "image/jpeg": { kind: "image", ext: "jpg" },
  "image/png": { kind: "image", ext: "png" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kind: "excel", ext: "xlsx" },
} as const satisfies Record<string, { kind: UploadKind; ext: string }>;
export type UploadContentType = keyof typeof UPLOAD_TYPES;

/** What the browser's file picker offers for each kind (a hint only; the server decides by content). */
export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  image: "image/jpeg,image/png,.jpg,.jpeg,.png",
  excel: ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** A size in MB as the spec's message shows it ('…大小为1.2MB'): one decimal, never "0.0". */
export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb < 0.1 ? "0.1" : (Math.round(mb * 10) / 10).toString();
}
