import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHoverPopover, notePointer } from "./hover-popover.ts";

let x = 0;
/** A mouse moving: each event somewhere new, noted by the document after the popover's handler (as in a browser). */
function moved(popover: ReturnType<typeof createHoverPopover>, pointerType = "mouse") {
  x += 5;
  const event = { pointerType, clientX: x, clientY: 40 };
  popover.move(event);
  notePointer(event);
}

describe("hover popover (spec 9: popover hide delay 200 ms)", () => {
  let open = false;
  const hover = () => createHoverPopover({ open: () => (open = true), close: () => (open = false) });
  beforeEach(() => {
    vi.useFakeTimers();
    open = false;
  });
  afterEach(() => vi.useRealTimers());

  it("opens when a mouse moves over it and stays open for 200 ms after it leaves", () => {
    const popover = hover();
    moved(popover);
    expect(open).toBe(true);
    popover.leave("mouse");
    vi.advanceTimersByTime(199);
    expect(open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(open).toBe(false);
  });

  it("moving from the trigger to the panel within the delay keeps it open", () => {
    const popover = hover();
    moved(popover); // the trigger
    popover.leave("mouse");
    vi.advanceTimersByTime(150);
    moved(popover); // the panel
    vi.advanceTimersByTime(1000);
    expect(open).toBe(true);
  });

  it("touch and pen never open or close it by hovering", () => {
    const popover = hover();
    moved(popover, "touch");
    moved(popover, "pen");
    expect(open).toBe(false);
    open = true;
    popover.leave("touch");
    vi.advanceTimersByTime(1000);
    expect(open).toBe(true);
  });

  it("does not open for a mouse standing still that the trigger came under (the page scrolled, the bar slid in)", () => {
    const popover = hover();
    // The shopper clicked a tab at this spot; then the bar slid back in under the mouse, and the browser told the
    // trigger the mouse is over it, where it already was.
    notePointer({ pointerType: "mouse", clientX: 343, clientY: 36 });
    popover.move({ pointerType: "mouse", clientX: 343, clientY: 36 });
    expect(open).toBe(false);
    // The shopper then moves the mouse over it: it opens.
    popover.move({ pointerType: "mouse", clientX: 345, clientY: 36 });
    expect(open).toBe(true);
  });

  it("a cancelled close never fires", () => {
    const popover = hover();
    moved(popover);
    popover.leave("mouse");
    popover.cancel();
    vi.advanceTimersByTime(1000);
    expect(open).toBe(true);
  });
});
