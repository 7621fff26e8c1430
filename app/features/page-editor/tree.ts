import type { PageComponent } from "../../../db/schema/content-document.ts";

/*
 * The page editor's tree operations (issue 17): pure functions over a variant's components, used by the drag
 * and the keyboard moves alike, so both end in the same document.
 */

/** Codes that hold other components (spec 2's editor containers that nest). */
export const NESTING_CODES = new Set([
  "Column",
  "Rows",
  "Grid",
  "Sticky",
  "CarouselContainer",
  "Tabs",
  "VerticalTabs",
  "FixedSize",
  "Square",
  "CustomTitle",
]);

export type Path = number[];

export function at(list: PageComponent[], path: Path): PageComponent | undefined {
  let current: PageComponent | undefined;
  let children = list;
  for (const index of path) {
    current = children[index];
    if (!current) return undefined;
    children = current.childrenData ?? [];
  }
  return current;
}

/** The list that holds the item at `path`, and a function that writes a new version of it back. */
function withParent(
  list: PageComponent[],
  parentPath: Path,
  change: (children: PageComponent[]) => PageComponent[],
): PageComponent[] {
  if (parentPath.length === 0) return change(list);
  const [head, ...rest] = parentPath as [number, ...number[]];
  return list.map((component, index) =>
    index === head
      ? { ...component, childrenData: withParent(component.childrenData ?? [], rest, change) }
      : component,
  );
}

export function removeAt(list: PageComponent[], path: Path): PageComponent[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  return withParent(list, parent, (children) => children.filter((_, i) => i !== index));
}

export function insertAt(list: PageComponent[], path: Path, component: PageComponent): PageComponent[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  return withParent(list, parent, (children) => [
    ...children.slice(0, index),
    component,
    ...children.slice(index),
  ]);
}

export function replaceAt(list: PageComponent[], path: Path, component: PageComponent): PageComponent[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  return withParent(list, parent, (children) => children.map((c, i) => (i === index ? component : c)));
}

export type Move = "up" | "down" | "indent" | "outdent";

/**
 * Moves the item at `path` (keyboard: Alt+↑/↓ reorder, Alt+→ into the container above, Alt+← out of its
 * container). Returns the new list and the item's new path, or null when the move is not possible.
 */
export function move(
  list: PageComponent[],
  path: Path,
  direction: Move,
): { list: PageComponent[]; path: Path } | null {
  const item = at(list, path);
  if (!item) return null;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1]!;
  const siblings = parent.length === 0 ? list : (at(list, parent)?.childrenData ?? []);
  switch (direction) {
    case "up":
    case "down": {
      const target = direction === "up" ? index - 1 : index + 1;
      if (target < 0 || target >= siblings.length) return null;
      const without = removeAt(list, path);
      return { list: insertAt(without, [...parent, target], item), path: [...parent, target] };
    }
    case "indent": {
      const above = siblings[index - 1];
      if (!above || !NESTING_CODES.has(above.componentCode)) return null;
      const without = removeAt(list, path);
      const childCount = above.childrenData?.length ?? 0;
      const newPath = [...parent, index - 1, childCount];
      return { list: insertAt(without, newPath, item), path: newPath };
    }
    case "outdent": {
      if (parent.length === 0) return null;
      const without = removeAt(list, path);
      const newPath = [...parent.slice(0, -1), parent[parent.length - 1]! + 1];
      return { list: insertAt(without, newPath, item), path: newPath };
    }
  }
}

/** Moves an item before another, or into a container (the drag and drop); null when it would drop into itself. */
export function moveTo(
  list: PageComponent[],
  from: Path,
  to: Path,
  into: boolean,
): { list: PageComponent[]; path: Path } | null {
  if (to.length >= from.length && from.every((v, i) => to[i] === v)) return null;
  const item = at(list, from);
  const target = at(list, to);
  if (!item || !target) return null;
  if (into && !NESTING_CODES.has(target.componentCode)) return null;
  // Remove first, then find the target again by identity (its path may shift).
  const without = removeAt(list, from);
  const find = (components: PageComponent[], prefix: Path): Path | null => {
    for (const [i, c] of components.entries()) {
      if (c === target) return [...prefix, i];
      const inner = find(c.childrenData ?? [], [...prefix, i]);
      if (inner) return inner;
    }
    return null;
  };
  const targetPath = find(without, []);
  if (!targetPath) return null;
  const newPath = into ? [...targetPath, target.childrenData?.length ?? 0] : targetPath;
  return { list: insertAt(without, newPath, item), path: newPath };
}

/** A component id not used in the list yet. */
export function newComponentId(list: PageComponent[], code: string): string {
  const used = new Set<string>();
  const walk = (components: PageComponent[]) =>
    components.forEach((c) => {
      used.add(c.componentId);
      walk(c.childrenData ?? []);
    });
  walk(list);
  let n = 1;
  while (used.has(`${code.toLowerCase()}-${n}`)) n += 1;
  return `${code.toLowerCase()}-${n}`;
}
