import { afterAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { DEFAULT_INVITE_RULES, type InviteRules } from "./service.ts";

// Issue 11 "operators can set them, with safe defaults" through the console (issue 16 Marketing; ADR 0235).

const app = setupTestApp();
const URL = "/o2adm/v1/marketing/invite-settings";

async function publicRules() {
  const res = await app.server.inject({ method: "GET", url: "/o2sfb/v1/pub/rules" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    inviterRewardMinor: number;
    inviterReward: string;
    monthlyCap: number;
    holdDays: number;
  };
}

afterAll(async () => {
  await app.services.sfb.updateRules({ inviterRewardMinor: DEFAULT_INVITE_RULES.inviterRewardMinor });
});

describe("invite-reward settings in the console (issue 11, issue 16)", () => {
  it("lets a merchandiser change the reward, which the public rules show at once, with an audit entry", async () => {
    const merchandiser = await createOperator(app, "merchandiser");
    const headers = await operatorHeaders(app, merchandiser);
    await publicRules(); // warms the shared cache: the change must drop it
    const read = await app.server.inject({ method: "GET", url: URL, headers });
    expect(read.statusCode, read.body).toBe(200);
    const current = read.json() as InviteRules;

    const changed = { ...current, inviterRewardMinor: 4500, monthlyCap: 7, holdDays: 21 };
    const saved = await app.server.inject({ method: "PUT", url: URL, headers, payload: changed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ inviterRewardMinor: 4500, monthlyCap: 7, holdDays: 21 });

    expect(await publicRules()).toMatchObject({ inviterRewardMinor: 4500, monthlyCap: 7, holdDays: 21 });
    expect((await publicRules()).inviterReward).toContain("45");

    const audit = await auditOf(app, "invite_settings", "rules");
    expect(audit.at(-1)).toMatchObject({
      operatorId: merchandiser.id,
      action: "sfb.rules.update",
      before: expect.objectContaining({ inviterRewardMinor: current.inviterRewardMinor }),
      after: expect.objectContaining({ inviterRewardMinor: 4500 }),
    });
  });

  it("refuses a support operator, and bad input, leaving the rules as they were", async () => {
    const support = await createOperator(app, "support");
    const supportHeaders = await operatorHeaders(app, support);
    const merchandiser = await createOperator(app, "merchandiser");
    const headers = await operatorHeaders(app, merchandiser);
    const current = (await app.server.inject({ method: "GET", url: URL, headers })).json() as InviteRules;

    const denied = await app.server.inject({
      method: "PUT",
      url: URL,
      headers: supportHeaders,
      payload: { ...current, inviterRewardMinor: 1 },
    });
    expect(denied.statusCode).toBe(403);
    expect((await app.server.inject({ method: "GET", url: URL, headers: supportHeaders })).statusCode).toBe(
      403,
    );

    for (const bad of [
      { ...current, inviterRewardMinor: -1 },
      { ...current, inviterRewardMinor: 50_001 },
      { ...current, inviterRewardMinor: 12.5 },
      { ...current, monthlyCap: 101 },
      { ...current, holdDays: 91 },
      { ...current, friendCouponCode: "NO-SUCH-COUPON" },
      {},
    ]) {
      const res = await app.server.inject({ method: "PUT", url: URL, headers, payload: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ failed: true });
    }
    expect((await app.server.inject({ method: "GET", url: URL, headers })).json()).toEqual(current);
  });
});
