import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import {
  COMPONENT_DATA_SCHEMAS,
  formFields,
  hasDataSchema,
  parseComponentData,
  parseDocumentData,
} from "../../../core/content/components.ts";
import consolePages from "../../../core/i18n/console/pages.ts";
import { type PageComponent, walkComponents } from "../../../db/schema/content-document.ts";
import { seedContentPages } from "../../../db/seed/content-pages.ts";
import { ComponentView, RENDERERS } from "./ComponentView.tsx";
import { ContentPageProvider } from "./page-context.tsx";

// ADR 0276: one schema per component's data, read by the renderer, the server's save and the editor's form.
describe("the component data contract", () => {
  it("has a schema for every component code the renderer registers, and none for a code it does not", () => {
    expect(Object.keys(RENDERERS).filter((code) => !hasDataSchema(code))).toEqual([]);
    expect(Object.keys(COMPONENT_DATA_SCHEMAS).filter((code) => !Object.hasOwn(RENDERERS, code))).toEqual([]);
  });

  it("parses the data of every component of every seeded page", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const document of seedContentPages())
      for (const variant of document.variants)
        for (const component of walkComponents(variant.components)) {
          checked += 1;
          if (!parseComponentData(component.componentCode, component.data))
            failures.push(`${document.lang}/${document.pageCode}/${component.componentId}`);
        }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it("fills in the renderer's defaults and keeps keys it does not name", () => {
    expect(parseComponentData("Grid", { note: "x" })).toEqual({ columns: 2, gap: 12, note: "x" });
    expect(parseComponentData("Grid", { columns: "two" })).toBeNull();
    expect(parseComponentData("Button", { variant: "loud" })).toBeNull();
    expect(parseComponentData("Marquee", {})).toBeNull();
  });

  it("gives every form field a label in both console languages", () => {
    const keys = new Set(
      Object.keys(COMPONENT_DATA_SCHEMAS).flatMap((code) => formFields(code).map((field) => field.key)),
    );
    const options = new Set(
      Object.keys(COMPONENT_DATA_SCHEMAS).flatMap((code) => formFields(code).flatMap((f) => f.options ?? [])),
    );
    for (const messages of [consolePages.en_US, consolePages.zh_CN] as Record<string, string>[]) {
      expect([...keys].filter((key) => !messages[`console.editor.field.${key}`])).toEqual([]);
      expect([...options, "unset"].filter((value) => !messages[`console.editor.option.${value}`])).toEqual(
        [],
      );
    }
    expect(formFields("Recommend")).toContainEqual({
      key: "direction",
      kind: "select",
      options: ["horizontal", "vertical"],
    });
    expect(formFields("Tabs")).toEqual([{ key: "sticky", kind: "boolean" }]);
  });

  it("leaves out a block whose data does not fit where the document is parsed, and renders the one that fits", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const text = (componentId: string, data: Record<string, unknown>): PageComponent => ({
      componentId,
      componentCode: "Text",
      componentName: componentId,
      positionCode: "10",
      style: {},
      data,
      options: "{}",
    });
    const parsed = parseDocumentData({
      formatVersion: 1,
      pageCode: "p",
      pageType: "LANDING",
      lang: "en_US",
      title: "p",
      variants: [
        {
          variantId: "v",
          minWidth: 0,
          maxWidth: null,
          layout: "normal",
          components: [text("bad", { text: ["not", "text"] }), text("good", { text: "Hello" })],
        },
      ],
    });
    const components = parsed.variants[0]!.components;
    expect(components.map((c) => c.componentId)).toEqual(["good"]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"bad"'));
    const html = renderToString(
      createElement(
        ContentPageProvider,
        { value: { blocks: Promise.resolve({}), preview: false, eagerIds: new Set<string>() } },
        createElement(ComponentView, { component: components[0]! }),
      ),
    );
    expect(html).toContain("Hello");
    warn.mockRestore();
  });
});
