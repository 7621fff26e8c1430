import { describe, expect, it } from "vitest";
import { isArtName, renderArt } from "./media-art.ts";

describe("generated seed art", () => {
  it("is deterministic, titled, and coloured by its name", () => {
    expect(renderArt("dest", "JP")).toBe(renderArt("dest", "JP"));
    expect(renderArt("dest", "JP")).toContain('<title id="t">Japan</title>');
    expect(renderArt("dest", "KR")).not.toBe(renderArt("dest", "JP"));
    expect(renderArt("banner", "summer-japan")).toContain("summer japan");
  });

  it("accepts only plain names, so nothing reaches the SVG unescaped", () => {
    expect(isArtName("hero-japan")).toBe(true);
    expect(isArtName("<script>")).toBe(false);
    expect(isArtName("../x")).toBe(false);
    expect(isArtName("")).toBe(false);
  });
});
