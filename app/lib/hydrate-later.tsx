import { Children, type ReactElement, type ReactNode, Suspense, useState } from "react";

/**
 * Hydration in slices (issue 15, ADR 0294). Preact hydrates a page in one synchronous pass (ADR 0292), where React
 * hydrated in a transition that yielded every few milliseconds: the plp's 219 destination tiles and the shell
 * around them made one task of 35 ms and more on an idle machine, 140 ms at Lighthouse's simulated phone speed,
 * the whole of the page's Total Blocking Time. `HydrateLater` marks a part of the page that may hydrate in a task
 * of its own, after the first pass and after the parts marked before it.
 *
 * How: while the first pass runs (`hydrateInSlices` around `hydrateRoot`, in `app/entry.client.tsx`), each
 * `HydrateLater` that renders takes a slice, and its children throw that slice. Preact keeps the server's DOM of
 * a child that suspends while hydrating and hydrates it when what it threw settles (the way a lazy
 * chunk's part hydrates when the chunk arrives), without showing the fallback. The slices are then settled in
 * order, one per task (a `MessageChannel` message, as React's scheduler yields), so the browser handles input and
 * paints between them.
 *
 * - Each child must render exactly one element at its root: Preact keeps one DOM node per suspended child.
 * - On the server, in a client-side render after the first pass, and in React (the unit suite), nothing waits:
 *   the children render at once. A `HydrateLater` inside a part that is still waiting hydrates with that part.
 * - Until its slice runs, a part is the server's HTML: links work as links, as the whole page did before the
 *   scripts arrived. A slice runs a few milliseconds after the first pass.
 */

/**
 * What a waiting child throws: a thenable, as Suspense accepts, rather than a promise. Preact's Suspense calls
 * `then` once per suspended child; on a promise each call is a reaction that Chrome, with DevTools' async stacks on
 * (Lighthouse turns them on), records with the whole render stack: 219 tiles cost 40 ms more on the first pass.
 * Settling calls the callbacks in the slice's own task.
 */
class Slice {
  settled = false;
  private callbacks: Array<() => void> = [];

  // biome-ignore lint/suspicious/noThenProperty: Suspense takes a thenable; that is what this is for
  then(onSettled: () => void) {
    if (this.settled) queueMicrotask(onSettled);
    else this.callbacks.push(onSettled);
  }

  settle() {
    this.settled = true;
    for (const callback of this.callbacks.splice(0)) callback();
  }
}

let firstPass = false;
const waiting: Slice[] = [];
const whenAllSettled: Array<() => void> = [];

function newSlice(): Slice | null {
  if (!firstPass) return null;
  const slice = new Slice();
  waiting.push(slice);
  return slice;
}

function Wait({ slice, children }: { slice: Slice | null; children: ReactNode }) {
  if (slice && !slice.settled) throw slice;
  return children;
}

/** Its children (one element each) hydrate together, in a task after the first pass: see above. */
export function HydrateLater({ children }: { children: ReactNode }) {
  const [slice] = useState(newSlice);
  return (
    <Suspense fallback={null}>
      {Children.toArray(children).map((child) => (
        <Wait key={(child as ReactElement).key ?? undefined} slice={slice}>
          {child}
        </Wait>
      ))}
    </Suspense>
  );
}

/**
 * Runs the first hydration pass (`hydrate`, synchronous: Preact's `hydrateRoot`), then settles the slices it left,
 * one per task, in the order they were taken.
 */
export function hydrateInSlices(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  const channel = new MessageChannel();
  const next = () => {
    const slice = waiting.shift();
    if (!slice) {
      channel.port1.onmessage = null;
      for (const callback of whenAllSettled.splice(0)) callback();
      return;
    }
    slice.settle();
    // The slice's render runs in this task's microtasks; the next slice waits for a task of its own.
    channel.port2.postMessage(null);
  };
  channel.port1.onmessage = next;
  channel.port2.postMessage(null);
}

/** Calls `callback` once every slice has hydrated (at once when none is waiting). */
export function afterHydrationSlices(callback: () => void): void {
  if (waiting.length === 0) callback();
  else whenAllSettled.push(callback);
}
