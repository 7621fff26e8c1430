import { afterAll, afterEach, beforeEach, vi } from "vitest";

// House style: a test fails if anything logs console.error. Noise is a bug.
let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) {
    const text = logged
      .map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "))
      .join("\n");
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});

// Test files share a worker's globals (isolate: false): a file that left fake timers on would stop every
// setTimeout in the next file. Each file ends on real timers.
afterAll(() => {
  vi.useRealTimers();
});
