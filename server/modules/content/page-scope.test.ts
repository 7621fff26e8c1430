import { describe, expect, it } from "vitest";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { differences, insertBlock, withScope } from "./page-scope.ts";

// Issue 31 items 1 and 3: where an inserted block lands in each range, and what publishing warns about.
const block = (id: string, code = "Text", children?: PageComponent[]): PageComponent => ({
  componentId: id,
  componentCode: code,
  componentName: id,
  positionCode: "10",
  style: {},
  data: {},
  options: "{}",
  ...(children ? { childrenData: children } : {}),
});

const doc = (lang: string, ranges: PageComponent[][]): ContentDocument => ({
  formatVersion: 1,
  pageCode: "p",
  pageType: "LANDING",
  lang,
  title: "p",
  variants: ranges.map((components, i) => ({
    variantId: `r${i}`,
    minWidth: i * 720,
    maxWidth: i === ranges.length - 1 ? null : i * 720 + 719,
    layout: "normal",
    components,
  })),
});

describe("insertBlock", () => {
  const fresh = block("new");
  it("goes before, after or inside the anchor, or at the same position where the range lacks it", () => {
    const list = [block("a"), block("box", "Column", [block("c")]), block("d")];
    const ids = (l: PageComponent[]) => l.map((c) => c.componentId);
    expect(ids(insertBlock(list, fresh, { where: "after", anchorId: "a" }, 1))).toEqual([
      "a",
      "new",
      "box",
      "d",
    ]);
    expect(ids(insertBlock(list, fresh, { where: "before", anchorId: "d" }, 2))).toEqual([
      "a",
      "box",
      "new",
      "d",
    ]);
    const inside = insertBlock(list, fresh, { where: "inside", anchorId: "box" }, 0);
    expect(ids(inside[1]!.childrenData!)).toEqual(["c", "new"]);
    // Another range's blocks have other ids: position 2 there too.
    expect(ids(insertBlock([block("x"), block("y")], fresh, { where: "after", anchorId: "a" }, 1))).toEqual([
      "x",
      "new",
      "y",
    ]);
    expect(ids(insertBlock(list, fresh, { where: "end" }, 0)).at(-1)).toBe("new");
  });
});

describe("differences", () => {
  it("names the ranges and languages a new block is missing from, unless its scope left them out", () => {
    const published = doc("en_US", [[block("a")], [block("a")]]);
    const draft = doc("en_US", [[block("a"), block("b")], [block("a")]]);
    const zh = doc("zh_CN", [[block("a")], [block("a")]]);
    expect(differences(draft, published, [zh])).toEqual([
      { componentId: "b", componentName: "b", missingRanges: ["720–∞ px"], missingLanguages: ["zh_CN"] },
    ]);
    const meant = doc("en_US", [
      [block("a"), withScope(block("b"), { widths: "one", languages: ["en_US"] })],
      [block("a")],
    ]);
    expect(differences(meant, published, [zh])).toEqual([]);
  });

  it("says nothing about a page never published, except blocks added in the editor", () => {
    const copy = doc("en_US", [[block("m1")], [block("d1")]]);
    expect(differences(copy, null, [])).toEqual([]);
    const added = doc("en_US", [
      [block("m1"), withScope(block("b"), { widths: "every", languages: ["en_US"] })],
      [block("d1")],
    ]);
    expect(differences(added, null, [])).toEqual([
      { componentId: "b", componentName: "b", missingRanges: ["720–∞ px"], missingLanguages: [] },
    ]);
  });
});
