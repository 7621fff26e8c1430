import type { BlockProps } from "../block-props.ts";
import { num } from "../block-props.ts";

// Editor containers that only arrange their children (ADR 0011).

export function Column({ component, renderComponent }: BlockProps) {
  return (
    <div className="flex flex-col gap-4 md:flex-row" style={{ gap: num(component.data.gap, 16) }}>
      {(component.childrenData ?? []).map((child) => (
        <div key={child.componentId} className="min-w-0 flex-1">
          {renderComponent(child)}
        </div>
      ))}
    </div>
  );
}

export function Rows({ component, renderComponent }: BlockProps) {
  return (
    <div className="flex flex-col" style={{ gap: num(component.data.gap, 8) }}>
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

export function Grid({ component, renderComponent }: BlockProps) {
  const columns = Math.min(Math.max(Math.trunc(num(component.data.columns, 2)), 1), 6);
  return (
    <div
      className="grid"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: num(component.data.gap, 12) }}
    >
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

/**
 * Sticky blocks stay below the top bar: `--top-bar` (app.css) is its height while it shows and 0 while it is
 * tucked away (ADR 0261), so the block moves up with it.
 */
export const BELOW_TOP_BAR = "transition-[top] duration-200";

/** Children stick to the top while the page scrolls (spec 9 layer: sticky 30). */
export function Sticky({ component, renderComponent }: BlockProps) {
  return (
    <div
      className={`sticky z-30 bg-white/95 py-2 backdrop-blur ${BELOW_TOP_BAR}`}
      style={{ top: `calc(var(--top-bar) + ${num(component.data.offsetTop, 0)}px)` }}
    >
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

export function FixedSize({ component, renderComponent }: BlockProps) {
  return (
    <div
      className="max-w-full overflow-hidden"
      style={{ width: num(component.data.width, 320), height: num(component.data.height, 180) }}
    >
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

export function Square({ component, renderComponent }: BlockProps) {
  return (
    <div className="aspect-square overflow-hidden rounded-lg [&_[data-image-state]]:h-full">
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}
