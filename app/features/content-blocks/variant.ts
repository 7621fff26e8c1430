import type { ContentDocument, PageComponent, PageVariant } from "../../../db/schema/content-document.ts";

/*
 * Variant choice and column split (spec 2, ADR 0011). Written here rather than imported from the schema module so
 * the browser bundle does not pull in zod.
 */

/** spec 2: the first variant whose [minWidth, maxWidth] holds the body width, else the last. */
export function pickVariant(document: ContentDocument, bodyWidth: number): PageVariant {
  const match = document.variants.find(
    (v) => bodyWidth >= v.minWidth && (v.maxWidth === null || bodyWidth <= v.maxWidth),
  );
  return match ?? document.variants[document.variants.length - 1]!;
}

/** leftWide / rightWide: position codes starting "1" go left, "2" right; anything else stays in the left. */
export function splitByPosition(components: readonly PageComponent[]) {
  const left: PageComponent[] = [];
  const right: PageComponent[] = [];
  for (const component of components) (component.positionCode.startsWith("2") ? right : left).push(component);
  return { left, right };
}

/** Body widths the server assumes before the browser measures (ADR 0072): desktop for PC, a phone otherwise. */
export const SERVER_WIDTH = { PC: 1440, other: 390 } as const;

export function assumedWidth(channel: string): number {
  return channel === "PC" ? SERVER_WIDTH.PC : SERVER_WIDTH.other;
}

/** Parses a component's options JSON string (spec 3); anything unreadable is no options. */
export function optionsOf(component: PageComponent): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(component.options || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
