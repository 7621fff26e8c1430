import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createCache } from "async-cache-dedupe";
import { Redis } from "ioredis";
import { deepFreeze } from "../../core/deep-freeze.ts";
import { cacheRequests } from "../telemetry/metrics.ts";

/**
 * The one cache for data the pages read often and change rarely (site info, lists of values, regions, published
 * pages, priced products, currencies; ADR 0176). async-cache-dedupe gives: one load at a time per key however
 * many callers wait for it; a failed load is never kept (the next call loads again); entries in Redis when
 * REDIS_URL is set, so every instance shares them, else in this process; invalidation by tag (the library's
 * "references"), which in Redis removes the entries for every instance at once. Invalidations are also
 * published on a Redis channel, so in-process caches that derive from the data (the HTML cache) can clear too.
 */
/** The tags of what the shop caches; an invalidation names the data that changed. */
export const CACHE_TAGS = {
  site: "site",
  /** The currency table: site info's currency list, prices and the coupon module's rates. */
  currencies: "currencies",
  /** Plans, their prices and labels. */
  catalog: "catalog",
  regions: "regions",
  /** Published pages, and what their blocks show with them (live rooms). */
  content: "content",
  /** The invite programme's rules (issue 11, ADR 0242). */
  sfb: "sfb",
  /** Coupon and promo-code definitions (not a shopper's wallet). */
  coupons: "coupons",
  /** Shoppers' reviews of plans, as product pages show them (ADR 0265). */
  reviews: "reviews",
} as const;

/**
 * The catalogue's finer tags (ADR 0282). Every catalogue entry also carries `catalog`, so invalidating it still
 * drops them all (an FX rate, a change whose extent is unknown); a change to some plans or destinations
 * invalidates `catalogChangeTags` of them instead, and pages that showed none of them stay cached.
 */
export const CATALOG_TAGS = {
  /** Reads that span the catalogue (filtered and sorted lists, "from" prices, search, continent tabs). */
  lists: "catalog:lists",
  /** What one plan shows: its row, prices, coverage, offers, a content block pricing it. */
  plan: (code: string) => `catalog:plan:${code}`,
  /** What one destination shows: its row and names, its shelf (which plans, in what order), its "from" price. */
  destination: (code: string) => `catalog:dest:${code}`,
  /**
   * Which plans one destination has on the shelf and in what order (publish, unpublish, a new plan, the sort
   * order), not what they cost or are called: the lists of destinations' headline plans note it (ADR 0289).
   */
  shelf: (code: string) => `catalog:shelf:${code}`,
  /**
   * Which destinations a list derived from them holds, and in what order (a type's or a category's headline
   * plans, ADR 0289): any destination's edit (its type, shown or not, popularity) can move it into such a list.
   * A plan's change does not send it: a list that shows plans notes those plans or their destinations.
   */
  destinations: "catalog:destinations",
};

/** Whether an invalidation touches the catalogue, coarse or fine. */
export function isCatalogTag(tag: string): boolean {
  return tag === CACHE_TAGS.catalog || tag.startsWith("catalog:");
}

/**
 * The tags to invalidate once these plans (with their destinations) or destinations changed; `destinationsEdited`
 * when destinations' own rows changed (not only their plans), `shelves` when what is on their shelves did.
 */
export function catalogChangeTags(change: {
  plans?: Iterable<string>;
  destinations?: Iterable<string>;
  destinationsEdited?: boolean;
  /** Whether the plans' shelves changed (status, sort order, new plans); not for a price, a title or labels. */
  shelves?: boolean;
}) {
  const tags = new Set([CATALOG_TAGS.lists]);
  if (change.destinationsEdited) tags.add(CATALOG_TAGS.destinations);
  for (const code of change.plans ?? []) tags.add(CATALOG_TAGS.plan(code));
  for (const code of change.destinations ?? []) tags.add(CATALOG_TAGS.destination(code));
  if (change.shelves) for (const code of change.destinations ?? []) tags.add(CATALOG_TAGS.shelf(code));
  return [...tags];
}

export interface SharedCacheOptions {
  /** Redis for the entries and the invalidation channel; unset keeps everything in this process. */
  redisUrl?: string;
  /** Prefix of every key and tag: instances of one shop share it (tests use their own). */
  namespace?: string;
  /** A failed load (also rethrown to its callers) or a Redis error (the value is then loaded directly). */
  onError?: (error: unknown) => void;
}

export type CachedFunction<A, V> = (arg: A) => Promise<V>;

export interface DefineOptions<A, V> {
  /** Time to live, in seconds. */
  ttlS: number;
  /**
   * Seconds an expired entry is still served while it is loaded again in the background. Data read inside a
   * transaction needs it: on the embedded database the transaction holds the one connection, so a load that
   * had to wait for it would wait for itself.
   */
  staleS?: number;
  /**
   * Tags of an entry: invalidate(tag) drops every entry that has it. Called with the argument alone, and again
   * with the loaded value (tags can name what the value holds, e.g. the countries a plan covers); both sets count.
   */
  tags: (arg: A, value?: V) => string[];
  load: (arg: A) => Promise<V>;
}

/** JSON that keeps Dates, so a value read back from Redis is the value that was stored. */
function encode(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, item) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : item;
  });
}

function decode(text: string): unknown {
  // A reviver makes JSON.parse several times slower, and most entries hold no Date: read those plainly.
  if (!text.includes('"$date"')) return JSON.parse(text);
  return JSON.parse(text, (_key, item) =>
    item && typeof item === "object" && typeof item.$date === "string" && Object.keys(item).length === 1
      ? new Date(item.$date)
      : item,
  );
}

/** How many decoded entries, and how many characters of their text, the in-process copies keep (ADR 0281). */
const DECODED_MAX_ENTRIES = 4_096;
const DECODED_MAX_CHARS = 32 * 1024 * 1024;

/**
 * Decoded entries, kept in process (ADR 0281): a hit used to parse the entry's JSON again on every read, a
 * large share of a full render. The copy is keyed by the entry's text, so a changed entry (a reload after an
 * invalidation, a value another instance wrote to Redis) is a new text and never meets an old copy; each
 * invalidation also drops every copy, here and, through the invalidation channel, on every instance. Values are
 * deep-frozen: every caller of a key gets the same object, and one that changed it would change it for all (a
 * write to it throws instead).
 */
export function createDecodedCopies() {
  const copies = new Map<string, unknown>();
  let chars = 0;
  const keep = (text: string, value: unknown) => {
    if (text.length > DECODED_MAX_CHARS) return;
    while (copies.size >= DECODED_MAX_ENTRIES || chars + text.length > DECODED_MAX_CHARS) {
      const oldest = copies.keys().next();
      if (oldest.done) break;
      copies.delete(oldest.value);
      chars -= oldest.value.length;
    }
    copies.set(text, value);
    chars += text.length;
  };
  return {
    /** The text stored for a freshly loaded value, which is frozen and kept as that text's copy. */
    serialize(value: unknown): string {
      const text = encode(value);
      if (!copies.has(text)) keep(text, deepFreeze(value));
      return text;
    },
    deserialize(text: string): unknown {
      const kept = copies.get(text);
      if (kept !== undefined) return kept;
      const value = deepFreeze(decode(text));
      keep(text, value);
      return value;
    },
    clear() {
      copies.clear();
      chars = 0;
    },
    get size() {
      return copies.size;
    },
  };
}

const REFERENCES_TTL_S = 600;

/**
 * The tags a piece of work read (ADR 0245): a page render runs inside `trackReads`, and every cached function it
 * calls, hit or miss, adds its entry's tags; data read past the cache (a plan's own row) adds its tag through
 * `recordRead`. The HTML cache keeps the set with the page, so an invalidation drops only the pages that read one
 * of its tags.
 */
const reads = new AsyncLocalStorage<Set<string>>();

/** Runs work and collects into `into` the tags of the cached data it reads (see `reads`). */
export function trackReads<T>(into: Set<string>, work: () => T): T {
  return reads.run(into, work);
}

/**
 * The reader with every method noting, when called, that the current tracked work read data with these tags:
 * for repositories that pages read past the shared cache (a plan's row, the product list).
 */
export function recordingReads<T extends object>(source: T, ...tags: string[]): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source)) {
    wrapped[name] =
      typeof value === "function"
        ? (...args: unknown[]) => {
            recordRead(...tags);
            return (value as (...a: unknown[]) => unknown).apply(source, args);
          }
        : value;
  }
  return wrapped as T;
}

/**
 * Like `recordingReads`, with each method's tags chosen from its arguments (a plan's own read notes that plan's
 * tag, ADR 0282); methods not named note `fallback`.
 */
export function recordingReadsBy<T extends object>(
  source: T,
  tagsOf: { [K in keyof T]?: T[K] extends (...args: infer P) => unknown ? (...args: P) => string[] : never },
  ...fallback: string[]
): T {
  const wrapped: Record<string, unknown> = {};
  const chosen = tagsOf as Record<string, ((...args: unknown[]) => string[]) | undefined>;
  for (const [name, value] of Object.entries(source)) {
    const tags = chosen[name];
    wrapped[name] =
      typeof value === "function"
        ? (...args: unknown[]) => {
            recordRead(...(tags ? tags(...args) : fallback));
            return (value as (...a: unknown[]) => unknown).apply(source, args);
          }
        : value;
  }
  return wrapped as T;
}

/** Notes that the current tracked work (a page render) depends on data with these tags. */
export function recordRead(...tags: string[]) {
  const store = reads.getStore();
  if (store) for (const tag of tags) store.add(tag);
}

export function createSharedCache(options: SharedCacheOptions = {}) {
  const namespace = options.namespace ?? "roamly";
  const instance = randomUUID();
  const channel = `${namespace}:cache:invalidate`;
  const onError = options.onError ?? (() => undefined);
  // No offline queue: while Redis is down a command fails at once and the in-process cache serves (ADR 0343),
  // rather than every read waiting for reconnects.
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : null;
  const subscriber = options.redisUrl ? new Redis(options.redisUrl, { lazyConnect: false }) : null;
  // A connection that stays down is reported once per outage, not on every reconnect attempt.
  let reported = false;
  const reportOnce = (error: unknown) => {
    if (!reported) onError(error);
    reported = true;
  };
  redis?.on("error", reportOnce);
  subscriber?.on("error", reportOnce);
  const decoded = createDecodedCopies();
  const shared = redis
    ? createCache({
        ttl: 60,
        storage: {
          type: "redis",
          options: { client: redis, invalidation: { referencesTTL: REFERENCES_TTL_S } },
        },
        transformer: decoded,
        onError,
      })
    : null;
  // This process's own entries: the only cache without Redis, and the fallback while Redis is down (ADR 0343).
  const local = createCache({
    ttl: 60,
    storage: { type: "memory", options: { size: 4_096, invalidation: true } },
    transformer: decoded,
    onError,
  });
  // At start, reads wait (a second at most) for the first connection rather than fill this process's cache.
  const firstConnection = redis
    ? new Promise<void>((resolve) => {
        redis.once("ready", () => resolve());
        setTimeout(resolve, 1_000).unref();
      })
    : Promise.resolve();
  /** Set from Redis's return until this instance has replayed what it missed; reads stay local meanwhile. */
  let recovering = false;
  const redisUp = () => redis?.status === "ready" && !recovering;
  /** Tags invalidated while Redis was down: dropped from Redis once it is back (its entries missed them). */
  const missed = new Set<string>();
  const listeners = new Set<(tags: string[]) => void>();
  const names = new Set<string>();
  const tagOf = (tag: string) => `${namespace}:${tag}`;
  const notify = (tags: string[]) => {
    decoded.clear();
    for (const listener of listeners) listener(tags);
  };

  if (redis) {
    let wasDown = false;
    redis.on("close", () => {
      wasDown = true;
    });
    redis.on("ready", () => {
      if (!wasDown) return;
      wasDown = false;
      reported = false;
      recovering = true;
      // Back from an outage: what was invalidated meanwhile is dropped from Redis too, the entries kept here
      // during it are dropped (Redis serves again), and in-process copies (HTML pages, personal entries) are
      // dropped by every coarse tag, since other instances' invalidations during the outage never arrived.
      const replay = [...missed].map(tagOf);
      missed.clear();
      const replayed = replay.length > 0 ? shared!.invalidateAll(replay) : Promise.resolve();
      Promise.all([replayed, local.clear()])
        .then(() => notify(Object.values(CACHE_TAGS)))
        .catch((error) => {
          for (const tag of replay) missed.add(tag.slice(namespace.length + 1));
          onError(error);
        })
        .finally(() => {
          recovering = false;
        });
    });
  }

  if (subscriber) {
    // Invalidations published while this connection was down never arrived: drop every in-process copy once
    // it is back (ioredis subscribes again before it reports ready).
    let dropped = false;
    subscriber.on("close", () => {
      dropped = true;
    });
    subscriber.on("ready", () => {
      if (!dropped) return;
      dropped = false;
      notify(Object.values(CACHE_TAGS));
    });
  }

  const subscribed = subscriber
    ? subscriber.subscribe(channel).then(() => {
        subscriber.on("message", (_channel: string, message: string) => {
          const { from, tags } = JSON.parse(message) as { from: string; tags: string[] };
          if (from !== instance) notify(tags);
        });
      })
    : Promise.resolve();
  subscribed.catch(onError);

  return {
    /** A function whose results are cached by argument, with the given tags. */
    define<A, V>(name: string, definition: DefineOptions<A, V>): CachedFunction<A, V> {
      const fullName = `${namespace}:${name}`;
      if (names.has(fullName)) throw new Error(`cache ${name} defined twice`);
      names.add(fullName);
      const options = {
        ttl: definition.ttlS,
        ...(definition.staleS ? { stale: definition.staleS } : {}),
        // The hit ratio (ADR 0331): a dedupe joins a load under way, which is a miss's.
        onHit: () => cacheRequests.add(1, { cache: name, result: "hit" }),
        onMiss: () => cacheRequests.add(1, { cache: name, result: "miss" }),
        references: (arg: A, _key: string, value: V) =>
          [...new Set([...definition.tags(arg), ...definition.tags(arg, value)])].map(tagOf),
      };
      const callOf = (cache: typeof local) => {
        cache.define(fullName, options, definition.load);
        return (cache as unknown as Record<string, (arg: A) => Promise<V>>)[fullName]!;
      };
      const inProcess = callOf(local);
      const inRedis = shared ? callOf(shared) : null;
      return async (arg: A) => {
        const store = reads.getStore();
        if (store) for (const tag of definition.tags(arg)) store.add(tag);
        if (inRedis) await firstConnection;
        let value: V;
        if (inRedis && redisUp()) {
          try {
            value = await inRedis(arg);
          } catch (error) {
            // A command in flight when the connection dropped: serve from this process, as the next read will.
            if (redisUp()) throw error;
            value = await inProcess(arg);
          }
        } else value = await inProcess(arg);
        if (store) for (const tag of definition.tags(arg, value)) store.add(tag);
        return value;
      };
    },

    /** Drops every entry with one of the tags, here and on every instance, and tells the listeners. */
    async invalidate(tags: string[]) {
      await local.invalidateAll(tags.map(tagOf));
      if (shared) {
        await firstConnection;
        if (redisUp()) {
          await shared.invalidateAll(tags.map(tagOf)).catch((error) => {
            for (const tag of tags) missed.add(tag);
            onError(error);
          });
        } else for (const tag of tags) missed.add(tag);
      }
      notify(tags);
      if (redis && redisUp()) {
        await redis.publish(channel, JSON.stringify({ from: instance, tags })).catch(onError);
      }
    },

    /** Called with the tags of every invalidation, from this instance or another. */
    onInvalidate(listener: (tags: string[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves once the invalidation channel is subscribed (tests wait for it before publishing). */
    ready: () => subscribed,

    /** Whether entries and invalidations are shared through Redis now (false without Redis, or while it is down). */
    get shared() {
      return redisUp() && subscriber?.status === "ready";
    },

    async close() {
      listeners.clear();
      await Promise.all([redis?.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
    },
  };
}

export type SharedCache = ReturnType<typeof createSharedCache>;
