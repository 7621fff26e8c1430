import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { Icon } from "./Icon.tsx";
import {
  CONFIRM_RESET_MS,
  clampOffset,
  createSwipeStore,
  dragAxis,
  initialSwipeState,
  offsetFor,
  type SwipeWidths,
  settle,
  sideOf,
} from "./swipe-state.ts";

export interface SwipeAction {
  /** Unique within the row. */
  key: string;
  label: string;
  /** Marks the action as needing a second press; shown instead of `label` after the first (spec 4). */
  confirmLabel?: string;
  /** Runs on the (second, for a confirm action) press. */
  onAction?: () => void;
  /** Makes the action a link to this address instead of a button. */
  to?: string;
  tone?: "primary" | "danger" | "neutral";
  disabled?: boolean;
}

export interface SwipeRowProps {
  /** Unique among the rows on the page: only one row is open at a time. */
  id: string;
  /** Actions uncovered by swiping right (state "left"). */
  left?: SwipeAction[];
  /** Actions uncovered by swiping left (state "right"). */
  right?: SwipeAction[];
  /** Visible text of the button that opens the actions without swiping (keyboard, switch, screen reader). */
  toggleText: string;
  /** Its accessible name; must start with `toggleText`, e.g. "Actions for order 123". */
  toggleLabel: string;
  /** Swipe only below the md breakpoint (spec 9: 720 px); wider screens show the content alone. */
  smallOnly?: boolean;
  /** Classes of the sliding content (padding, background: it must be opaque to cover the actions). */
  contentClassName?: string;
  /**
   * Controls shown beside the "Actions" button where the row swipes, always visible (issue 12: "Pay now" is a
   * button of its own, not hidden behind "Actions"). They slide with the content.
   */
  footer?: React.ReactNode;
  children: React.ReactNode;
}

/** One open row for the whole page (spec 4: opening one closes others). */
const store = createSwipeStore();
const serverState = () => initialSwipeState;
const WIDE_QUERY = "(min-width: 720px)";

const TONES = {
  primary: "bg-brand-700 text-white hover:bg-brand-600",
  danger: "bg-red-700 text-white hover:bg-red-800",
  neutral: "bg-slate-200 text-slate-900 hover:bg-slate-300",
} as const;

function widthsOf(left: HTMLElement | null, right: HTMLElement | null): SwipeWidths {
  return { left: left?.offsetWidth ?? 0, right: right?.offsetWidth ?? 0 };
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  startOffset: number;
  axis: "horizontal" | "vertical" | "undecided";
}

/**
 * A row whose content slides sideways to uncover actions (spec 4 swipe rows, ADR 0125): drag past a threshold to
 * open, tap the content or anywhere else to close. The "Actions" button opens it without a swipe; actions are
 * real buttons and links, in the tab order only while the row is open.
 */
export function SwipeRow({
  id,
  left = [],
  right = [],
  toggleText,
  toggleLabel,
  smallOnly = false,
  contentClassName = "bg-white",
  footer,
  children,
}: SwipeRowProps) {
  const state = useSyncExternalStore(store.subscribe, store.get, serverState);
  const side = sideOf(state, id);
  const confirming = state.confirming?.id === id ? state.confirming.action : null;
  const domId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const rightRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const swipedRef = useRef(false);
  const [dragOffset, setDragOffset] = useState<number | null>(null);
  const [widths, setWidths] = useState<SwipeWidths>({ left: 0, right: 0 });
  const hidden = smallOnly ? "md:hidden" : "";

  const measure = () => widthsOf(leftRef.current, rightRef.current);

  // Panel widths follow the text (locale, confirm label) and the screen.
  useEffect(() => {
    const update = () => setWidths(widthsOf(leftRef.current, rightRef.current));
    update();
    const observer = new ResizeObserver(update);
    if (leftRef.current) observer.observe(leftRef.current);
    if (rightRef.current) observer.observe(rightRef.current);
    return () => observer.disconnect();
  }, []);

  // A row that goes away (an order cancelled, a page change) must not stay "the open one".
  useEffect(() => () => store.dispatch({ type: "close", id }), [id]);

  // The first press of a confirm action waits a few seconds for the second.
  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(
      () => store.dispatch({ type: "expire", id, action: confirming }),
      CONFIRM_RESET_MS,
    );
    return () => window.clearTimeout(timer);
  }, [confirming, id]);

  // A press anywhere outside the open row closes it.
  useEffect(() => {
    if (side === "default") return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (rootRef.current?.contains(target)) return;
      if ((target as Element).closest?.('[aria-modal="true"]')) return;
      store.dispatch({ type: "close", id });
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [side, id]);

  const swipeable = () => !(smallOnly && window.matchMedia?.(WIDE_QUERY).matches);

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || !swipeable()) return;
    const current = measure();
    setWidths(current);
    dragRef.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      startOffset: offsetFor(side, current),
      axis: "undecided",
    };
  }

  function onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.startX;
    if (drag.axis === "undecided") {
      drag.axis = dragAxis(dx, event.clientY - drag.startY);
      if (drag.axis === "vertical") {
        dragRef.current = null;
        return;
      }
      if (drag.axis === "undecided") return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setDragOffset(clampOffset(drag.startOffset + dx, widths));
  }

  function endDrag(event: React.PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    if (drag.axis !== "horizontal") return;
    const offset = clampOffset(drag.startOffset + (event.clientX - drag.startX), widths);
    setDragOffset(null);
    // The click that ends a swipe must not follow the link under the finger.
    swipedRef.current = true;
    window.setTimeout(() => {
      swipedRef.current = false;
    }, 0);
    const next = cancelled ? { side, full: false } : settle(offset, widths, side);
    if (next.side === "default") store.dispatch({ type: "close", id });
    else {
      // A full swipe (spec 9: 130 px) puts the outermost confirm action of that side into its confirm stage.
      const actions = next.side === "right" ? right : left;
      const outer = next.side === "right" ? actions.at(-1) : actions[0];
      const arm = next.full && outer?.confirmLabel && !outer.disabled ? outer.key : undefined;
      store.dispatch({ type: "open", id, side: next.side, arm });
    }
  }

  function onContentClick(event: React.MouseEvent<HTMLDivElement>) {
    if (toggleRef.current?.contains(event.target as Node)) return;
    if (!swipedRef.current && side === "default") return;
    // The click ending a swipe does nothing more; a tap on the content of an open row only closes it.
    event.preventDefault();
    event.stopPropagation();
    if (swipedRef.current) swipedRef.current = false;
    else store.dispatch({ type: "close", id });
  }

  function toggle() {
    if (side !== "default") store.dispatch({ type: "close", id });
    else store.dispatch({ type: "open", id, side: right.length > 0 ? "right" : "left" });
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || side === "default") return;
    event.preventDefault();
    store.dispatch({ type: "close", id });
    toggleRef.current?.focus();
  }

  function press(action: SwipeAction) {
    if (store.press(id, action.key, Boolean(action.confirmLabel))) action.onAction?.();
  }

  const offset = dragOffset ?? offsetFor(side, widths);
  const panel = (actions: SwipeAction[], which: "left" | "right") => {
    if (actions.length === 0) return null;
    const open = side === which;
    return (
      <div
        ref={which === "left" ? leftRef : rightRef}
        id={`${domId}-${which}`}
        inert={!open}
        className={`absolute inset-y-0 z-0 flex ${which === "left" ? "left-0" : "right-0"} ${
          // Out of sight (no colour bleeding at rounded corners) unless the content is moving off this side.
          (which === "left" ? offset > 0 : offset < 0) ? "" : "invisible"
        } ${hidden}`}
      >
        {actions.map((action) => {
          const armed = confirming === action.key;
          // A lone action is wider than the full-swipe distance (spec 9: 130 px), so a full swipe can reach it.
          const className = `flex ${actions.length === 1 ? "w-36" : "w-24"} items-center justify-center px-2 text-center text-sm font-semibold outline-offset-[-4px] focus-visible:outline-white disabled:opacity-60 ${
            TONES[action.tone ?? "neutral"]
          } ${armed ? "underline underline-offset-4" : ""}`;
          return action.to ? (
            <Link key={action.key} to={action.to} className={className} onClick={() => press(action)}>
              {action.label}
            </Link>
          ) : (
            <button
              key={action.key}
              type="button"
              disabled={action.disabled}
              className={className}
              onClick={() => press(action)}
              data-confirming={armed || undefined}
            >
              {armed ? action.confirmLabel : action.label}
            </button>
          );
        })}
      </div>
    );
  };
  const armedLabel = [...left, ...right].find((action) => action.key === confirming)?.confirmLabel ?? "";

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the row for whichever control has focus.
    <div ref={rootRef} className="relative overflow-hidden" data-swipe={side} onKeyDown={onKeyDown}>
      <div
        className={`relative z-10 touch-pan-y translate-x-(--swipe-x) ${smallOnly ? "md:translate-x-0" : ""} ${
          // Follows the finger while dragging (selecting no text); glides to rest after, unless motion is reduced.
          dragOffset === null
            ? "transition-transform duration-200 ease-out motion-reduce:transition-none"
            : "select-none"
        } ${contentClassName}`}
        style={{ "--swipe-x": `${offset}px` } as React.CSSProperties}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        onClickCapture={onContentClick}
      >
        {children}
        <div className={`mt-3 flex flex-wrap items-center justify-end gap-2 ${hidden}`}>
          {footer}
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={side !== "default"}
            aria-controls={`${domId}-${right.length > 0 ? "right" : "left"}`}
            aria-label={toggleLabel}
            onClick={toggle}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-400 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            {toggleText}
            <Icon
              name="chevronDown"
              className={`size-4 transition-transform motion-reduce:transition-none ${
                // Points the way the content will move.
                (side === "default") === right.length > 0 ? "rotate-90" : "-rotate-90"
              }`}
            />
          </button>
        </div>
      </div>
      {panel(left, "left")}
      {panel(right, "right")}
      <p className="sr-only" aria-live="polite">
        {armedLabel}
      </p>
    </div>
  );
}
