import { describe, expect, it } from "vitest";
import {
  clampOffset,
  createSwipeStore,
  dragAxis,
  initialSwipeState,
  isConfirming,
  offsetFor,
  pressAction,
  settle,
  sideOf,
  swipeReducer,
} from "./swipe-state.ts";

const widths = { left: 80, right: 200 };

describe("swipe rows (spec 4): left, default, right; opening one closes others", () => {
  it("opens a row on either side and closes it again", () => {
    let state = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" });
    expect(sideOf(state, "a")).toBe("right");
    state = swipeReducer(state, { type: "open", id: "a", side: "left" });
    expect(sideOf(state, "a")).toBe("left");
    state = swipeReducer(state, { type: "close", id: "a" });
    expect(sideOf(state, "a")).toBe("default");
  });

  it("opening a second row closes the first", () => {
    let state = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" });
    state = swipeReducer(state, { type: "open", id: "b", side: "right" });
    expect(sideOf(state, "a")).toBe("default");
    expect(sideOf(state, "b")).toBe("right");
  });

  it("closing a row that is not open leaves the open one alone; closing without an id closes any", () => {
    let state = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" });
    state = swipeReducer(state, { type: "close", id: "b" });
    expect(sideOf(state, "a")).toBe("right");
    state = swipeReducer(state, { type: "close" });
    expect(sideOf(state, "a")).toBe("default");
  });

  it("the store tells its subscribers only about real changes", () => {
    const store = createSwipeStore();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.dispatch({ type: "open", id: "a", side: "right" });
    store.dispatch({ type: "open", id: "a", side: "right" });
    store.dispatch({ type: "close", id: "b" });
    expect(calls).toBe(1);
    store.dispatch({ type: "open", id: "b", side: "left" });
    expect(sideOf(store.get(), "a")).toBe("default");
    expect(calls).toBe(2);
    stop();
    store.dispatch({ type: "close" });
    expect(calls).toBe(2);
  });
});

describe("a confirm action needs a second press", () => {
  it("runs a plain action at once and closes the row", () => {
    const open = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" });
    const result = pressAction(open, "a", "pay", false);
    expect(result.run).toBe(true);
    expect(sideOf(result.state, "a")).toBe("default");
  });

  it("the first press only arms the confirm action, the second runs it", () => {
    const open = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" });
    const first = pressAction(open, "a", "cancel", true);
    expect(first.run).toBe(false);
    expect(isConfirming(first.state, "a", "cancel")).toBe(true);
    expect(sideOf(first.state, "a")).toBe("right");
    const second = pressAction(first.state, "a", "cancel", true);
    expect(second.run).toBe(true);
    expect(isConfirming(second.state, "a", "cancel")).toBe(false);
    expect(sideOf(second.state, "a")).toBe("default");
  });

  it("an armed action of one row does not count as the first press of another row or action", () => {
    let state = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" });
    state = pressAction(state, "a", "cancel", true).state;
    expect(pressAction(state, "a", "delete", true).run).toBe(false);
    expect(pressAction(state, "b", "cancel", true).run).toBe(false);
  });

  it("resets when the row closes, when another row opens, or when the wait runs out", () => {
    const armed = pressAction(
      swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right" }),
      "a",
      "cancel",
      true,
    ).state;
    for (const next of [
      swipeReducer(armed, { type: "close", id: "a" }),
      swipeReducer(armed, { type: "close" }),
      swipeReducer(armed, { type: "open", id: "b", side: "right" }),
      swipeReducer(armed, { type: "open", id: "a", side: "left" }),
      swipeReducer(armed, { type: "expire", id: "a", action: "cancel" }),
    ]) {
      expect(isConfirming(next, "a", "cancel")).toBe(false);
      expect(pressAction(next, "a", "cancel", true).run).toBe(false);
    }
    // The wait of an earlier press running out leaves a newer, different one armed.
    expect(
      isConfirming(swipeReducer(armed, { type: "expire", id: "b", action: "cancel" }), "a", "cancel"),
    ).toBe(true);
  });
});

describe("dragging", () => {
  it("opens a side from 65 px, and a drag of 130 px is a full swipe (spec 9)", () => {
    expect(settle(-64, widths, "default")).toEqual({ side: "default", full: false });
    expect(settle(-65, widths, "default")).toEqual({ side: "right", full: false });
    expect(settle(-129, widths, "default")).toEqual({ side: "right", full: false });
    expect(settle(-130, widths, "default")).toEqual({ side: "right", full: true });
    expect(settle(-500, widths, "default")).toEqual({ side: "right", full: true });
    expect(settle(64, widths, "default").side).toBe("default");
    expect(settle(65, widths, "default").side).toBe("left");
    expect(settle(0, widths, "default").side).toBe("default");
  });

  it("a panel narrower than 65 px opens once all of it shows, and never reaches the full swipe", () => {
    expect(settle(-49, { left: 0, right: 50 }, "default").side).toBe("default");
    expect(settle(-50, { left: 0, right: 50 }, "default")).toEqual({ side: "right", full: false });
    // The left panel of `widths` is 80 px wide: 130 px can never show.
    expect(settle(80, widths, "default")).toEqual({ side: "left", full: false });
  });

  it("an open row stays open unless dragged back by 65 px", () => {
    expect(settle(-136, widths, "right").side).toBe("right");
    expect(settle(-135, widths, "right").side).toBe("default");
    expect(settle(16, widths, "left").side).toBe("left");
    expect(settle(15, widths, "left").side).toBe("default");
    expect(settle(-200, widths, "right")).toEqual({ side: "right", full: false });
  });

  it("opening with a full swipe puts the confirm action into its confirm stage; the next press runs it", () => {
    const state = swipeReducer(initialSwipeState, { type: "open", id: "a", side: "right", arm: "cancel" });
    expect(sideOf(state, "a")).toBe("right");
    expect(isConfirming(state, "a", "cancel")).toBe(true);
    expect(pressAction(state, "a", "cancel", true).run).toBe(true);
    // Opening another row forgets it.
    expect(isConfirming(swipeReducer(state, { type: "open", id: "b", side: "right" }), "a", "cancel")).toBe(
      false,
    );
  });

  it("a side without actions never opens, and drags stop at the panel's width", () => {
    const rightOnly = { left: 0, right: 200 };
    expect(settle(70, rightOnly, "default").side).toBe("default");
    expect(clampOffset(70, rightOnly)).toBe(0);
    expect(clampOffset(-500, rightOnly)).toBe(-200);
    expect(clampOffset(-120, rightOnly)).toBe(-120);
    expect(offsetFor("right", widths)).toBe(-200);
    expect(offsetFor("left", widths)).toBe(80);
    expect(offsetFor("default", widths)).toBe(0);
  });

  it("tells a sideways swipe from a scroll", () => {
    expect(dragAxis(3, 4)).toBe("undecided");
    expect(dragAxis(-20, 5)).toBe("horizontal");
    expect(dragAxis(5, 20)).toBe("vertical");
  });
});
