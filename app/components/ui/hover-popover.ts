import { POPOVER_HIDE_DELAY_MS } from "../../../core/constants.ts";

/**
 * Hover-open for a popover on a fine pointer (spec 9 popover hide delay): entering the trigger or the panel opens
 * it (or keeps it open); leaving either closes it only after `delay` ms, so the pointer can cross the gap between
 * them. Touch and pen never open on hover; clicks and keys are the component's own business.
 */
export function createHoverPopover(
  handlers: { open: () => void; close: () => void },
  delay = POPOVER_HIDE_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    enter(pointerType: string) {
      if (pointerType !== "mouse") return;
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
