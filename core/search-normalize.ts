/**
 * The one normal form for search terms and queries (ADR 0080): compatibility forms folded (full-width letters),
 * accents removed ("España" = "espana"), lower case, punctuation as spaces, spaces collapsed. Chinese text is
 * kept as written; Simplified and Traditional names are both stored as terms.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

/** A LIKE pattern matching values that start with the text, with LIKE's wildcards escaped. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
