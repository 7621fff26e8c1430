// Spec 4 swipe rows, as pure rules: a row is "left" (its left actions showing, content slid right), "default"
// (closed) or "right" (its right actions showing, content slid left). At most one row of a group is open, and an
// action marked confirm runs only on its second press (ADR 0125).

import { SWIPE_FULL_PX, SWIPE_OPEN_PX } from "../../../core/constants.ts";

export type SwipeSide = "left" | "default" | "right";

/** Widths in px of the action panels on each side of a row (0 when a side has none). */
export interface SwipeWidths {
  left: number;
  right: number;
}

export interface SwipeState {
  /** The one open row of the group, if any. */
  open: { id: string; side: "left" | "right" } | null;
  /** The confirm action that has had its first press and waits for the second. */
  confirming: { id: string; action: string } | null;
}

export type SwipeEvent =
  /** Opens row `id` on `side`; `arm` names a confirm action that starts out waiting for its second press. */
  | { type: "open"; id: string; side: "left" | "right"; arm?: string }
  /** Closes the row `id` if it is the open one; without an id closes whatever is open. */
  | { type: "close"; id?: string }
  /** The first press's wait ran out: the confirm action shows its own label again. */
  | { type: "expire"; id: string; action: string };

// spec 9 swipe thresholds: 65 px opens a row's actions (and, from open, a drag back of 65 px closes them); 130 px
// snaps the row fully open into its confirm stage (a full swipe).
export { SWIPE_FULL_PX, SWIPE_OPEN_PX };
/** Movement in px before a pointer press counts as a swipe or a scroll. */
export const SWIPE_SLOP = 8;
/** How long a confirm action waits for its second press. */
export const CONFIRM_RESET_MS = 4000;

export const initialSwipeState: SwipeState = { open: null, confirming: null };

export function sideOf(state: SwipeState, id: string): SwipeSide {
  return state.open?.id === id ? state.open.side : "default";
}

export function isConfirming(state: SwipeState, id: string, action: string): boolean {
  return state.confirming?.id === id && state.confirming.action === action;
}

export function swipeReducer(state: SwipeState, event: SwipeEvent): SwipeState {
  switch (event.type) {
    case "open": {
      const confirming = event.arm ? { id: event.id, action: event.arm } : null;
      if (state.open?.id === event.id && state.open.side === event.side && !confirming) return state;
      // Opening one row closes every other, and a pending confirm never survives its row closing or turning.
      return { open: { id: event.id, side: event.side }, confirming };
    }
    case "close": {
      if (!state.open && !state.confirming) return state;
      if (event.id !== undefined && state.open?.id !== event.id && state.confirming?.id !== event.id)
        return state;
      return initialSwipeState;
    }
    case "expire": {
      if (!isConfirming(state, event.id, event.action)) return state;
      return { ...state, confirming: null };
    }
  }
}

/**
 * A press on an action of row `id`. A plain action runs at once; a confirm action runs only when it is already
 * waiting for its second press, and otherwise starts waiting. A run closes the row.
 */
export function pressAction(
  state: SwipeState,
  id: string,
  action: string,
  confirm: boolean,
): { state: SwipeState; run: boolean } {
  if (!confirm || isConfirming(state, id, action)) return { state: initialSwipeState, run: true };
  return { state: { ...state, confirming: { id, action } }, run: false };
}

/** The content's offset for a settled side: positive slides it right to uncover the left actions. */
export function offsetFor(side: SwipeSide, widths: SwipeWidths): number {
  if (side === "left") return widths.left;
  if (side === "right") return -widths.right;
  return 0;
}

/** Keeps a dragged offset within the panels there are: never past a panel's width, never towards a missing one. */
export function clampOffset(offset: number, widths: SwipeWidths): number {
  return Math.max(-widths.right, Math.min(widths.left, offset));
}

/**
 * Where a row settles when a drag ends at `offset`, having started at side `from` (spec 9 swipe thresholds): from
 * closed, uncovering 65 px of a side's panel (all of it, if narrower) opens it, and uncovering 130 px is a full
 * swipe that also puts the side's outermost confirm action into its confirm stage; from open, covering 65 px of
 * the panel again closes it, less springs back open.
 */
export function settle(
  offset: number,
  widths: SwipeWidths,
  from: SwipeSide,
  openPx = SWIPE_OPEN_PX,
  fullPx = SWIPE_FULL_PX,
): { side: SwipeSide; full: boolean } {
  const shut = { side: "default" as const, full: false };
  const which = offset < 0 ? "right" : offset > 0 ? "left" : null;
  if (!which || widths[which] === 0) return shut;
  const panel = widths[which];
  const shown = Math.min(Math.abs(offset), panel);
  if (from === which) return panel - shown >= Math.min(openPx, panel) ? shut : { side: which, full: false };
  if (shown < Math.min(openPx, panel)) return shut;
  return { side: which, full: shown >= fullPx };
}

/** Whether a press that has moved (dx, dy) is a sideways swipe, a scroll, or too small to tell yet. */
export function dragAxis(dx: number, dy: number, slop = SWIPE_SLOP): "horizontal" | "vertical" | "undecided" {
  if (Math.abs(dx) < slop && Math.abs(dy) < slop) return "undecided";
  return Math.abs(dx) > Math.abs(dy) ? "horizontal" : "vertical";
}

/** A tiny store shared by the rows of a group (a list): subscribe/get/dispatch for `useSyncExternalStore`. */
export function createSwipeStore(initial: SwipeState = initialSwipeState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch(event: SwipeEvent) {
      const next = swipeReducer(state, event);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    press(id: string, action: string, confirm: boolean): boolean {
      const result = pressAction(state, id, action, confirm);
      if (result.state !== state) {
        state = result.state;
        for (const listener of listeners) listener();
      }
      return result.run;
    },
  };
}

export type SwipeStore = ReturnType<typeof createSwipeStore>;
