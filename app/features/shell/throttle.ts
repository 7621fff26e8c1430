/**
 * Leading and trailing throttle: runs at once, then at most once per interval, and always once more with the
 * latest arguments after a burst, so the final scroll position is never missed.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  intervalMs: number,
  now: () => number = () => Date.now(),
): ((...args: A) => void) & { cancel(): void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const run = (args: A) => {
    last = now();
    pending = undefined;
    fn(...args);
  };

  const throttled = (...args: A) => {
    const wait = intervalMs - (now() - last);
    if (wait <= 0) {
      if (timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      if (pending) run(pending);
    }, wait);
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
