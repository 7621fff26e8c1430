import { describe, expect, it } from "vitest";
import {
  areaProblems,
  DRAG_THRESHOLD_PX,
  drawArea,
  hasName,
  hotAreaAction,
  isDrag,
  MAX_AREA_NAME,
  MIN_AREA_PERCENT,
  nudgeArea,
  overlaps,
  placeArea,
  SNAP_GAP_PX,
  snapRect,
  toPercent,
} from "./hot-areas.ts";

// spec 5: under 5 % discarded; overlaps refused; drag threshold 5 px; snapping gap 3. spec 3: stored in percent.
const IMAGE = { width: 1000, height: 500 };

describe("hot-area rules (spec 5)", () => {
  it("uses the spec's numbers", () => {
    expect([MIN_AREA_PERCENT, DRAG_THRESHOLD_PX, SNAP_GAP_PX]).toEqual([5, 5, 3]);
  });

  it("starts a drag only after 5 px of movement: a 4 px wiggle is a click and draws nothing", () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 14, y: 13 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 15, y: 10 })).toBe(true);
    expect(isDrag({ x: 10, y: 10 }, { x: 10, y: 5 })).toBe(true);
    expect(drawArea({ x: 100, y: 100 }, { x: 104, y: 104 }, IMAGE, [])).toEqual({
      kind: "discarded",
      reason: "click",
    });
  });

  it("stores a drawn area in percent of the image, whichever way it was dragged", () => {
    const outcome = drawArea({ x: 400, y: 250 }, { x: 100, y: 50 }, IMAGE, []);
    expect(outcome).toEqual({ kind: "added", area: { left: 10, top: 10, width: 30, height: 40 } });
    expect(toPercent({ left: 1, top: 1, width: 333, height: 100 }, { width: 999, height: 300 })).toEqual({
      left: 0.1,
      top: 0.33,
      width: 33.33,
      height: 33.33,
    });
  });

  it("discards an area under 5 % in width or in height, and keeps one of exactly 5 %", () => {
    // 3 % wide (30 px of 1000): discarded, as the browser test does.
    expect(drawArea({ x: 100, y: 100 }, { x: 130, y: 300 }, IMAGE, [])).toEqual({
      kind: "discarded",
      reason: "tooSmall",
    });
    // 4.8 % high (24 px of 500).
    expect(drawArea({ x: 100, y: 100 }, { x: 400, y: 124 }, IMAGE, []).kind).toBe("discarded");
    // exactly 5 % by 5 %.
    expect(drawArea({ x: 100, y: 100 }, { x: 150, y: 125 }, IMAGE, [])).toEqual({
      kind: "added",
      area: { left: 10, top: 20, width: 5, height: 5 },
    });
  });

  it("refuses an area that overlaps another, but accepts one that only touches it", () => {
    const existing = [{ left: 10, top: 10, width: 30, height: 40 }];
    expect(drawArea({ x: 300, y: 100 }, { x: 600, y: 300 }, IMAGE, existing)).toEqual({
      kind: "refused",
      reason: "overlap",
    });
    // starts exactly at the right edge (400 px = 40 %).
    expect(drawArea({ x: 400, y: 50 }, { x: 700, y: 250 }, IMAGE, existing)).toEqual({
      kind: "added",
      area: { left: 40, top: 10, width: 30, height: 40 },
    });
    expect(
      overlaps({ left: 0, top: 0, width: 10, height: 10 }, { left: 10, top: 0, width: 10, height: 10 }),
    ).toBe(false);
  });

  it("snaps an edge within 3 px onto a neighbour's edge or the image's edge, not one 4 px away", () => {
    const neighbour = { left: 100, top: 100, width: 200, height: 100 };
    // left edge 3 px right of the neighbour's right edge (300): snaps to 300; top and bottom 2 px off its own.
    expect(snapRect({ left: 303, top: 98, width: 100, height: 100 }, [neighbour], IMAGE)).toEqual({
      left: 300,
      top: 100,
      width: 103,
      height: 100,
    });
    // 4 px away: left alone.
    expect(snapRect({ left: 304, top: 120, width: 100, height: 50 }, [neighbour], IMAGE).left).toBe(304);
    // 2 px from the image's own edges.
    expect(snapRect({ left: 2, top: 2, width: 996, height: 496 }, [], IMAGE)).toEqual({
      left: 0,
      top: 0,
      width: 1000,
      height: 500,
    });
    // a drawn area that overlaps its neighbour by 2 px snaps out of the overlap and is kept.
    const existing = [toPercent(neighbour, IMAGE)];
    expect(drawArea({ x: 298, y: 100 }, { x: 500, y: 200 }, IMAGE, existing)).toEqual({
      kind: "added",
      area: { left: 30, top: 20, width: 20, height: 20 },
    });
  });

  it("gives each area a link, plan or coupon action", () => {
    expect(hotAreaAction("plan", " JP-5GB ")).toEqual({
      code: "PDP",
      data: { platformProductCode: "JP-5GB" },
    });
    expect(hotAreaAction("coupon", "SUMMER")).toEqual({ code: "PLP", data: { marketingCode: "SUMMER" } });
  });

  it("checks stored areas on save: bounds, size, overlap and action", () => {
    const link = hotAreaAction("link", "/plp");
    const name = "Japan";
    expect(
      areaProblems([
        { left: 0, top: 0, width: 50, height: 50, action: link, name },
        { left: 40, top: 40, width: 20, height: 20, action: link, name },
        { left: 60, top: 0, width: 3, height: 50, action: link, name },
        { left: 90, top: 0, width: 20, height: 50, action: link, name },
        { left: 60, top: 60, width: 10, height: 10, action: hotAreaAction("link", "javascript:x"), name },
        { left: 80, top: 60, width: 10, height: 10, action: link, name: "  " },
        { left: 60, top: 80, width: 10, height: 10, action: link },
        { left: 80, top: 80, width: 10, height: 10, action: link, name: "x".repeat(MAX_AREA_NAME + 1) },
      ]),
    ).toEqual([
      { index: 1, problem: "overlap" },
      { index: 2, problem: "tooSmall" },
      { index: 3, problem: "bounds" },
      { index: 4, problem: "action" },
      { index: 5, problem: "name" },
      { index: 6, problem: "name" },
      { index: 7, problem: "name" },
    ]);
  });

  it("needs a name per area for screen readers (issue 31 item 5), of at most MAX_AREA_NAME characters", () => {
    expect(hasName({ name: "Japan" })).toBe(true);
    expect(hasName({ name: "日本" })).toBe(true);
    expect(hasName({})).toBe(false);
    expect(hasName({ name: " " })).toBe(false);
    expect(hasName({ name: 3 })).toBe(false);
    expect(hasName({ name: "x".repeat(MAX_AREA_NAME) })).toBe(true);
  });
});

describe("drawing by keyboard (issue 17: accessible hot areas)", () => {
  const a = { left: 0, top: 0, width: 40, height: 40 };
  const b = { left: 50, top: 0, width: 40, height: 40 };
  it("moves and resizes an area by a step, within the image", () => {
    expect(nudgeArea([a, b], 0, 1, 2, false)).toEqual({ kind: "moved", area: { ...a, left: 1, top: 2 } });
    expect(nudgeArea([a, b], 0, 5, 0, true)).toEqual({ kind: "moved", area: { ...a, width: 45 } });
    expect(nudgeArea([a, b], 0, -1, 0, false)).toEqual({ kind: "refused", reason: "bounds" });
    expect(nudgeArea([a, b], 1, 11, 0, false)).toEqual({ kind: "refused", reason: "bounds" });
  });
  it("keeps the drag's rules: 5 % either way, no overlap (touching is allowed)", () => {
    expect(nudgeArea([{ ...a, width: 5 }], 0, -1, 0, true)).toEqual({ kind: "refused", reason: "tooSmall" });
    expect(nudgeArea([a, b], 0, 10, 0, true)).toEqual({ kind: "moved", area: { ...a, width: 50 } });
    expect(nudgeArea([a, b], 0, 11, 0, true)).toEqual({ kind: "refused", reason: "overlap" });
    expect(nudgeArea([a, b], 1, -11, 0, false)).toEqual({ kind: "refused", reason: "overlap" });
  });
  it("places a new area at the first free place, or nowhere when the image is full", () => {
    expect(placeArea([])).toEqual({ left: 0, top: 0, width: 20, height: 20 });
    // The top row is taken (a gap of 10 % is too narrow); the next free place touches a from below.
    expect(placeArea([a, b])).toEqual({ left: 0, top: 40, width: 20, height: 20 });
    expect(placeArea([{ left: 0, top: 0, width: 100, height: 100 }])).toBeNull();
  });
});
