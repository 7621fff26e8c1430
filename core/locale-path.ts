import { DEFAULT_LOCALE, isLocale, type Locale } from "./constants.ts";

/** Splits "/zh_CN/plp" into { locale: "zh_CN", rest: "/plp", prefixed: true }. */
export function splitLocale(pathname: string): { locale: Locale; rest: string; prefixed: boolean } {
  const match = /^\/([A-Za-z]{2}_[A-Za-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1])) {
    return { locale: match[1], rest: match[2] || "/", prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, rest: pathname || "/", prefixed: false };
}

/** The page editor's canvas (ADR 0277): the store's renderer for one page, outside the locale prefixes. */
const CANVAS_PATH = /^\/admin\/pages\/\d+\/canvas$/;

/**
 * The locale a page renders in: its path's prefix (spec 2), the one rule for the request context, the router and
 * the browser. React Router's data requests append ".data" ("/zh_CN.data" for the zh_CN home), which is not part
 * of the page's path. The editor's canvas renders the edited page in that page's own language, which its URL
 * names as `?lang=` (the canvas sits under /admin, which has no prefix); a bare pathname has no query.
 */
export function pageLocale(url: URL | string): Locale {
  const pathname = (typeof url === "string" ? url : url.pathname).replace(/\.data$/, "");
  if (typeof url !== "string" && CANVAS_PATH.test(pathname)) {
    const lang = url.searchParams.get("lang");
    if (isLocale(lang)) return lang;
  }
  return splitLocale(pathname).locale;
}

/**
 * The one helper that builds every storefront link (house style: no component builds a path by hand).
 * The locale is a path prefix with no trailing slash (spec 2). A path that already carries a locale prefix
 * (content blocks link to "/{lang}/plp?...", spec 2) has it replaced rather than doubled.
 */
export function localePath(locale: Locale, path: string, keepUnprefixedDefault = false): string {
  const withSlash = path.startsWith("/") ? path : `/${path}`;
  const clean = stripLocalePrefix(withSlash);
  if (keepUnprefixedDefault && locale === DEFAULT_LOCALE) return clean;
  if (clean === "/") return `/${locale}`;
  if (clean.startsWith("/?") || clean.startsWith("/#")) return `/${locale}${clean.slice(1)}`;
  return `/${locale}${clean}`;
}

/** "/zh_CN/plp?x=1" -> "/plp?x=1", "/zh_HK?x" -> "/?x"; other paths unchanged. */
function stripLocalePrefix(path: string): string {
  const match = /^\/([A-Za-z]{2}_[A-Za-z]{2})(?=[/?#]|$)(.*)$/.exec(path);
  if (!match || !isLocale(match[1])) return path;
  const rest = match[2] ?? "";
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** Same page in another locale, keeping the query string and the hash. */
export function switchLocale(pathname: string, search: string, locale: Locale, hash = ""): string {
  const { rest } = splitLocale(pathname);
  const query = search === "" || search === "?" ? "" : search.startsWith("?") ? search : `?${search}`;
  const fragment = hash === "" || hash === "#" ? "" : hash.startsWith("#") ? hash : `#${hash}`;
  return localePath(locale, rest) + query + fragment;
}

/** Picks a locale from an Accept-Language header (spec 2: browser language list). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const subtags = tag.replaceAll("_", "-").split("-");
    const [language] = subtags;
    // Cantonese, Traditional script, or a Hong Kong, Macau or Taiwan region all read Traditional Chinese.
    if (language === "yue") return "zh_HK";
    if (language === "zh") {
      if (subtags.includes("hant")) return "zh_HK";
      if (subtags.includes("hans")) return "zh_CN";
      return subtags.some((sub) => sub === "hk" || sub === "tw" || sub === "mo") ? "zh_HK" : "zh_CN";
    }
    if (language === "en") return "en_US";
  }
  return null;
}

/**
 * spec 2: no trailing slash ("/zh_CN/" is "/zh_CN"). The path to redirect to, or null when the path is canonical.
 * Leading slashes and backslashes collapse to one slash, so "//evil.example/" can never become a
 * protocol-relative redirect.
 */
export function pathWithoutTrailingSlash(pathname: string): string | null {
  if (pathname === "/" || !pathname.endsWith("/")) return null;
  return `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
}
