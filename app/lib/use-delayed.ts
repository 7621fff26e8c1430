import { useEffect, useState } from "react";

/**
 * `value` as it was `ms` ago once it has stopped changing (a debounce): spec 9's form debounce (150 ms) for what a
 * form derives from typing.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * True once `active` has stayed true for `ms`, false as soon as it is false: spec 9's loading-indicator delay
 * (200 ms), so a quick load never flashes a loading text.
 */
export function useDelayedFlag(active: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && shown;
}
