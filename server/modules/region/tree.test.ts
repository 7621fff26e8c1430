import { describe, expect, it } from "vitest";
import { buildRegionTree, type RegionRow } from "./tree.ts";

const row = (
  regionCode: string,
  parentRegionCode: string | null,
  level: number,
  sortOrder = 0,
): RegionRow => ({
  regionCode,
  regionName: `name-${regionCode}`,
  parentRegionCode,
  level,
  sortOrder,
});

describe("buildRegionTree (spec 5: regions without children below level 3 are dropped)", () => {
  it("nests region → city → district with the spec's field names", () => {
    const tree = buildRegionTree([row("GD", null, 1), row("GZ", "GD", 2), row("TH", "GZ", 3)]);
    expect(tree).toEqual([
      {
        regionCode: "GD",
        regionName: "name-GD",
        parentRegionCode: null,
        child: [
          {
            regionCode: "GZ",
            regionName: "name-GZ",
            parentRegionCode: "GD",
            child: [{ regionCode: "TH", regionName: "name-TH", parentRegionCode: "GZ", child: [] }],
          },
        ],
      },
    ]);
  });

  it("drops a level-1 region whose branch stops before level 3", () => {
    const tree = buildRegionTree([
      row("MO", null, 1),
      row("TAIPA", "MO", 2),
      row("HK", null, 1),
      row("KLN", "HK", 2),
      row("YTM", "KLN", 3),
    ]);
    expect(tree.map((n) => n.regionCode)).toEqual(["HK"]);
  });

  it("drops a city without districts but keeps its region when a sibling city has districts", () => {
    const tree = buildRegionTree([
      row("GD", null, 1),
      row("DG", "GD", 2, 1),
      row("SZ", "GD", 2, 0),
      row("FT", "SZ", 3),
    ]);
    expect(tree[0]!.child.map((n) => n.regionCode)).toEqual(["SZ"]);
  });

  it("drops a region with no children at all, and keeps sort order", () => {
    const tree = buildRegionTree([
      row("B", null, 1, 1),
      row("A", null, 1, 0),
      row("EMPTY", null, 1, 2),
      row("B2", "B", 2),
      row("B3", "B2", 3),
      row("A2", "A", 2),
      row("A3", "A2", 3),
    ]);
    expect(tree.map((n) => n.regionCode)).toEqual(["A", "B"]);
  });

  it("gives an empty tree for no rows", () => {
    expect(buildRegionTree([])).toEqual([]);
  });
});
