import { normalizeSearchText } from "../../../core/search-normalize.ts";
import type { DestinationType, SearchTermKind } from "../../../db/schema/index.ts";
import { CITY_ALIASES } from "./city-aliases.ts";

export interface TermSource {
  code: string;
  type: DestinationType;
  iso2: string | null;
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
  aliases: string[];
}

export interface SearchTermRow {
  destinationCode: string;
  term: string;
  kind: SearchTermKind;
  viaCode: string;
  weight: number;
}

// ADR 0080: a destination's own names rank above its cities, which rank above the names of covered countries,
// so "france" lists France before Europe, and Europe before Global only by popularity.
const WEIGHT: Record<SearchTermKind, number> = { NAME: 100, CODE: 100, ALIAS: 95, CITY: 90, WORD: 80 };
/** Words of a longer name that say nothing on their own. */
const STOP_WORDS = new Set(["and", "of", "the", "de", "du", "da", "la", "el", "des", "und"]);
/** A region or global bundle matched through a covered country scores this share of the country's score. */
export const COVERED_FACTOR = 0.6;

/** A country's (or a region's own) searchable names. */
function ownTerms(destination: TermSource): { term: string; kind: SearchTermKind }[] {
  const named = (kind: SearchTermKind, values: readonly string[]) =>
    values.map((value) => ({ term: normalizeSearchText(value), kind }));
  return [
    ...named("NAME", [destination.nameEn, destination.nameZhCn, destination.nameZhHk]),
    ...named("CODE", destination.iso2 ? [destination.iso2] : []),
    ...named("ALIAS", destination.aliases),
    ...named("CITY", CITY_ALIASES[destination.code] ?? []),
  ].filter((entry) => entry.term.length > 0);
}

/**
 * Each word of a multi-word term, as its own term ("zealand", "states", "lumpur"), so a word from inside a name
 * matches by equality, prefix or trigrams without a costlier word-similarity scan.
 */
function withWords(
  terms: { term: string; kind: SearchTermKind }[],
): { term: string; kind: SearchTermKind }[] {
  const words = terms.flatMap(({ term }) =>
    term.includes(" ")
      ? term
          .split(" ")
          .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
          .map((word) => ({ term: word, kind: "WORD" as const }))
      : [],
  );
  return [...terms, ...words];
}

/**
 * Every destination's own search terms, one row per destination and term (the strongest kind kept). Regional
 * and global destinations are found through their covered countries by the service (ADR 0080), not by copies of
 * those countries' terms: the table stays a third of the size.
 */
export function buildSearchTerms(destinations: readonly TermSource[]): SearchTermRow[] {
  const rows = new Map<string, SearchTermRow>();
  for (const destination of destinations) {
    for (const { term, kind } of withWords(ownTerms(destination))) {
      const key = `${destination.code}\u0000${term}`;
      const existing = rows.get(key);
      if (!existing || existing.weight < WEIGHT[kind])
        rows.set(key, {
          destinationCode: destination.code,
          term,
          kind,
          viaCode: destination.code,
          weight: WEIGHT[kind],
        });
    }
  }
  return [...rows.values()];
}

/** Changes whenever the term rules change, so a deployed change rebuilds the stored terms. */
export const TERM_RULES_VERSION = (() => {
  let hash = 2166136261;
  for (const char of JSON.stringify([WEIGHT, COVERED_FACTOR, CITY_ALIASES])) {
    hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
  }
  return `v3-${hash.toString(16)}`;
})();
