import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { COMPONENT_CODES } from "../../../db/schema/content-document.ts";
import { chunk } from "./blocks/Sliding.tsx";
import { ComponentView, RENDERERS } from "./ComponentView.tsx";
import { discountTenths } from "./coupon-value.ts";
import { hasMarketingCode } from "./marketing-codes.ts";
import { ContentPageProvider } from "./page-context.tsx";

describe("the block registry", () => {
  it("renders every component code of the document format", () => {
    expect(COMPONENT_CODES.filter((code) => !Object.hasOwn(RENDERERS, code))).toEqual([]);
  });

  it("renders nothing for an unknown component code (spec 8: console only)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unknown = createElement(ComponentView, {
      component: {
        componentId: "x",
        componentCode: "Marquee",
        componentName: "x",
        positionCode: "10",
        style: {},
        data: {},
        options: "{}",
      },
    });
    const html = renderToString(
      createElement(
        ContentPageProvider,
        { value: { blocks: Promise.resolve({}), preview: false, eagerIds: new Set<string>() } },
        unknown,
      ),
    );
    expect(html).toBe("");
    warn.mockRestore();
  });
});

describe("discountTenths (spec 5: value × 10 折)", () => {
  it("works on exact decimals", () => {
    expect(discountTenths("0.900")).toEqual({ zhe: "9", percentOff: "10" });
    expect(discountTenths("0.850")).toEqual({ zhe: "8.5", percentOff: "15" });
    expect(discountTenths("0.875")).toEqual({ zhe: "8.75", percentOff: "12.5" });
    expect(discountTenths("1")).toBeNull();
    expect(discountTenths("abc")).toBeNull();
  });
});

describe("hasMarketingCode (spec 4 custom title)", () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it("reads the stored parameter object's marketingCodes", () => {
    expect(hasMarketingCode("A", storage('{"marketingCodes":["A","B"]}'))).toBe(true);
    expect(hasMarketingCode("C", storage('{"marketingCodes":["A"]}'))).toBe(false);
    expect(hasMarketingCode("A", storage(null))).toBe(false);
    expect(hasMarketingCode("A", storage("{broken"))).toBe(false);
    expect(hasMarketingCode("", storage('{"marketingCodes":[""]}'))).toBe(false);
  });
});

describe("chunk (spec 9: sliding pages of 5)", () => {
  it("cuts a list into pages", () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
  });
});
