/**
 * The browser build's `react` (ADR 0292): preact/compat plus the React 19 APIs the app and React Router use that
 * compat 10 lacks. The server keeps rendering with React; `vite.config.ts` (`preactInBrowser`) points the client
 * environment's `react` here. Importing this module also installs the hydration adapters (`./hydration.ts`).
 */
import { useCallback, useContext, useLayoutEffect, useRef, useState } from "preact/compat";
import "./hydration.ts";

// @ts-expect-error preact/compat's types are declared with `export =`; the ES module re-exports fine.
export * from "preact/compat";
export { default } from "preact/compat";

type Tracked<T> = PromiseLike<T> & {
  status?: "pending" | "fulfilled" | "rejected";
  value?: T;
  reason?: unknown;
};

/**
 * React 19's use(): a context, or a promise read the way React reads it (its status/value/reason fields, set here
 * when absent), else thrown for the nearest `<Suspense>`. The app's `useBlockData` and React Router's `<Await>`
 * read streamed data with it.
 */
export function use<T>(usable: PromiseLike<T> | object): T {
  if (typeof (usable as PromiseLike<T>).then !== "function") {
    // biome-ignore lint/correctness/useHookAtTopLevel: use() is itself a hook its caller calls at the top level
    return useContext(usable as Parameters<typeof useContext>[0]) as T;
  }
  const promise = usable as Tracked<T>;
  if (promise.status === "fulfilled") return promise.value as T;
  if (promise.status === "rejected") throw promise.reason;
  if (promise.status !== "pending") {
    promise.status = "pending";
    promise.then(
      (value) => {
        promise.status = "fulfilled";
        promise.value = value;
      },
      (reason) => {
        promise.status = "rejected";
        promise.reason = reason;
      },
    );
  }
  throw promise;
}

/** React 19.2's useEffectEvent: a stable function that calls the latest render's callback. */
export function useEffectEvent<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * React 19's useOptimistic, which React Router's `RouterProvider` imports by name. Without transitions (compat's
 * `startTransition` runs its callback at once) the optimistic value only has to hold until the passthrough changes.
 */
export function useOptimistic<S, A = S>(
  passthrough: S,
  reducer?: (state: S, action: A) => S,
): [S, (action: A) => void] {
  const [optimistic, setOptimistic] = useState<{ base: S; value: S } | null>(null);
  const current = optimistic && optimistic.base === passthrough ? optimistic.value : passthrough;
  const set = useCallback(
    (action: A) =>
      setOptimistic({
        base: passthrough,
        value: reducer ? reducer(current, action) : (action as unknown as S),
      }),
    [passthrough, current, reducer],
  );
  return [current, set];
}
