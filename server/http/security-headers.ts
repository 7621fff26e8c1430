import type { FastifyInstance } from "fastify";

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

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "SAMEORIGIN");
    // The social sign-in popups (Google, Apple, Facebook) answer through window.opener (ADR 0164).
    reply.header("cross-origin-opener-policy", "same-origin-allow-popups");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    return payload;
  });
}
