import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, items, num, str } from "../block-props.ts";
import { ContentImage } from "../ContentImage.tsx";
import { useHiddenParts } from "../use-hidden-parts.ts";
import { optionsOf } from "../variant.ts";
import { BANNER } from "./media.tsx";

/** spec 9: auto-play every 3000 ms. */
export const AUTOPLAY_MS = 3000;

interface SlidesProps {
  label: string;
  slides: ReactNode[];
  loop: boolean;
  autoplay: boolean;
  intervalMs: number;
}

/**
 * An accessible carousel (WAI-ARIA APG carousel pattern) over Embla: previous/next buttons that clamp at the ends
 * when not looping (spec 4), auto-play that pauses while a finger or pointer is down, while the carousel has
 * hover or focus, and with its own pause button; non-visible slides are inert. Their content is drawn once the
 * carousel has hydrated (ADR 0293, `useHiddenParts`): nothing but the carousel's script can show them.
 */
function Slides({ label, slides, loop, autoplay, intervalMs }: SlidesProps) {
  const { t } = useI18n();
  const [viewportRef, embla] = useEmblaCarousel({ loop, align: "start" });
  const [index, setIndex] = useState(0);
  const [canPrevious, setCanPrevious] = useState(loop);
  const [canNext, setCanNext] = useState(slides.length > 1);
  const [stopped, setStopped] = useState(!autoplay);
  const [touching, setTouching] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = stopped || touching || hovered || focused;
  const hiddenParts = useHiddenParts();

  const sync = useCallback(() => {
    if (!embla) return;
    setIndex(embla.selectedScrollSnap());
    setCanPrevious(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on("select", sync).on("reInit", sync);
    // spec 4: auto-play pauses on touch and resumes when the touch ends.
    const down = () => setTouching(true);
    const up = () => setTouching(false);
    embla.on("pointerDown", down).on("pointerUp", up);
    return () => {
      embla.off("select", sync).off("reInit", sync).off("pointerDown", down).off("pointerUp", up);
    };
  }, [embla, sync]);

  useEffect(() => {
    if (!embla || paused || slides.length < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => {
      // Without loop the last slide clamps; auto-play then starts over from the first.
      if (embla.canScrollNext()) embla.scrollNext();
      else embla.scrollTo(0);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [embla, paused, intervalMs, slides.length]);

  return (
    <section
      aria-roledescription={t("content.carousel.roledescription")}
      aria-label={label}
      className="relative"
      data-carousel-index={index}
      data-carousel-paused={paused}
      data-carousel-ready={Boolean(embla)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={() => setTouching(true)}
      onTouchEnd={() => setTouching(false)}
    >
      <div className="overflow-hidden rounded-2xl" ref={viewportRef}>
        <div className="flex" aria-live={paused ? "polite" : "off"}>
          {slides.map((slide, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names slides as role=group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
              key={i}
              role="group"
              aria-roledescription={t("content.carousel.slide")}
              aria-label={t("content.carousel.slideLabel", { index: i + 1, total: slides.length })}
              className="min-w-0 shrink-0 grow-0 basis-full"
              inert={i !== index}
            >
              {hiddenParts || i === index ? slide : null}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <div className="mt-2 flex items-center justify-center gap-2">
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-full border border-slate-300 bg-white text-slate-900 disabled:opacity-40"
            aria-label={t("content.carousel.previous")}
            disabled={!canPrevious}
            onClick={() => embla?.scrollPrev()}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-full border border-slate-300 bg-white text-slate-900"
            aria-label={t(stopped ? "content.carousel.play" : "content.carousel.pause")}
            onClick={() => setStopped((value) => !value)}
          >
            <span aria-hidden="true">{stopped ? "▶" : "❚❚"}</span>
          </button>
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-full border border-slate-300 bg-white text-slate-900 disabled:opacity-40"
            aria-label={t("content.carousel.next")}
            disabled={!canNext}
            onClick={() => embla?.scrollNext()}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}

function settings(props: BlockProps) {
  const options = optionsOf(props.component);
  return {
    loop: options.loop === true,
    autoplay: options.autoplay !== false,
    intervalMs: num(options.interval, AUTOPLAY_MS),
  };
}

/** spec 2 Carousel block: image slides, each with its own link. */
export function Carousel(props: BlockProps) {
  const { t } = useI18n();
  const slides = items(props.component.data.items).map((item, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
    <BlockLink key={i} action={actionOf(item.action)} className="block">
      <ContentImage
        src={str(item.imageUrl)}
        alt={str(item.alt)}
        {...BANNER}
        eager={props.eager && i === 0}
        priority={props.priority && i === 0}
      />
    </BlockLink>
  ));
  return (
    <Slides
      label={props.component.componentName || t("content.carousel.label")}
      slides={slides}
      {...settings(props)}
    />
  );
}

/** Carousel container: its children are the slides. */
export function CarouselContainer(props: BlockProps) {
  const { t } = useI18n();
  const slides = (props.component.childrenData ?? []).map((child) => props.renderComponent(child));
  return (
    <Slides
      label={props.component.componentName || t("content.carousel.label")}
      slides={slides}
      {...settings(props)}
    />
  );
}
