import { useContext, useLayoutEffect } from "react";
import { type Location, UNSAFE_DataRouterStateContext, useLocation } from "react-router";
import { splitLocale } from "../../core/locale-path.ts";

// spec 2: scroll position is remembered for home, list, my-eSIM and order-list pages; every other page opens at
// the top. Remembered pages key their position by path so that a fresh visit returns to where the shopper was.
const REMEMBERED = [
  /^\/$/,
  /^\/plp$/,
  /^\/ucenter\/eSIM$/,
  /^\/my\/order\/list$/,
  /^\/ucenter\/order\/list$/,
];

export function scrollKey(location: Location): string {
  const { rest } = splitLocale(location.pathname);
  return REMEMBERED.some((pattern) => pattern.test(rest)) ? location.pathname : location.key;
}

/**
 * React Router's `<ScrollRestoration>` scrolls in a layout effect when the location changes. React commits a
 * navigation in one pass; Preact (the browser's renderer, ADR 0292) re-renders the components that read the
 * router's contexts one after another, each with its own commit, so that effect can run while the old page is
 * still on screen: a `#hash` target is not there yet and a remembered position is cut short by the old page's
 * height. This applies the same decision again once the whole update has rendered (a microtask after the render
 * queue, still before the browser paints): the position the router restores, else the hash's element, else the
 * top unless the navigation asked to keep the scroll.
 */
export function useScrollAfterNavigation() {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const location = useLocation();
  const restore = state?.restoreScrollPosition;
  const keep = state?.preventScrollReset;
  useLayoutEffect(() => {
    if (restore === false || restore === undefined) return;
    queueMicrotask(() => {
      if (typeof restore === "number") {
        if (window.scrollY !== restore) window.scrollTo(0, restore);
        return;
      }
      if (location.hash) {
        let target: HTMLElement | null = null;
        try {
          target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        } catch {
          // not a decodable id: React Router warns and scrolls to the top
        }
        if (target) {
          target.scrollIntoView();
          return;
        }
      }
      if (keep !== true && window.scrollY !== 0) window.scrollTo(0, 0);
    });
  }, [location, restore, keep]);
}
