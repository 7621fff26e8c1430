import { type HotAreaValue, hasName, MAX_AREA_NAME } from "../../../core/hot-areas.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { inputClass, secondaryButtonClass } from "../admin/ui.tsx";
import { ActionPicker } from "./ActionPicker.tsx";

/** The id of an area's name field, so the canvas's Enter key can move focus to it. */
export const areaNameId = (prefix: string, index: number) => `${prefix}-area-name-${index}`;

/**
 * Each area's name and link (issue 31 item 5, ADR 0392): the name, in the page's language, is what a screen reader
 * announces for the area on the shopper's page and is required to save; the link uses the block action picker.
 */
export function HotAreaList({
  idPrefix,
  areas,
  onChange,
  selected,
  onSelect,
  onNote,
  siteCode,
  lang,
}: {
  idPrefix: string;
  areas: HotAreaValue[];
  onChange: (areas: HotAreaValue[]) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onNote: (note: string) => void;
  siteCode: string;
  lang: string;
}) {
  const t = useConsoleT();
  const update = (index: number, change: Partial<HotAreaValue>) =>
    onChange(areas.map((area, i) => (i === index ? { ...area, ...change } : area)));

  if (areas.length === 0) return <p className="text-sm text-slate-700">{t("console.editor.areasNone")}</p>;
  return (
    <ol className="space-y-3">
      {areas.map((area, index) => {
        const nameId = areaNameId(idPrefix, index);
        const missing = !hasName(area);
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id; their order is their number
            key={index}
            data-testid="hot-area-entry"
            className={`rounded border p-2 text-sm ${
              selected === index ? "border-amber-500 bg-amber-50" : "border-slate-300 bg-white"
            }`}
          >
            <h4 className="mb-1 font-medium">{t("console.editor.area", { n: index + 1 })}</h4>
            <label htmlFor={nameId} className="block font-medium">
              {t("console.editor.areaName", { n: index + 1, lang })}
            </label>
            <input
              id={nameId}
              className={inputClass}
              value={area.name ?? ""}
              required
              maxLength={MAX_AREA_NAME}
              aria-invalid={missing || undefined}
              aria-describedby={`${nameId}-help`}
              onFocus={() => onSelect(index)}
              onChange={(event) => update(index, { name: event.target.value })}
            />
            <p
              id={`${nameId}-help`}
              className={`mt-1 mb-2 text-xs ${missing ? "text-red-800" : "text-slate-700"}`}
            >
              {missing ? t("console.editor.areaNameMissing") : t("console.editor.areaNameHelp")}
            </p>
            <ActionPicker
              value={area.action}
              siteCode={siteCode}
              lang={lang}
              onChange={(action) => {
                const { action: _old, ...rest } = area;
                onChange(
                  areas.map((other, i) => (i === index ? (action ? { ...rest, action } : rest) : other)),
                );
              }}
            />
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                onChange(areas.filter((_, i) => i !== index));
                onSelect(null);
                onNote(t("console.editor.areaRemoved", { n: index + 1 }));
              }}
            >
              {t("console.editor.areaRemove", { n: index + 1 })}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
