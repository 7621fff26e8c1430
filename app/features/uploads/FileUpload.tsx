import { useId, useRef, useState } from "react";
import { UPLOAD_ACCEPT, UPLOAD_RULES, type UploadPurpose } from "../../../core/uploads.ts";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { precheck, UPLOAD_URL, type UploadedMedia, type UploadPhase, uploadFile } from "../../lib/upload.ts";

interface Progress {
  phase: UploadPhase;
  percent: number;
  name: string;
}

/**
 * An upload field (issue 10; spec 5, 8): picks files, checks the spec's limits, uploads with a progress bar
 * ('文件上传中...', then '正在校验数据' while the server checks the content), and lists what is attached with a
 * way to remove each (spec 7 DELETE). `label` names the field; `hint` says what it takes.
 */
export function FileUpload(props: {
  purpose: UploadPurpose;
  label: string;
  hint: string;
  /** Fewer files than the purpose allows (a refund request takes one screenshot). */
  maxFiles?: number;
  value: UploadedMedia[];
  onChange: (files: UploadedMedia[]) => void;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState("");
  const [status, setStatus] = useState("");
  const rule = UPLOAD_RULES[props.purpose];
  const maxFiles = Math.min(props.maxFiles ?? rule.maxFiles, rule.maxFiles);
  const accept = rule.kinds.map((kind) => UPLOAD_ACCEPT[kind]).join(",");

  async function pick(files: FileList | null) {
    setError("");
    setStatus("");
    let attached = props.value;
    for (const file of Array.from(files ?? [])) {
      const problem =
        attached.length >= maxFiles
          ? t("uploads.tooMany", { n: maxFiles })
          : precheck(locale, file, props.purpose, attached.length);
      if (problem) {
        setError(problem);
        break;
      }
      setProgress({ phase: "uploading", percent: 0, name: file.name });
      const result = await uploadFile(file, {
        purpose: props.purpose,
        locale,
        onProgress: (phase, percent) => setProgress({ phase, percent, name: file.name }),
      });
      setProgress(null);
      if (!result.ok) {
        setError(result.message);
        break;
      }
      attached = [...attached, result.media];
      props.onChange(attached);
      setStatus(result.media.message || t("uploads.succeeded"));
    }
    if (input.current) input.current.value = "";
  }

  async function remove(media: UploadedMedia) {
    setError("");
    await api.delete(UPLOAD_URL, [media.mediaUrl]);
    props.onChange(props.value.filter((item) => item.mediaUrl !== media.mediaUrl));
    setStatus(t("uploads.deleted"));
  }

  const full = props.value.length >= maxFiles;
  return (
    <div className="text-sm">
      <label htmlFor={`${id}-input`} className="font-medium text-slate-800">
        {props.label}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {props.hint}
      </p>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={accept}
        multiple={maxFiles > 1}
        disabled={progress !== null || full}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void pick(event.currentTarget.files)}
        className="mt-2 block w-full text-sm text-slate-800 file:mr-3 file:rounded-full file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-900 disabled:opacity-60"
      />
      {progress && (
        <div className="mt-2">
          <progress
            className="h-2 w-full"
            max={100}
            value={progress.percent}
            aria-label={progress.name}
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
      {props.value.length > 0 && (
        <ul aria-label={t("uploads.attachments")} className="mt-2 flex flex-wrap gap-3">
          {props.value.map((media) => (
            <li
              key={media.mediaUrl}
              className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white p-2"
            >
              {media.kind === "image" ? (
                <img
                  src={media.mediaUrl}
                  alt=""
                  width={40}
                  height={40}
                  className="h-10 w-10 rounded object-cover"
                />
              ) : null}
              <span className="max-w-48 truncate text-slate-800">{media.fileName}</span>
              <button
                type="button"
                onClick={() => void remove(media)}
                className="rounded-full px-2 py-1 text-xs font-semibold text-brand-900 underline hover:bg-slate-100"
                aria-label={t("uploads.remove", { file: media.fileName })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
