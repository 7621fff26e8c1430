import { describe, expect, it } from "vitest";
import { createOperator, operatorHeaders } from "../server/modules/admin/admin-test-kit.ts";
import { setupPageApp } from "./api.ts";

// Issue 29 (ADR 0353): the refund policy page renders from the operator's policy data in the page's language, and
// a change to the policy shows at once, even where the page was cached.

const app = setupPageApp({ htmlCache: true });

async function policyPage(path: string): Promise<string> {
  const res = await app.server.inject({ method: "GET", url: path });
  expect(res.statusCode, path).toBe(200);
  return res.body;
}

describe("the refund policy page (issue 29)", () => {
  it("says what the policy data allows, in three languages, and follows the operator's change", async () => {
    const en = await policyPage("/pageHtml?htmlType=refundPolicy");
    expect(en).toContain("cancelled from its order page within 30 days of payment, for a full refund");
    expect(en).toContain("within 10 days, or as store credit at once");
    // The hand-written promise the store could not keep is gone.
    expect(en).not.toContain("Cancelling the order from your order page does this for you");
    expect(await policyPage("/zh_CN/pageHtml?htmlType=refundPolicy")).toContain("付款后 30 天内");
    expect(await policyPage("/zh_HK/pageHtml?htmlType=refundPolicy")).toContain("付款後 30 日內");

    const owner = await operatorHeaders(app, await createOperator(app, "owner"));
    const current = (
      await app.server.inject({ method: "GET", url: "/o2adm/v1/refund-policy", headers: owner })
    ).json() as Record<string, unknown>;
    const saved = await app.server.inject({
      method: "PUT",
      url: "/o2adm/v1/refund-policy",
      headers: owner,
      payload: { ...current, updatedAt: undefined, cancelWindowDays: 14, allowCard: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const changed = await policyPage("/pageHtml?htmlType=refundPolicy");
    expect(changed).toContain("within 14 days of payment, for a full refund");
    expect(changed).toContain("The money comes back as store credit, at once.");
    expect(changed).not.toContain("within 30 days of payment, for a full refund");
    expect(await policyPage("/zh_HK/pageHtml?htmlType=refundPolicy")).toContain("付款後 14 日內");
  });

  it("is linked from every page's footer", async () => {
    const home = await policyPage("/");
    expect(home).toMatch(/href="\/pageHtml\?htmlType=refundPolicy"[^>]*>Refund policy</);
  });
});
