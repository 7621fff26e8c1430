import { readFileSync } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isConsolePage } from "../core/console-path.ts";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, WHOLE_DOCUMENT_HEADER } from "../core/constants.ts";
import { parseCookies } from "../core/cookies.ts";
import { isCrawler } from "../core/crawler.ts";
import { appContext } from "./context.ts";
import { InlineCssContext } from "./lib/inline-css.tsx";
import { lowPriorityPreloadEdits } from "./render/deferred-scripts.server.ts";
import { bytesDocument, editBytes } from "./render/document-edits.server.ts";
import { finishWholeDocument } from "./render/whole-document.server.ts";

export const streamTimeout = 5_000;

/**
 * React outlines a finished Suspense boundary once the shell passes `progressiveChunkSize` bytes (12.8 kB by
 * default): its HTML goes after the shell, hidden, and a script swaps it in later, throttled. On home that held
 * back the hero carousel (the LCP element) behind its placeholder. Pages are small and the HTML cache sends them
 * whole anyway, so finished boundaries stay in place; boundaries still waiting for data stream as before
 * (ADR 0143).
 */
const PROGRESSIVE_CHUNK_SIZE = 512 * 1024;

const cssTexts = new Map<string, string | null>();

/**
 * A built stylesheet's text for inlining (ADR 0143), read once: from the client build next to this server build
 * (build/server/index.js → build/client), else from BUILD_DIR. Null when it is not there (development).
 */
function builtCss(href: string): string | null {
  let text = cssTexts.get(href);
  if (text !== undefined) return text;
  text = null;
  if (href.startsWith("/assets/") && !href.includes("..")) {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const candidates = [
      path.join(here, "..", "client", href),
      path.join(process.env.BUILD_DIR ?? "build", "client", href),
    ];
    for (const file of candidates) {
      try {
        text = readFileSync(file, "utf8");
        break;
      } catch {
        // not in this folder
      }
    }
  }
  cssTexts.set(href, text);
  return text;
}

/**
 * The reader a page rendered whole gets (ADR 0302): an empty `<style>` where the built stylesheet goes, since
 * `finishWholeDocument` replaces it with the rules the page uses, read from `builtCss`. React then does not write
 * the whole stylesheet (62 kB) into every page only for it to be cut.
 */
function stylesheetLater(href: string): string | null {
  return builtCss(href) === null ? null : "";
}

const HEAD_END = Buffer.from("</head>");

/**
 * The page as React writes it (ADR 0295). A page rendered whole goes out in one piece, finished by
 * `finishWholeDocument`. A streamed page goes out one piece per batch React writes: React writes 4 kB views and
 * then calls `flush()` on its destination when a batch is complete (react-dom/server's flushBuffered, meant for
 * compression streams), so the pieces are joined until then, and each batch is one gzip sync flush and one socket
 * write instead of one per 4 kB. Its head's module preloads get a low fetch priority (ADR 0143).
 */
export function documentStream(
  onFinished: () => void,
  whole: boolean,
  deferFirstLoad: boolean,
  stylesheet?: (href: string) => string | null,
): Transform {
  let chunks: Buffer[] = [];
  let headDone = false;
  /** What React wrote since the last batch, once it holds the end of the head; null while there is nothing to send. */
  const batch = (ending: boolean): Buffer | null => {
    if (chunks.length === 0) return null;
    let bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    chunks = [];
    if (!headDone) {
      if (bytes.indexOf(HEAD_END) === -1 && !ending) {
        chunks = [bytes];
        return null;
      }
      headDone = true;
      bytes = editBytes(bytes, lowPriorityPreloadEdits(bytesDocument(bytes)));
    }
    return bytes;
  };
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    flush(callback) {
      if (!whole) return callback(null, batch(true));
      // Nothing of the first load is fetched before the page has painted (ADR 0291), except in the operator
      // console, which no shopper loads and whose page editor drives a canvas page that must answer at once; CSS
      // only the page uses (ADR 0248, 0290) and React Router's scripts without spare bytes (ADR 0290).
      callback(null, finishWholeDocument(Buffer.concat(chunks), { deferFirstLoad, stylesheet }));
    },
    final(callback) {
      onFinished();
      callback();
    },
  });
  // Called by React after each batch.
  Object.assign(stream, {
    flush() {
      if (whole) return;
      const bytes = batch(false);
      if (bytes) stream.push(bytes);
    },
  });
  return stream;
}

/**
 * An anonymous page (no session cookie, no Authorization header) is what the HTML cache stores, and the server
 * then waits for the whole page before it sends a byte (server/ssr.ts). Rendering it whole lets React put every
 * boundary in place instead of streaming it hidden with a script that swaps it in later: the lazy blocks of a
 * server's first render and the deferred block data land where they belong (ADR 0143). Signed-in pages stream
 * when a loader left data to come (`awaitsData`).
 */
function rendersWhole(request: Request): boolean {
  if (request.headers.has("authorization")) return false;
  const cookies = parseCookies(request.headers.get("cookie"));
  return cookies[ACCESS_TOKEN_COOKIE] === undefined && cookies[REFRESH_TOKEN_COOKIE] === undefined;
}

/**
 * Whether a loader left data to stream in: a promise in its answer (React Router's deferred data), as home's and
 * the content pages' block data. A signed-in page with none (the eSIM list, the order list, checkout) has nothing
 * to stream after its shell, so it is rendered whole as well (ADR 0303): its CSS cut to what it uses, its scripts
 * compacted, and one gzip call instead of a stream.
 */
function awaitsData(loaderData: Record<string, unknown>): boolean {
  for (const data of Object.values(loaderData)) {
    if (data === null || typeof data !== "object") continue;
    for (const value of Object.values(data)) if (value instanceof Promise) return true;
  }
  return false;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The CSP nonce is made per request by the server (server/ssr.ts) and sent in the response's CSP header.
  const { nonce } = loadContext.get(appContext).request;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const whole =
      isCrawler(userAgent) ||
      routerContext.isSpaMode ||
      rendersWhole(request) ||
      !awaitsData(routerContext.staticHandlerContext.loaderData);
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext value={import.meta.env.PROD ? (whole ? stylesheetLater : builtCss) : null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineCssContext>,
      {
        nonce,
        progressiveChunkSize: PROGRESSIVE_CHUNK_SIZE,
        [readyOption]() {
          shellRendered = true;
          // CSS only the page uses (ADR 0248) and React Router's scripts compacted (ADR 0290) when the page goes
          // out whole; a streamed page keeps them as they are. Development has no inlined CSS to cut, but its
          // pages get the same scripts as production's, so the API tests read what browsers get.
          const body = documentStream(
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            whole,
            !isConsolePage(new URL(request.url).pathname),
            builtCss,
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (whole) responseHeaders.set(WHOLE_DOCUMENT_HEADER, "1");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
