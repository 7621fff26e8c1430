import { describe, expect, it } from "vitest";
import { MAX_LIST_PAGE, nextPage, shownPage, throughPage } from "./list-pages.ts";

const at = (search: string) => new URL(`http://shop.test/ucenter/eSIM${search}`);

describe("list pages in the address (ADR 0152)", () => {
  it("reads ?page=N as the last page shown, anything else as the first", () => {
    expect(shownPage(at(""))).toBe(0);
    expect(shownPage(at("?page="))).toBe(0);
    expect(shownPage(at("?page=3"))).toBe(3);
    expect(shownPage(at("?page=12"))).toBe(12);
    expect(shownPage(at("?page=-2"))).toBe(0);
    expect(shownPage(at("?page=1.5"))).toBe(0);
    expect(shownPage(at("?page=abc"))).toBe(0);
    expect(shownPage(at("?page=99999999"))).toBe(MAX_LIST_PAGE);
  });

  it("asks for pages 0..N as one query from the top", () => {
    expect(throughPage(0)).toEqual({ page: 0, size: 20 });
    expect(throughPage(10)).toEqual({ page: 0, size: 220 });
    expect(throughPage(2, 7)).toEqual({ page: 0, size: 21 });
  });

  it("asks next for the page after the rows on screen", () => {
    expect(nextPage(20)).toBe(1);
    expect(nextPage(200)).toBe(10);
    expect(nextPage(220)).toBe(11);
    expect(nextPage(14, 7)).toBe(2);
  });
});
