import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { PLAN, place, shopper } from "../checkout/purchase-test-kit.ts";

// Review moderation in the console (issue 16 Content, issue 12; ADR 0235).

const app = setupTestApp();

async function reviewed(body: string) {
  const who = await shopper(app);
  const placed = await place(app, who, {
    contactEmail: `moderated-${body.length}-${Date.now()}@example.com`,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const code = placed.json().code as string;
  await app.database.db.update(orders).set({ status: "COMPLETED" }).where(eq(orders.code, code));
  const res = await app.server.inject({
    method: "POST",
    url: "/o2pcm/v1/customer/reviews",
    headers: who.headers,
    payload: { orderCode: code, rating: 2, body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function publicReviewIds() {
  const res = await app.server.inject({ method: "GET", url: `/o2pcm/v1/pub/products/${PLAN}/reviews` });
  expect(res.statusCode).toBe(200);
  return (res.json().recent as { id: number }[]).map((r) => r.id);
}

describe("review moderation in the console (issue 16)", () => {
  it("lists reviews newest first and hides one with a reason, which leaves the product page and is audited", async () => {
    const older = await reviewed("Fine in Osaka.");
    const id = await reviewed("Spam spam, visit my site");
    expect(await publicReviewIds()).toContain(id);

    const merchandiser = await createOperator(app, "merchandiser");
    const headers = await operatorHeaders(app, merchandiser);
    const list = await app.server.inject({
      method: "GET",
      url: `/o2adm/v1/content/reviews?plan=${PLAN}&status=VISIBLE`,
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().rows as { id: number }[]).map((r) => r.id);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(id)).toBeGreaterThanOrEqual(0);

    const noReason = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/content/reviews/${id}/hide`,
      headers,
      payload: { reason: "  " },
    });
    expect(noReason.statusCode).toBe(400);

    const hide = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/content/reviews/${id}/hide`,
      headers,
      payload: { reason: "Advertising" },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await publicReviewIds()).not.toContain(id);
    expect(await publicReviewIds()).toContain(older);

    const hidden = await app.server.inject({
      method: "GET",
      url: `/o2adm/v1/content/reviews?status=HIDDEN`,
      headers,
    });
    expect(hidden.json().rows).toContainEqual(
      expect.objectContaining({ id, status: "HIDDEN", hiddenReason: "Advertising" }),
    );
    expect(await auditOf(app, "review", String(id))).toEqual([
      expect.objectContaining({ operatorId: merchandiser.id, action: "review.hide" }),
    ]);

    const missing = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/content/reviews/99999999/hide",
      headers,
      payload: { reason: "Advertising" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a support operator, who lacks content.write", async () => {
    const id = await reviewed("Support cannot hide this one.");
    const support = await createOperator(app, "support");
    const res = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/content/reviews/${id}/hide`,
      headers: await operatorHeaders(app, support),
      payload: { reason: "Because" },
    });
    expect(res.statusCode).toBe(403);
    expect(await publicReviewIds()).toContain(id);
    expect(await auditOf(app, "review", String(id))).toEqual([]);
  });
});
