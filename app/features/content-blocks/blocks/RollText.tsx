import { useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, items, num, str } from "../block-props.ts";
import { useAutoAdvance } from "../use-auto-advance.ts";
import { optionsOf } from "../variant.ts";

/** spec 9: roll text moves every 3000 ms vertically, 6000 ms horizontally. */
export const ROLL_INTERVAL = { vertical: 3000, horizontal: 6000 } as const;

interface RollingProps {
  entries: { text: string; action?: ReturnType<typeof actionOf> }[];
  direction: "vertical" | "horizontal";
  intervalMs: number;
  label: string;
}

/** One line at a time out of several, moving on by itself; pauses on hover, focus, or with its pause button. */
function Rolling({ entries, direction, intervalMs, label }: RollingProps) {
  const { t } = useI18n();
  const [hover, setHover] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [index] = useAutoAdvance(entries.length, intervalMs, hover || stopped);
  const vertical = direction === "vertical";
  return (
    <section
      aria-label={label}
      className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 text-sm text-slate-900"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      data-direction={direction}
      data-index={index}
    >
      <div className="relative h-10 min-w-0 flex-1 overflow-hidden">
        <ul
          className="transition-transform duration-500 motion-reduce:transition-none"
          style={{
            transform: vertical ? `translateY(${-index * 2.5}rem)` : `translateX(${-index * 100}%)`,
            display: vertical ? "block" : "flex",
          }}
        >
          {entries.map((entry, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
              key={i}
              className="flex h-10 w-full shrink-0 items-center truncate"
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <BlockLink action={entry.action} className="truncate">
                {entry.text}
              </BlockLink>
            </li>
          ))}
        </ul>
      </div>
      {entries.length > 1 && (
        <button
          type="button"
          className="min-h-8 min-w-8 rounded text-slate-700"
          aria-label={t(stopped ? "content.carousel.play" : "content.carousel.pause")}
          onClick={() => setStopped((value) => !value)}
        >
          <span aria-hidden="true">{stopped ? "▶" : "❚❚"}</span>
        </button>
      )}
    </section>
  );
}

export function RollText({ component }: BlockProps) {
  const { t } = useI18n();
  const direction = component.data.direction === "horizontal" ? "horizontal" : "vertical";
  const entries = items(component.data.texts).map((entry) => ({
    text: str(entry.text),
    action: actionOf(entry.action),
  }));
  const intervalMs = num(optionsOf(component).interval, ROLL_INTERVAL[direction]);
  return (
    <Rolling
      entries={entries}
      direction={direction}
      intervalMs={intervalMs}
      label={t("content.rollText.label")}
    />
  );
}

/** Title carousel: headlines that take turns, each with its own link. */
export function TitleCarousel({ component }: BlockProps) {
  const { t } = useI18n();
  const options = optionsOf(component);
  const direction = options.direction === "vertical" ? "vertical" : "horizontal";
  const entries = items(component.data.titles).map((entry) => ({
    text: str(entry.text),
    action: actionOf(entry.action),
  }));
  const intervalMs = num(options.interval, 3000);
  return (
    <Rolling
      entries={entries}
      direction={direction}
      intervalMs={intervalMs}
      label={t("content.titleCarousel.label")}
    />
  );
}
