import { constants, crc32, deflateRawSync } from "node:zlib";
import type { FastifyRequest } from "fastify";
import {
  ACCESS_TOKEN_COOKIE,
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  REFRESH_TOKEN_COOKIE,
} from "../../core/constants.ts";
import { localeFromAcceptLanguage } from "../../core/locale-path.ts";
import { isPhoneBrowser } from "../../core/phone-browser.ts";

interface Entry {
  /**
   * The page as UTF-8, cut at every occurrence of the nonce it was rendered with. A hit joins the parts around a
   * new nonce: a copy of the bytes, where replacing in the string and encoding it again cost ~10× more per
   * request on a 150 kB page (a scan, a new string, a byte-length pass and the UTF-8 encoding).
   */
  parts: Buffer[];
  /** Each part deflated on its own and ended with a sync flush, so the pieces can be chained (see gzipJoin). */
  deflated: Buffer[];
  bytes: number;
  headers: Headers;
  storedAt: number;
}

const MAX_ENTRIES = 2_000;
const CACHED_HEADERS = ["content-type", "link", "vary"];

/**
 * Rendered HTML for anonymous visitors, per URL, currency and locale choice. Each render carries a fresh CSP
 * nonce, so a hit swaps the stored nonce for a new one before it is sent.
 */
export class HtmlCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  keyFor(request: FastifyRequest, url: URL): string | null {
    if (this.#ttlMs <= 0 || request.method !== "GET") return null;
    if (request.headers.authorization) return null;
    const cookies = request.cookies ?? {};
    if (cookies[ACCESS_TOKEN_COOKIE] || cookies[REFRESH_TOKEN_COOKIE]) return null;
    if (url.pathname.endsWith(".data") || url.pathname.startsWith("/__manifest")) return null;
    // Previews show unpublished drafts to editors; they are never shared.
    if (/(^|\/)preview(\/|$)/.test(url.pathname)) return null;
    const detected = url.pathname === "/" ? localeFromAcceptLanguage(request.headers["accept-language"]) : "";
    const channel = request.headers["x-channel-type"] ?? "";
    // Content pages render the small variant first for a phone's browser (ADR 0143).
    const hint = request.headers["sec-ch-ua-mobile"];
    const phone = isPhoneBrowser(request.headers["user-agent"], Array.isArray(hint) ? hint[0] : hint);
    return [
      // One entry per origin: a page rendered for one host is never served to another (ADR 0186).
      url.origin + url.pathname + url.search,
      cookies[CURRENCY_COOKIE] ?? "",
      cookies[LOCALE_COOKIE] ?? "",
      detected,
      channel,
      phone ? "phone" : "",
    ].join("|");
  }

  get(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > this.#ttlMs) {
      this.#entries.delete(key);
      return null;
    }
    return {
      headers: entry.headers,
      replaceNonce: (nonce: string) => {
        const value = Buffer.from(nonce);
        const chunks: Buffer[] = [];
        for (const part of entry.parts) {
          if (chunks.length > 0) chunks.push(value);
          chunks.push(part);
        }
        const length = entry.bytes + value.length * (entry.parts.length - 1);
        return { html: Buffer.concat(chunks, length), headers: entry.headers };
      },
      gzipWithNonce: (nonce: string) => ({
        gzip: gzipJoin(entry, Buffer.from(nonce)),
        headers: entry.headers,
      }),
    };
  }

  set(key: string, html: string, nonce: string, headers: Headers) {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const kept = new Headers();
    for (const name of CACHED_HEADERS) {
      const value = headers.get(name);
      if (value) kept.set(name, value);
    }
    const parts = html.split(nonce).map((part) => Buffer.from(part));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    const deflated = parts.map((part) =>
      deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
    );
    this.#entries.set(key, { parts, deflated, bytes, headers: kept, storedAt: Date.now() });
  }

  clear() {
    this.#entries.clear();
  }
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
function gzipJoin(entry: Entry, nonce: Buffer): Buffer {
  const stored = Buffer.alloc(5 + nonce.length);
  stored[0] = 0x00; // not final, stored
  stored.writeUInt16LE(nonce.length, 1);
  stored.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(stored, 5);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  entry.parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(stored);
      crc = crc32(nonce, crc);
    }
    chunks.push(entry.deflated[index] as Buffer);
    // zlib.crc32 of an empty slice of Buffer's shared pool can answer 0 instead of the running value.
    if (part.length > 0) crc = crc32(part, crc);
  });
  chunks.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((entry.bytes + nonce.length * (entry.parts.length - 1)) >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
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
