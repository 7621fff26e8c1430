import type { ContentDocument, PageComponent, PageVariant } from "../../../db/schema/content-document.ts";

/*
 * Width ranges and languages in view (issue 31 items 1 and 3, ADR 0370): a block inserted where the operator is
 * (before or after a block, inside a container, or at the end) in every width range and every language they
 * chose, with each language's own texts; and the differences publishing warns about.
 */

export type InsertWhere = "before" | "after" | "inside" | "end";

/** What the operator chose for a block (kept in its `options` JSON, so publishing knows what was meant). */
export interface BlockScope {
  /** "every": the block is meant in every width range; "one": only where it was added. */
  widths: "every" | "one";
  /** The languages the block is meant in. */
  languages: string[];
}

export function scopeOf(component: PageComponent): BlockScope | null {
  try {
    const options = JSON.parse(component.options) as { scope?: BlockScope };
    const scope = options?.scope;
    if (
      scope &&
      (scope.widths === "every" || scope.widths === "one") &&
      Array.isArray(scope.languages) &&
      scope.languages.every((l) => typeof l === "string")
    )
      return scope;
  } catch {
    // options is checked as JSON on save; an unreadable one has no scope.
  }
  return null;
}

export function withScope(component: PageComponent, scope: BlockScope): PageComponent {
  let options: Record<string, unknown> = {};
  try {
    options = JSON.parse(component.options) as Record<string, unknown>;
  } catch {
    options = {};
  }
  return { ...component, options: JSON.stringify({ ...options, scope }) };
}

/** Where the anchor is in a list: the list's path of indexes, or null. */
function find(list: PageComponent[], id: string, prefix: number[] = []): number[] | null {
  for (const [index, component] of list.entries()) {
    if (component.componentId === id) return [...prefix, index];
    const inner = find(component.childrenData ?? [], id, [...prefix, index]);
    if (inner) return inner;
  }
  return null;
}

function insertInto(list: PageComponent[], path: number[], component: PageComponent): PageComponent[] {
  const [head, ...rest] = path as [number, ...number[]];
  if (rest.length === 0) return [...list.slice(0, head), component, ...list.slice(head)];
  return list.map((item, index) =>
    index === head ? { ...item, childrenData: insertInto(item.childrenData ?? [], rest, component) } : item,
  );
}

/**
 * Inserts `component` in one range's list: next to (or inside) the anchor when the range has it; otherwise at the
 * same top-level position as in the range it was added in (`fallbackIndex`), so "position 2" means the same in
 * every range; at the end when there is no anchor.
 */
export function insertBlock(
  list: PageComponent[],
  component: PageComponent,
  place: { where: InsertWhere; anchorId?: string },
  fallbackIndex: number,
): PageComponent[] {
  if (place.where === "end" || !place.anchorId) return [...list, component];
  const path = find(list, place.anchorId);
  if (!path) {
    if (place.where === "inside") return [...list, component];
    return insertInto(list, [Math.min(Math.max(fallbackIndex, 0), list.length)], component);
  }
  if (place.where === "inside") {
    const anchor = path.reduce<PageComponent | undefined>(
      (found, index, depth) => (depth === 0 ? list[index] : found?.childrenData?.[index]),
      undefined,
    );
    return insertInto(list, [...path, anchor?.childrenData?.length ?? 0], component);
  }
  const last = path[path.length - 1]!;
  return insertInto(list, [...path.slice(0, -1), place.where === "before" ? last : last + 1], component);
}

/** The top-level index the block takes in the range it is added in (for the other ranges' fallback). */
export function topLevelIndex(list: PageComponent[], place: { where: InsertWhere; anchorId?: string }) {
  if (place.where === "end" || !place.anchorId) return list.length;
  const path = find(list, place.anchorId);
  if (!path) return list.length;
  return place.where === "before"
    ? path[0]!
    : place.where === "after" && path.length === 1
      ? path[0]! + 1
      : path[0]!;
}

/** A component id that no range of any of the documents uses. */
export function freshId(documents: ContentDocument[], code: string): string {
  const used = new Set<string>();
  const walk = (list: PageComponent[]) =>
    list.forEach((c) => {
      used.add(c.componentId);
      walk(c.childrenData ?? []);
    });
  for (const document of documents) for (const variant of document.variants) walk(variant.components);
  let n = 1;
  while (used.has(`${code.toLowerCase()}-${n}`)) n += 1;
  return `${code.toLowerCase()}-${n}`;
}

const rangeName = (variant: PageVariant) => `${variant.minWidth}–${variant.maxWidth ?? "∞"} px`;

export interface Presence {
  componentId: string;
  componentName: string;
  /** The width ranges (by name) of this page that hold the block. */
  ranges: string[];
  /** The languages whose page holds the block. */
  languages: string[];
}

function ids(list: PageComponent[], into: Map<string, PageComponent>) {
  for (const component of list) {
    into.set(component.componentId, component);
    ids(component.childrenData ?? [], into);
  }
}

/** Where each block of `document` lives: which of its ranges, and which languages' pages. */
export function presenceOf(document: ContentDocument, others: ContentDocument[]): Presence[] {
  const all = new Map<string, Presence>();
  for (const variant of document.variants) {
    const found = new Map<string, PageComponent>();
    ids(variant.components, found);
    for (const [id, component] of found) {
      const entry = all.get(id) ?? {
        componentId: id,
        componentName: component.componentName || component.componentCode,
        ranges: [],
        languages: [document.lang],
      };
      entry.ranges.push(rangeName(variant));
      all.set(id, entry);
    }
  }
  for (const other of others) {
    const found = new Map<string, PageComponent>();
    for (const variant of other.variants) ids(variant.components, found);
    for (const [id, entry] of all) if (found.has(id)) entry.languages.push(other.lang);
  }
  return [...all.values()];
}

export interface Difference {
  componentId: string;
  componentName: string;
  /** Ranges of this page without the block. */
  missingRanges: string[];
  /** Languages whose page lacks the block. */
  missingLanguages: string[];
}

/**
 * What publishing warns about: blocks new since the published version that are missing from a width range or a
 * language the operator did not leave out on purpose (a block's scope says what they chose).
 */
export function differences(
  draft: ContentDocument,
  published: ContentDocument | null,
  others: ContentDocument[],
): Difference[] {
  const before = new Set<string>();
  if (published)
    for (const variant of published.variants) {
      const found = new Map<string, PageComponent>();
      ids(variant.components, found);
      for (const id of found.keys()) before.add(id);
    }
  const allRanges = draft.variants.map(rangeName);
  const result: Difference[] = [];
  for (const presence of presenceOf(draft, others)) {
    if (before.has(presence.componentId)) continue;
    let component: PageComponent | undefined;
    for (const variant of draft.variants) {
      const found = new Map<string, PageComponent>();
      ids(variant.components, found);
      component ??= found.get(presence.componentId);
    }
    const scope = component ? scopeOf(component) : null;
    // A page never published (a copy, a new page) has only what it was made from, unless added in the editor.
    if (!published && !scope) continue;
    const missingRanges =
      scope?.widths === "one" ? [] : allRanges.filter((range) => !presence.ranges.includes(range));
    const missingLanguages = others
      .map((other) => other.lang)
      .filter((lang) => !presence.languages.includes(lang))
      .filter((lang) => !scope || scope.languages.includes(lang));
    if (missingRanges.length > 0 || missingLanguages.length > 0)
      result.push({
        componentId: presence.componentId,
        componentName: presence.componentName,
        missingRanges,
        missingLanguages,
      });
  }
  return result;
}
