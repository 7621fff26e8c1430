import type { SharedCache } from "../../infra/cache.ts";
import { createPersonalCache, PERSONAL_TAGS } from "../../infra/personal-cache.ts";
import type { AccountRepo } from "./repo.ts";
import type { CurrentCustomer } from "./sessions.ts";

/** What a session lookup answers, with what an invalidation names it by (ADR 0283). */
export interface CachedSession {
  customer: CurrentCustomer;
  customerId: string;
  familyId: string;
  sessionId: string;
  /** The access token's expiry, epoch ms: the entry goes then at the latest. */
  expiresAt: number;
}

/** Seconds a lookup is kept at most: the bound on another instance if an invalidation message were lost. */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * Session lookups by access-token hash, kept in this process for a few seconds (ADR 0283): a signed-in page
 * then costs no query for the session. Every write that can change a lookup's answer goes through
 * `watchedAccountRepo`, which drops the lookups it touches here and on every instance.
 */
export function createSessionCache(shared: SharedCache) {
  return createPersonalCache<string, CachedSession>(shared, {
    ttlMs: SESSION_CACHE_TTL_MS,
    max: 10_000,
    tags: (entry) => [
      PERSONAL_TAGS.customer(entry.customerId),
      PERSONAL_TAGS.family(entry.familyId),
      PERSONAL_TAGS.session(entry.sessionId),
    ],
    expiresAt: (entry) => entry.expiresAt,
  });
}

export type SessionCache = ReturnType<typeof createSessionCache>;

type WriteTags = {
  [K in keyof AccountRepo]?: AccountRepo[K] extends (...args: infer P) => unknown
    ? (...args: P) => string[]
    : never;
};

/**
 * The account repo's methods that can change what a session lookup answers (a customer's row, a session's
 * revocation or rotation, deleted sessions), with the tags of the lookups they change.
 */
export const SESSION_WRITES: WriteTags = {
  updateCustomer: (id) => [PERSONAL_TAGS.customer(id)],
  anonymize: (id) => [PERSONAL_TAGS.customer(id)],
  revokeAllSessions: (customerId) => [PERSONAL_TAGS.customer(customerId)],
  revokeFamily: (familyId) => [PERSONAL_TAGS.family(familyId)],
  claimRotation: (id) => [PERSONAL_TAGS.session(id)],
  purgeExpired: () => [PERSONAL_TAGS.all],
};

/**
 * The account repo's other methods, with why a lookup stays true after them. A method in neither list fails
 * `session-cache.test.ts`, so a new write cannot skip the decision.
 */
export const SESSION_NEUTRAL: Partial<Record<keyof AccountRepo, string>> = {
  db: "the connection, not a method",
  findByContact: "a read",
  consoleSearch: "a read",
  findById: "a read",
  findRecordById: "a read",
  insertCustomer: "a new customer has no session yet",
  findIdentity: "a read",
  insertIdentity: "social identities are not part of a lookup",
  insertSession: "a new session's token was never looked up",
  findSessionByAccessHash: "a read",
  findSessionByRefreshHash: "a read",
  storeSuccessorTokens: "the sealed successor pair is not part of a lookup",
  forgetSuccessorTokens: "the sealed successor pair is not part of a lookup",
  findGraceSuccessor: "a read",
  insertCode: "verification codes are not part of a lookup",
  latestUsableCode: "a read",
  latestExpiredCode: "a read",
  countCodeAttempt: "verification codes are not part of a lookup",
  expireLiveCodes: "verification codes are not part of a lookup",
  consumeCode: "verification codes are not part of a lookup",
};

/**
 * The account repo with every write in `SESSION_WRITES` dropping the cached lookups it changes once it has run.
 * A write inside a transaction is announced before the commit; the cache keeps no lookup of those tags for a
 * few seconds after (see `settleMs`), and the callers that own such a transaction announce again after it.
 */
export function watchedAccountRepo(repo: AccountRepo, cache: SessionCache): AccountRepo {
  const watched: Record<string, unknown> = { ...repo };
  for (const [name, tagsOf] of Object.entries(SESSION_WRITES)) {
    const write = repo[name as keyof AccountRepo] as (...args: unknown[]) => Promise<unknown>;
    const tags = tagsOf as (...args: unknown[]) => string[];
    watched[name] = async (...args: unknown[]) => {
      try {
        return await write.apply(repo, args);
      } finally {
        // Also after a failure: a write of several statements outside a transaction may have run some.
        cache.invalidate(tags(...args));
      }
    };
  }
  return watched as AccountRepo;
}
