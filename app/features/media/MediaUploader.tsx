import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES } from "../../../core/media.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { MEDIA_LIBRARY_ROUTE, type MediaActionResult, type MediaItem } from "./media.ts";

/**
 * Uploads one image into the media library (ADR 0274): a file button (a native file input, so the keyboard and
 * screen readers work as everywhere) and a drop zone for a dragged file. The server checks the file by content;
 * the size is checked here first for a quick answer. `onUploaded` gets the stored image.
 */
export function MediaUploader({ onUploaded }: { onUploaded: (item: MediaItem) => void }) {
  const t = useConsoleT();
  const fetcher = useFetcher<MediaActionResult>();
  const inputId = useId();
  const noteId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [localError, setLocalError] = useState("");
  const handled = useRef<unknown>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      onUploaded(result.value);
      if (input.current) input.current.value = "";
    }
  }, [fetcher.state, result, onUploaded]);

  function send(file: File | undefined) {
    setLocalError("");
    if (!file) return;
    if (file.size > MEDIA_MAX_BYTES) {
      setLocalError(t("console.media.tooLarge"));
      return;
    }
    const form = new FormData();
    form.set("intent", "upload");
    form.set("file", file);
    fetcher.submit(form, { method: "post", action: MEDIA_LIBRARY_ROUTE, encType: "multipart/form-data" });
  }

  const failed = !busy && result && !result.ok ? result : null;
  const error =
    localError ||
    (failed
      ? failed.fields?.file === "tooLarge"
        ? t("console.media.tooLarge")
        : failed.message || t("console.media.failed")
      : "");
  return (
    <section
      aria-labelledby={noteId}
      data-testid="media-dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        send(event.dataTransfer.files[0]);
      }}
      className={`mb-4 rounded border-2 border-dashed p-4 text-sm ${
        over ? "border-blue-700 bg-blue-50" : "border-slate-400 bg-white"
      }`}
    >
      <label htmlFor={inputId} className="mb-1 block font-medium text-slate-900">
        {t("console.media.uploadLabel")}
      </label>
      <p id={noteId} className="mb-2 text-slate-700">
        {t("console.media.uploadHint")}
      </p>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        aria-describedby={noteId}
        disabled={busy}
        className="block text-sm"
        onChange={(event) => send(event.target.files?.[0])}
      />
      <p aria-live="polite" className="mt-2 min-h-5 text-slate-800">
        {busy ? t("console.media.uploading") : ""}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
