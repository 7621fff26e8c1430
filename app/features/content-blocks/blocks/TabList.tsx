import { type KeyboardEvent, useRef } from "react";

interface TabListProps {
  idPrefix: string;
  label: string;
  titles: string[];
  subTitles?: string[];
  active: number;
  onSelect: (index: number) => void;
  orientation?: "horizontal" | "vertical";
  className?: string;
}

/**
 * The ARIA tabs pattern: one tab stop, arrow keys move and select (Left/Right, or Up/Down when vertical),
 * Home and End jump to the ends. Panels are `${idPrefix}-panel-${index}`, labelled by `${idPrefix}-tab-${index}`.
 */
export function TabList({
  idPrefix,
  label,
  titles,
  subTitles,
  active,
  onSelect,
  orientation = "horizontal",
  className = "",
}: TabListProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const vertical = orientation === "vertical";

  const move = (index: number) => {
    const next = (index + titles.length) % titles.length;
    onSelect(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const previousKey = vertical ? "ArrowUp" : "ArrowLeft";
    const nextKey = vertical ? "ArrowDown" : "ArrowRight";
    if (event.key === previousKey) move(active - 1);
    else if (event.key === nextKey) move(active + 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(titles.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      onKeyDown={onKeyDown}
      className={`flex gap-1 ${vertical ? "flex-col" : "overflow-x-auto"} ${className}`}
    >
      {titles.map((title, index) => {
        const selected = index === active;
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${index}`}
            aria-selected={selected}
            aria-controls={selected ? `${idPrefix}-panel-${index}` : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(index)}
            className={`min-h-11 shrink-0 rounded-lg px-4 py-2 text-left ${
              selected ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"
            }`}
          >
            <span className="block font-semibold">{title}</span>
            {subTitles?.[index] && <span className="block text-xs opacity-90">{subTitles[index]}</span>}
          </button>
        );
      })}
    </div>
  );
}
