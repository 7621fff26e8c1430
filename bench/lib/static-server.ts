import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The baseline for the SSR figures: a bare `node:http` server (no framework, no hooks) answering every request
 * with one file, read once at start, with the same content type and size as the page it stands in for. It is
 * the ceiling a Node process on this machine reaches for a response of that size.
 */
const body = readFileSync(process.env.STATIC_FILE ?? "");
const port = Number(process.env.PORT ?? 0);

createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-length": body.length,
    "cache-control": "public, max-age=3600",
  });
  response.end(body);
}).listen(port, "127.0.0.1");

process.once("SIGTERM", () => process.exit(0));
