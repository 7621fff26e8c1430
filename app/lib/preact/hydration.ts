/**
 * What Preact needs to hydrate HTML that React rendered on the server (ADR 0292). Installed once by the browser
 * build's `react` shim (`./react.ts`), before any component renders. Each adapter is checked by
 * `e2e/preact-hydration.spec.ts`, which fails without it.
 */
import { Fragment, type Options, options, type VNode } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";

type Hook = (vnode: VNode) => void;
type InternalVNode = VNode<Record<string, unknown>> & { __e?: Node | null };

function chain(name: "vnode" | "diffed", hook: Hook) {
  const hooks = options as Options & Record<typeof name, Hook | undefined>;
  const previous = hooks[name];
  hooks[name] = (vnode) => {
    hook(vnode);
    previous?.(vnode);
  };
}

/**
 * React 19 passes `ref` to a function component as a prop (no forwardRef; `Field.tsx` relies on it); compat does
 * that only for `forwardRef`.
 */
function refAsProp(vnode: VNode) {
  const v = vnode as InternalVNode;
  if (typeof v.type !== "function" || !v.ref) return;
  if ((v.type as { prototype?: { render?: unknown } }).prototype?.render) return;
  v.props.ref = v.ref;
  (v as { ref: unknown }).ref = null;
}

/**
 * React hydrates the whole document. Preact, given the document, renders into `<html>`, so the app's `<html>` would
 * become a second one inside the first: it is a fragment here (its `<head>` and `<body>` hydrate the real ones), and
 * its `lang`, the one attribute `root.tsx` sets on it, is kept in step by hand.
 */
function htmlAsFragment(vnode: VNode) {
  const v = vnode as InternalVNode;
  if (v.type !== "html") return;
  if (typeof v.props.lang === "string" && document.documentElement.lang !== v.props.lang) {
    document.documentElement.lang = v.props.lang;
  }
  (v as { type: unknown }).type = Fragment;
}

/**
 * React 19 hoists a `<title>` rendered anywhere into `<head>` (console pages and error states render theirs in the
 * page); Preact would render it where it stands, and `document.title` would not follow. Here every `<title>` is a
 * `DocumentTitle`: the most recently mounted one that is still mounted names the document, as the page that
 * rendered last wins in React. (No `<svg>` of ours has a `<title>`; one would need an exception here.)
 */
const mountedTitles: Array<{ text: string }> = [];

function showTitle() {
  const last = mountedTitles[mountedTitles.length - 1];
  if (last && document.title !== last.text) document.title = last.text;
}

function titleText(children: unknown): string {
  if (Array.isArray(children)) return children.map(titleText).join("");
  return children == null || typeof children === "boolean" ? "" : String(children);
}

function DocumentTitle({ children }: { children?: unknown }) {
  const text = titleText(children);
  const entry = useRef({ text });
  useLayoutEffect(() => {
    const mine = entry.current;
    mountedTitles.push(mine);
    showTitle();
    return () => {
      mountedTitles.splice(mountedTitles.indexOf(mine), 1);
      showTitle();
    };
  }, []);
  useLayoutEffect(() => {
    entry.current.text = text;
    showTitle();
  }, [text]);
  return null;
}

function titleInHead(vnode: VNode) {
  const v = vnode as InternalVNode;
  if (v.type === "title") (v as { type: unknown }).type = DocumentTitle;
}

/**
 * Preact keeps the server's attributes while it hydrates, so React's `useId` values (`_R_…_`) would stay in the DOM
 * while every element rendered later carries Preact's (`P0-3`): a label's `for` or a button's `aria-controls` would
 * name an element that does not exist. The attributes that name an id take the rendered value.
 */
const ID_PROPS = [
  "id",
  "htmlFor",
  "name",
  "aria-controls",
  "aria-labelledby",
  "aria-describedby",
  "aria-owns",
  "aria-activedescendant",
  "aria-errormessage",
  "list",
  "form",
];

function idsAsRendered(vnode: VNode) {
  const v = vnode as InternalVNode;
  const dom = v.__e;
  if (typeof v.type !== "string" || !dom || dom.nodeType !== 1) return;
  const element = dom as Element;
  for (const key of ID_PROPS) {
    const value = v.props[key];
    if (typeof value !== "string") continue;
    const attribute = key === "htmlFor" ? "for" : key;
    if (element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
  }
}

/**
 * What a shopper typed into a server-rendered field before its part of the page hydrated (a lazily loaded part,
 * such as the search overlay, hydrates when its chunk arrives) stays in the DOM while the component's state is
 * still the server's value: Preact does not touch values while it hydrates. The field's own input event is sent
 * once it is hydrated, so its handler takes the typed value, as if it had been typed a moment later.
 */
let serverFields = new WeakSet<Element>();

function typedBeforeHydration(vnode: VNode) {
  const v = vnode as InternalVNode;
  const dom = v.__e;
  if ((v.type !== "input" && v.type !== "textarea") || !dom || !serverFields.has(dom as Element)) return;
  serverFields.delete(dom as Element);
  const field = dom as HTMLInputElement | HTMLTextAreaElement;
  const value = v.props.value;
  if (typeof value !== "string" || field.value === value) return;
  queueMicrotask(() => field.dispatchEvent(new Event("input", { bubbles: true })));
}

chain("vnode", refAsProp);
chain("vnode", htmlAsFragment);
chain("vnode", titleInHead);
chain("diffed", idsAsRendered);
chain("diffed", typedBeforeHydration);

type EffectScheduler = (callback: () => void) => void;

function scheduleEffects(scheduler: EffectScheduler) {
  (options as Options & { requestAnimationFrame?: EffectScheduler }).requestAnimationFrame = scheduler;
}

/**
 * When Preact runs `useEffect` callbacks. By default it waits for the next frame (`requestAnimationFrame` plus a
 * 35 ms timeout); React runs them in a task of their own after a render it was not asked for by input, and before
 * the next input's handlers after one it was. Preact's frame wait differed twice: a field's blur that writes the URL
 * in an effect (the checkout's quantity) had not written it when the click that followed read it, and a page whose
 * timers are held (a test's fake clock) never ran its first effects. So:
 * - the hydrating render's effects run in the next task (a message to ourselves, as React's scheduler does), so
 *   hydration stays a task of its own;
 * - after it, effects run as soon as the render that queued them has committed: a microtask, before the browser
 *   paints or dispatches more input.
 */
export function runHydrationEffectsInTheNextTask() {
  const channel = new MessageChannel();
  const queued: Array<() => void> = [];
  channel.port1.onmessage = () => {
    for (const callback of queued.splice(0)) callback();
  };
  scheduleEffects((callback) => {
    queued.push(callback);
    channel.port2.postMessage(null);
  });
}

export function runEffectsBeforeTheNextEvent() {
  scheduleEffects((callback) => queueMicrotask(callback));
}

/** React's Suspense boundary markers: completed, pending, client-rendered, queued, and the end of each. */
const SUSPENSE_MARKER = /^(?:\$[?!~]?|\/\$)$/;

function removeSuspenseMarkers(root: Node) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const markers: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (SUSPENSE_MARKER.test((node as Comment).data)) markers.push(node);
  }
  for (const marker of markers) marker.parentNode?.removeChild(marker);
}

type StreamedReveal = { $RB?: unknown[]; $RV?: (batch: unknown[]) => void };

/**
 * Makes the server's document what the app renders before Preact hydrates it:
 * - The entry is an async module: it can run while the server still streams the page (a slow block's data). React
 *   hydrates around the boundaries still to come; Preact would hydrate a fallback and then React's streaming
 *   runtime would move nodes Preact owns. So it waits for the end of the document first.
 * - React 19.3 reveals streamed Suspense content in batches (on the next frame, or up to 300 ms later): React
 *   hydrates around a boundary still waiting, Preact would hydrate its fallback. The waiting batch is revealed now.
 * - React hoists image preloads into `<head>` (the hero's, the pdp's picture); Preact matches `<head>`'s children by
 *   tag and would pair the app's own `<link>`s with them and drop one of its own. They have done their work (the
 *   image was requested while the head was parsed) and go. So do the module preloads: the modules they named are
 *   loaded before anything hydrates, and in the console they stand between the head's links and its `<style>`,
 *   which Preact would move (a stylesheet dropped and parsed again, ADR 0306).
 * - The `<title>` elements go as well: `DocumentTitle` names the document once the app has rendered.
 * - React's Suspense markers go (`<!--$-->` … `<!--/$-->`, their work done once everything is revealed). Preact
 *   keeps the server's element of a part that suspends while hydrating (`HydrateLater`, a lazy block) and goes on
 *   from the node after it: the closing marker, where the next element is expected. It moved that element before
 *   the marker: `<main>` after the top bar's `HydrateLater`, on every page. Moving a connected element takes focus
 *   from whatever inside it a shopper had already focused, and costs a layout.
 * - The server's fields are noted, for `typedBeforeHydration`.
 */
export async function prepareDocumentForHydration() {
  if (document.readyState === "loading") {
    await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
  }
  const streamed = window as unknown as StreamedReveal;
  if (streamed.$RB?.length && typeof streamed.$RV === "function") streamed.$RV(streamed.$RB);
  removeSuspenseMarkers(document.body);
  for (const node of document.head.querySelectorAll(
    'link[rel="preload"], link[rel="modulepreload"], title',
  )) {
    node.remove();
  }
  serverFields = new WeakSet(document.body.querySelectorAll("input, textarea"));
}
