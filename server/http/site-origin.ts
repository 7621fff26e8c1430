import type { FastifyRequest } from "fastify";
import { hostAllowed } from "../../core/url-safety.ts";

export interface SiteOriginOptions {
  /** PUBLIC_ORIGIN: when set, every page renders with it whatever the request says. */
  publicOrigin?: string;
  /** ALLOWED_HOSTS: Host names (exact or "*.example.test") whose requests render with their own origin. */
  allowedHosts: readonly string[];
  /** The origin for any other Host (http://localhost:PORT). */
  fallbackOrigin: string;
}

/** Reads ALLOWED_HOSTS ("localhost, 127.0.0.1,[::1]") into a list. */
export function allowedHostList(raw: string): string[] {
  return raw
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
}

/**
 * ADR 0186: the origin a page's canonical, hreflang, og and JSON-LD URLs are built on. Never a Host the
 * operator did not name: request.host is the Host header (or X-Forwarded-Host from a trusted proxy, ADR 0185),
 * which anyone can write, and one cached render would otherwise hand the attacker's host to every visitor.
 */
export function siteOrigin(request: FastifyRequest, options: SiteOriginOptions): string {
  if (options.publicOrigin) return new URL(options.publicOrigin).origin;
  const protocol = request.protocol === "https" ? "https" : "http";
  let url: URL;
  try {
    url = new URL(`${protocol}://${request.host}`);
  } catch {
    return options.fallbackOrigin;
  }
  // Only a bare host[:port]: "evil.example@localhost" or "localhost/x" would parse to something else.
  if (`${url.host}` !== request.host.toLowerCase() || url.username || url.password)
    return options.fallbackOrigin;
  return hostAllowed(url.hostname, options.allowedHosts) ? url.origin : options.fallbackOrigin;
}
