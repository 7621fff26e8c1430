/*
 * spec 2: navigating to an external URL is refused unless explicitly allowed; script-protocol URLs are always
 * refused. Architecture (security model): redirect targets such as pageFrom and links out of content blocks are
 * checked against an allowlist. Used by the router's navigation guard, content-block links, the post-login
 * return and the native bridge's "open another web page".
 */

const NAMED_ENTITIES: Record<string, string> = {
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  bsol: "\\",
  period: ".",
  lpar: "(",
  rpar: ")",
  amp: "&",
  nbsp: " ",
};

/** Decodes HTML character references (&#106; &#x6A; &colon;), which an href attribute would decode too. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi, (whole, dec, hex, name) => {
    if (dec || hex) {
      const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[String(name).toLowerCase()] ?? whole;
  });
}

/** Percent-decodes repeatedly (a few rounds) so %256A%2561… layers cannot hide a scheme. */
function decodePercent(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** C0 controls, DEL, whitespace and the invisible formatting characters browsers drop or that hide a scheme. */
function isInvisible(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0xad ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x2064) ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function stripInvisible(text: string): string {
  let out = "";
  for (const char of text) if (!isInvisible(char.codePointAt(0)!)) out += char;
  return out;
}

/** Browsers strip tabs and newlines from URLs and read "\" as "/", so "/\t/evil.com" is "//evil.com". */
function hasControlSpaceOrBackslash(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/** Schemes that run code when navigated to. data: and blob: are refused as a whole for navigation. */
const SCRIPT_SCHEMES = ["javascript:", "vbscript:", "livescript:", "mocha:", "data:", "blob:"];

/**
 * True for URLs that would run script when navigated to, however they are disguised: case, leading spaces or
 * control characters, tabs or newlines inside the scheme, HTML entities, percent-encoding.
 */
export function isScriptUrl(raw: string): boolean {
  const candidates = [raw, decodeEntities(raw), decodePercent(raw), decodePercent(decodeEntities(raw))];
  return candidates.some((candidate) => {
    const squeezed = stripInvisible(decodeEntities(candidate)).toLowerCase();
    return SCRIPT_SCHEMES.some((scheme) => squeezed.startsWith(scheme));
  });
}

/** True when host matches an allowlist entry: exact ("pay.example.com") or a subdomain wildcard ("*.example.com"). */
export function hostAllowed(host: string, allowedHosts: readonly string[]): boolean {
  const wanted = host.toLowerCase().replace(/\.$/, "");
  return allowedHosts.some((entry) => {
    const pattern = entry.toLowerCase();
    if (pattern.startsWith("*."))
      return wanted.endsWith(pattern.slice(1)) && wanted.length > pattern.length - 1;
    return wanted === pattern;
  });
}

export type NavigationTarget =
  /** Same site: navigate in the router with this path (pathname + search + hash). */
  | { kind: "internal"; path: string }
  /** Another site the allowlist permits: leave with a full page load. */
  | { kind: "external"; url: string }
  | { kind: "refused"; reason: "script" | "external" | "invalid" };

export interface NavigationPolicy {
  /** The storefront's own origin, e.g. "https://shop.example.com". */
  origin: string;
  /** Hosts external navigation may go to (exact or "*.example.com"). Empty: no external navigation. */
  allowedHosts?: readonly string[];
  /** Extra schemes allowed without a host check, e.g. ["mailto:", "tel:"]. Never script schemes. */
  allowedSchemes?: readonly string[];
}

/** Decides where a link may go (spec 2). Relative links resolve against the storefront's origin. */
export function checkNavigation(raw: string, policy: NavigationPolicy): NavigationTarget {
  if (typeof raw !== "string" || raw.trim() === "") return { kind: "refused", reason: "invalid" };
  if (isScriptUrl(raw)) return { kind: "refused", reason: "script" };
  let url: URL;
  let base: URL;
  try {
    base = new URL(policy.origin);
    url = new URL(raw.trim(), base);
  } catch {
    return { kind: "refused", reason: "invalid" };
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    if (url.origin === base.origin) return { kind: "internal", path: url.pathname + url.search + url.hash };
    if (!url.username && !url.password && hostAllowed(url.hostname, policy.allowedHosts ?? []))
      return { kind: "external", url: url.href };
    return { kind: "refused", reason: "external" };
  }
  if ((policy.allowedSchemes ?? []).includes(url.protocol)) return { kind: "external", url: url.href };
  return { kind: "refused", reason: "external" };
}

const SAME_SITE_BASE = "https://same-site.invalid";

/** True when a same-site path, as a browser or a router that decodes first would read it, leaves the origin. */
function leavesSite(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || hasControlSpaceOrBackslash(path)) return true;
  const decoded = decodePercent(path);
  if (decoded.startsWith("//") || hasControlSpaceOrBackslash(decoded)) return true;
  try {
    const reread = new URL(decoded, SAME_SITE_BASE);
    return reread.origin !== SAME_SITE_BASE || reread.pathname.startsWith("//");
  } catch {
    return true;
  }
}

/**
 * spec 2: after login the shopper returns to the pageFrom location, else home. Only a same-site path is
 * accepted ("/zh_CN/my/order/list?x=1"); protocol-relative ("//evil.com"), backslash ("/\evil.com"),
 * absolute, script and encoded variants give the fallback. The result is the normalised path.
 * The resolved result is checked, not only the input: "/..//evil.com" and "/%2e%2e//evil.com" resolve to
 * "//evil.com", which a browser follows off-site.
 */
export function safePageFrom(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (leavesSite(raw)) return fallback;
  try {
    const url = new URL(raw, SAME_SITE_BASE);
    if (url.origin !== SAME_SITE_BASE) return fallback;
    const path = url.pathname + url.search + url.hash;
    return leavesSite(path) ? fallback : path;
  } catch {
    return fallback;
  }
}
