import { useEffect, useRef, useState } from "react";
import { TOP_BAR_THROTTLE_MS } from "../../../core/constants.ts";
import { BACK_TO_TOP_AFTER_PX, BACK_TO_TOP_THROTTLE_MS, nextTopBarHidden } from "./scroll-direction.ts";
import { throttle } from "./throttle.ts";

/** Whether the top bar should be tucked away: hides on scroll down, shows on scroll up (throttle 50 ms). */
export function useTopBarHidden(barRef: React.RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  const hiddenRef = useRef(false);
  useEffect(() => {
    let previousY = window.scrollY;
    const onScroll = throttle(() => {
      const y = window.scrollY;
      const bar = barRef.current;
      // Keep the bar while a keyboard user works inside it (its popups open from it).
      const busy = bar?.contains(document.activeElement) && document.activeElement !== document.body;
      const next = busy ? false : nextTopBarHidden(previousY, y, hiddenRef.current, bar?.offsetHeight ?? 80);
      previousY = y;
      if (next !== hiddenRef.current) {
        hiddenRef.current = next;
        setHidden(next);
      }
    }, TOP_BAR_THROTTLE_MS);
    // Focus moving into the bar (keyboard users) brings it back.
    const onFocusIn = () => {
      hiddenRef.current = false;
      setHidden(false);
    };
    const bar = barRef.current;
    window.addEventListener("scroll", onScroll, { passive: true });
    bar?.addEventListener("focusin", onFocusIn);
    return () => {
      window.removeEventListener("scroll", onScroll);
      bar?.removeEventListener("focusin", onFocusIn);
      onScroll.cancel();
    };
  }, [barRef]);
  return hidden;
}

/** Whether the page has scrolled far enough to offer back-to-top (spec 9: 400 px, throttle 100 ms). */
export function useScrolledPast(px = BACK_TO_TOP_AFTER_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = throttle(() => setPast(window.scrollY > px), BACK_TO_TOP_THROTTLE_MS);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      onScroll.cancel();
    };
  }, [px]);
  return past;
}
