import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { parseDocumentData } from "../../core/content/components.ts";
import { pageLocale } from "../../core/locale-path.ts";
import type { ContentDocument } from "../../db/schema/content-document.ts";
import * as api from "../../server/modules/content/console-contract.ts";
import { appContext } from "../context.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { withPriceTexts } from "../features/content-blocks/content-prices.ts";
import { LandingTitle } from "../features/content-blocks/LandingTitle.tsx";
import { blocksOf, contentPriceTexts, homeRowCards } from "../features/content-blocks/load-page.server.ts";
import { type CanvasMessage, readEditorMessage } from "../features/page-editor/canvas-messages.ts";
import { delayedPlaceholders } from "../features/page-editor/placeholders.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/admin.page-canvas";

export const handle = { messages: ["content"] } satisfies MessagesHandle;

/**
 * Live data must settle before the server's stream times out (entry.server streamTimeout, 5 s): a promise still
 * pending when the stream is cut never settles in the browser, and the canvas would wait for it for ever. Past
 * this bound the canvas shows the blocks without data (their empty states).
 */
export const LIVE_DATA_BOUND_MS = 3_500;

function bounded<T>(work: Promise<T>, fallback: T, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work.catch(() => fallback), limit]).finally(() => clearTimeout(timer));
}

/*
 * The page editor's canvas (issue 17, ADR 0277, 0394): the storefront's renderer alone in a document the editor
 * frames at 390, 768 or 1440 px, so its breakpoints and the width-range choice follow the frame, not the console
 * window. It is the shopper's page at that width: the store's stylesheet and background, a landing page's visible
 * title, prices written into texts, and in live mode the blocks' data as the store resolves them (home's rows cut
 * as home cuts them). It opens with the saved draft; the editor then sends the document being edited. A click
 * selects a block instead of following its link.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "pages.read");
  const page = await readConsole(args, api.openPage, { params: { id: args.params.id } });
  const app = args.context.get(appContext);
  const live = consoleParam(args.request, "live") === "1";
  const home = page.pageType === "HOME";
  return {
    document: page.document,
    landing: page.pageType === "LANDING",
    live,
    // The texts the shopper's page writes for the draft's price tokens (`{from:JP}`), in the request's currency.
    prices: await contentPriceTexts(app, page.document),
    // Live mode: the blocks resolved as the store would, streamed in; never rejects, settles within the bound.
    blocks: live
      ? bounded(
          // In the page's language, which the canvas's URL names (its path under /admin has no locale prefix).
          blocksOf(
            app,
            page.document,
            home ? homeRowCards(args.request) : undefined,
            pageLocale(new URL(args.request.url)),
          ),
          {},
          LIVE_DATA_BOUND_MS,
        )
      : null,
  };
}

function post(message: CanvasMessage) {
  window.parent.postMessage(message, window.location.origin);
}

export default function PageCanvas({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const [document, setDocument] = useState<ContentDocument>(loaderData.document);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const message = readEditorMessage(event.data);
      if (!message) return;
      setDocument(message.document);
      setSelectedId(message.selectedId);
    };
    window.addEventListener("message", onMessage);
    if (window.parent !== window) post({ type: "roamly-canvas:ready" });
    return () => window.removeEventListener("message", onMessage);
  }, []);

  // Placeholders change only with the set of blocks, not with every keystroke in a form.
  const shape = JSON.stringify(document.variants.map((v) => v.components.map((c) => c.componentId)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the blocks change, not their settings
  const blocks = useMemo(
    () => loaderData.blocks ?? delayedPlaceholders(document),
    [loaderData.blocks, shape],
  );

  // The draft being edited is priced and parsed here, as the store's loaders price and parse a published page
  // (ADR 0264, 0288).
  const parsed = useMemo(
    () => parseDocumentData(withPriceTexts(document, loaderData.prices)),
    [document, loaderData.prices],
  );

  // The editor sizes the frame to the page (ADR 0394): the whole page at this width, scaled, never scrolled inside.
  useEffect(() => {
    const container = root.current;
    if (!container || window.parent === window) return;
    const observer = new ResizeObserver(() =>
      post({
        type: "roamly-canvas:height",
        height: container.getBoundingClientRect().bottom + window.scrollY,
      }),
    );
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  // The selected block is outlined (after every render: the renderer may have replaced its element).
  useEffect(() => {
    const container = root.current;
    if (!container) return;
    for (const element of container.querySelectorAll("[data-canvas-selected]"))
      element.removeAttribute("data-canvas-selected");
    if (!selectedId) return;
    container
      .querySelector(`[data-component-id="${CSS.escape(selectedId)}"]`)
      ?.setAttribute("data-canvas-selected", "");
  });

  return (
    <main
      ref={root}
      lang={document.lang.replace("_", "-")}
      // The store's top bar is not drawn here: sticky blocks sit at the top, as on the store while it is tucked away.
      style={{ "--top-bar": "0px" } as React.CSSProperties}
      className="[&_[data-canvas-selected]]:outline-2 [&_[data-canvas-selected]]:outline-blue-700 [&_[data-canvas-selected]]:outline-offset-2 [&_[data-canvas-selected]]:outline-solid"
      onClickCapture={(event) => {
        // A click picks the block under it; links and buttons of the page do nothing here.
        const target = (event.target as Element).closest("[data-component-id]");
        event.preventDefault();
        event.stopPropagation();
        const componentId = target?.getAttribute("data-component-id");
        if (componentId) post({ type: "roamly-canvas:select", componentId });
      }}
    >
      <title>{t("console.editor.canvasTitle", { title: document.title })}</title>
      {loaderData.landing ? (
        <LandingTitle title={document.title} />
      ) : (
        <h1 className="sr-only">{document.title}</h1>
      )}
      {/* The frame's first HTML does not wait for live data: the blocks stream in behind this boundary. */}
      <Suspense fallback={<p role="status">{t("console.editor.canvasLoading")}</p>}>
        <ContentPage document={parsed} blocks={blocks} assumedWidth={390} preview />
      </Suspense>
    </main>
  );
}
