import { useEffect, useState } from "react";

/**
 * An index that moves to the next of `count` every `intervalMs` while not paused (roll text, title carousel).
 * Nothing moves on the server or before hydration, and never for shoppers who ask for reduced motion.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || count < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, paused]);
  return [index, setIndex] as const;
}
