import { asc, eq, type SQL, sql } from "drizzle-orm";
import { prefixPattern } from "../../../core/search-normalize.ts";
import type { Database } from "../../../db/client.ts";
import {
  type DestinationType,
  destinationCountries,
  destinations,
  hotWords,
  searchIndexState,
  searchTerms,
  specificWords,
} from "../../../db/schema/index.ts";
import type { SearchTermRow } from "./terms.ts";

/** The rows of a raw statement; both drivers (PGlite, node-postgres) answer {rows}. */
async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface TermHit {
  destinationCode: string;
  viaCode: string;
  score: number;
}

export interface DestinationCard {
  code: string;
  type: DestinationType;
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
  imageUrl: string;
  thumbnailUrl: string;
  popularity: number;
}

const INSERT_BATCH = 1000;
// Any constant works; it only has to be the same for every instance rebuilding the terms.
const REBUILD_LOCK = 80_001;

export function createSearchRepo(db: Database) {
  return {
    /** What the terms are built from (destinations, coverage, the term rules' version), and the plan count. */
    async sourceFingerprint(rulesVersion: string): Promise<string> {
      const result = await queryRows<{ fingerprint: string }>(
        db,
        sql`
        select md5(
          coalesce((select string_agg(concat_ws('|', code, type, search_text, name_en, name_zh_cn, name_zh_hk,
                      array_to_string(aliases, ','), enabled), ';' order by code) from destination), '')
          || (select count(*)::text from destination_country)
          || ':' || (select count(*)::text from plan)
          || ${rulesVersion}
        ) as fingerprint`,
      );
      return result[0]?.fingerprint ?? "";
    },

    async storedFingerprint(): Promise<string | null> {
      const [row] = await db.select().from(searchIndexState).where(eq(searchIndexState.id, 1)).limit(1);
      return row?.fingerprint ?? null;
    },

    termSources() {
      return db
        .select({
          code: destinations.code,
          type: destinations.type,
          iso2: destinations.iso2,
          nameEn: destinations.nameEn,
          nameZhCn: destinations.nameZhCn,
          nameZhHk: destinations.nameZhHk,
          aliases: destinations.aliases,
        })
        .from(destinations)
        .where(eq(destinations.enabled, true));
    },

    /** Which countries each regional and global destination covers. */
    coverage() {
      return db
        .select({
          destinationCode: destinationCountries.destinationCode,
          countryCode: destinationCountries.countryCode,
        })
        .from(destinationCountries);
    },

    /** Replaces every term in one transaction; a lock keeps two instances from rebuilding at once. */
    async replaceTerms(rows: SearchTermRow[], fingerprint: string) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK})`);
        await tx.delete(searchTerms);
        for (let start = 0; start < rows.length; start += INSERT_BATCH) {
          await tx.insert(searchTerms).values(rows.slice(start, start + INSERT_BATCH));
        }
        await tx
          .insert(searchIndexState)
          .values({ id: 1, fingerprint })
          .onConflictDoUpdate({ target: searchIndexState.id, set: { fingerprint, builtAt: new Date() } });
        // A bulk insert leaves the GIN index's rows in its unsorted pending list, which every search would then
        // scan trigram by trigram (ADR 0080); merge it now. Fresh statistics let the planner use the indexes.
        await tx.execute(sql`select gin_clean_pending_list('search_term_term_trgm_idx'::regclass)`);
        await tx.execute(sql`analyze search_term`);
      });
      // PGlite has no autovacuum: without fresh statistics after a bulk load (seed:large) the planner guesses one
      // row per table and the product list walks 10,000 plans by nested loops. PostgreSQL does this on its own.
      await db.execute(
        sql`analyze destination, destination_country, plan, plan_price, plan_coverage, continent_destination`,
      );
    },

    /**
     * Terms matching a normalized query, best first, in one statement over the trigram and prefix indexes
     * (ADR 0080): exact term, then prefix, then trigram similarity (typos), times the term's weight. Words inside
     * longer names are terms of their own. The table alone, no joins: planning and execution stay cheap.
     */
    async matchTerms(query: string, limit: number): Promise<TermHit[]> {
      const prefix = prefixPattern(query);
      // One or two characters ("jp", "日本", "香") mean a code, a whole Chinese name or the start of one: exact
      // and prefix matches say it all, and trigram similarity over them would only add noise and work.
      const fuzzy = [...query].length >= 3 ? sql`term % ${query} or` : sql``;
      return queryRows<TermHit>(
        db,
        sql`
        select destination_code as "destinationCode", via_code as "viaCode",
          (weight * greatest(
            case when term = ${query} then 1.0 when term like ${prefix} then 0.85 else 0 end,
            similarity(term, ${query}) * 0.8
          ))::float8 as score
        from search_term
        where ${fuzzy} term like ${prefix}
        order by score desc
        limit ${limit}`,
      );
    },

    /** Every enabled destination's display fields; small (a few hundred rows) and cached by the service. */
    destinationCards(): Promise<DestinationCard[]> {
      return db
        .select({
          code: destinations.code,
          type: destinations.type,
          nameEn: destinations.nameEn,
          nameZhCn: destinations.nameZhCn,
          nameZhHk: destinations.nameZhHk,
          imageUrl: destinations.imageUrl,
          thumbnailUrl: destinations.thumbnailUrl,
          popularity: destinations.popularity,
        })
        .from(destinations)
        .where(eq(destinations.enabled, true));
    },

    /** spec 9: up to 10 hot words, in the operator's order. */
    async hotWords(lang: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ word: hotWords.word })
        .from(hotWords)
        .where(eq(hotWords.lang, lang))
        .orderBy(asc(hotWords.sortOrder), asc(hotWords.id))
        .limit(limit);
      return rows.map((row) => row.word);
    },

    specificWords(lang: string) {
      return db
        .select({ specificWord: specificWords.specificWord, deeplink: specificWords.deeplink })
        .from(specificWords)
        .where(eq(specificWords.lang, lang))
        .orderBy(asc(specificWords.id));
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
