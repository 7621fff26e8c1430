import { ADDRESS_PICKER_LEVELS } from "../../../core/constants.ts";

/** spec 3 Region: one node of the address tree as the picker reads it. */
export interface RegionNode {
  regionCode: string;
  regionName: string;
  parentRegionCode: string | null;
  child: RegionNode[];
}

export interface RegionRow {
  regionCode: string;
  regionName: string;
  parentRegionCode: string | null;
  level: number;
  sortOrder: number;
}

/** spec 2 / 5: the picker's levels are region, city, district. */
export const ADDRESS_LEVELS = ADDRESS_PICKER_LEVELS.length;

/**
 * Builds the address tree from flat rows (in sort order), then applies spec 5: regions without children below
 * level 3 are dropped, so a city with no district, and a region left with no city, never reach the picker.
 * Rows whose parent is missing are left out.
 */
export function buildRegionTree(rows: RegionRow[], depth = ADDRESS_LEVELS): RegionNode[] {
  const sorted = [...rows].sort(
    (a, b) => a.sortOrder - b.sortOrder || a.regionCode.localeCompare(b.regionCode),
  );
  const childrenOf = new Map<string | null, RegionRow[]>();
  for (const row of sorted) {
    const key = row.parentRegionCode;
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), row]);
  }
  const grow = (parent: string | null, level: number): RegionNode[] =>
    (childrenOf.get(parent) ?? []).flatMap((row) => {
      const node: RegionNode = {
        regionCode: row.regionCode,
        regionName: row.regionName,
        parentRegionCode: row.parentRegionCode,
        child: level < depth ? grow(row.regionCode, level + 1) : [],
      };
      // A node above the last level must keep at least one child to stay in the tree.
      return level < depth && node.child.length === 0 ? [] : [node];
    });
  return grow(null, 1);
}
