import { LRUCache } from "lru-cache";
import type { SharedCache } from "./cache.ts";

/**
 * Tags of a shopper's own facts (ADR 0283). They travel on the shared cache's invalidation channel, so every
 * instance drops its copies, but no shared entry and no page carries them: the HTML cache ignores them.
 */
export const PERSONAL_TAG_PREFIX = "personal:";

export const PERSONAL_TAGS = {
  /** Everything a session lookup answers for this customer: their row, every session of theirs. */
  customer: (customerId: string) => `${PERSONAL_TAG_PREFIX}customer:${customerId}`,
  /** The sessions of one login (sign-out and reuse detection end a family). */
  family: (familyId: string) => `${PERSONAL_TAG_PREFIX}family:${familyId}`,
  /** One session (a refresh rotates it). */
  session: (sessionId: string) => `${PERSONAL_TAG_PREFIX}session:${sessionId}`,
  /** The shopper's notices (the header's unread count). */
  notices: (customerId: string) => `${PERSONAL_TAG_PREFIX}notices:${customerId}`,
  /** Every personal entry (housekeeping that deletes sessions by age). */
  all: `${PERSONAL_TAG_PREFIX}all`,
} as const;

export function isPersonalTag(tag: string): boolean {
  return tag.startsWith(PERSONAL_TAG_PREFIX);
}

export interface PersonalCacheOptions<K, V> {
  /** The longest an entry is kept, in milliseconds (also the bound if an invalidation message were lost). */
  ttlMs: number;
  /** The most entries kept; the least recently used go first. */
  max: number;
  /** The tags of a loaded value: an invalidation of any of them drops it. `PERSONAL_TAGS.all` is implied. */
  tags: (value: V, key: K) => string[];
  /** When the value stops being true whatever happens (a session's expiry), epoch ms; none when omitted. */
  expiresAt?: (value: V) => number;
  /**
   * How long after an invalidation a load of a value with that tag is used but not kept, in milliseconds: a
   * change made inside a transaction is announced before it commits, and a load in between could read the old
   * row. Transactions here are short (no network call inside one); the embedded database runs no read during one.
   */
  settleMs?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  tags: string[];
  until: number;
}

/**
 * A small in-process cache of one kind of a shopper's own facts (their session, their unread count), keyed by
 * something only they hold (a token's hash, their id). Unlike the shared cache it never leaves the process and
 * never evicts read-mostly shop data; like it, it deduplicates concurrent loads, never keeps a failure or a null,
 * and drops entries on every instance when `invalidate` is called on the shared cache with one of their tags.
 */
export function createPersonalCache<K extends string, V>(
  shared: SharedCache,
  options: PersonalCacheOptions<K, V>,
) {
  const now = options.now ?? Date.now;
  const settleMs = options.settleMs ?? 5_000;
  // lru-cache bounds the entries; each entry's own end (`until`: the time to live or the value's expiry, on the
  // `now` clock) is checked on every read.
  const entries = new LRUCache<K, Entry<V>>({ max: options.max });
  const pending = new Map<K, Promise<V | null>>();
  /** Tags invalidated lately, with when: a load whose value has one of them is not kept until it settles. */
  const unsettled = new Map<string, number>();
  let generation = 0;

  function drop(tags: readonly string[]) {
    generation += 1;
    // A load already running may have read the old row: callers from now on start their own.
    pending.clear();
    const at = now();
    for (const tag of tags) unsettled.set(tag, at);
    for (const [tag, when] of unsettled) if (at - when > settleMs) unsettled.delete(tag);
    if (tags.includes(PERSONAL_TAGS.all)) {
      entries.clear();
      return;
    }
    const changed = new Set(tags);
    const dropped = [...entries.entries()].filter(([, entry]) => entry.tags.some((tag) => changed.has(tag)));
    for (const [key] of dropped) entries.delete(key);
  }

  function settled(tags: readonly string[]): boolean {
    const at = now();
    const all = unsettled.get(PERSONAL_TAGS.all);
    if (all !== undefined && at - all <= settleMs) return false;
    return tags.every((tag) => {
      const when = unsettled.get(tag);
      return when === undefined || at - when > settleMs;
    });
  }

  const unsubscribe = shared.onInvalidate((tags) => {
    const personal = tags.filter(isPersonalTag);
    if (personal.length > 0) drop(personal);
  });

  async function load(key: K, loader: (key: K) => Promise<V | null>): Promise<V | null> {
    const since = generation;
    const value = await loader(key);
    if (value === null) return null;
    const tags = options.tags(value, key);
    // Kept only when nothing it depends on changed while it loaded, nor just before (see settleMs).
    if (generation === since && settled(tags)) {
      const until = Math.min(now() + options.ttlMs, options.expiresAt?.(value) ?? Number.POSITIVE_INFINITY);
      entries.set(key, { value, tags, until });
    }
    return value;
  }

  return {
    /** The value for key: kept, or loaded (once, however many ask at the same time). Null is never kept. */
    get(key: K, loader: (key: K) => Promise<V | null>): Promise<V | null> {
      const entry = entries.get(key);
      if (entry) {
        if (entry.until > now()) return Promise.resolve(entry.value);
        entries.delete(key);
      }
      const running = pending.get(key);
      if (running) return running;
      const started: Promise<V | null> = load(key, loader).finally(() => {
        if (pending.get(key) === started) pending.delete(key);
      });
      pending.set(key, started);
      return started;
    },

    /**
     * Drops the entries with one of these tags here at once, and sends the tags to every other instance through
     * the shared cache's channel without waiting: a caller inside a transaction never waits on Redis. Call it
     * once the change is written (and again after its transaction commits).
     */
    invalidate(tags: string[]): void {
      drop(tags);
      // Another instance keeps its copy at most ttlMs if this message is lost (ADR 0283).
      shared.invalidate(tags).catch(() => undefined);
    },

    /** How many entries are kept (tests). */
    get size() {
      return entries.size;
    },

    close() {
      unsubscribe();
      entries.clear();
    },
  };
}
