import { splitLocale } from "./locale-path.ts";
import { checkNavigation } from "./url-safety.ts";

/** spec 2 /pageHtml: the legal documents it shows (the refund policy is ours, beside the spec's two). */
export const LEGAL_PAGE_KINDS = ["tacCondition", "privacyPolicy", "refundPolicy"] as const;
export type LegalPageKind = (typeof LEGAL_PAGE_KINDS)[number];

function asKind(value: string | null): LegalPageKind | null {
  return LEGAL_PAGE_KINDS.find((kind) => kind === value) ?? null;
}

/**
 * Which document a /pageHtml address asks for: `htmlType` or `type`, or a `url` naming one of our own /pageHtml
 * documents. A `url` on another site, a script URL or any page that is not ours is refused (spec 2 navigation
 * safety): the page never loads or frames what `url` says, it only reads which of our documents it names.
 * null means the route's validate rule failed, which spec 2 answers with 404.
 */
export function legalPageKind(query: URLSearchParams, origin: string): LegalPageKind | null {
  const url = query.get("url");
  const named = query.get("htmlType") ?? query.get("type");
  if (url === null) return asKind(named);
  const target = checkNavigation(url, { origin });
  if (target.kind !== "internal") return null;
  const inner = new URL(target.path, origin);
  if (splitLocale(inner.pathname).rest !== "/pageHtml" || inner.searchParams.has("url")) return null;
  const kind = asKind(inner.searchParams.get("htmlType") ?? inner.searchParams.get("type"));
  // Both given: they must agree, so a link cannot say one thing and show another.
  if (kind === null || (named !== null && asKind(named) !== kind)) return null;
  return kind;
}

/** `?version=N` of a legal document, when it is a sensible number. */
export function legalPageVersion(query: URLSearchParams): number | undefined | null {
  const raw = query.get("version");
  if (raw === null) return undefined;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : null;
}
