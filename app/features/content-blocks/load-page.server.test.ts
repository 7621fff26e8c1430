import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../../core/deep-freeze.ts";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { onlyVariant } from "./load-page.server.ts";

const text = (componentId: string): PageComponent => ({
  componentId,
  componentCode: "Text",
  componentName: componentId,
  positionCode: "main",
  style: {},
  data: {},
  options: "{}",
});

const document = (): ContentDocument => ({
  formatVersion: 1,
  pageCode: "home",
  pageType: "HOME",
  lang: "en_US",
  title: "Home",
  variants: [
    { variantId: "small", minWidth: 0, maxWidth: 719, layout: "normal", components: [text("s1")] },
    {
      variantId: "wide",
      minWidth: 720,
      maxWidth: null,
      layout: "leftWide",
      components: [text("w1"), text("w2")],
    },
  ],
});

describe("onlyVariant (ADR 0285)", () => {
  it("keeps one variant's components and the others' bounds and layout", () => {
    const sent = onlyVariant(document(), "wide");
    expect(
      sent.variants.map((v) => [v.variantId, v.minWidth, v.maxWidth, v.layout, v.components.length]),
    ).toEqual([
      ["small", 0, 719, "normal", 0],
      ["wide", 720, null, "leftWide", 2],
    ]);
  });

  it("makes a shared-cache (frozen) document's variant once, frozen, so what is kept per document applies", () => {
    const shared = deepFreeze(document());
    const first = onlyVariant(shared, "small");
    expect(onlyVariant(shared, "small")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(onlyVariant(shared, "wide")).not.toBe(first);
  });

  it("makes a fresh copy of a document that may still change (a preview)", () => {
    const draft = document();
    expect(onlyVariant(draft, "small")).not.toBe(onlyVariant(draft, "small"));
  });
});
