import { constants, crc32, deflateRawSync } from "node:zlib";
import type { FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { isConsolePage } from "../../core/console-path.ts";
import { readLocaleCookie } from "../../core/cookies.ts";
import { isCrawler } from "../../core/crawler.ts";
import { localeFromAcceptLanguage } from "../../core/locale-path.ts";
import { isPhoneBrowser } from "../../core/phone-browser.ts";
import { singleQuotedBody } from "../../core/script-string.ts";

interface Entry {
  /**
   * The page as UTF-8, cut at every occurrence of the nonce it was rendered with. A hit joins the parts around a
   * new nonce: a copy of the bytes, where replacing in the string and encoding it again cost ~10× more per
   * request on a 150 kB page (a scan, a new string, a byte-length pass and the UTF-8 encoding).
   */
  parts: Buffer[];
  /** What goes between part i and i+1: the nonce, or a shopper's field in the context it was cut from (ADR 0246). */
  slots: Slot[];
  /** Each part deflated on its own and ended with a sync flush, so the pieces can be chained (see gzipJoin). */
  deflated: Buffer[];
  /** Each part's CRC-32 and its shift operator (`crc32Shift` of its length), so a hit combines, never rescans. */
  crcs: { crc: number; shift: number }[];
  bytes: number;
  headers: Headers;
  storedAt: number;
  /**
   * The shared-cache tags the render read (ADR 0245), each the one copy the tag index holds (ADR 0315); empty
   * means unknown, and any invalidation drops it.
   */
  tags: string[];
}

/** A cut in a stored page: the nonce, or a field of the signed-in template in HTML text or in a script's data. */
type Slot =
  | { field: "nonce" }
  | { field: PersonalField; context: "html" }
  /** In the loader data: a JSON text inside a double-quoted script string, or a single-quoted one (ADR 0290). */
  | { field: PersonalField; context: "script"; quote: '"' | "'" };

/** What the signed-in template leaves open for the shopper (ADR 0246). */
export type PersonalField = "nickName" | "shortName" | "loginName" | "unreadNotifications";

/** The values a hit is sent with: the nonce always, the shopper's fields for a signed-in template. */
export type SlotValues = { nonce: string } & Partial<Record<PersonalField, string>>;

/** Text as React writes it into HTML (text and attribute values). */
function escapeHtmlText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}
const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/**
 * A string value as it stands in the router's loader data script: a JSON string inside the turbo-stream text,
 * which is itself a JSON string in the script, with the characters that could end the script escaped (React
 * Router's escapeHtml); or, in a production page whole (app/render/router-scripts.server.ts, ADR 0290), a
 * single-quoted string.
 */
function escapeScriptString(value: string, quote: '"' | "'"): string {
  const inner = JSON.stringify(value).slice(1, -1);
  if (quote === "'") return singleQuotedBody(inner);
  return JSON.stringify(inner)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);
}
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  "<": "\\u003c",
  ">": "\\u003e",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function slotText(slot: Slot, values: SlotValues): string {
  if (slot.field === "nonce") return values.nonce;
  const value = values[slot.field];
  if (value === undefined) throw new Error(`no value for ${slot.field}`);
  // A number (the unread count) is written the same in both.
  if (slot.field === "unreadNotifications") return value;
  return slot.context === "html" ? escapeHtmlText(value) : escapeScriptString(value, slot.quote);
}

/**
 * The store pages a signed-in shopper gets from the shared template (ADR 0246): home, the product list and a
 * product page, in any locale. Their loaders read nothing of the shopper but the root's header data.
 */
const PERSONAL_PAGES = /^(\/(zh_CN|zh_HK|en_US))?(\/|\/plp|\/pdp\/[^/]+)?$/;

/** How many recent invalidations are kept to check renders that were running while they happened. */
const INVALIDATION_LOG = 256;

const CACHED_HEADERS = ["content-type", "link", "vary"];
/** Default byte budget of the stored pages (their text and its deflated copy), ADR 0179. */
export const DEFAULT_HTML_CACHE_BYTES = 64 * 1024 * 1024;
/** What an entry costs beyond its bytes: the key, the headers, the objects (an estimate, on the safe side). */
const ENTRY_OVERHEAD = 1_024;
/**
 * What one tag of an entry costs in the bookkeeping (ADR 0315): its slot in the entry's list and the entry's key in
 * the tag's set of the index (a hash-table slot each, on the safe side). The tag's text is counted too, as if the
 * entry held it alone.
 */
const TAG_OVERHEAD = 64;
/**
 * How many keys with an open query value the admission rule remembers (ADR 0315): such a page is stored the second
 * time it is asked for while its key is among the last this many seen once.
 */
export const ADMISSION_WINDOW = 16_384;

/**
 * The query parameters a page reads, on the server or in the browser (app/, and the product list's query in
 * server/modules/catalog/product-query.ts). Only these take part in the cache key, in a fixed order, so a
 * request with `?utm_source=…` or `?x=<random>` shares the entry of the page without it instead of filling the
 * cache (issue 14, item 3). html-cache.test.ts fails when a page reads a parameter missing here.
 */
export const PAGE_QUERY_PARAMS: readonly string[] = [
  "cancelled",
  "categoryCode",
  "categoryName",
  "channel",
  "couponCode",
  "currency",
  "data",
  "days",
  "expires",
  "fiveG",
  "flag",
  "hitName",
  "hitNameSource",
  "htmlType",
  "iccid",
  "id_token",
  "keyword",
  "lang",
  "marketingCode",
  "maxPrice",
  "orderCode",
  "page",
  "pageCode",
  "pageFrom",
  "pageName",
  "path",
  "platform",
  "platformProductCode",
  "promoCode",
  "quantity",
  "recommendCode",
  "recommended",
  "search",
  "searchDialog",
  "shopCode",
  "sig",
  "siteCode",
  "size",
  "sort",
  "sourceCountryNames",
  "state",
  "step",
  "tab",
  "tenantId",
  "type",
  "unlimited",
  "url",
  // The content/variant resource route's (ADR 0285).
  "variant",
  "version",
  "visible",
];
const KNOWN_PARAMS = new Set(PAGE_QUERY_PARAMS);

/**
 * The page parameters whose values are open text, not one of the shop's own codes (ADR 0315): what a shopper types
 * (the search box's keyword, search and the hit it picked) and the codes a link from outside brings (a campaign's
 * marketing code, a coupon or promo code). A page with one of them is stored from its second request on
 * (`HtmlCache.admits`); the others (type, categoryCode, pageCode, sort, page, …) come from the shop's own links.
 */
export const OPEN_QUERY_PARAMS: readonly string[] = [
  "keyword",
  "search",
  "hitName",
  "marketingCode",
  "couponCode",
  "promoCode",
];

/** The query as the cache sees it: the known parameters only, sorted by name (values keep their order). */
export function cacheQuery(url: URL): string {
  const kept = [...url.searchParams].filter(([name]) => KNOWN_PARAMS.has(name));
  if (kept.length === 0) return "";
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${new URLSearchParams(kept)}`;
}

export interface HtmlCacheOptions {
  /** Byte budget of the stored pages; the least recently used go first. */
  maxBytes?: number;
  /** How often expired entries are swept out (default the time to live, at least a second). */
  sweepMs?: number;
}

/**
 * Rendered HTML for anonymous visitors, per page (path and the query parameters pages read), currency and
 * locale choice. Each render carries a fresh CSP nonce, so a hit swaps the stored nonce for a new one before it
 * is sent. Bounded by bytes with least-recently-used eviction (lru-cache), and swept of expired entries on a
 * timer, so memory returns after a burst of unique URLs (ADR 0179). An entry's bytes include its tag bookkeeping,
 * and a page with an open query value is stored only when it is asked for again (ADR 0315).
 */
export class HtmlCache {
  readonly #entries: LRUCache<string, Entry>;
  readonly #ttlMs: number;
  /** Tag → the keys of the stored pages that read it; pruned whenever a page leaves, however it leaves. */
  readonly #byTag = new Map<string, { tag: string; keys: Set<string> }>();
  /** Keys of the stored pages that recorded no tags (any invalidation drops them). */
  readonly #untagged = new Set<string>();
  /** Hashes of the keys with an open query value asked for once (the admission rule, ADR 0315), oldest first. */
  readonly #seen = new Map<number, true>();
  #sweeper: NodeJS.Timeout | undefined;
  /** Invalidations so far, and the tags of the latest ones (a render that started before one must not store). */
  #generation = 0;
  #recent: { generation: number; tags: ReadonlySet<string> }[] = [];

  constructor(ttlMs: number, options: HtmlCacheOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? DEFAULT_HTML_CACHE_BYTES,
      sizeCalculation: (entry, key) => entrySize(entry, key),
      // Evicted, expired, invalidated, replaced or cleared: the page leaves the tag index with it.
      dispose: (entry, key) => this.#unindex(key, entry),
    });
    if (ttlMs > 0) {
      this.#sweeper = setInterval(() => this.sweep(), options.sweepMs ?? Math.max(1_000, ttlMs));
      this.#sweeper.unref();
    }
  }

  /** Drops every expired entry; the timer calls it. */
  sweep(now: number = Date.now()) {
    for (const [key, entry] of this.#entries.entries()) {
      if (now - entry.storedAt > this.#ttlMs) this.#entries.delete(key);
    }
  }

  /** Bytes held now (the pages and their deflated copies, plus overhead per entry). */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The tag index's size: distinct tags, and keys listed under them (what tests check is pruned). */
  get tagIndex(): { tags: number; references: number; untagged: number } {
    let references = 0;
    for (const { keys } of this.#byTag.values()) references += keys.size;
    return { tags: this.#byTag.size, references, untagged: this.#untagged.size };
  }

  /**
   * Whether a page may be stored under this key (ADR 0315). A page whose query has no open value (OPEN_QUERY_PARAMS:
   * text a shopper typed, a code a link brought) always may. One with an open value may once it is asked for a
   * second time while its key is among the last ADMISSION_WINDOW such keys seen, or when it is stored already: a
   * value nobody comes back with (a random keyword, a search that finds nothing, an unknown or mistyped campaign
   * code, a crawler's probe) renders each time instead of taking the place of a page shoppers do come back to.
   * The first request is answered as an uncached render.
   */
  admits(key: string, url: URL): boolean {
    if (!OPEN_QUERY_PARAMS.some((name) => url.searchParams.has(name)) || this.#entries.has(key)) return true;
    const hash = crc32(key);
    if (this.#seen.has(hash)) {
      // The second request: stored now; the mark moves to the newest end.
      this.#seen.delete(hash);
      this.#seen.set(hash, true);
      return true;
    }
    this.#seen.set(hash, true);
    if (this.#seen.size > ADMISSION_WINDOW) this.#seen.delete(this.#seen.keys().next().value as number);
    return false;
  }

  #index(key: string, tags: ReadonlySet<string>): string[] {
    if (tags.size === 0) {
      this.#untagged.add(key);
      return [];
    }
    // The entry lists each tag by the index's own copy of its text, so a thousand pages share one string per tag.
    const kept: string[] = [];
    for (const tag of tags) {
      let listed = this.#byTag.get(tag);
      if (!listed) {
        listed = { tag, keys: new Set() };
        this.#byTag.set(tag, listed);
      }
      listed.keys.add(key);
      kept.push(listed.tag);
    }
    return kept;
  }

  #unindex(key: string, entry: Entry) {
    if (entry.tags.length === 0) {
      this.#untagged.delete(key);
      return;
    }
    for (const tag of entry.tags) {
      const listed = this.#byTag.get(tag);
      if (!listed) continue;
      listed.keys.delete(key);
      if (listed.keys.size === 0) this.#byTag.delete(tag);
    }
  }

  /** Stops the sweep timer (server close). */
  close() {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }

  /**
   * The key of a page for a visitor, or null: a request with any Authorization header or a session (the request
   * context's access or refresh token) is rendered for its shopper and never shared.
   */
  keyFor(request: FastifyRequest, url: URL): string | null {
    if (request.headers.authorization) return null;
    if (request.ctx.sessionToken || request.ctx.refreshToken) return null;
    return this.#pageKey(request, url);
  }

  /**
   * The key of the signed-in template of a store page (home, plp, pdp) for a shopper with a session cookie, or
   * null: the visitor's page key and a mark, since the template is the visitor's page with the header's
   * stand-in shopper (ADR 0246). Bearer-header clients (the app's web view) take the full render.
   */
  personalKeyFor(request: FastifyRequest, url: URL): string | null {
    if (request.headers.authorization) return null;
    if (request.ctx.sessionToken?.via !== "cookie") return null;
    if (!PERSONAL_PAGES.test(url.pathname)) return null;
    const key = this.#pageKey(request, url);
    return key === null ? null : `${key}|signed-in`;
  }

  /**
   * What a page's HTML depends on: its origin, path and the query its loaders read, and the request context's
   * locale, currency, channel and site (ADR 0171), which every loader reads and nothing else does; on the root
   * path, the locale it leads to (the locale cookie, else the browser's languages); a phone's browser and a
   * crawler get pages of their own.
   */
  #pageKey(request: FastifyRequest, url: URL): string | null {
    if (this.#ttlMs <= 0 || request.method !== "GET") return null;
    if (url.pathname.endsWith(".data") || url.pathname.startsWith("/__manifest")) return null;
    // The operator console is never cached (issue 16).
    if (isConsolePage(url.pathname)) return null;
    // Previews show unpublished drafts to editors; they are never shared.
    if (/(^|\/)preview(\/|$)/.test(url.pathname)) return null;
    const { locale, currency, channel, siteCode } = request.ctx;
    // spec 2: only the root path detects a locale, from the cookie first, then the browser's languages.
    const detected =
      url.pathname === "/"
        ? (readLocaleCookie(request.headers.cookie) ??
          localeFromAcceptLanguage(request.headers["accept-language"]) ??
          "")
        : "";
    // Content pages render the small variant first for a phone's browser (ADR 0143).
    const hint = request.headers["sec-ch-ua-mobile"];
    const phone = isPhoneBrowser(request.headers["user-agent"], Array.isArray(hint) ? hint[0] : hint);
    // A crawler gets the parts a shopper's page draws only after hydration (ADR 0293): a page of its own.
    const crawler = isCrawler(request.headers["user-agent"]);
    return [
      // One entry per origin: a page rendered for one host is never served to another (ADR 0186).
      url.origin + url.pathname + cacheQuery(url),
      locale,
      currency,
      channel,
      siteCode,
      detected,
      phone ? "phone" : "",
      crawler ? "crawler" : "",
    ].join("|");
  }

  get(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > this.#ttlMs) {
      this.#entries.delete(key);
      return null;
    }
    const fill = (values: SlotValues) => {
      const texts = entry.slots.map((slot) => Buffer.from(slotText(slot, values)));
      const chunks: Buffer[] = [];
      entry.parts.forEach((part, index) => {
        if (index > 0) chunks.push(texts[index - 1] as Buffer);
        chunks.push(part);
      });
      return { html: Buffer.concat(chunks), headers: entry.headers };
    };
    const gzipFill = (values: SlotValues) => ({
      gzip: gzipJoin(
        entry,
        entry.slots.map((slot) => Buffer.from(slotText(slot, values))),
      ),
      headers: entry.headers,
    });
    return {
      headers: entry.headers,
      /** Whether the page has the signed-in template's fields to fill (ADR 0246). */
      personal: entry.slots.some((slot) => slot.field !== "nonce"),
      replaceNonce: (nonce: string) => fill({ nonce }),
      gzipWithNonce: (nonce: string) => gzipFill({ nonce }),
      fill,
      gzipFill,
    };
  }

  /** The stored pages' text, the cuts left out (what a test checks the cache never holds). */
  texts(): string[] {
    return [...this.#entries.values()].map((entry) => Buffer.concat(entry.parts).toString());
  }

  /** A mark to give `set`: an invalidation after it that touches what the render read keeps its page out. */
  mark(): number {
    return this.#generation;
  }

  /**
   * Drops the pages whose render read one of the tags (and those that recorded none), here; every instance calls
   * it for every invalidation (ADR 0245).
   */
  invalidate(tags: readonly string[]) {
    const changed = new Set(tags);
    this.#generation += 1;
    this.#recent.push({ generation: this.#generation, tags: changed });
    if (this.#recent.length > INVALIDATION_LOG) this.#recent.shift();
    const dropped = new Set(this.#untagged);
    for (const tag of changed) for (const key of this.#byTag.get(tag)?.keys ?? []) dropped.add(key);
    for (const key of dropped) this.#entries.delete(key);
  }

  /** Whether an invalidation since the mark touched these tags (or the log no longer reaches back to it). */
  #staleSince(since: number, tags: ReadonlySet<string>): boolean {
    if (since === this.#generation) return false;
    const first = this.#recent[0];
    if (!first || first.generation > since + 1) return true;
    return this.#recent.some((item) => item.generation > since && touches(tags, item.tags));
  }

  /**
   * Stores a rendered page with the tags its render read; `since` (from `mark()` before the render) keeps out a
   * page whose data changed while it was rendering. Answers whether it was stored.
   */
  set(
    key: string,
    html: string,
    nonce: string,
    headers: Headers,
    tags: ReadonlySet<string> = new Set(),
    since: number = this.#generation,
    personal?: PersonalSentinels,
  ): boolean {
    if (this.#staleSince(since, tags)) return false;
    const kept = new Headers();
    for (const name of CACHED_HEADERS) {
      const value = headers.get(name);
      if (value) kept.set(name, value);
    }
    const cut = cutPage(html, nonce, personal);
    if (!cut) return false;
    const parts = compact(cut.parts.map((part) => Buffer.from(part)));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    const deflated = compact(
      parts.map((part) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })),
    );
    const entry: Entry = {
      parts,
      slots: cut.slots,
      deflated,
      crcs: parts.map((part) => ({ crc: part.length > 0 ? crc32(part) : 0, shift: crc32Shift(part.length) })),
      bytes,
      headers: kept,
      storedAt: Date.now(),
      // Sized with the render's own tag texts; indexed (and swapped for the index's copies) once stored.
      tags: [...tags],
    };
    this.#entries.set(key, entry);
    // Bigger than the whole budget: not stored.
    if (this.#entries.peek(key) !== entry) return false;
    entry.tags = this.#index(key, tags);
    return true;
  }

  clear() {
    this.#entries.clear();
  }
}

/**
 * The buffers copied into one allocation of exactly their total size, as views of it. Small buffers otherwise
 * pin a slab of Buffer's shared pool each, and zlib's output can be a view of a larger chunk: memory the byte
 * budget would not see (ADR 0179).
 */
function compact(buffers: Buffer[]): Buffer[] {
  const whole = Buffer.allocUnsafeSlow(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
  let offset = 0;
  return buffers.map((buffer) => {
    buffer.copy(whole, offset);
    const view = whole.subarray(offset, offset + buffer.length);
    offset += buffer.length;
    return view;
  });
}

/** A page with no recorded tags depends on anything; otherwise on the tags it read. */
function touches(read: ReadonlySet<string>, changed: ReadonlySet<string>): boolean {
  if (read.size === 0) return true;
  for (const tag of changed) if (read.has(tag)) return true;
  return false;
}

/** What an entry holds (ADR 0315): its text, the deflated copy, its key, its objects and its tag bookkeeping. */
function entrySize(entry: Entry, key: string): number {
  const deflated = entry.deflated.reduce((sum, part) => sum + part.length, 0);
  const tags = entry.tags.reduce((sum, tag) => sum + tag.length * 2 + TAG_OVERHEAD, 0);
  return entry.bytes + deflated + key.length * 2 + ENTRY_OVERHEAD + tags;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final stored block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * A gzip member of the page with the new nonce, without compressing anything per request: the stored parts were
 * deflated once, each by a fresh compressor ending byte-aligned (sync flush), so they never refer back across a
 * cut; the nonce goes between them as an uncompressed stored block (RFC 1951 3.2.4). Only the CRC-32 of the
 * whole page is computed per hit.
 */
function gzipJoin(entry: Entry, texts: Buffer[]): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = entry.bytes;
  entry.parts.forEach((part, index) => {
    if (index > 0) {
      const text = texts[index - 1] as Buffer;
      for (const block of storedBlocks(text)) chunks.push(block);
      if (text.length > 0) crc = crc32(text, crc);
      length += text.length;
    }
    chunks.push(entry.deflated[index] as Buffer);
    // The stored part's CRC is combined with the running one: the page's bytes are never scanned per hit.
    // (zlib.crc32 of an empty slice of Buffer's shared pool can answer 0 instead of the running value.)
    const { crc: partCrc, shift } = entry.crcs[index] as { crc: number; shift: number };
    if (part.length > 0) crc = (multModP(shift, crc) ^ partCrc) >>> 0;
  });
  chunks.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** CRC-32's polynomial, bit-reflected (zlib's). */
const CRC_POLY = 0xedb88320;

/** a·b modulo the CRC polynomial, both bit-reflected (zlib's `multmodp`). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b >>> 0;
  while (m !== 0) {
    if ((a & m) !== 0) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31 (zlib's `x2n_table`). */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let k = 1; k < 32; k += 1) {
    p = multModP(p, p);
    table.push(p);
  }
  return table;
})();

/**
 * The operator that moves a CRC past `length` more bytes: x^(8·length) modulo the polynomial (zlib's
 * `x2nmodp(length, 3)`). crc32(A‖B) = multModP(crc32Shift(|B|), crc32(A)) ^ crc32(B) (`crc32_combine`).
 */
export function crc32Shift(length: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) p = multModP(X2N[k % 32] as number, p);
  }
  return p >>> 0;
}

/** crc32 of A‖B from crc32(A), crc32(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(crc32Shift(lengthB), crcA) ^ crcB) >>> 0;
}

/** Text as uncompressed, non-final deflate blocks (RFC 1951 3.2.4), at most 65,535 bytes each. */
function storedBlocks(text: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < text.length; offset += 0xffff) {
    const piece = text.subarray(offset, offset + 0xffff);
    const block = Buffer.alloc(5 + piece.length);
    block[0] = 0x00; // not final, stored
    block.writeUInt16LE(piece.length, 1);
    block.writeUInt16LE(~piece.length & 0xffff, 3);
    piece.copy(block, 5);
    blocks.push(block);
  }
  return blocks;
}

/** The stand-in values a signed-in template was rendered with, by field (ADR 0246). */
export type PersonalSentinels = Record<PersonalField, string>;

/**
 * The page cut at every nonce and, for a signed-in template, at every stand-in value, each cut noting whether it
 * is in a script (the loader data) or in HTML. Null when a template lacks a field the shopper's header needs (the
 * page did not render the personal header as expected: it is not stored).
 */
const ENQUEUE_CALL = "streamController.enqueue(";

function cutPage(
  html: string,
  nonce: string,
  personal: PersonalSentinels | undefined,
): { parts: string[]; slots: Slot[] } | null {
  const needles = new Map<string, Slot["field"]>([[nonce, "nonce"]]);
  for (const [field, sentinel] of Object.entries(personal ?? {}))
    needles.set(sentinel, field as PersonalField);
  const pattern = new RegExp([...needles.keys()].map(escapeRegExp).join("|"), "g");
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const field = needles.get(match[0]) as Slot["field"];
    parts.push(html.slice(last, match.index));
    last = match.index + match[0].length;
    if (field === "nonce") {
      slots.push({ field });
      continue;
    }
    const opened = html.lastIndexOf("<script", match.index);
    const closed = html.lastIndexOf("</script", match.index);
    if (opened > closed) {
      // The loader data's string opens right after the enqueue call's parenthesis.
      const call = html.lastIndexOf(ENQUEUE_CALL, match.index);
      const quote = call > opened && html[call + ENQUEUE_CALL.length] === "'" ? "'" : '"';
      slots.push({ field, context: "script", quote });
    } else {
      slots.push({ field, context: "html" });
    }
  }
  parts.push(html.slice(last));
  if (personal) {
    const seen = new Set(slots.map((slot) => ("context" in slot ? `${slot.field}@${slot.context}` : "")));
    // The header shows the names; the loader data carries every field (hydration renders from it).
    const needed = ["nickName@html", "shortName@html"].concat(
      Object.keys(personal).map((field) => `${field}@script`),
    );
    if (!needed.every((name) => seen.has(name))) return null;
  }
  return { parts, slots };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether the client takes gzip (an explicit q=0 refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value
    .toLowerCase()
    .split(",")
    .some((item) => {
      const [coding = "", ...params] = item.trim().split(";");
      if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return !q || Number(q.slice(2)) > 0;
    });
}

export type CacheHit = NonNullable<ReturnType<HtmlCache["get"]>>;
