import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createGzip, gzip as gzipCallback, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { appContext } from "../app/context.ts";
import { cutNickname } from "../app/features/shell/nickname.ts";
import { isConsolePage } from "../core/console-path.ts";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, WHOLE_DOCUMENT_HEADER } from "../core/constants.ts";
import { pathWithoutTrailingSlash } from "../core/locale-path.ts";
import { PERSONAL_TEMPLATE_USER } from "../core/personal-template.ts";
import { sendApiError } from "./http/api-errors.ts";
import { isApiPath } from "./http/api-prefixes.ts";
import { ApiError } from "./http/errors.ts";
import { newNonce } from "./http/request-info.ts";
import { consoleContentSecurityPolicy, contentSecurityPolicy } from "./http/security-headers.ts";
import { siteOrigin } from "./http/site-origin.ts";
import { trackReads } from "./infra/cache.ts";
import { acceptsGzip, type CacheHit, HtmlCache } from "./infra/html-cache.ts";
import { memoizeRouteMatching } from "./route-matching.ts";
import type { Services } from "./services.ts";
import { pageRouteLabeller } from "./telemetry/page-routes.ts";

export interface SsrOptions {
  mode: "production" | "development";
  services: Services;
  buildDir: string;
  htmlCacheTtlMs: number;
  /** Byte budget of the anonymous HTML cache (ADR 0179). */
  htmlCacheMaxBytes?: number;
  publicOrigin?: string;
  /** Without publicOrigin, the Host names honoured and the origin for any other (ADR 0186). */
  allowedHosts: readonly string[];
  fallbackOrigin: string;
  /**
   * Development only: a Vite dev server shared with the other apps of this process, which this app does not
   * close (test workers, test/api.ts: each test file's app reuses the modules Vite already compiled).
   */
  sharedDevServer?: () => Promise<ViteDevServer>;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SESSION_COOKIES = new Set([ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE]);
/** Where the signed-in template's stand-in values are cut (ADR 0246). */
const PERSONAL_SENTINELS = {
  nickName: PERSONAL_TEMPLATE_USER.nickName,
  shortName: PERSONAL_TEMPLATE_USER.shortName,
  loginName: PERSONAL_TEMPLATE_USER.loginName,
  unreadNotifications: String(PERSONAL_TEMPLATE_USER.unreadNotifications),
};

/**
 * gzip's level for a page sent as it renders (ADR 0295; ADR 0003 chose 4). Level 1 costs about 0.4 ms less CPU
 * on home's 126 kB and sends about 10 % more bytes; a page the HTML cache keeps is compressed once, at its own
 * level, so only renders nobody else will read get the fast one.
 */
const UNCACHED_GZIP_LEVEL = 1;
const gzipInPool = promisify(gzipCallback);

/** Registers static assets and the React Router handler for every non-API path. */
export async function registerSsr(app: FastifyInstance, options: SsrOptions) {
  await memoizeRouteMatching();
  // A production build is handed over as an object: React Router then derives its route tables once. Given a
  // function, it rebuilds them (createStaticHandler, every route flattened and ranked) on every request, which
  // was 8 % of a full render's CPU.
  let getBuild: ServerBuild | (() => Promise<ServerBuild>);
  if (options.mode === "production") {
    const serverEntry = path.join(options.buildDir, "server", "index.js");
    if (!existsSync(serverEntry)) throw new Error(`No production build at ${serverEntry}: run npm run build`);
    getBuild = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    await registerStaticAssets(app, path.resolve(options.buildDir, "client"));
  } else {
    const shared = options.sharedDevServer;
    const vite = shared
      ? await shared()
      : await (await import("vite")).createServer({ server: { middlewareMode: true }, appType: "custom" });
    const middie = (await import("@fastify/middie")).default;
    await app.register(middie);
    app.use(vite.middlewares);
    if (!shared) app.addHook("onClose", () => vite.close());
    getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  }

  const handle = createRequestHandler(getBuild, options.mode);
  const cache = new HtmlCache(options.htmlCacheTtlMs, { maxBytes: options.htmlCacheMaxBytes });
  app.addHook("onClose", async () => cache.close());
  /**
   * Cacheable pages being rendered now, per cache key. Concurrent misses for the same page wait for that one
   * render and send it with their own nonce, instead of all rendering it: otherwise every expiry under load
   * starts as many renders (and database round trips) as there are requests in flight, a latency spike.
   */
  const rendering = new Map<string, Promise<void>>();

  await app.register(async (scope) => {
    // Router actions receive forms; hand their bodies through untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      // The request context takes the locale from the page's path (server/http/request-context.ts); the metrics
      // and spans label a page by its React Router route (ADR 0379).
      config: { page: true, routeLabel: pageRouteLabeller(getBuild) },
      handler: async (request, reply) => {
        const pathname = request.url.split("?")[0] ?? "/";
        if (isApiPath(pathname)) {
          return sendApiError(request, reply, new ApiError(404, "error.notFound"));
        }
        // spec 2: a locale prefix (or any page path) has no trailing slash.
        const canonical = pathWithoutTrailingSlash(pathname);
        if (canonical && (request.method === "GET" || request.method === "HEAD")) {
          const query = request.url.slice(pathname.length);
          return reply.redirect(`${canonical}${query}`, 301);
        }
        return renderPage(request, reply);
      },
    });
  });

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const origin = siteOrigin(request, options);
    const url = new URL(request.url, origin);
    const nonce = newNonce();
    // A page with an open query value (a keyword, a marketing code) is stored from its second request on
    // (ADR 0315): until then, no key.
    const admitted = (key: string | null) => (key !== null && cache.admits(key, url) ? key : null);
    const personalKey = admitted(cache.personalKeyFor(request, url));
    if (personalKey) {
      // A boolean, not the reply: a reply is thenable, and awaiting it would wait for the response to finish.
      if (await sendPersonal(request, reply, { url, origin, nonce, key: personalKey })) return reply;
      // No shopper behind the cookie (it expired: the full render refreshes it), or no template: render.
    }
    const cacheKey = admitted(cache.keyFor(request, url));
    if (cacheKey) {
      const hit = cache.get(cacheKey);
      if (hit) return sendCached(request, reply, hit, nonce);
      const pending = rendering.get(cacheKey);
      if (pending) {
        await pending;
        const filled = cache.get(cacheKey);
        if (filled) return sendCached(request, reply, filled, nonce);
        // That render was not stored (not a 200, or it set a cookie): render this request too.
      }
    }
    const page = { url, origin, nonce, cacheKey };
    if (!cacheKey || rendering.has(cacheKey)) return renderFresh(request, reply, page);
    let done = () => {};
    rendering.set(
      cacheKey,
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    try {
      return await renderFresh(request, reply, page);
    } finally {
      rendering.delete(cacheKey);
      done();
    }
  }

  async function renderFresh(
    request: FastifyRequest,
    reply: FastifyReply,
    { url, origin, nonce, cacheKey }: { url: URL; origin: string; nonce: string; cacheKey: string | null },
  ) {
    const { webRequest, context } = routerRequest(request, reply, { url, origin, nonce, template: false });

    // What the render reads from the shared cache decides which invalidations drop the page (ADR 0245).
    const since = cache.mark();
    const reads = new Set<string>();
    const response = cacheKey
      ? await trackReads(reads, () => handle(webRequest, context))
      : await handle(webRequest, context);
    reply.status(response.status);
    const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
    const whole = response.headers.has(WHOLE_DOCUMENT_HEADER);
    for (const [name, value] of response.headers) {
      if (name === "set-cookie" || name === WHOLE_DOCUMENT_HEADER) continue;
      reply.header(name, value);
    }
    for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
    if (isHtml && isConsolePage(url.pathname)) {
      // The operator console (issue 16, ADR 0224): its own CSP, never stored, never indexed, never framed.
      reply.header("content-security-policy", consoleContentSecurityPolicy(nonce, url.pathname));
      reply.header("cache-control", "no-store");
      reply.header("x-robots-tag", "noindex, nofollow");
    } else if (isHtml) {
      reply.header("content-security-policy", contentSecurityPolicy(nonce));
      reply.header("cache-control", "private, no-cache");
    }

    if (!response.body) return reply.send();
    const gzip = isHtml && acceptsGzip(request.headers["accept-encoding"]);
    if (isHtml) reply.header("vary", appendVary(response.headers.get("vary"), "Accept-Encoding"));
    if (cacheKey && isHtml && response.status === 200 && response.headers.getSetCookie().length === 0) {
      const html = await trackReads(reads, () => response.text());
      const kept = cache.set(cacheKey, html, nonce, response.headers, reads, since);
      const stored = gzip && kept ? cache.get(cacheKey) : null;
      if (stored) {
        reply.header("content-encoding", "gzip");
        return reply.send(stored.gzipWithNonce(nonce).gzip);
      }
      return reply.send(html);
    }
    if (whole) {
      // A page rendered whole is one piece (ADR 0301): compressed in one call on libuv's pool, not in a stream.
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!gzip) return reply.send(bytes);
      reply.header("content-encoding", "gzip");
      return reply.send(await gzipInPool(bytes, { level: UNCACHED_GZIP_LEVEL }));
    }
    const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
    if (!gzip) return reply.send(body);
    // A page with data still to come (signed in, ADR 0303) streams; a sync flush per chunk keeps Suspense boundaries
    // streaming.
    reply.header("content-encoding", "gzip");
    return reply.send(
      body.pipe(createGzip({ level: UNCACHED_GZIP_LEVEL, flush: zlibConstants.Z_SYNC_FLUSH })),
    );
  }

  /** The router's request and context for a page request; a template render carries no session (ADR 0246). */
  function routerRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    { url, origin, nonce, template }: { url: URL; origin: string; nonce: string; template: boolean },
  ) {
    const controller = new AbortController();
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      // The signed-in template is the visitor's page: no session reaches its loaders (ADR 0246).
      if (template && (name === "cookie" || name === "authorization")) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    if (template) {
      const kept = Object.entries(request.cookies ?? {})
        .filter(([name, value]) => !SESSION_COOKIES.has(name) && value !== undefined)
        .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`);
      if (kept.length > 0) headers.set("cookie", kept.join("; "));
    }
    const init: RequestInit & { duplex?: "half" } = {
      // A HEAD answers with the headers a GET would have, CSP included (issue 14.12); the router would give
      // a HEAD response without them, and Node sends no body for a HEAD anyway.
      method: request.method === "HEAD" ? "GET" : request.method,
      headers,
      signal: controller.signal,
    };
    if (BODY_METHODS.has(request.method) && Buffer.isBuffer(request.body)) {
      init.body = new Uint8Array(request.body);
      init.duplex = "half";
    }
    const webRequest = new Request(url, init);

    const context = new RouterContextProvider();
    context.set(appContext, {
      services: options.services,
      request: template
        ? {
            ...request.ctx,
            nonce,
            origin,
            personalTemplate: true,
            sessionToken: null,
            refreshToken: null,
            customer: async () => null,
          }
        : { ...request.ctx, nonce, origin },
      consoleApi: async (call) => {
        const result = await app.inject({
          method: call.method,
          url: call.path,
          remoteAddress: request.ip,
          headers: {
            cookie: request.headers.cookie ?? "",
            "x-requested-with": "fetch",
            "x-lang": call.language ?? "en_US",
            "user-agent": request.headers["user-agent"] ?? "",
            ...(call.body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
        });
        const raw = result.headers["set-cookie"];
        const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
        let body: unknown = null;
        try {
          body = result.body ? JSON.parse(result.body) : null;
        } catch {
          body = null;
        }
        return { status: result.statusCode, body, setCookies };
      },
    });

    return { webRequest, context };
  }

  /**
   * A signed-in shopper's home, plp or pdp from the shared template (ADR 0246): the page rendered once with a
   * stand-in shopper, with this shopper's header values put in. False (nothing sent) when it cannot: no shopper behind the
   * cookie, a login without a login name, or a page that gives no template (not a 200, a cookie set).
   */
  async function sendPersonal(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { url: URL; origin: string; nonce: string; key: string },
  ): Promise<boolean> {
    const customer = await request.ctx.customer();
    if (!customer?.loginName) return false;
    let template = cache.get(page.key);
    if (!template) {
      const pending = rendering.get(page.key);
      if (pending) await pending;
      else await renderTemplate(request, reply, page);
      template = cache.get(page.key);
      if (!template?.personal) return false;
    }
    const nickName = customer.nickName ?? customer.loginName;
    const values = {
      nonce: page.nonce,
      nickName,
      shortName: cutNickname(nickName),
      loginName: customer.loginName,
      unreadNotifications: String(await options.services.notifications.unreadCount(customer.id)),
    };
    const { headers } = template;
    for (const [name, value] of headers) reply.header(name, value);
    reply.header("content-security-policy", contentSecurityPolicy(page.nonce));
    reply.header("cache-control", "private, no-cache");
    reply.header("vary", appendVary(appendVary(headers.get("vary"), "Cookie"), "Accept-Encoding"));
    reply.header("x-html-cache", "hit");
    if (acceptsGzip(request.headers["accept-encoding"])) {
      reply.header("content-encoding", "gzip");
      reply.status(200).send(template.gzipFill(values).gzip);
    } else {
      reply.status(200).send(template.fill(values).html);
    }
    return true;
  }

  /** Renders and stores the signed-in template of a page (one render at a time per key). */
  async function renderTemplate(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { url: URL; origin: string; nonce: string; key: string },
  ) {
    let done = () => {};
    rendering.set(
      page.key,
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    try {
      const { webRequest, context } = routerRequest(request, reply, { ...page, template: true });
      const since = cache.mark();
      const reads = new Set<string>();
      const response = await trackReads(reads, () => handle(webRequest, context));
      const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
      if (response.status !== 200 || !isHtml || response.headers.getSetCookie().length > 0) {
        await response.body?.cancel();
        return;
      }
      const html = await trackReads(reads, () => response.text());
      cache.set(page.key, html, page.nonce, response.headers, reads, since, PERSONAL_SENTINELS);
    } finally {
      rendering.delete(page.key);
      done();
    }
  }

  function sendCached(request: FastifyRequest, reply: FastifyReply, hit: CacheHit, nonce: string) {
    const gzip = acceptsGzip(request.headers["accept-encoding"]);
    const { headers } = hit;
    for (const [name, value] of headers) reply.header(name, value);
    reply.header("content-security-policy", contentSecurityPolicy(nonce));
    reply.header("cache-control", "private, no-cache");
    reply.header("vary", appendVary(headers.get("vary"), "Accept-Encoding"));
    reply.header("x-html-cache", "hit");
    if (gzip) {
      reply.header("content-encoding", "gzip");
      return reply.status(200).send(hit.gzipWithNonce(nonce).gzip);
    }
    return reply.status(200).send(hit.replaceNonce(nonce).html);
  }

  return { cache };
}

async function registerStaticAssets(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
}

function appendVary(existing: string | null, name: string): string {
  return existing ? `${existing}, ${name}` : name;
}
