import { useRef, useState } from "react";
import {
  drawArea,
  HOT_AREA_ACTION_KINDS,
  type HotAreaActionKind,
  type HotAreaValue,
  hotAreaAction,
  KEY_STEP_LARGE_PERCENT,
  KEY_STEP_PERCENT,
  nudgeArea,
  type Point,
  placeArea,
} from "../../../core/hot-areas.ts";
import type { ComponentAction } from "../../../db/schema/content-document.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { inputClass, secondaryButtonClass } from "../admin/ui.tsx";

function kindOf(action: ComponentAction | undefined): { kind: HotAreaActionKind; value: string } {
  if (action?.code === "PDP") return { kind: "plan", value: String(action.data.platformProductCode ?? "") };
  if (action?.code === "PLP" && action.data.marketingCode)
    return { kind: "coupon", value: String(action.data.marketingCode) };
  return { kind: "link", value: String(action?.data?.url ?? "") };
}

/**
 * Draws hot areas on an image (spec 5, ADR 0270): a pointer drag becomes an area through core/hot-areas'
 * drawArea (threshold, snapping, 5 % minimum, no overlap); each area then gets a link, plan or coupon target.
 */
export function HotAreaTool({
  imageUrl,
  areas,
  onChange,
}: {
  imageUrl: string;
  areas: HotAreaValue[];
  onChange: (areas: HotAreaValue[]) => void;
}) {
  const t = useConsoleT();
  const frame = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [current, setCurrent] = useState<Point | null>(null);
  const [note, setNote] = useState("");

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
      onChange([...areas, { ...outcome.area, action: hotAreaAction("link", "/") }]);
      setNote(t("console.editor.areaAdded", { n: areas.length + 1 }));
    } else if (outcome.kind === "refused") setNote(t("console.editor.areaOverlap"));
    else if (outcome.reason === "tooSmall") setNote(t("console.editor.areaTooSmall"));
  };

  // The keyboard's way to draw (WCAG 2.5.7): a focused area moves with the arrow keys and resizes with
  // Alt+arrows (Shift: bigger steps), under the drag's rules.
  const onAreaKey = (event: React.KeyboardEvent, index: number) => {
    const step = event.shiftKey ? KEY_STEP_LARGE_PERCENT : KEY_STEP_PERCENT;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = delta[event.key];
    if (!move) return;
    event.preventDefault();
    const outcome = nudgeArea(areas, index, move[0], move[1], event.altKey);
    if (outcome.kind === "moved") {
      onChange(areas.map((area, i) => (i === index ? { ...area, ...outcome.area } : area)));
      setNote("");
    } else
      setNote(
        t(
          outcome.reason === "overlap"
            ? "console.editor.areaOverlap"
            : outcome.reason === "tooSmall"
              ? "console.editor.areaTooSmall"
              : "console.editor.areaBounds",
        ),
      );
  };

  const update = (index: number, kind: HotAreaActionKind, value: string) =>
    onChange(areas.map((area, i) => (i === index ? { ...area, action: hotAreaAction(kind, value) } : area)));

  return (
    <fieldset className="mb-3 rounded border border-slate-300 p-2">
      <legend className="px-1 text-sm font-medium">{t("console.editor.areas")}</legend>
      <p className="mb-2 text-xs text-slate-700">{t("console.editor.areasHelp")}</p>
      {imageUrl && (
        <div
          ref={frame}
          data-testid="hot-area-canvas"
          className="relative mb-2 touch-none select-none"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            setStart(pointAt(event));
            setCurrent(pointAt(event));
          }}
          onPointerMove={(event) => start && setCurrent(pointAt(event))}
          onPointerUp={finish}
        >
          <img src={imageUrl} alt="" draggable={false} className="block w-full" />
          {areas.map((area, index) => (
            <button
              type="button"
              // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id; their order is their name
              key={index}
              data-testid="hot-area"
              aria-label={t("console.editor.areaPosition", {
                n: index + 1,
                left: area.left,
                top: area.top,
                width: area.width,
                height: area.height,
              })}
              aria-describedby="hot-area-keys"
              onKeyDown={(event) => onAreaKey(event, index)}
              className="absolute border-2 border-blue-700 bg-blue-500/20 text-left align-top text-xs font-bold text-blue-900 focus:outline-3 focus:outline-offset-1 focus:outline-blue-900"
              style={{
                left: `${area.left}%`,
                top: `${area.top}%`,
                width: `${area.width}%`,
                height: `${area.height}%`,
              }}
            >
              <span className="absolute top-0 left-0.5">{index + 1}</span>
            </button>
          ))}
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
      )}
      {imageUrl && (
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              const area = placeArea(areas);
              if (!area) {
                setNote(t("console.editor.areaNoRoom"));
                return;
              }
              onChange([...areas, { ...area, action: hotAreaAction("link", "/") }]);
              setNote(t("console.editor.areaAdded", { n: areas.length + 1 }));
            }}
          >
            {t("console.editor.areaAdd")}
          </button>
          <p id="hot-area-keys" className="text-xs text-slate-700">
            {t("console.editor.areaKeys")}
          </p>
        </div>
      )}
      <p role="status" className="mb-2 text-sm text-slate-800">
        {note}
      </p>
      <ol className="space-y-2">
        {areas.map((area, index) => {
          const { kind, value } = kindOf(area.action);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id; their order is their name
            <li key={index} className="flex flex-wrap items-end gap-2 text-sm">
              <span className="font-medium">{t("console.editor.area", { n: index + 1 })}</span>
              <label className="flex flex-col">
                <span>{t("console.editor.areaTarget")}</span>
                <select
                  className={inputClass}
                  value={kind}
                  onChange={(event) => update(index, event.target.value as HotAreaActionKind, value)}
                >
                  {HOT_AREA_ACTION_KINDS.map((option) => (
                    <option key={option} value={option}>
                      {t(`console.editor.areaKind.${option}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col">
                <span className="sr-only">{t("console.editor.areaValue", { n: index + 1 })}</span>
                <input
                  className={inputClass}
                  aria-label={t("console.editor.areaValue", { n: index + 1 })}
                  value={value}
                  onChange={(event) => update(index, kind, event.target.value)}
                />
              </label>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => onChange(areas.filter((_, i) => i !== index))}
              >
                {t("console.editor.areaRemove", { n: index + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
