import { actionProblem } from "./content/actions.ts";
import type { ComponentAction } from "./content/document.ts";

/*
 * The hot-area drawing rules (spec 5, spec 3; issue 17, ADR 0270): pure functions shared by the page editor's
 * drawing tool and the server's check on save, so a page can never hold an area the tool would have refused.
 *
 * - a drag starts only once the pointer has moved DRAG_THRESHOLD_PX (a click is not an area);
 * - while drawing, an edge within SNAP_GAP_PX of the image's edge or of another area's edge snaps to it;
 * - an area under MIN_AREA_PERCENT of the image in width or in height is discarded;
 * - an area that overlaps another is refused (touching edges is not overlapping);
 * - areas are stored in percent of the image (top, left, width, height), two decimals;
 * - each area has an action: a link, a plan or a coupon, which must pass the navigation-safety rules;
 * - each area has a name in the page's language (issue 31 item 5, ADR 0392): what a screen reader announces for
 *   it on the shopper's page, so an area is never "HotArea: 1". Required on save.
 */

export const MIN_AREA_PERCENT = 5;
export const DRAG_THRESHOLD_PX = 5;
export const SNAP_GAP_PX = 3;

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/** A rectangle in pixels of the displayed image, or in percent of it (same shape). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface HotAreaValue extends Rect {
  action?: ComponentAction;
  /** The area's accessible name, in the language of the page that holds it. */
  name?: string;
}

/** The longest area name (it is read out as a link's name, not a paragraph). */
export const MAX_AREA_NAME = 80;

/** True when an area carries a name a screen reader can announce. */
export function hasName(area: { name?: unknown }): boolean {
  return typeof area.name === "string" && area.name.trim() !== "" && area.name.length <= MAX_AREA_NAME;
}

/** True once the pointer has moved far enough from where it was pressed for the gesture to be a drag. */
export function isDrag(start: Point, current: Point): boolean {
  return Math.max(Math.abs(current.x - start.x), Math.abs(current.y - start.y)) >= DRAG_THRESHOLD_PX;
}

/** The rectangle between two pointer positions, whichever way the drag went, clamped to the image. */
export function rectBetween(start: Point, end: Point, image: Size): Rect {
  const clampX = (x: number) => Math.min(Math.max(x, 0), image.width);
  const clampY = (y: number) => Math.min(Math.max(y, 0), image.height);
  const x1 = clampX(Math.min(start.x, end.x));
  const x2 = clampX(Math.max(start.x, end.x));
  const y1 = clampY(Math.min(start.y, end.y));
  const y2 = clampY(Math.max(start.y, end.y));
  return { left: x1, top: y1, width: x2 - x1, height: y2 - y1 };
}

function snapValue(value: number, candidates: number[]): number {
  let best = value;
  let distance = SNAP_GAP_PX + 1;
  for (const candidate of candidates) {
    const d = Math.abs(candidate - value);
    if (d <= SNAP_GAP_PX && d < distance) {
      best = candidate;
      distance = d;
    }
  }
  return best;
}

/**
 * Snaps a drawn rectangle (pixels): each edge within SNAP_GAP_PX of the image's edges or of another area's edges
 * moves onto it, so neighbouring areas line up without a gap or an overlap of a pixel or two.
 */
export function snapRect(rect: Rect, others: Rect[], image: Size): Rect {
  const xs = [0, image.width, ...others.flatMap((o) => [o.left, o.left + o.width])];
  const ys = [0, image.height, ...others.flatMap((o) => [o.top, o.top + o.height])];
  const left = snapValue(rect.left, xs);
  const right = snapValue(rect.left + rect.width, xs);
  const top = snapValue(rect.top, ys);
  const bottom = snapValue(rect.top + rect.height, ys);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Pixels of the displayed image to percent of it (what is stored, spec 3), two decimals. */
export function toPercent(rect: Rect, image: Size): Rect {
  return {
    left: round2((rect.left / image.width) * 100),
    top: round2((rect.top / image.height) * 100),
    width: round2((rect.width / image.width) * 100),
    height: round2((rect.height / image.height) * 100),
  };
}

/** Percent back to pixels of an image drawn at `image` size (for snapping against existing areas). */
export function toPixels(rect: Rect, image: Size): Rect {
  return {
    left: (rect.left / 100) * image.width,
    top: (rect.top / 100) * image.height,
    width: (rect.width / 100) * image.width,
    height: (rect.height / 100) * image.height,
  };
}

/** True when two rectangles share any area; touching edges do not overlap. */
export function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  );
}

export function tooSmall(rect: Rect): boolean {
  return rect.width < MIN_AREA_PERCENT || rect.height < MIN_AREA_PERCENT;
}

export type DrawOutcome =
  | { kind: "added"; area: Rect }
  | { kind: "discarded"; reason: "click" | "tooSmall" }
  | { kind: "refused"; reason: "overlap" };

/**
 * One finished drag on an image with `existing` areas (percent): snapped, converted to percent, then kept,
 * discarded (a click, or under 5 % either way) or refused (it overlaps an area).
 */
export function drawArea(start: Point, end: Point, image: Size, existing: Rect[]): DrawOutcome {
  if (!isDrag(start, end)) return { kind: "discarded", reason: "click" };
  const others = existing.map((area) => toPixels(area, image));
  const snapped = snapRect(rectBetween(start, end, image), others, image);
  const area = toPercent(snapped, image);
  if (tooSmall(area)) return { kind: "discarded", reason: "tooSmall" };
  if (existing.some((other) => overlaps(area, other))) return { kind: "refused", reason: "overlap" };
  return { kind: "added", area };
}

/** Percent a keyboard step moves or resizes an area by (Shift: KEY_STEP_LARGE_PERCENT). */
export const KEY_STEP_PERCENT = 1;
export const KEY_STEP_LARGE_PERCENT = 5;

/**
 * Moves the area at `index` by (dx, dy) percent, or with `resize` changes its width and height by them (the
 * keyboard's way to draw, for operators who cannot drag). The same rules as a drag: it stays on the image, keeps
 * 5 % either way and overlaps no other area; otherwise the outcome says why and nothing changes.
 */
export function nudgeArea(
  areas: readonly Rect[],
  index: number,
  dx: number,
  dy: number,
  resize: boolean,
): { kind: "moved"; area: Rect } | { kind: "refused"; reason: "bounds" | "tooSmall" | "overlap" } {
  const area = areas[index];
  if (!area) return { kind: "refused", reason: "bounds" };
  const next = resize
    ? { ...area, width: round2(area.width + dx), height: round2(area.height + dy) }
    : { ...area, left: round2(area.left + dx), top: round2(area.top + dy) };
  if (next.left < 0 || next.top < 0 || next.left + next.width > 100 || next.top + next.height > 100)
    return { kind: "refused", reason: "bounds" };
  if (tooSmall(next)) return { kind: "refused", reason: "tooSmall" };
  if (areas.some((other, i) => i !== index && overlaps(next, other)))
    return { kind: "refused", reason: "overlap" };
  return { kind: "moved", area: next };
}

/** A new area of `size` percent at the first free place (rows of 5 % steps from the top left), or null. */
export function placeArea(areas: readonly Rect[], size = 20): Rect | null {
  for (let top = 0; top + size <= 100; top += MIN_AREA_PERCENT)
    for (let left = 0; left + size <= 100; left += MIN_AREA_PERCENT) {
      const area = { left, top, width: size, height: size };
      if (!areas.some((other) => overlaps(area, other))) return area;
    }
  return null;
}

/** What an area's action may be (issue 17): a link (a URL or a landing page), a plan, or a coupon campaign. */
export const HOT_AREA_ACTION_KINDS = ["link", "plan", "coupon"] as const;
export type HotAreaActionKind = (typeof HOT_AREA_ACTION_KINDS)[number];

/** The stored action of each kind: a link is URL/CLP, a plan is PDP, a coupon is its campaign's marketing code. */
export function hotAreaAction(kind: HotAreaActionKind, value: string): ComponentAction {
  const trimmed = value.trim();
  switch (kind) {
    case "plan":
      return { code: "PDP", data: { platformProductCode: trimmed } };
    case "coupon":
      return { code: "PLP", data: { marketingCode: trimmed } };
    default:
      return { code: "URL", data: { url: trimmed } };
  }
}

export type AreaProblem = "bounds" | "tooSmall" | "overlap" | "name" | "action";

/**
 * Checks a whole set of stored areas (the server does this on save): the first problem of each, by index. An area's
 * action is stored by the rule every block's action follows (ADR 0369, `core/content/actions.ts`): a store page or an
 * https address, never a script or plain http. Whether an https address is then followed is the storefront's
 * allowlist at render time, as for any block's link.
 */
export function areaProblems(areas: HotAreaValue[]): { index: number; problem: AreaProblem }[] {
  const problems: { index: number; problem: AreaProblem }[] = [];
  areas.forEach((area, index) => {
    const values = [area.left, area.top, area.width, area.height];
    if (
      values.some((v) => typeof v !== "number" || !Number.isFinite(v) || v < 0) ||
      area.left + area.width > 100.001 ||
      area.top + area.height > 100.001
    )
      problems.push({ index, problem: "bounds" });
    else if (tooSmall(area)) problems.push({ index, problem: "tooSmall" });
    else if (areas.some((other, j) => j < index && overlaps(area, other)))
      problems.push({ index, problem: "overlap" });
    else if (!hasName(area)) problems.push({ index, problem: "name" });
    else if (area.action !== undefined && actionProblem(area.action) !== null)
      problems.push({ index, problem: "action" });
  });
  return problems;
}
