import { describe, expect, it } from "vitest";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { variantForWidth } from "../../../db/schema/content-document.ts";
import { assumedWidth, optionsOf, pickVariant, splitByPosition } from "./variant.ts";

const component = (componentId: string, positionCode: string, options = "{}"): PageComponent => ({
  componentId,
  componentCode: "Text",
  componentName: componentId,
  positionCode,
  style: {},
  data: {},
  options,
});

const document: ContentDocument = {
  formatVersion: 1,
  pageCode: "home",
  pageType: "HOME",
  lang: "en_US",
  title: "Home",
  variants: [
    { variantId: "small", minWidth: 0, maxWidth: 719, layout: "normal", components: [] },
    { variantId: "wide", minWidth: 720, maxWidth: 1439, layout: "leftWide", components: [] },
    { variantId: "huge", minWidth: 1600, maxWidth: null, layout: "rightWide", components: [] },
  ],
};

describe("pickVariant (spec 2)", () => {
  it("takes the variant whose range holds the width, bounds inclusive", () => {
    expect(pickVariant(document, 0).variantId).toBe("small");
    expect(pickVariant(document, 719).variantId).toBe("small");
    expect(pickVariant(document, 720).variantId).toBe("wide");
    expect(pickVariant(document, 1439).variantId).toBe("wide");
    expect(pickVariant(document, 2000).variantId).toBe("huge");
  });

  it("falls back to the last variant when none matches, like the schema's own rule", () => {
    expect(pickVariant(document, 1500).variantId).toBe("huge");
    for (const width of [0, 500, 719, 720, 1500, 1600, 5000]) {
      expect(pickVariant(document, width)).toBe(variantForWidth(document, width));
    }
  });
});

describe("splitByPosition", () => {
  it("puts position codes starting 1 left and 2 right, keeping order", () => {
    const { left, right } = splitByPosition([
      component("a", "11"),
      component("b", "21"),
      component("c", "12"),
      component("d", "2"),
    ]);
    expect(left.map((c) => c.componentId)).toEqual(["a", "c"]);
    expect(right.map((c) => c.componentId)).toEqual(["b", "d"]);
  });
});

describe("assumedWidth and optionsOf", () => {
  it("assumes a desktop for PC and a phone otherwise", () => {
    expect(assumedWidth("PC")).toBeGreaterThanOrEqual(720);
    expect(assumedWidth("H5")).toBeLessThan(720);
  });

  it("reads the options JSON string, ignoring anything unreadable", () => {
    expect(optionsOf(component("a", "1", '{"interval":3000}'))).toEqual({ interval: 3000 });
    expect(optionsOf(component("a", "1", "not json"))).toEqual({});
    expect(optionsOf(component("a", "1", "[1]"))).toEqual({});
  });
});
