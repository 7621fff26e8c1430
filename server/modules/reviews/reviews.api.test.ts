import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { PLAN, place, type Shopper, shopper } from "../checkout/purchase-test-kit.ts";

const app = setupTestApp();
const hideReview = (tx: Parameters<typeof app.services.reviews.hideReview>[0], id: number, reason: string) =>
  app.services.reviews.hideReview(tx, id, reason);
let orderCount = 0;

/** An order of PLAN for the shopper, moved to a status (the order flow has its own tests). */
async function orderIn(who: Shopper, status: "UNPAID" | "COMPLETED") {
  // Each its own order (another contact): the same request again would reuse the open unpaid one (issue 12).
  const placed = await place(app, who, { contactEmail: `reviewer${++orderCount}@example.com` });
  expect(placed.statusCode, placed.body).toBe(201);
  const code = placed.json().code as string;
  if (status === "COMPLETED")
    await app.database.db.update(orders).set({ status }).where(eq(orders.code, code));
  return code;
}

function review(who: Shopper, body: Record<string, unknown>, lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: "/o2pcm/v1/customer/reviews",
    headers: { ...who.headers, "x-lang": lang },
    payload: body,
  });
}

async function summary() {
  const res = await app.server.inject({ method: "GET", url: `/o2pcm/v1/pub/products/${PLAN}/reviews` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    count: number;
    average: number | null;
    recent: { id: number; rating: number; body: string }[];
  };
}

describe("ratings and reviews (issue 12)", () => {
  it("lets a shopper with a completed order rate the plan once, and shows the average and recent reviews", async () => {
    const before = await summary();
    const who = await shopper(app);
    const unpaid = await orderIn(who, "UNPAID");
    const early = await review(who, { orderCode: unpaid, rating: 5, body: "Great" });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ failed: true, code: "discovery.reviews.notCompleted" });

    const done = await orderIn(who, "COMPLETED");
    const first = await review(who, { orderCode: done, rating: 4, body: "  Worked all week in Tokyo.  " });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ rating: 4, body: "Worked all week in Tokyo.", locale: "en_US" });
    const again = await review(who, { orderCode: done, rating: 1, body: "changed my mind" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ failed: true, code: "discovery.reviews.alreadyReviewed" });

    const other = await shopper(app);
    const second = await review(
      other,
      { orderCode: await orderIn(other, "COMPLETED"), rating: 5, body: "" },
      "zh_HK",
    );
    expect(second.statusCode).toBe(201);
    const after = await summary();
    expect(after.count).toBe(before.count + 2);
    expect(after.recent.slice(0, 2).map((r) => r.rating)).toEqual([5, 4]);
    if (before.count === 0) expect(after.average).toBe(4.5);

    // The shopper reads back their own review of the order; nobody else's order is theirs to read or rate.
    const mine = await app.server.inject({
      method: "GET",
      url: `/o2pcm/v1/customer/reviews/${done}`,
      headers: who.headers,
    });
    expect(mine.json().review).toMatchObject({ rating: 4 });
    const stranger = await review(other, { orderCode: done, rating: 1 });
    expect(stranger.statusCode).toBe(404);
  });

  it("refuses a rating outside 1 to 5 and a review longer than 500 characters", async () => {
    const who = await shopper(app);
    const code = await orderIn(who, "COMPLETED");
    for (const payload of [
      { orderCode: code, rating: 0 },
      { orderCode: code, rating: 6 },
      { orderCode: code, rating: 4.5 },
      { orderCode: code, rating: 5, body: "x".repeat(501) },
    ]) {
      const res = await review(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().failed).toBe(true);
    }
    const anonymous = await app.server.inject({
      method: "POST",
      url: "/o2pcm/v1/customer/reviews",
      payload: { orderCode: code, rating: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps one review per order when two submits race", async () => {
    const who = await shopper(app);
    const code = await orderIn(who, "COMPLETED");
    const answers = await Promise.all([
      review(who, { orderCode: code, rating: 5, body: "one" }),
      review(who, { orderCode: code, rating: 3, body: "two" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it("hides a review with a reason, inside the operator's transaction; it leaves the average at once", async () => {
    const who = await shopper(app);
    const code = await orderIn(who, "COMPLETED");
    const posted = await review(who, { orderCode: code, rating: 1, body: "Spam link here" });
    const id = posted.json().id as number;
    const before = await summary();
    expect(before.recent.some((r) => r.id === id)).toBe(true);
    const hidden = await app.database.db.transaction((tx) => hideReview(tx, id, "Spam"));
    expect(hidden.id).toBe(id);
    const after = await summary();
    expect(after.count).toBe(before.count - 1);
    expect(after.recent.some((r) => r.id === id)).toBe(false);
    await expect(app.database.db.transaction((tx) => hideReview(tx, 999_999, "Spam"))).rejects.toMatchObject({
      status: 404,
    });
    await expect(app.database.db.transaction((tx) => hideReview(tx, id, "  "))).rejects.toMatchObject({
      status: 400,
    });
  });
});
