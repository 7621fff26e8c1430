// Spec 4 swipe rows, as pure rules: a row is "left" (its left actions showing, content slid right), "default"
// (closed) or "right" (its right actions showing, content slid left). At most one row of a group is open, and an
// action marked confirm runs only on its second press (ADR 0125).

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
  | { type: "open"; id: string; side: "left" | "right" }
  /** Closes the row `id` if it is the open one; without an id closes whatever is open. */
  | { type: "close"; id?: string }
  /** The first press's wait ran out: the confirm action shows its own label again. */
  | { type: "expire"; id: string; action: string };

/** Share of an action panel a drag must uncover to open it (or, from open, leave covered to stay open). */
export const SWIPE_THRESHOLD = 0.3;
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
      if (state.open?.id === event.id && state.open.side === event.side) return state;
      // Opening one row closes every other, and a pending confirm never survives its row closing or turning.
      return { open: { id: event.id, side: event.side }, confirming: null };
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

/** Where a row settles when a drag ends at `offset`, having started at side `from`. */
export function settle(
  offset: number,
  widths: SwipeWidths,
  from: SwipeSide,
  threshold = SWIPE_THRESHOLD,
): SwipeSide {
  if (offset < 0 && widths.right > 0) {
    const shown = -offset / widths.right;
    return shown >= (from === "right" ? 1 - threshold : threshold) ? "right" : "default";
  }
  if (offset > 0 && widths.left > 0) {
    const shown = offset / widths.left;
    return shown >= (from === "left" ? 1 - threshold : threshold) ? "left" : "default";
  }
  return "default";
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
