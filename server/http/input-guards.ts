import fastQuerystring from "fast-querystring";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Locale } from "../../core/constants.ts";
import { translate } from "../../core/i18n/index.ts";
import { pageLocale } from "../../core/locale-path.ts";
import { apiErrorBody } from "./api-errors.ts";
import { isApiPath } from "./api-prefixes.ts";
import { ApiError } from "./errors.ts";
import { resourceRouteMethods } from "./resource-routes.ts";

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

/**
 * Refuses, before any route runs, a URL carrying a control character (issue 14: `/pdp/JP%00`,
 * `?keyword=%00`) and a query string past spec 9's limits: a 400 in the error shape on the API and on a page's
 * resource route (issue 32 item 10), a translated plain-text 400 for a page. Then a method no route answers on
 * the API or on a resource route is a 405 with an `Allow` header (issue 32 item 10), and a page action's body
 * must be a form (issue 32 item 3: the router's `formData()` throws on anything else).
 */
export function installInputGuards(app: FastifyInstance) {
  const apiRoutes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    apiRoutes.push({ pattern: routePattern(route.url), methods: methods.map((m) => m.toUpperCase()) });
  });

  app.addHook("onRequest", async (request, reply) => {
    const url = request.raw.url ?? request.url;
    const pathname = url.split("?")[0] ?? "/";
    const badUrl = URL_CONTROL_CHARACTER.test(url);
    const badQuery =
      !badUrl && (request.query as Record<symbol, unknown> | undefined)?.[QUERY_REFUSED] === true;
    if (badUrl || badQuery) {
      const field = badUrl ? "validation.controlCharacters" : "validation.tooMany";
      if (isApiPath(pathname)) throw new ApiError(400, "error.badRequest", { fields: { _: field } });
      if (resourceRouteMethods(pathname)) {
        const error = new ApiError(400, "error.badRequest", { fields: { _: field } });
        return sendError(reply, error, pageLocale(pathname));
      }
      return reply
        .status(400)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send(translate(pageLocale(pathname), "error.badRequest"));
    }
    const allowed = allowedMethods(request, pathname);
    if (allowed && !allowed.includes(request.method)) {
      reply.header("allow", allowed.join(", "));
      const locale = isApiPath(pathname) ? request.ctx.locale : pageLocale(pathname);
      return sendError(reply, new ApiError(405, "error.methodNotAllowed"), locale);
    }
  });

  // A page action reads its body with `request.formData()`, which throws a TypeError on JSON, text, XML, a
  // broken multipart body or none: refused here, in the error shape, before the router sees it.
  app.addHook("preValidation", async (request, reply) => {
    if (!isPageBodyRequest(request)) return;
    const pathname = (request.raw.url ?? request.url).split("?")[0] ?? "/";
    // An API path no API route answers falls to the page catch-all, which answers its 404.
    if (isApiPath(pathname)) return;
    const locale = pageLocale(pathname);
    const type = mediaType(request.headers["content-type"]);
    if (type !== FORM_URLENCODED && type !== MULTIPART) {
      return sendError(reply, new ApiError(415, "error.unsupportedMediaType"), locale);
    }
    if (type === MULTIPART && !(await isMultipart(request))) {
      return sendError(reply, new ApiError(400, "error.badRequest"), locale);
    }
  });

  /**
   * The methods the path answers when this request's method is not one of them: a resource route's list, or on
   * the API the methods of the routes whose pattern matches (a request no API route answers fell to the page
   * catch-all or to the 404 handler). Null when the method is answered, or when no route knows the path at all.
   */
  function allowedMethods(request: FastifyRequest, pathname: string): string[] | null {
    const resource = resourceRouteMethods(pathname);
    if (resource) return [...resource];
    if (!isApiPath(pathname)) return null;
    const unmatched = request.is404 || request.routeOptions.config?.page === true;
    if (!unmatched) return null;
    const methods = new Set<string>();
    for (const route of apiRoutes) {
      if (route.pattern.test(pathname)) for (const method of route.methods) methods.add(method);
    }
    if (methods.has("GET")) methods.add("HEAD");
    return methods.size > 0 ? [...methods].sort() : null;
  }
}

const FORM_URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isPageBodyRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config?.page === true && BODY_METHODS.has(request.method);
}

function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Whether the page's buffered body parses as the multipart form its header announces. */
async function isMultipart(request: FastifyRequest): Promise<boolean> {
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array(0);
  try {
    await new Request("http://body.invalid/", {
      method: "POST",
      body,
      headers: { "content-type": request.headers["content-type"] ?? "" },
    }).formData();
    return true;
  } catch {
    return false;
  }
}

function sendError(reply: FastifyReply, error: ApiError, locale: Locale) {
  return reply
    .status(error.status)
    .type("application/json; charset=utf-8")
    .header("cache-control", "no-store")
    .send(apiErrorBody(error, locale));
}

/** A Fastify route path (`/o2cum/v1/orders/:code`, `/pub-res/*`) as a pattern over request paths. */
function routePattern(url: string): RegExp {
  let source = "";
  for (const part of url.split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)) {
    if (part === "*") source += ".*";
    else if (part.startsWith(":")) source += "[^/]+";
    else source += part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/**
 * Fastify's `rewriteUrl`: a page path whose percent-encoding is not UTF-8 (`/zh_CN/pdp/%ED%A0%80`) has each broken
 * sequence replaced by U+FFFD, so the router finds the page and answers its localized not-found page instead of
 * the router's failure (issue 32 item 10). API paths are left alone: their 400 is in the error shape.
 */
export function rewriteBadPagePath(url: string): string {
  const at = url.indexOf("?");
  const pathname = at === -1 ? url : url.slice(0, at);
  if (isApiPath(pathname) || isDecodable(pathname)) return url;
  const fixed = pathname.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) => {
    if (run === "%") return "%25";
    if (isDecodable(run)) return run;
    const bytes = Uint8Array.from(run.slice(1).split("%"), (hex) => Number.parseInt(hex, 16));
    return encodeURIComponent(new TextDecoder().decode(bytes));
  });
  return at === -1 ? fixed : fixed + url.slice(at);
}

function isDecodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
