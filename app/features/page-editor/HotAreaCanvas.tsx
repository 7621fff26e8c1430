import { useRef, useState } from "react";
import { displaySize } from "../../../core/hot-area-zoom.ts";
import {
  drawArea,
  type HotAreaValue,
  KEY_STEP_LARGE_PERCENT,
  KEY_STEP_PERCENT,
  nudgeArea,
  type Point,
  type Size,
} from "../../../core/hot-areas.ts";
import { useConsoleT } from "../admin/i18n.tsx";

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The block's own image at its natural aspect ratio, scaled by `zoom`, with its areas on top (issue 31 item 5,
 * ADR 0392). A drag becomes an area through core/hot-areas' drawArea (5 px threshold, snapping gap 3, under 5 %
 * discarded, no overlap); pointer positions are measured on the image as shown, and areas are kept in percent of
 * it, so the zoom never changes what is stored. A focused area is the selected one: arrow keys move it, Alt+arrows
 * resize it (Shift: bigger steps), Enter goes to its name, Delete removes it.
 */
export function HotAreaCanvas({
  imageUrl,
  areas,
  onChange,
  zoom,
  natural,
  onNatural,
  selected,
  onSelect,
  onNote,
  onEditName,
}: {
  imageUrl: string;
  areas: HotAreaValue[];
  onChange: (areas: HotAreaValue[]) => void;
  zoom: number;
  natural: Size | null;
  onNatural: (size: Size) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onNote: (note: string) => void;
  onEditName: (index: number) => void;
}) {
  const t = useConsoleT();
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [current, setCurrent] = useState<Point | null>(null);
  const shown = natural ? displaySize(natural, zoom) : null;

  const pointAt = (event: React.PointerEvent): Point => {
    const box = frame.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const finish = (event: React.PointerEvent) => {
    if (!start || !frame.current) return;
    const box = frame.current.getBoundingClientRect();
    const outcome = drawArea(start, pointAt(event), { width: box.width, height: box.height }, areas);
    setStart(null);
    setCurrent(null);
    if (outcome.kind === "added") {
      onChange([...areas, { ...outcome.area, name: "" }]);
      onSelect(areas.length);
      onNote(t("console.editor.areaAdded", { n: areas.length + 1 }));
    } else if (outcome.kind === "refused") onNote(t("console.editor.areaOverlap"));
    else if (outcome.reason === "tooSmall") onNote(t("console.editor.areaTooSmall"));
  };

  const onAreaKey = (event: React.KeyboardEvent, index: number) => {
    if (event.key === "Enter") {
      event.preventDefault();
      onEditName(index);
      return;
    }
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onChange(areas.filter((_, i) => i !== index));
      onSelect(null);
      onNote(t("console.editor.areaRemoved", { n: index + 1 }));
      return;
    }
    const direction = KEY_MOVES[event.key];
    if (!direction) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP_LARGE_PERCENT : KEY_STEP_PERCENT;
    const outcome = nudgeArea(areas, index, direction[0] * step, direction[1] * step, event.altKey);
    if (outcome.kind === "moved") {
      onChange(areas.map((area, i) => (i === index ? { ...area, ...outcome.area } : area)));
      onNote("");
    } else
      onNote(
        t(
          outcome.reason === "overlap"
            ? "console.editor.areaOverlap"
            : outcome.reason === "tooSmall"
              ? "console.editor.areaTooSmall"
              : "console.editor.areaBounds",
        ),
      );
  };

  return (
    <div
      ref={frame}
      data-testid="hot-area-canvas"
      className="relative touch-none select-none bg-slate-200"
      style={shown ? { width: shown.width, height: shown.height } : undefined}
      onPointerDown={(event) => {
        // Pressing on an area selects it; drawing starts only on the bare image.
        if ((event.target as HTMLElement).closest('[data-testid="hot-area"]')) return;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        setStart(pointAt(event));
        setCurrent(pointAt(event));
      }}
      onPointerMove={(event) => start && setCurrent(pointAt(event))}
      onPointerUp={finish}
      onPointerCancel={() => {
        setStart(null);
        setCurrent(null);
      }}
    >
      <img
        src={imageUrl}
        alt=""
        draggable={false}
        className={shown ? "block h-full w-full" : "block max-w-full"}
        onLoad={(event) =>
          onNatural({
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
      />
      {areas.map((area, index) => {
        const name = area.name?.trim() ?? "";
        const position = { left: area.left, top: area.top, width: area.width, height: area.height };
        return (
          <button
            type="button"
            // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id; their order is their number
            key={index}
            data-testid="hot-area"
            data-selected={selected === index || undefined}
            aria-label={
              name
                ? t("console.editor.areaPositionNamed", { n: index + 1, name, ...position })
                : t("console.editor.areaPosition", { n: index + 1, ...position })
            }
            aria-describedby="hot-area-keys"
            onFocus={() => onSelect(index)}
            onKeyDown={(event) => onAreaKey(event, index)}
            className={`absolute border-2 text-left align-top text-xs font-bold focus:outline-3 focus:outline-offset-1 focus:outline-blue-900 ${
              selected === index
                ? "border-amber-500 bg-amber-300/30 text-slate-950"
                : "border-blue-700 bg-blue-500/20 text-blue-950"
            }`}
            style={{
              left: `${area.left}%`,
              top: `${area.top}%`,
              width: `${area.width}%`,
              height: `${area.height}%`,
            }}
          >
            <span className="absolute top-0 left-0.5 rounded bg-white/85 px-1">
              {index + 1}
              {name ? ` ${name}` : ""}
            </span>
          </button>
        );
      })}
      {start && current && (
        <div
          className="absolute border-2 border-dashed border-slate-900"
          style={{
            left: Math.min(start.x, current.x),
            top: Math.min(start.y, current.y),
            width: Math.abs(current.x - start.x),
            height: Math.abs(current.y - start.y),
          }}
        />
      )}
    </div>
  );
}
