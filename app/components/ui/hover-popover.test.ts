import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHoverPopover } from "./hover-popover.ts";

describe("hover popover (spec 9: popover hide delay 200 ms)", () => {
  let open = false;
  const hover = () => createHoverPopover({ open: () => (open = true), close: () => (open = false) });
  beforeEach(() => {
    vi.useFakeTimers();
    open = false;
  });
  afterEach(() => vi.useRealTimers());

  it("opens when a mouse enters and stays open for 200 ms after it leaves", () => {
    const popover = hover();
    popover.enter("mouse");
    expect(open).toBe(true);
    popover.leave("mouse");
    vi.advanceTimersByTime(199);
    expect(open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(open).toBe(false);
  });

  it("moving from the trigger to the panel within the delay keeps it open", () => {
    const popover = hover();
    popover.enter("mouse"); // the trigger
    popover.leave("mouse");
    vi.advanceTimersByTime(150);
    popover.enter("mouse"); // the panel
    vi.advanceTimersByTime(1000);
    expect(open).toBe(true);
  });

  it("touch and pen never open or close it by hovering", () => {
    const popover = hover();
    popover.enter("touch");
    popover.enter("pen");
    expect(open).toBe(false);
    open = true;
    popover.leave("touch");
    vi.advanceTimersByTime(1000);
    expect(open).toBe(true);
  });

  it("a cancelled close never fires", () => {
    const popover = hover();
    popover.enter("mouse");
    popover.leave("mouse");
    popover.cancel();
    vi.advanceTimersByTime(1000);
    expect(open).toBe(true);
  });
});
