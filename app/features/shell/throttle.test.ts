import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "./throttle.ts";

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at once, at most once per interval, and once more with the latest arguments", () => {
    const calls: number[] = [];
    const throttled = throttle((y: number) => calls.push(y), 50);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(49);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(100);
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it("drops the pending call when cancelled", () => {
    const calls: number[] = [];
    const throttled = throttle((y: number) => calls.push(y), 100);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(calls).toEqual([1]);
  });
});
