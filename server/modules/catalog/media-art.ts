import { ART_KINDS, type ArtKind } from "../../../db/seed/art-urls.ts";

// Deterministic generated SVG art for seeded images (ADR 0013): the same URL always gives the same picture, so
// it can be cached for a year, and nothing is fetched from outside.

const SIZES: Record<ArtKind, [number, number]> = {
  dest: [800, 500],
  thumb: [120, 80],
  banner: [1200, 400],
  continent: [600, 300],
  note: [640, 360],
  live: [480, 640],
  icon: [96, 96],
  category: [400, 300],
  card: [480, 320],
};

const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export function isArtKind(value: string): value is ArtKind {
  return (ART_KINDS as readonly string[]).includes(value);
}

export function isArtName(value: string): boolean {
  return NAME_PATTERN.test(value);
}

function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A readable caption: a country's English name for an ISO code, else the name with dashes as spaces. */
function caption(kind: ArtKind, name: string): string {
  const iso = name.replace(/-thumb$/, "");
  if ((kind === "dest" || kind === "thumb") && /^[A-Z]{2}$/.test(iso)) {
    try {
      return regionNames.of(iso) ?? iso;
    } catch {
      return iso;
    }
  }
  return name.replace(/[-_]+/g, " ");
}

export function renderArt(kind: ArtKind, name: string): string {
  const [width, height] = SIZES[kind];
  const h = hue(name);
  const title = escapeXml(caption(kind, name));
  const small = Math.min(width, height);
  const codeText = escapeXml(kind === "thumb" || kind === "icon" ? name.slice(0, 3) : name);
  const fontSize = Math.round(small / (kind === "thumb" || kind === "icon" ? 3 : 6));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="t">`,
    `<title id="t">${title}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 55%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 70% 35%)"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${Math.round(width * 0.8)}" cy="${Math.round(height * 0.25)}" r="${Math.round(small * 0.35)}" fill="hsl(${(h + 180) % 360} 80% 70%)" opacity="0.35"/>`,
    `<text x="50%" y="50%" text-anchor="middle" dominant-baseline="central" font-family="system-ui,sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${kind === "thumb" || kind === "icon" ? codeText : title}</text>`,
    "</svg>",
  ].join("");
}
