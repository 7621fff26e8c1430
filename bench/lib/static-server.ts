import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

/**
 * The baseline for the SSR figures: a bare `node:http` server (no framework, no hooks) answering every request
 * with one file, read once at start, with the same content type and size as the page it stands in for. It is
 * the ceiling a Node process on this machine reaches for a response of that size. A fair ceiling (issue 15):
 * it sends the same bytes the store sent, so to a client that accepts gzip it answers with the store's own gzip
 * body (STATIC_GZIP_FILE, as the store sent it on the wire), never a recompression at another level.
 */
const body = readFileSync(process.env.STATIC_FILE ?? "");
const gzipped = process.env.STATIC_GZIP_FILE ? readFileSync(process.env.STATIC_GZIP_FILE) : gzipSync(body);
const port = Number(process.env.PORT ?? 0);

createServer((request, response) => {
  const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
  const sent = gzip ? gzipped : body;
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-length": sent.length,
    "cache-control": "public, max-age=3600",
    vary: "Accept-Encoding",
    ...(gzip ? { "content-encoding": "gzip" } : {}),
  });
  response.end(sent);
}).listen(port, "127.0.0.1");

process.once("SIGTERM", () => process.exit(0));
