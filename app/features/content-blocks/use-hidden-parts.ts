import { useEffect, useState } from "react";
import { useRootData } from "../../lib/i18n.tsx";

/**
 * Whether a block draws the parts nobody can see before the page hydrates (ADR 0293): a carousel's other slides
 * and a sliding list's other pages, which only the block's own buttons, autoplay or swipe (all script) bring into
 * view. A shopper's page leaves them out of the server's HTML (their data is in the page anyway) and the block
 * draws them as soon as it has hydrated, before any of those can run; the boxes that hold them are drawn from the
 * start, so nothing moves. A crawler's page (the root's `crawler`, which the HTML cache keys) has them at once.
 */
export function useHiddenParts(): boolean {
  const crawler = useRootData().crawler === true;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return crawler || hydrated;
}
