import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import {
  CURRENCY_COOKIE,
  DEFAULT_CHANNEL,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  DEFAULT_SITE_CODE,
  isLocale,
  type Locale,
} from "../../core/constants.ts";

const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const CHANNEL_PATTERN = /^[A-Z_]{2,16}$/;
const SITE_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** spec 7: language from x-lang, currency from x-currency (or the currency query/cookie), channel, site. */
export function apiLocale(request: FastifyRequest): Locale {
  const lang = header(request, "x-lang")?.replace("-", "_");
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

export function requestCurrency(request: FastifyRequest, query?: URLSearchParams): string {
  const candidates = [
    query?.get("currency"),
    header(request, "x-currency"),
    request.cookies?.[CURRENCY_COOKIE],
  ];
  for (const candidate of candidates) {
    const upper = candidate?.toUpperCase();
    if (upper && CURRENCY_PATTERN.test(upper)) return upper;
  }
  return DEFAULT_CURRENCY;
}

export function requestChannel(request: FastifyRequest): string {
  const value = header(request, "x-channel-type")?.toUpperCase();
  return value && CHANNEL_PATTERN.test(value) ? value : DEFAULT_CHANNEL;
}

export function requestSiteCode(request: FastifyRequest): string {
  const value = header(request, "x-site-code") ?? header(request, "x-online-shop");
  return value && SITE_PATTERN.test(value) ? value : DEFAULT_SITE_CODE;
}

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function requestIdFor(request: FastifyRequest): string {
  const incoming = header(request, "x-request-id");
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}
