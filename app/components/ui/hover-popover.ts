import { POPOVER_HIDE_DELAY_MS } from "../../../core/constants.ts";

/** What a pointer event tells the popover: the kind of pointer and where it is in the viewport. */
export interface PointerAt {
  pointerType: string;
  clientX: number;
  clientY: number;
}

/** Where the mouse last was, as the document's own pointer events said (null before the first). */
let lastSeen: { x: number; y: number } | null = null;

/** Notes where the mouse is; the document's listeners call it after the popover's handlers have run. */
export function notePointer({ pointerType, clientX, clientY }: PointerAt): void {
  if (pointerType === "mouse") lastSeen = { x: clientX, y: clientY };
}

let watching = false;

/** Listens, once per document, to where the mouse goes (bubbling: after the popover's own handlers). */
function watchPointer() {
  if (watching || typeof window === "undefined") return;
  watching = true;
  window.addEventListener("pointermove", notePointer, { passive: true });
  window.addEventListener("pointerdown", notePointer, { passive: true });
}

/**
 * Hover-open for a popover on a fine pointer (spec 9 popover hide delay): a mouse moving over the trigger or the
 * panel opens it (or keeps it open); leaving either closes it only after `delay` ms, so the pointer can cross the
 * gap between them. Touch and pen never open on hover; clicks and keys are the component's own business.
 *
 * Only a mouse that moved opens it (ADR 0304). The trigger also comes under a mouse standing still, when the page
 * scrolls or the top bar slides back in, and the browser then sends the same events as for a move: a shopper who
 * had just clicked a tab stuck to the top of the page found the destinations menu open over the tabs, taking the
 * next click. Such an event is where the mouse already was; a move is somewhere else.
 */
export function createHoverPopover(
  handlers: { open: () => void; close: () => void },
  delay = POPOVER_HIDE_DELAY_MS,
) {
  watchPointer();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    move({ pointerType, clientX, clientY }: PointerAt) {
      if (pointerType !== "mouse") return;
      if (lastSeen !== null && lastSeen.x === clientX && lastSeen.y === clientY) return;
      cancel();
      handlers.open();
    },
    leave(pointerType: string) {
      if (pointerType !== "mouse") return;
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        handlers.close();
      }, delay);
    },
    /** Forgets a pending close (the popover closed another way, or its component unmounts). */
    cancel,
  };
}
