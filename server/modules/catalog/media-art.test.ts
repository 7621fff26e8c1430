import { describe, expect, it } from "vitest";
import { ART_KINDS } from "../../../db/seed/art-urls.ts";
import { flagSvg, isArtName, renderArt } from "./media-art.ts";

// Names the seed uses for its pictures (issue 12: they showed their own file names, "cou"/"reg"/"glo" icons and
// "JP"/"KR" badges instead of flags).
const SEEDED = [
  ["banner", "hero-japan"],
  ["banner", "map-asia"],
  ["banner", "video-poster"],
  ["card", "install-guide"],
  ["card", "tokyo"],
  ["dest", "JP"],
  ["dest", "Hong-Kong"],
  ["continent", "AS"],
  ["live", "LIVE-JAPAN-AUTUMN"],
  ["note", "NOTE-ESIM-101"],
  ["category", "ISLANDS"],
  ["icon", "country"],
  ["icon", "region"],
  ["icon", "global"],
  ["thumb", "JP"],
  ["thumb", "KR"],
  ["thumb", "ASIA"],
] as const;

describe("generated seed art", () => {
  it("is deterministic and differs from place to place", () => {
    expect(renderArt("dest", "JP")).toBe(renderArt("dest", "JP"));
    expect(renderArt("dest", "KR")).not.toBe(renderArt("dest", "JP"));
  });

  it("never writes text into a picture, so no file name, code or clipped country name shows", () => {
    for (const [kind, name] of SEEDED) {
      const svg = renderArt(kind, name);
      expect(svg, `${kind}/${name}`).not.toMatch(/<text|<title/);
      // No run of visible characters between tags: a picture is shapes only.
      expect(svg.replace(/<[^>]*>/g, "").trim(), `${kind}/${name}`).toBe("");
    }
  });

  it("shows a country's thumbnail as its flag from the flag library", () => {
    const japan = renderArt("thumb", "JP");
    expect(japan).toBe(flagSvg("JP"));
    expect(japan).toContain('fill="#D80027"');
    expect(renderArt("thumb", "KR")).not.toBe(japan);
    expect(renderArt("thumb", "EU")).toBe(flagSvg("EU"));
  });

  it("draws shortcut icons from the icon set, on a tile", () => {
    const country = renderArt("icon", "country");
    expect(country).toContain("lucide");
    expect(country).not.toBe(renderArt("icon", "region"));
    expect(renderArt("icon", "global")).toMatch(/<path d="[^"]+"/);
  });

  it("keeps each kind's declared size", () => {
    for (const kind of ART_KINDS)
      expect(renderArt(kind, "JP")).toMatch(/^<svg [^>]*width="\d+" height="\d+"/);
  });

  it("accepts only plain names, so nothing reaches the SVG unescaped", () => {
    expect(isArtName("hero-japan")).toBe(true);
    expect(isArtName("<script>")).toBe(false);
    expect(isArtName("../x")).toBe(false);
    expect(isArtName("")).toBe(false);
  });
});
