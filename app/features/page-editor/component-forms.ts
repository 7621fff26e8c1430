import { z } from "zod";
import type { ConsoleMessageKey } from "../../../core/i18n/console/index.ts";
import { BLOCK_CODES, CONTAINER_CODES, type PageComponent } from "../../../db/schema/content-document.ts";

/*
 * The settings form of each component is generated from a zod schema of its `data` (issue 17): strings become text
 * fields (html a text area), numbers number fields, string lists comma-separated fields. Fields a schema does not
 * name stay editable as JSON. The keys are the ones the storefront's blocks read (ADR 0011).
 */
const text = z.string().optional();
const count = z.number().int().min(0).max(100).optional();
const codes = z.array(z.string()).optional();

export const COMPONENT_DATA_SCHEMAS: Partial<Record<string, z.ZodObject>> = {
  Banner: z.object({ imageUrl: text, alt: text, title: text, subTitle: text }),
  Image: z.object({ imageUrl: text, alt: text }),
  HotArea: z.object({ imageUrl: text }),
  Button: z.object({ text }),
  Text: z.object({ text, lines: count }),
  RichText: z.object({ html: text }),
  CustomHtml: z.object({ html: text }),
  SingleImageCard: z.object({ imageUrl: text, title: text, description: text }),
  Grid: z.object({ columns: count, gap: count }),
  Rows: z.object({ gap: count }),
  FixedSize: z.object({ width: count, height: count }),
  PlpSearchBarPlaceholder: z.object({ placeholder: text }),
  ProductListPlaceholder: z.object({ size: count }),
  ProductList: z.object({ title: text, recommendCode: text, size: count }),
  Recommend: z.object({ title: text, recommendCode: text, size: count }),
  NoteList: z.object({ title: text }),
  LiveList: z.object({ title: text }),
  ReceiveCoupon: z.object({ title: text, couponCodes: codes, promoCodes: codes }),
  CustomTitle: z.object({ title: text, subTitle: text }),
};

/** "image": a picture from the media library (`app/features/media/MediaPicker.tsx`, ADR 0274). */
export type FieldKind = "text" | "html" | "number" | "list" | "image";

/** The data keys that hold an image URL, edited with the media picker. */
const IMAGE_KEYS = new Set(["imageUrl"]);

/** The form fields of a component's schema, in order. */
export function formFields(code: string): { key: string; kind: FieldKind }[] {
  const schema = COMPONENT_DATA_SCHEMAS[code];
  if (!schema) return [];
  return Object.entries(schema.shape).map(([key, field]) => {
    const inner = (field as z.ZodOptional<z.ZodType>).unwrap?.() ?? field;
    const kind: FieldKind =
      inner instanceof z.ZodNumber
        ? "number"
        : inner instanceof z.ZodArray
          ? "list"
          : key === "html"
            ? "html"
            : IMAGE_KEYS.has(key)
              ? "image"
              : "text";
    return { key, kind };
  });
}

export function fieldLabel(key: string): ConsoleMessageKey {
  return `console.editor.field.${key}` as ConsoleMessageKey;
}

/** Every block and container the storefront renders, as the add menu offers them. */
export const ADDABLE_CODES = [...BLOCK_CODES, ...CONTAINER_CODES] as readonly string[];

/** A new component of a code with empty data. */
export function blankComponent(code: string, componentId: string): PageComponent {
  return {
    componentId,
    componentCode: code,
    componentName: code,
    positionCode: "10",
    style: {},
    data: code === "HotArea" ? { imageUrl: "", areas: [] } : {},
    options: "{}",
  };
}
