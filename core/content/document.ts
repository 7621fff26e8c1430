import { z } from "zod";

/**
 * The JSON document a content page stores and publishes (spec 2 "Content blocks", spec 3 "Page component").
 * ADR 0011 describes every componentCode and its data; the storefront renderer is written against this file.
 */

/** spec 2 blocks. */
export const BLOCK_CODES = [
  "Carousel",
  "Banner",
  "Recommend",
  "Sliding",
  "Hotspot",
  "Multimedia",
  "ImageTextNav",
  "CustomHtml",
] as const;

/** spec 2 editor containers. */
export const CONTAINER_CODES = [
  "Image",
  "Button",
  "Column",
  "Rows",
  "Grid",
  "Sticky",
  "RichText",
  "RollText",
  "CarouselContainer",
  "Tabs",
  "VerticalTabs",
  "FixedSize",
  "Square",
  "Text",
  "Video",
  "HotArea",
  "PlpSearchBarPlaceholder",
  "ProductListPlaceholder",
  "ProductList",
  "NoteList",
  "LiveList",
  "SingleImageCard",
  "MultipleImageCard",
  "ReceiveCoupon",
  "TitleCarousel",
  "CustomTitle",
] as const;

export const COMPONENT_CODES = [...BLOCK_CODES, ...CONTAINER_CODES] as const;
export type ComponentCode = (typeof COMPONENT_CODES)[number];

/** Where a click goes (spec 2 "Other links produced by content blocks"). */
export const ACTION_CODES = [
  "NONE",
  "PLP",
  "PDP",
  "CATEGORY",
  "CLP",
  "URL",
  "SEARCH_DIALOG",
  "NOTE",
  "LIVE_ROOM",
  "SFB",
  "LOGIN",
  "NATIVE",
] as const;
export type ActionCode = (typeof ACTION_CODES)[number];

export interface ComponentAction {
  code: ActionCode;
  /** PLP {categoryCode?, categoryName?, type?, keyword?, marketingCode?}; PDP {platformProductCode};
   *  CATEGORY {categoryCode, categoryName}; CLP {pageCode, pageName}; URL {url}; NOTE {noteInfoCode};
   *  LIVE_ROOM {roomCode}; NATIVE {route, args}; others {}. */
  data: Record<string, unknown>;
}

export interface PageComponent {
  /** Unique within the document. */
  componentId: string;
  /** Unknown codes are skipped by the renderer with a console message only (spec 8). */
  componentCode: string;
  componentName: string;
  /** Tabs: the tab this child belongs to (matches a tab's groupCode). */
  groupCode?: string;
  /** leftWide/rightWide: "1…" renders in the left column, "2…" in the right; normal ignores it. */
  positionCode: string;
  /** CSS-like box style: width/height/margin/padding/background/borderRadius/textAlign/color (strings or px numbers). */
  style: Record<string, string | number>;
  /** Operator-edited settings of this component, shape per componentCode (ADR 0011). */
  data: Record<string, unknown>;
  /** Data the page resolves at publish time (e.g. the products of a Recommend block); the renderer may refresh it. */
  readonlyData?: Record<string, unknown>;
  /** Containers: nested components. */
  childrenData?: PageComponent[];
  action?: ComponentAction;
  /** A JSON string of rendering options (spec 3), e.g. '{"autoplay":true,"interval":3000}'. */
  options: string;
}

export const PAGE_LAYOUTS = ["normal", "leftWide", "rightWide"] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

/** spec 2: the variant whose width range holds the body width is used, else the last one. */
export interface PageVariant {
  variantId: string;
  minWidth: number;
  /** Inclusive upper bound; null = no upper bound. */
  maxWidth: number | null;
  layout: PageLayout;
  components: PageComponent[];
}

export interface ContentDocument {
  formatVersion: 1;
  pageCode: string;
  /** TEMPLATE (issue 17): previewed and copied from, never published. */
  pageType: "HOME" | "LANDING" | "TEMPLATE";
  lang: string;
  title: string;
  variants: PageVariant[];
}

const ComponentSchema: z.ZodType<PageComponent> = z.lazy(() =>
  z.object({
    componentId: z.string().min(1),
    componentCode: z.string().min(1),
    componentName: z.string(),
    groupCode: z.string().optional(),
    positionCode: z.string(),
    style: z.record(z.string(), z.union([z.string(), z.number()])),
    data: z.record(z.string(), z.unknown()),
    readonlyData: z.record(z.string(), z.unknown()).optional(),
    childrenData: z.array(ComponentSchema).optional(),
    action: z.object({ code: z.enum(ACTION_CODES), data: z.record(z.string(), z.unknown()) }).optional(),
    options: z.string().refine((value) => {
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    }, "options must be a JSON string"),
  }),
);

/**
 * The deepest nesting of components a page may have (ADR 0192): containers inside containers, as the editor
 * builds them (the seeded pages use 3). A deeper document is refused before the recursive schema runs, so a
 * hostile one cannot overflow its stack.
 */
export const MAX_COMPONENT_DEPTH = 8;

/** How deep components nest in an unvalidated document, counted without recursion; stops past `limit`. */
export function componentDepth(input: unknown, limit = MAX_COMPONENT_DEPTH): number {
  const variants = (input as { variants?: unknown } | null)?.variants;
  if (!Array.isArray(variants)) return 0;
  let deepest = 0;
  const stack: { components: unknown; depth: number }[] = variants.map((variant) => ({
    components: (variant as { components?: unknown } | null)?.components,
    depth: 1,
  }));
  while (stack.length > 0) {
    const { components, depth } = stack.pop()!;
    if (!Array.isArray(components) || components.length === 0) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const component of components)
      stack.push({
        components: (component as { childrenData?: unknown } | null)?.childrenData,
        depth: depth + 1,
      });
  }
  return deepest;
}

/** A page's code: lowercase letters, digits and hyphens, at most 64 characters. */
export const PAGE_CODE = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

/** Validates a document before it is stored or published. */
export const ContentDocumentSchema: z.ZodType<ContentDocument> = z.object({
  formatVersion: z.literal(1),
  pageCode: PAGE_CODE,
  pageType: z.enum(["HOME", "LANDING", "TEMPLATE"]),
  lang: z.string(),
  title: z.string(),
  variants: z
    .array(
      z.object({
        variantId: z.string(),
        minWidth: z.number().int().min(0),
        maxWidth: z.number().int().nullable(),
        layout: z.enum(PAGE_LAYOUTS),
        components: z.array(ComponentSchema),
      }),
    )
    .min(1),
});

/** spec 2: picks the variant for a body width: the first whose range holds it, else the last. */
export function variantForWidth(document: ContentDocument, bodyWidth: number): PageVariant {
  const match = document.variants.find(
    (v) => bodyWidth >= v.minWidth && (v.maxWidth === null || bodyWidth <= v.maxWidth),
  );
  return match ?? document.variants[document.variants.length - 1]!;
}

/** Every component in a tree, depth first (used to check a page uses what it should). */
export function walkComponents(components: PageComponent[]): PageComponent[] {
  return components.flatMap((c) => [c, ...walkComponents(c.childrenData ?? [])]);
}
