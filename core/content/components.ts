import * as z from "zod/mini";
import type { ContentDocument, PageComponent } from "./document.ts";

/*
 * The contract of each component's `data` (issue 17, ADR 0276): one zod schema per component code, read by the
 * storefront's renderer (each block gets its data parsed, with defaults; a block whose data does not parse renders
 * nothing), checked by the server when a draft is saved, and turned into the page editor's settings form.
 * zod/mini keeps the storefront's first-load JS small (it tree-shakes to the checks used here).
 *
 * Objects are loose: keys a schema does not name pass through untouched (the editor keeps them editable as JSON),
 * so an older document keeps rendering.
 */

const text = z.optional(z.string());
const flag = z.optional(z.boolean());
const count = z.optional(z.number().check(z.minimum(0)));
const codes = z.optional(z.array(z.string()));
/** A size (px, columns, lines, items) with the renderer's default; the renderer clamps it to what it can show. */
const px = (fallback: number) => z._default(z.number().check(z.minimum(0)), fallback);

/** Where a click goes (spec 2); the code's list is checked with the whole document (ContentDocumentSchema). */
export const ActionData = z.looseObject({
  code: z.string(),
  data: z.optional(z.record(z.string(), z.unknown())),
});
const action = z.optional(ActionData);

/** A hot area as stored (spec 3, percent); its drawing rules are core/hot-areas.ts (ADR 0270). */
const areas = z.optional(z.array(z.unknown()));

const imageItems = z.optional(
  z.array(z.looseObject({ imageUrl: text, alt: text, text, iconUrl: text, action })),
);
const tabList = z.optional(z.array(z.looseObject({ groupCode: text, title: text, subTitle: text })));

export const COMPONENT_DATA_SCHEMAS = {
  // spec 2 blocks
  Carousel: z.looseObject({ items: imageItems }),
  Banner: z.looseObject({ imageUrl: text, alt: text, title: text, subTitle: text }),
  Recommend: z.looseObject({
    title: text,
    recommendCode: text,
    size: count,
    direction: z.optional(z.enum(["horizontal", "vertical"])),
    showNewLabel: flag,
    moreAction: action,
  }),
  Sliding: z.looseObject({ pageSize: z.optional(z.number().check(z.minimum(1))), items: imageItems }),
  Hotspot: z.looseObject({
    tabs: z.optional(z.array(z.looseObject({ title: text, imageUrl: text, areas }))),
  }),
  Multimedia: z.looseObject({ title: text, videoUrl: text, posterUrl: text }),
  ImageTextNav: z.looseObject({ items: imageItems }),
  CustomHtml: z.looseObject({ html: text }),
  // spec 2 editor containers
  Image: z.looseObject({ imageUrl: text, alt: text }),
  Button: z.looseObject({ text, variant: z.optional(z.enum(["primary", "secondary"])) }),
  Column: z.looseObject({ gap: px(16) }),
  Rows: z.looseObject({ gap: px(8) }),
  Grid: z.looseObject({ columns: px(2), gap: px(12) }),
  Sticky: z.looseObject({ offsetTop: px(0) }),
  RichText: z.looseObject({ html: text }),
  RollText: z.looseObject({
    direction: z.optional(z.enum(["horizontal", "vertical"])),
    texts: z.optional(z.array(z.looseObject({ text, action }))),
  }),
  CarouselContainer: z.looseObject({}),
  Tabs: z.looseObject({
    tabs: tabList,
    sticky: flag,
    texts: z.optional(z.record(z.string(), z.string())),
  }),
  VerticalTabs: z.looseObject({ tabs: tabList }),
  FixedSize: z.looseObject({ width: px(320), height: px(180) }),
  Square: z.looseObject({}),
  Text: z.looseObject({ text, lines: px(1) }),
  Video: z.looseObject({ title: text, videoUrl: text, posterUrl: text }),
  HotArea: z.looseObject({ imageUrl: text, areas }),
  PlpSearchBarPlaceholder: z.looseObject({ placeholder: text }),
  ProductListPlaceholder: z.looseObject({ count: px(10) }),
  ProductList: z.looseObject({
    title: text,
    source: z.optional(z.enum(["recommend", "category", "destinationType"])),
    recommendCode: text,
    categoryCode: text,
    destinationType: text,
    size: count,
  }),
  NoteList: z.looseObject({ title: text, noteInfoCodes: codes }),
  LiveList: z.looseObject({ title: text, siteTypeCode: text, size: count }),
  SingleImageCard: z.looseObject({ imageUrl: text, title: text, description: text }),
  MultipleImageCard: z.looseObject({ title: text, items: imageItems }),
  ReceiveCoupon: z.looseObject({ title: text, couponCodes: codes, promoCodes: codes }),
  TitleCarousel: z.looseObject({ titles: z.optional(z.array(z.looseObject({ text, action }))) }),
  CustomTitle: z.looseObject({ title: text, subTitle: text, imageUrl: text, targetCode: text }),
} as const;

export type SchemaComponentCode = keyof typeof COMPONENT_DATA_SCHEMAS;
/** A component's data as the renderer reads it: parsed, with the defaults filled in. */
export type ComponentData<C extends SchemaComponentCode> = z.output<(typeof COMPONENT_DATA_SCHEMAS)[C]>;

export function hasDataSchema(code: string): code is SchemaComponentCode {
  return Object.hasOwn(COMPONENT_DATA_SCHEMAS, code);
}

/**
 * A component's data checked against its code's schema: the parsed data (defaults filled in), or null when it does
 * not fit. Codes without a schema (unknown to the renderer) are null too.
 */
export function parseComponentData(code: string, data: unknown): Record<string, unknown> | null {
  if (!hasDataSchema(code)) return null;
  const result = COMPONENT_DATA_SCHEMAS[code].safeParse(data);
  return result.success ? (result.data as Record<string, unknown>) : null;
}

/** A document whose blocks' data went through their schemas (parseDocumentData): what ContentPage renders. */
export type ParsedDocument = ContentDocument & { dataParsed: true };

/**
 * Every block's data parsed by its code's schema, with the defaults filled in (ADR 0276), where the document is
 * loaded (the server, or the editor's canvas), so zod stays out of the storefront's first-load JS (ADR 0288).
 * A block whose data does not fit is left out with a warning, as the renderer did; a code without a schema stays
 * for the renderer to report as unknown (spec 8).
 */
export function parseDocumentData(document: ContentDocument): ParsedDocument {
  const parseAll = (components: PageComponent[]): PageComponent[] =>
    components.flatMap((component) => {
      if (!hasDataSchema(component.componentCode)) return [component];
      const data = parseComponentData(component.componentCode, component.data);
      if (!data) {
        console.warn(
          `content block: "${component.componentId}" has data that does not fit its schema; skipped`,
        );
        return [];
      }
      const parsed = { ...component, data };
      if (component.childrenData) parsed.childrenData = parseAll(component.childrenData);
      return [parsed];
    });
  return {
    ...document,
    variants: document.variants.map((variant) => ({ ...variant, components: parseAll(variant.components) })),
    dataParsed: true,
  };
}

/** The first key whose value does not fit, for an error message (null when the data fits). */
export function componentDataProblem(code: string, data: unknown): string | null {
  if (!hasDataSchema(code)) return null;
  const result = COMPONENT_DATA_SCHEMAS[code].safeParse(data);
  if (result.success) return null;
  return String(result.error.issues[0]?.path[0] ?? "data");
}

/*
 * The editor's form fields, derived from the schema's shape (ADR 0276). Kinds: a string is a text field (`html`
 * a text area), a number a number field, a list of strings a comma-separated field, an enum a select, a boolean a
 * checkbox. Lists of objects and actions stay in the JSON editor. FIELD_KIND_OVERRIDES names keys whose kind the
 * shape cannot tell: image pickers (the "image" kind of the media store) register here.
 */
export type FieldKind = "text" | "html" | "number" | "list" | "select" | "boolean" | "image";
export interface FormField {
  key: string;
  kind: FieldKind;
  /** select: the choices. */
  options?: readonly string[];
}

export const FIELD_KIND_OVERRIDES: Partial<Record<string, FieldKind>> = { html: "html", imageUrl: "image" };

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  element?: { _zod: { def: Def } };
  entries?: Record<string, string>;
  shape?: Record<string, { _zod: { def: Def } }>;
}

function unwrap(def: Def): Def {
  let current = def;
  while ((current.type === "optional" || current.type === "default") && current.innerType)
    current = current.innerType._zod.def;
  return current;
}

export function formFields(code: string): FormField[] {
  if (!hasDataSchema(code)) return [];
  const shape = (COMPONENT_DATA_SCHEMAS[code]._zod.def as Def).shape ?? {};
  const fields: FormField[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const def = unwrap(schema._zod.def);
    const override = FIELD_KIND_OVERRIDES[key];
    if (override && def.type === "string") fields.push({ key, kind: override });
    else if (def.type === "string") fields.push({ key, kind: "text" });
    else if (def.type === "number") fields.push({ key, kind: "number" });
    else if (def.type === "boolean") fields.push({ key, kind: "boolean" });
    else if (def.type === "enum")
      fields.push({ key, kind: "select", options: Object.values(def.entries ?? {}) });
    else if (def.type === "array" && def.element && unwrap(def.element._zod.def).type === "string")
      fields.push({ key, kind: "list" });
  }
  return fields;
}
