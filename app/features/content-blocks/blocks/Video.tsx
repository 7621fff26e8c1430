import { useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { type BlockProps, str } from "../block-props.ts";

/** Multimedia and Video (spec 4): the poster until the first play; a click toggles play and pause. */
export function VideoBlock({ component }: BlockProps) {
  const { t } = useI18n();
  const { data } = component;
  const title = str(data.title) || t("content.video.untitled");
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);

  const toggle = () => {
    if (!video) return;
    setStarted(true);
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  };

  return (
    <figure className="overflow-hidden rounded-2xl bg-black">
      <div className="relative" style={{ aspectRatio: "16 / 9" }}>
        {/* biome-ignore lint/a11y/useMediaCaption: the document format (ADR 0011) has no caption track field yet */}
        <video
          ref={setVideo}
          className="h-full w-full"
          poster={str(data.posterUrl)}
          preload="none"
          playsInline
          aria-label={title}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onClick={toggle}
          data-started={started}
        >
          <source src={str(data.videoUrl)} />
        </video>
        <button
          type="button"
          onClick={toggle}
          aria-pressed={playing}
          aria-label={t(playing ? "content.video.pause" : "content.video.play", { title })}
          className={`absolute inset-0 flex items-center justify-center ${playing ? "opacity-0 focus:opacity-100" : ""}`}
        >
          <span
            className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-2xl text-slate-900"
            aria-hidden="true"
          >
            {playing ? "❚❚" : "▶"}
          </span>
        </button>
      </div>
      {str(data.title) && (
        <figcaption className="bg-white p-2 text-sm text-slate-800">{str(data.title)}</figcaption>
      )}
    </figure>
  );
}
