import type { FastifyInstance, FastifyRequest } from "fastify";
import { isSignInPage } from "../../core/sign-in-pages.ts";

/**
 * A strict CSP: scripts only from our origin or carrying this response's nonce ('strict-dynamic' lets our
 * scripts add the social sign-in SDKs, ADR 0164). Google Identity Services also needs its own styles and
 * endpoints, as Google documents.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}' https://accounts.google.com/gsi/style`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self' https://accounts.google.com/gsi/",
    "frame-src 'self' https:",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The page editor's canvas (ADR 0277): the one console page that is framed, and only by the console itself. */
export const PAGE_CANVAS_PATH = /^\/admin\/pages\/\d+\/canvas$/;

/**
 * The operator console's own CSP (issue 16): nothing from outside at all (no sign-in SDKs, no remote images),
 * never framed, forms only to itself. It frames only its own origin: the page editor frames its canvas, the one
 * console page that lets the same origin frame it (ADR 0277).
 */
export function consoleContentSecurityPolicy(nonce: string, pathname = ""): string {
  const canvas = PAGE_CANVAS_PATH.test(pathname);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Every console page: the editor is often reached by a client-side navigation, which keeps the first page's CSP.
    "frame-src 'self'",
    canvas ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    canvas ? "form-action 'none'" : "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

const LOCAL_HOSTNAMES = /^(?:localhost|[^.]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The host the browser addressed: PUBLIC_ORIGIN's, else the request's (ADR 0186). */
function siteHostname(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return new URL(publicOrigin).hostname;
  try {
    return new URL(`http://${request.host}`).hostname;
  } catch {
    return "";
  }
}

export interface SecurityHeaderOptions {
  publicOrigin?: string;
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}) {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    const pathname = request.url.split("?")[0] ?? "/";
    // The operator console is never framed, even by the store (issue 16), but for the editor's canvas (ADR 0277).
    const consolePage =
      (pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.")) &&
      !PAGE_CANVAS_PATH.test(pathname);
    reply.header("x-frame-options", consolePage ? "DENY" : "SAMEORIGIN");
    // The social sign-in popups (Google, Apple, Facebook) answer through window.opener (ADR 0164), so only the
    // pages that start them allow it; every other page keeps its window to itself (ADR 0188).
    reply.header(
      "cross-origin-opener-policy",
      isSignInPage(pathname) ? "same-origin-allow-popups" : "same-origin",
    );
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    // Issue 14.12: browsers keep to HTTPS once they have seen this; a developer's localhost is left alone.
    if (!LOCAL_HOSTNAMES.test(siteHostname(request, options.publicOrigin)))
      reply.header("strict-transport-security", "max-age=63072000; includeSubDomains");
    return payload;
  });
}
