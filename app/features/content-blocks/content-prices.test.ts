import { describe, expect, it } from "vitest";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import { priceTokensIn, withPriceTexts } from "./content-prices.ts";

const document = (text: string): ContentDocument => ({
  formatVersion: 1,
  pageCode: "home",
  pageType: "HOME",
  lang: "en_US",
  title: "Home",
  variants: [
    {
      variantId: "v1",
      minWidth: 0,
      maxWidth: null,
      layout: "normal",
      components: [
        {
          componentId: "t1",
          componentCode: "Text",
          componentName: "",
          positionCode: "1",
          options: "{}",
          style: {},
          data: { text },
        },
      ],
    },
  ],
});

describe("the canvas's price texts (ADR 0394)", () => {
  it("finds each token once", () => {
    expect(priceTokensIn('"{from:JP} and {from:JP}, {price:JP-1GB-7D}"')).toEqual([
      "{from:JP}",
      "{price:JP-1GB-7D}",
    ]);
  });

  it("writes the shopper's text for each priced token, empty for an unknown code, and keeps a token typed since", () => {
    const priced = withPriceTexts(document("Japan from {from:JP}; {from:XX}; Korea from {from:KR}"), {
      "{from:JP}": "HK$43.00",
      "{from:XX}": "",
    });
    const text = priced.variants[0]!.components[0]!.data.text;
    expect(text).toBe("Japan from HK$43.00; ; Korea from {from:KR}");
  });

  it("gives a document without tokens back as it is", () => {
    const plain = document("No prices here");
    expect(withPriceTexts(plain, { "{from:JP}": "HK$43.00" })).toBe(plain);
  });
});
