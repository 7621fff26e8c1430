import type { Locale } from "../../../core/constants.ts";
import { normalizeSearchText } from "../../../core/search-normalize.ts";
import type { DestinationCard, SearchRepo } from "./repo.ts";
import { buildSearchTerms, COVERED_FACTOR, TERM_RULES_VERSION } from "./terms.ts";

/** spec 9: hot words up to 10. */
export const HOT_WORD_LIMIT = 10;
/** How many association results the API gives; the overlay shows 5, then expands (spec 9). */
export const ASSOCIATION_LIMIT = 20;
/** How long an instance trusts the terms before checking the catalogue for changes again. */
const RECHECK_MS = 60_000;
/** Matching terms read per query, before keeping the best one per destination. */
const TERM_CANDIDATES = 100;

/** A matched destination and why it matched (the country named, for a region found through it). */
export interface DestinationHit extends DestinationCard {
  score: number;
  via: DestinationCard;
}

export type AssociationType = "country" | "region" | "global";

/** spec 3 association result, plus the destination code for links. */
export interface AssociationResult {
  name: string;
  type: AssociationType;
  imageUrl: string;
  /** For a regional or global plan matched through a country it covers: that country's name (ADR 0080). */
  superCountrys: string[];
  code: string;
}

export interface SpecificWord {
  specificWord: string;
  deeplink: string;
}

const nameIn = (locale: Locale, en: string, zhCn: string, zhHk: string) =>
  locale === "zh_CN" ? zhCn : locale === "zh_HK" ? zhHk : en;

export function createSearchService(repo: SearchRepo, options: { recheckMs?: number } = {}) {
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | null = null;
  let cards = new Map<string, DestinationCard>();
  /** Country code → the regional and global destinations that cover it. */
  let coveredBy = new Map<string, string[]>();

  async function refreshIfStale() {
    const fingerprint = await repo.sourceFingerprint(TERM_RULES_VERSION);
    if ((await repo.storedFingerprint()) !== fingerprint) {
      await repo.replaceTerms(buildSearchTerms(await repo.termSources()), fingerprint);
    }
    const [cardRows, coverage] = await Promise.all([repo.destinationCards(), repo.coverage()]);
    cards = new Map(cardRows.map((card) => [card.code, card]));
    const regions = new Map<string, string[]>();
    for (const { destinationCode, countryCode } of coverage) {
      if (destinationCode === countryCode) continue;
      regions.set(countryCode, [...(regions.get(countryCode) ?? []), destinationCode]);
    }
    coveredBy = regions;
  }

  /**
   * Builds the terms on first use and after a catalogue change, and reloads the destinations' display fields
   * (checked at most once a minute).
   */
  function ensureTerms(): Promise<void> {
    if (pending) return pending;
    if (Date.now() - checkedAt < recheckMs) return Promise.resolve();
    pending = refreshIfStale()
      .then(() => {
        checkedAt = Date.now();
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  /** Destinations matching what a shopper typed, best first; empty for text with nothing searchable. */
  async function matchDestinations(keyword: string, limit = ASSOCIATION_LIMIT): Promise<DestinationHit[]> {
    const query = normalizeSearchText(keyword);
    if (!query) return [];
    await ensureTerms();
    const best = new Map<string, DestinationHit>();
    const offer = (card: DestinationCard, score: number, via: DestinationCard) => {
      const current = best.get(card.code);
      if (!current || current.score < score) best.set(card.code, { ...card, score, via });
    };
    for (const term of await repo.matchTerms(query, TERM_CANDIDATES)) {
      const card = cards.get(term.destinationCode);
      if (!card) continue;
      offer(card, term.score, card);
      // A region or global bundle matches through each country it covers, below the country itself.
      if (card.type !== "COUNTRY") continue;
      for (const regionCode of coveredBy.get(card.code) ?? []) {
        const region = cards.get(regionCode);
        if (region) offer(region, term.score * COVERED_FACTOR, card);
      }
    }
    return [...best.values()]
      .sort((a, b) => b.score - a.score || b.popularity - a.popularity || (a.code < b.code ? -1 : 1))
      .slice(0, limit);
  }

  return {
    /** The catalogue changed (a destination's names or aliases): the next search checks the terms again. */
    refreshSoon() {
      checkedAt = Number.NEGATIVE_INFINITY;
    },
    ensureTerms,
    matchDestinations,

    /** spec 7 GET /o2srh/v1/pub/cmi-package/search-result: the association list for the typed text. */
    async associations(keyword: string, locale: Locale): Promise<AssociationResult[]> {
      const hits = await matchDestinations(keyword);
      return hits.map((hit) => ({
        name: nameIn(locale, hit.nameEn, hit.nameZhCn, hit.nameZhHk),
        type: hit.type.toLowerCase() as AssociationType,
        imageUrl: hit.thumbnailUrl,
        superCountrys:
          hit.via.code === hit.code
            ? []
            : [nameIn(locale, hit.via.nameEn, hit.via.nameZhCn, hit.via.nameZhHk)],
        code: hit.code,
      }));
    },

    /** spec 7 GET /o2srh/v1/pub/hot-word, in the page's language. */
    hotWords(locale: Locale): Promise<string[]> {
      return repo.hotWords(locale, HOT_WORD_LIMIT);
    },

    /** spec 7 GET /o2srh/v1/pub/specific-word-list. */
    specificWords(locale: Locale): Promise<SpecificWord[]> {
      return repo.specificWords(locale);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
