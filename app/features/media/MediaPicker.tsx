import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useConsoleT } from "../admin/i18n.tsx";
import { inputClass, secondaryButtonClass } from "../admin/ui.tsx";
import { MediaUploader } from "./MediaUploader.tsx";
import { byteLabel, MEDIA_LIBRARY_ROUTE, type MediaItem, type MediaList } from "./media.ts";

/** A path the store serves itself under /media/ (the library's, or generated seed art): nothing off-site. */
export function isSameSiteMediaPath(value: string): boolean {
  return /^\/media\/[A-Za-z0-9_-][A-Za-z0-9_./-]*$/.test(value) && !value.includes("..");
}

/**
 * The page editor's image field (issue 17, ADR 0274): shows the chosen image and opens a dialog that picks one
 * from the media library or uploads a new one into it. A typed path stays as an advanced fallback, for this
 * store's own /media/ paths only. A native modal <dialog>: focus stays inside, Escape closes it.
 */
export function MediaPicker({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const t = useConsoleT();
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useFetcher<{ list: MediaList }>();
  const titleId = useId();
  const hintId = useId();
  const [path, setPath] = useState(value);
  const [pathError, setPathError] = useState(false);

  useEffect(() => setPath(value), [value]);

  function open() {
    dialog.current?.showModal();
    list.load(MEDIA_LIBRARY_ROUTE);
  }
  const choose = useCallback(
    (url: string) => {
      onChange(url);
      dialog.current?.close();
    },
    [onChange],
  );

  return (
    <fieldset className="mb-2 rounded border border-slate-300 p-2 text-sm">
      <legend className="px-1 font-medium">{label}</legend>
      <div className="mb-2 flex items-center gap-3">
        <div className="flex h-16 w-24 items-center justify-center bg-slate-100">
          {value ? (
            <img src={value} alt={t("console.media.current")} className="max-h-16 max-w-24 object-contain" />
          ) : (
            <span className="px-1 text-center text-xs text-slate-700">{t("console.media.none")}</span>
          )}
        </div>
        <button type="button" className={secondaryButtonClass} onClick={open}>
          {value ? t("console.media.change") : t("console.media.choose")}
        </button>
      </div>
      <label htmlFor={id} className="block text-xs text-slate-800">
        {t("console.media.path")}
      </label>
      <input
        id={id}
        className={`${inputClass} font-mono`}
        value={path}
        aria-describedby={hintId}
        aria-invalid={pathError || undefined}
        onChange={(event) => {
          const typed = event.target.value.trim();
          setPath(event.target.value);
          const ok = typed === "" || isSameSiteMediaPath(typed);
          setPathError(!ok);
          if (ok) onChange(typed);
        }}
      />
      <p id={hintId} className={`mt-1 text-xs ${pathError ? "text-red-800" : "text-slate-700"}`}>
        {pathError ? t("console.media.pathInvalid") : t("console.media.pathHint")}
      </p>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(56rem,95vw)] rounded border border-slate-400 bg-slate-50 p-4 text-slate-900 backdrop:bg-black/40"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">
            {t("console.media.pickerTitle")}
          </h2>
          <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>
            {t("console.media.close")}
          </button>
        </div>
        <MediaUploader onUploaded={(item) => choose(item.url)} />
        {list.data ? (
          list.data.list.records.length === 0 ? (
            <p>{t("console.media.empty")}</p>
          ) : (
            <ul className="grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-4">
              {list.data.list.records.map((item: MediaItem) => (
                <li key={item.hash}>
                  <button
                    type="button"
                    aria-pressed={item.url === value}
                    aria-label={t("console.media.use", { file: item.fileName })}
                    onClick={() => choose(item.url)}
                    className={`flex w-full flex-col items-center rounded border bg-white p-1 text-xs ${
                      item.url === value ? "border-blue-700 ring-2 ring-blue-700" : "border-slate-300"
                    }`}
                  >
                    <img
                      src={item.url}
                      alt=""
                      className="mb-1 h-20 max-w-full object-contain"
                      loading="lazy"
                    />
                    <span className="w-full truncate">{item.fileName}</span>
                    <span className="text-slate-700">
                      {item.width} × {item.height} · {byteLabel(item.byteSize)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : (
          <p aria-live="polite">{t("console.media.loading")}</p>
        )}
      </dialog>
    </fieldset>
  );
}
