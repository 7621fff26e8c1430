import { describe, expect, it } from "vitest";
import { displaySize, fitZoom, MAX_ZOOM, MIN_ZOOM, zoomIn, zoomOut, zoomPercent } from "./hot-area-zoom.ts";
import { drawArea, toPixels } from "./hot-areas.ts";

// issue 31 item 5: the hot-area tool zooms the real image; stored geometry never depends on the zoom.
const BANNER = { width: 800, height: 400 };

describe("hot-area zoom", () => {
  it("walks the steps in and out, and stops at the ends", () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(MAX_ZOOM)).toBe(MAX_ZOOM);
    expect(zoomOut(MIN_ZOOM)).toBe(MIN_ZOOM);
    // a fitted zoom between steps goes to the neighbouring step either way
    expect(zoomIn(1.1)).toBe(1.25);
    expect(zoomOut(1.1)).toBe(1);
  });

  it("fits the whole image in the viewport at its natural aspect ratio", () => {
    expect(fitZoom(BANNER, { width: 1200, height: 900 })).toBe(1.5);
    expect(fitZoom(BANNER, { width: 1600, height: 400 })).toBe(1);
    expect(fitZoom({ width: 8000, height: 100 }, { width: 1000, height: 600 })).toBe(MIN_ZOOM);
    expect(fitZoom({ width: 0, height: 0 }, { width: 1000, height: 600 })).toBe(1);
    expect(displaySize(BANNER, 1.5)).toEqual({ width: 1200, height: 600 });
    expect(zoomPercent(0.67)).toBe(67);
  });

  it("stores the same area whatever the zoom it was drawn at", () => {
    const at = (zoom: number) => {
      const shown = displaySize(BANNER, zoom);
      // the same place on the image: 10 %–40 % across, 20 %–70 % down
      return drawArea(
        { x: shown.width * 0.1, y: shown.height * 0.2 },
        { x: shown.width * 0.4, y: shown.height * 0.7 },
        shown,
        [],
      );
    };
    const expected = { kind: "added", area: { left: 10, top: 20, width: 30, height: 50 } };
    expect(at(0.5)).toEqual(expected);
    expect(at(1)).toEqual(expected);
    expect(at(3)).toEqual(expected);
    expect(toPixels({ left: 10, top: 20, width: 30, height: 50 }, displaySize(BANNER, 2))).toEqual({
      left: 160,
      top: 160,
      width: 480,
      height: 400,
    });
  });
});
