import { useCallback, useEffect, useState } from "react";

/** spec 9: captcha interval default 60 s. */
export const DEFAULT_CODE_INTERVAL_S = 60;

/** The interval the send answered with, or the default when it is missing or unreadable. */
export function codeInterval(answer: unknown): number {
  const value = typeof answer === "number" ? answer : Number(answer);
  return Number.isFinite(value) && value > 0 ? Math.min(Math.round(value), 3600) : DEFAULT_CODE_INTERVAL_S;
}

/** Whole seconds left until endsAt (0 when passed), rounding up so the last second still shows 1. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** spec 4: after a successful send the countdown starts at the interval and ticks each second. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(endsAt, now);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) {
        setEndsAt(null);
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  }, []);
  return { remaining, start };
}
