import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";

export interface ContentImageProps {
  src: string;
  alt: string;
  /** Intrinsic size, so the box is reserved before the picture arrives (no layout shift). */
  width: number;
  height: number;
  /** Above the fold: load at once; otherwise lazily. */
  eager?: boolean;
  /** The page's hero image (ADR 0143): loads at once with fetchpriority=high (the server also preloads it). */
  priority?: boolean;
  /** The box's aspect ratio is its place's CSS rule (a plan card's picture, app/app.css), not an inline style. */
  ratioInCss?: boolean;
  className?: string;
}

/** The box's aspect ratio in lowest terms ("8/5" for 800×500): the same box in fewer bytes (ADR 0293). */
export function aspectRatio(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const divisor =
    Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 ? gcd(width, height) : 1;
  return `${width / divisor}/${height / divisor}`;
}

/**
 * spec 4 image states: pending (加载中), success, error (加载失败). The box carries `data-image-state` once the
 * picture has arrived or failed; while pending it has none (ADR 0293), and app/app.css draws the loading note.
 */
export function ContentImage({
  src,
  alt,
  width,
  height,
  eager = false,
  priority = false,
  ratioInCss = false,
  className = "",
}: ContentImageProps) {
  const { t } = useI18n();
  const [state, setState] = useState<"pending" | "success" | "error">("pending");
  const [shownSrc, setShownSrc] = useState(src);
  const ref = useRef<HTMLImageElement>(null);
  // A new picture starts over (the page editor's canvas changes an image's URL in place, issue 17).
  if (shownSrc !== src) {
    setShownSrc(src);
    setState("pending");
  }

  // An image that finished (or failed) before hydration fires no event React can hear; read its state instead.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete) setState(image.naturalWidth > 0 ? "success" : "error");
  }, []);

  return (
    <span
      className={className ? `content-image ${className}` : "content-image"}
      style={ratioInCss ? undefined : { aspectRatio: aspectRatio(width, height) }}
      data-image-state={state === "pending" ? undefined : state}
    >
      {state !== "error" && (
        <img
          ref={ref}
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={eager || priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding={priority ? undefined : "async"}
          onLoad={() => setState("success")}
          onError={() => setState("error")}
        />
      )}
      {/* Pending: the loading note is the box's ::after (app/app.css), its text set once by ContentPage. */}
      {/* A decorative image (empty alt) that failed is not announced: an unnamed role="img" fails axe. */}
      {state === "error" &&
        (alt ? (
          <span role="img" aria-label={alt} className="text-slate-700">
            <span aria-hidden="true">{t("content.image.failed")}</span>
          </span>
        ) : (
          <span aria-hidden="true" className="text-slate-700">
            {t("content.image.failed")}
          </span>
        ))}
    </span>
  );
}
