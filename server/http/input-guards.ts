import fastQuerystring from "fast-querystring";
import type { FastifyInstance } from "fastify";
import { translate } from "../../core/i18n/index.ts";
import { API_PREFIXES } from "./api-prefixes.ts";
import { ApiError } from "./errors.ts";
import { pageLocale } from "./request-info.ts";

/** spec 9: the query parser's limits. Past any of them the request is a 400, decided before parsing further. */
export const QUERY_LIMITS = { parameters: 1000, arrayLength: 20, depth: 5 } as const;

const QUERY_REFUSED = Symbol("query refused");

/** A control character in the URL, raw or percent-encoded (C0 and DEL): never part of a valid address. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const URL_CONTROL_CHARACTER = /%(?:[01][0-9a-f]|7f)|[\u0000-\u001F\u007F]/i;

/**
 * The query string parser (Fastify's own, fast-querystring), held to spec 9's limits: more than 1000
 * parameters, a name repeated more than 20 times (an array) or a bracketed name nested more than 5 deep gives
 * a marked result the onRequest guard answers with a 400. It never throws: it runs inside the router.
 */
export function parseQueryString(raw: string): Record<string, unknown> {
  if (raw.length === 0) return {};
  let parameters = 1;
  for (let i = raw.indexOf("&"); i !== -1; i = raw.indexOf("&", i + 1)) {
    if (++parameters > QUERY_LIMITS.parameters) return refused();
  }
  const parsed = fastQuerystring.parse(raw) as Record<string, unknown>;
  for (const [name, value] of Object.entries(parsed)) {
    if (Array.isArray(value) && value.length > QUERY_LIMITS.arrayLength) return refused();
    if (bracketDepth(name) > QUERY_LIMITS.depth) return refused();
  }
  return parsed;
}

function refused(): Record<string, unknown> {
  const marked: Record<string | symbol, unknown> = Object.create(null);
  marked[QUERY_REFUSED] = true;
  return marked as Record<string, unknown>;
}

function bracketDepth(name: string): number {
  let depth = 0;
  for (const char of name) if (char === "[") depth++;
  return depth;
}

const isApiPath = (pathname: string) =>
  API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Refuses, before any route runs, a URL carrying a control character (issue 14: `/pdp/JP%00`,
 * `?keyword=%00`) and a query string past spec 9's limits: a 400 in the error shape on the API, a translated
 * plain-text 400 for a page.
 */
export function installInputGuards(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    const url = request.raw.url ?? request.url;
    const badUrl = URL_CONTROL_CHARACTER.test(url);
    const badQuery =
      !badUrl && (request.query as Record<symbol, unknown> | undefined)?.[QUERY_REFUSED] === true;
    if (!badUrl && !badQuery) return;
    const pathname = url.split("?")[0] ?? "/";
    const field = badUrl ? "validation.controlCharacters" : "validation.tooMany";
    if (isApiPath(pathname)) throw new ApiError(400, "error.badRequest", { fields: { _: field } });
    return reply
      .status(400)
      .type("text/plain; charset=utf-8")
      .header("cache-control", "no-store")
      .send(translate(pageLocale(pathname), "error.badRequest"));
  });
}
