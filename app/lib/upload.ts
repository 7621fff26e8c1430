import type { Locale } from "../../core/constants.ts";
import { translate } from "../../core/i18n/index.ts";
import { megabytes, UPLOAD_MAX_BYTES, UPLOAD_RULES, type UploadPurpose } from "../../core/uploads.ts";
import { handleUnauthorized, specHeaders } from "./api.ts";

export const UPLOAD_URL = "/o2cum/v1/customer/files";

export interface UploadedMedia {
  mediaUrl: string;
  fileName: string;
  contentType: string;
  kind: "image" | "excel";
  byteSize: number;
  message?: string;
}

export type UploadPhase = "checking" | "uploading";
export type UploadResult = { ok: true; media: UploadedMedia } | { ok: false; message: string };

/**
 * The browser's quick check before sending (spec 5): 5 MB ('上传文件大小不能超过5M！'), the purpose's per-file
 * limit ('[file]大小为…MB，超过最大限制…MB') and the form's count ('上传数量不得超过{n}'). The server checks
 * again, and by content; this only saves sending a file that cannot pass.
 */
export function precheck(
  locale: Locale,
  file: File,
  purpose: UploadPurpose,
  alreadyAttached: number,
): string | null {
  const rule = UPLOAD_RULES[purpose];
  if (alreadyAttached >= rule.maxFiles) return translate(locale, "uploads.tooMany", { n: rule.maxFiles });
  if (file.size > UPLOAD_MAX_BYTES) return translate(locale, "uploads.tooLarge");
  if (file.size > rule.maxBytes)
    return translate(locale, "uploads.fileTooLarge", {
      file: file.name.replace(/\.[^.]*$/, ""),
      size: megabytes(file.size),
      max: megabytes(rule.maxBytes),
    });
  return null;
}

/**
 * spec 7 upload: POST multipart with the file under 'file'. XMLHttpRequest rather than fetch, because only it
 * reports upload progress (spec 8 '文件上传中...'); once the bytes are sent the server checks the file
 * ('正在校验数据'). A response without mediaUrl shows the response's message (spec 8).
 */
export function uploadFile(
  file: File,
  options: {
    purpose: UploadPurpose;
    locale: Locale;
    onProgress?: (phase: UploadPhase, percent: number) => void;
  },
): Promise<UploadResult> {
  const failed = translate(options.locale, "uploads.failed");
  return new Promise((resolve) => {
    const form = new FormData();
    form.append("file", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", `${UPLOAD_URL}?purpose=${options.purpose}`);
    request.withCredentials = true;
    request.responseType = "json";
    for (const [name, value] of Object.entries(specHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader("accept", "application/json");
    // CSRF (ADR 0062): the custom header a cross-site form cannot send.
    request.setRequestHeader("x-requested-with", "fetch");
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      options.onProgress?.(percent >= 100 ? "checking" : "uploading", percent);
    };
    request.upload.onload = () => options.onProgress?.("checking", 100);
    request.onerror = () => resolve({ ok: false, message: failed });
    request.onabort = () => resolve({ ok: false, message: failed });
    request.onload = () => {
      const body = (request.response ?? {}) as Partial<UploadedMedia> & { message?: string };
      if (request.status === 401) handleUnauthorized(true);
      if (request.status >= 200 && request.status < 300 && body.mediaUrl)
        resolve({ ok: true, media: body as UploadedMedia });
      else resolve({ ok: false, message: body.message || failed });
    };
    options.onProgress?.("uploading", 0);
    request.send(form);
  });
}
