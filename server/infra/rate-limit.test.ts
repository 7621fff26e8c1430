import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors.ts";
import { createMemoryCounterStore } from "./counter-store.ts";
import { createRateLimiter } from "./rate-limit.ts";

describe("rate limiter over the in-memory counter store", () => {
  it("allows the limit, refuses with 429 after it, and opens again when the window ends", async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(createMemoryCounterStore(() => now));
    for (let i = 0; i < 10; i++) await limiter.hit("loginAccount", "a@example.com");
    const refused = await limiter.hit("loginAccount", "a@example.com").catch((error) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: "error.rateLimited" });
    // Another subject has its own counter.
    await expect(limiter.hit("loginAccount", "b@example.com")).resolves.toBeUndefined();
    now += 15 * 60_000;
    await expect(limiter.hit("loginAccount", "a@example.com")).resolves.toBeUndefined();
  });
});
