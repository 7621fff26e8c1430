import { describe, expect, it } from "vitest";
import { HOME_TAB_SIZE } from "../../../core/constants.ts";
import { pageSizeOf, TAB_PAGE_SIZE } from "./product-source.ts";

describe("a tab list's page size (spec 9: tab product page size 10, home tab size 60)", () => {
  it("takes the block's size up to the home tab size, else 10", () => {
    expect(HOME_TAB_SIZE).toBe(60);
    expect(pageSizeOf({})).toBe(TAB_PAGE_SIZE);
    expect(pageSizeOf({ size: 24 })).toBe(24);
    expect(pageSizeOf({ size: 60 })).toBe(60);
    expect(pageSizeOf({ size: 61 })).toBe(TAB_PAGE_SIZE);
    expect(pageSizeOf({ size: 0 })).toBe(TAB_PAGE_SIZE);
  });
});
