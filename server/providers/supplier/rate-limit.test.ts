import { describe, expect, it } from "vitest";
import { takeToken } from "./rate-limit.ts";

describe("a supplier's request window (ADR 0308)", () => {
  it("counts an answered call from its answer, so a slow network cannot crowd the supplier's window", async () => {
    let clock = 10_000;
    const rules = [{ key: `test:${Math.random()}`, rule: { limit: 2, windowMs: 1_000 } }];
    const options = { maxWaitMs: 0, clock: () => clock, supplier: "Test" };
    const first = await takeToken(rules, options);
    await takeToken(rules, options);
    // The first call's answer comes 600 ms after it was sent: the supplier may have counted it that late.
    clock += 600;
    first.answered();
    // 1 s after sending, the second call's slot is free, but not the first's: it counts from its answer.
    clock = 11_000;
    await takeToken(rules, options);
    await expect(takeToken(rules, options)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      retryAfterMs: 600,
    });
  });
});
