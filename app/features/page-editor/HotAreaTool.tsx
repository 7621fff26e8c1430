import { useCallback, useEffect, useId, useRef, useState } from "react";
import { fitZoom, zoomIn, zoomOut, zoomPercent } from "../../../core/hot-area-zoom.ts";
import { type HotAreaValue, hasName, placeArea, type Size } from "../../../core/hot-areas.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { buttonClass, secondaryButtonClass } from "../admin/ui.tsx";
import { HotAreaCanvas } from "./HotAreaCanvas.tsx";
import { areaNameId, HotAreaList } from "./HotAreaList.tsx";

/** Keys the dialog reads for zooming, unless typing in a field. */
const ZOOM_KEYS: Record<string, "in" | "out" | "fit"> = { "+": "in", "=": "in", "-": "out", "0": "fit" };

/**
 * The hot-area tool (spec 5; issue 31 item 5, ADR 0392): the block's settings show how many areas it has and open
 * a dialog over most of the console with the block's real image at its natural aspect ratio, zoomed to fit, with
 * zoom in / out / fit (buttons, and the + − 0 keys). The operator draws areas on it, or adds one by keyboard, and
 * gives each a name and a link beside the image.
 */
export function HotAreaTool({
  imageUrl,
  areas,
  onChange,
  siteCode,
  lang,
}: {
  imageUrl: string;
  areas: HotAreaValue[];
  onChange: (areas: HotAreaValue[]) => void;
  siteCode: string;
  lang: string;
}) {
  const t = useConsoleT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  // The dialog's content exists only while it is open: the image loads then, and the page holds one set of fields.
  const [open, setOpen] = useState(false);
  const [natural, setNatural] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const unnamed = areas.filter((area) => !hasName(area)).length;

  const fitToView = useCallback((size: Size | null) => {
    const box = viewport.current;
    if (!size || !box) return;
    // The scroll box's inner size, less a margin so the fitted image never needs a scroll bar.
    setZoom(fitZoom(size, { width: box.clientWidth - 16, height: box.clientHeight - 16 }));
  }, []);

  useEffect(() => {
    if (!open || dialog.current?.open) return;
    dialog.current?.showModal();
    fitToView(natural);
  }, [open, natural, fitToView]);

  const zoomBy = (how: "in" | "out" | "fit") => {
    if (how === "fit") fitToView(natural);
    else setZoom((current) => (how === "in" ? zoomIn(current) : zoomOut(current)));
  };

  const addArea = () => {
    const area = placeArea(areas);
    if (!area) {
      setNote(t("console.editor.areaNoRoom"));
      return;
    }
    onChange([...areas, { ...area, name: "" }]);
    setSelected(areas.length);
    setNote(t("console.editor.areaAdded", { n: areas.length + 1 }));
  };

  return (
    <fieldset className="mb-3 rounded border border-slate-300 p-2">
      <legend className="px-1 text-sm font-medium">{t("console.editor.areas")}</legend>
      <p className="mb-2 text-xs text-slate-700" data-testid="hot-area-summary">
        {areas.length === 0
          ? t("console.editor.areasSummaryNone")
          : unnamed > 0
            ? t("console.editor.areasSummaryUnnamed", { count: areas.length, unnamed })
            : t("console.editor.areasSummary", { count: areas.length })}
      </p>
      {imageUrl ? (
        <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
          {t("console.editor.areasOpen")}
        </button>
      ) : (
        <p className="text-xs text-slate-700">{t("console.editor.areasNoImage")}</p>
      )}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        className="m-auto h-[92vh] max-h-none w-[96vw] max-w-none rounded border border-slate-400 bg-slate-50 p-0 text-slate-900 backdrop:bg-black/50"
        onKeyDown={(event) => {
          const how = ZOOM_KEYS[event.key];
          const target = event.target as HTMLElement;
          if (!how || event.altKey || event.ctrlKey || event.metaKey) return;
          if (target.closest("input, textarea, select")) return;
          event.preventDefault();
          zoomBy(how);
        }}
      >
        {open && (
          <div className="flex h-full flex-col">
            <div className="flex flex-wrap items-center gap-2 border-b border-slate-300 p-3">
              <h2 id={`${id}-title`} className="mr-auto text-lg font-semibold">
                {t("console.editor.areasTitle")}
              </h2>
              <fieldset className="flex items-center gap-1">
                <legend className="sr-only">{t("console.editor.zoom")}</legend>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-keyshortcuts="-"
                  onClick={() => zoomBy("out")}
                >
                  {t("console.editor.zoomOut")}
                </button>
                <output aria-live="polite" className="w-16 text-center text-sm" data-testid="hot-area-zoom">
                  {t("console.editor.zoomLevel", { percent: zoomPercent(zoom) })}
                </output>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-keyshortcuts="+"
                  onClick={() => zoomBy("in")}
                >
                  {t("console.editor.zoomIn")}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-keyshortcuts="0"
                  onClick={() => zoomBy("fit")}
                >
                  {t("console.editor.zoomFit")}
                </button>
              </fieldset>
              <button type="button" className={secondaryButtonClass} onClick={addArea}>
                {t("console.editor.areaAdd")}
              </button>
              <button type="button" className={buttonClass} onClick={() => dialog.current?.close()}>
                {t("console.editor.areasDone")}
              </button>
            </div>
            <div className="flex flex-wrap gap-x-4 px-3 pt-2 text-xs text-slate-700">
              <p>{t("console.editor.areasHelp")}</p>
              <p id="hot-area-keys">{t("console.editor.areaKeys")}</p>
            </div>
            <p role="status" className="min-h-6 px-3 text-sm font-medium text-slate-900">
              {note}
            </p>
            <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_24rem] gap-3 p-3 pt-1">
              <div
                ref={viewport}
                className="overflow-auto rounded border border-slate-300 bg-white p-2"
                data-testid="hot-area-viewport"
              >
                <HotAreaCanvas
                  imageUrl={imageUrl}
                  areas={areas}
                  onChange={onChange}
                  zoom={zoom}
                  natural={natural}
                  onNatural={(size) => {
                    setNatural(size);
                    fitToView(size);
                  }}
                  selected={selected}
                  onSelect={setSelected}
                  onNote={setNote}
                  onEditName={(index) => document.getElementById(areaNameId(id, index))?.focus()}
                />
              </div>
              <section aria-labelledby={`${id}-list`} className="overflow-y-auto">
                <h3 id={`${id}-list`} className="mb-2 text-sm font-semibold">
                  {t("console.editor.areasList")}
                </h3>
                <HotAreaList
                  idPrefix={id}
                  areas={areas}
                  onChange={onChange}
                  selected={selected}
                  onSelect={setSelected}
                  onNote={setNote}
                  siteCode={siteCode}
                  lang={lang}
                />
              </section>
            </div>
          </div>
        )}
      </dialog>
    </fieldset>
  );
}
