import { type BlockProps, dataOf } from "../block-props.ts";

// Editor containers that only arrange their children (ADR 0011).

export function Column({ component, renderComponent }: BlockProps) {
  return (
    <div className="flex flex-col gap-4 md:flex-row" style={{ gap: dataOf(component, "Column").gap }}>
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
    <div className="flex flex-col" style={{ gap: dataOf(component, "Rows").gap }}>
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

export function Grid({ component, renderComponent }: BlockProps) {
  const data = dataOf(component, "Grid");
  const columns = Math.min(Math.max(Math.trunc(data.columns), 1), 6);
  return (
    <div
      className="grid"
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: data.gap }}
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
      style={{ top: `calc(var(--top-bar) + ${dataOf(component, "Sticky").offsetTop}px)` }}
    >
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

export function FixedSize({ component, renderComponent }: BlockProps) {
  const { width, height } = dataOf(component, "FixedSize");
  return (
    <div className="max-w-full overflow-hidden" style={{ width, height }}>
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}

export function Square({ component, renderComponent }: BlockProps) {
  return (
    <div className="aspect-square overflow-hidden rounded-lg [&_.content-image]:h-full">
      {(component.childrenData ?? []).map((child) => renderComponent(child))}
    </div>
  );
}
