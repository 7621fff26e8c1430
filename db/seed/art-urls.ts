/**
 * Seed images are generated SVG art served by our own app (GET /media/{kind}/{name}.svg, ADR 0013), so nothing
 * is downloaded at run time and every image resolves offline.
 */
export const ART_KINDS = [
  "dest",
  "thumb",
  "banner",
  "continent",
  "note",
  "live",
  "icon",
  "category",
  "card",
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export function artUrl(kind: ArtKind, name: string): string {
  return `/media/${kind}/${encodeURIComponent(name)}.svg`;
}
