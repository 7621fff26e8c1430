import type { Size } from "./hot-areas.ts";

/*
 * The hot-area tool's zoom (issue 31 item 5, ADR 0392): the image is shown at its natural aspect ratio, scaled by a
 * zoom factor. Areas are stored in percent of the image, so zooming changes only how large the operator sees it,
 * never what is stored; the drag threshold and snapping gap stay in screen pixels (spec 5), as the hand feels them.
 */

/** The zoom steps the buttons and keys walk through (1 = the image's natural size). */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

const clamp = (zoom: number) => Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM);

/** The next step above `zoom` (a fitted zoom between steps goes to the next one), or the largest. */
export function zoomIn(zoom: number): number {
  return ZOOM_STEPS.find((step) => step > zoom + 1e-6) ?? MAX_ZOOM;
}

/** The next step below `zoom`, or the smallest. */
export function zoomOut(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-6) ?? MIN_ZOOM;
}

/** The zoom that shows the whole image inside `viewport`, kept within the steps' range. */
export function fitZoom(natural: Size, viewport: Size): number {
  if (natural.width <= 0 || natural.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return 1;
  return clamp(Math.min(viewport.width / natural.width, viewport.height / natural.height));
}

/** The image's size on screen at `zoom`, in whole pixels. */
export function displaySize(natural: Size, zoom: number): Size {
  return { width: Math.round(natural.width * zoom), height: Math.round(natural.height * zoom) };
}

/** A zoom as the operator reads it: "150 %". */
export function zoomPercent(zoom: number): number {
  return Math.round(zoom * 100);
}
