import type { Locale } from "../../../core/constants.ts";

/** spec 3: Continent, as GET /o2md/v1/cmi-country-continent/pub/list returns it. */
export interface Continent {
  continentId: string | number;
  continentName: string;
  continentImgUrl?: string | null;
  continentThumbnailUrl?: string | null;
  /** 1 means the continent is also sold as an area (region) plan. */
  showFlag?: number | string | null;
  cmiCountryList?: { countryId: string | number; countryName: string; countryThumbnailUrl?: string | null }[];
}

export const CONTINENTS_PATH = "/o2md/v1/cmi-country-continent/pub/list";

export type ContinentsResult =
  | { ok: true; continents: Continent[] }
  | { ok: false; network: boolean; message?: string };

function listFrom(body: unknown): Continent[] | null {
  if (Array.isArray(body)) return body as Continent[];
  if (body && typeof body === "object") {
    for (const key of ["data", "content", "continents"]) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as Continent[];
    }
  }
  return null;
}

const cache = new Map<Locale, Continent[]>();

/**
 * Loads the continents lazily, the first time the categories popup opens, in the page's language (x-lang).
 * A success is kept for the page's life; failures are not, so the next opening tries again.
 */
export async function loadContinents(
  locale: Locale,
  headers: { currency: string; channel: string },
): Promise<ContinentsResult> {
  const hit = cache.get(locale);
  if (hit) return { ok: true, continents: hit };
  let response: Response;
  try {
    response = await fetch(CONTINENTS_PATH, {
      headers: {
        accept: "application/json",
        "x-lang": locale,
        "x-currency": headers.currency,
        "x-channel-type": headers.channel,
      },
    });
  } catch {
    return { ok: false, network: true };
  }
  const body: unknown = await response.json().catch(() => null);
  const failed = !response.ok || (body as { failed?: boolean } | null)?.failed === true;
  const message = (body as { message?: unknown } | null)?.message;
  const continents = failed ? null : listFrom(body);
  if (!continents)
    return { ok: false, network: false, message: typeof message === "string" ? message : undefined };
  cache.set(locale, continents);
  return { ok: true, continents };
}
