import { useId, useRef, useState } from "react";
import { megabytes, UPLOAD_ACCEPT, UPLOAD_RULES } from "../../../core/uploads.ts";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { precheck, UPLOAD_URL, type UploadPhase, uploadFile } from "../../lib/upload.ts";

/**
 * The profile picture on the account page (issue 10): one image, re-encoded by the server without its metadata,
 * which replaces the previous one as soon as it is uploaded; or removed (spec 7 DELETE).
 */
export function ProfilePicture({ initialUrl }: { initialUrl: string | null }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(initialUrl);
  const [progress, setProgress] = useState<{ phase: UploadPhase; percent: number } | null>(null);
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");

  async function pick(file: File | undefined) {
    setError("");
    setStatus("");
    if (!file) return;
    const problem = precheck(locale, file, "avatar", 0);
    if (problem) {
      setError(problem);
    } else {
      setProgress({ phase: "uploading", percent: 0 });
      const result = await uploadFile(file, {
        purpose: "avatar",
        locale,
        onProgress: (phase, percent) => setProgress({ phase, percent }),
      });
      setProgress(null);
      if (result.ok) {
        setUrl(result.media.mediaUrl);
        setStatus(result.media.message || t("uploads.succeeded"));
      } else setError(result.message);
    }
    if (input.current) input.current.value = "";
  }

  async function remove() {
    if (!url) return;
    setError("");
    await api.delete(UPLOAD_URL, [url]);
    setUrl(null);
    setStatus(t("uploads.deleted"));
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {t("uploads.avatar.title")}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {url ? (
          <img
            src={url}
            alt={t("uploads.avatar.alt")}
            width={72}
            height={72}
            className="h-18 w-18 rounded-full object-cover"
          />
        ) : (
          <p className="text-sm text-slate-700">{t("uploads.avatar.none")}</p>
        )}
        <div className="flex flex-col gap-2 text-sm">
          <label htmlFor={`${id}-input`} className="font-medium text-slate-800">
            {t("uploads.avatar.choose")}
          </label>
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            accept={UPLOAD_ACCEPT.image}
            disabled={progress !== null}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void pick(event.currentTarget.files?.[0])}
            className="block text-sm text-slate-800 file:mr-3 file:rounded-full file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-900"
          />
          <span id={`${id}-hint`} className="text-xs text-slate-700">
            {t("uploads.avatar.hint", { max: megabytes(UPLOAD_RULES.avatar.maxBytes) })}
          </span>
          {url && (
            <button
              type="button"
              onClick={() => void remove()}
              className="self-start text-sm font-medium text-brand-900 underline"
            >
              {t("uploads.avatar.remove")}
            </button>
          )}
        </div>
      </div>
      {progress && (
        <div className="mt-3">
          <progress
            className="h-2 w-full"
            max={100}
            value={progress.percent}
            aria-label={t("uploads.avatar.title")}
            aria-valuetext={t("uploads.progress", { percent: progress.percent })}
          />
          <p className="text-xs text-slate-700">
            {progress.phase === "uploading"
              ? `${t("uploads.uploading")} ${t("uploads.progress", { percent: progress.percent })}`
              : t("uploads.checking")}
          </p>
        </div>
      )}
      <p role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
      <p role="status" className="mt-2 text-sm text-emerald-800 empty:hidden">
        {status}
      </p>
    </section>
  );
}
