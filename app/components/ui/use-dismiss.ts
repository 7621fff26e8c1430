import { useEffect, useRef } from "react";

/**
 * Closes a non-modal popup (menus, the categories popup) on Escape, returning focus to its trigger, and on a
 * pointer press outside both.
 */
export function useDismiss(
  open: boolean,
  onClose: () => void,
  refs: { popup: React.RefObject<HTMLElement | null>; trigger: React.RefObject<HTMLElement | null> },
) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      // A modal dialog above the popup (a toast's dialog, say) handles its own Escape first.
      if (document.querySelector('[aria-modal="true"]')) return;
      closeRef.current();
      refs.trigger.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (refs.popup.current?.contains(target) || refs.trigger.current?.contains(target)) return;
      if ((target as Element).closest?.('[aria-modal="true"]')) return;
      closeRef.current();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, refs.popup, refs.trigger]);
}
