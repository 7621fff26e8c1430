import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { planSuppliers, plans } from "../../../../db/schema/index.ts";
import { setupPageApp } from "../../../../test/api.ts";
import { createOperator, operatorHeaders, type TestOperator } from "../../admin/admin-test-kit.ts";

// The console's plan page (issue 28; ADR 0310) as the server renders it: a price at or under cost is warned
// about, a draft says what publishing needs, a paused supplier package shows as paused.

const app = setupPageApp();
let merchandiser: TestOperator;
const CODE = "TH-1GB-7D";

beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
});

async function page(path: string) {
  const res = await app.server.inject({
    method: "GET",
    url: path,
    headers: await operatorHeaders(app, merchandiser),
  });
  expect(res.statusCode).toBe(200);
  // The markup only: the console's messages travel in a script on every page.
  return res.body.replace(/<script\b[\s\S]*?<\/script>/g, "");
}

async function api(method: "PUT", url: string, payload: object) {
  const res = await app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: await operatorHeaders(app, merchandiser),
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("console plan page", () => {
  it("warns about a price at or under cost, explains a draft, and shows a paused package", async () => {
    // The sandbox package costs $5.00; the operator sets US$4.50 by hand.
    await api("PUT", `/catalog/plans/${CODE}/suppliers`, {
      packages: [{ supplier: "sandbox", packageCode: CODE, rank: 0, costUsdCents: 500 }],
    });
    await api("PUT", `/catalog/plans/${CODE}/prices`, { prices: [{ currencyCode: "USD", unitPrice: 450 }] });
    let html = await page(`/admin/catalog/plans/${CODE}`);
    expect(html).toContain("Prices at or under cost");
    expect(html).toMatch(/USD \$4\.50 is at or under the package(&#x27;|')s cost of \$5\.00/);
    expect(html).not.toContain("This plan is a draft");
    expect(html).not.toContain("Paused:");

    await app.database.db.update(plans).set({ status: "DRAFT" }).where(eq(plans.platformProductCode, CODE));
    await app.database.db
      .update(planSuppliers)
      .set({ pausedAt: new Date() })
      .where(eq(planSuppliers.platformProductCode, CODE));
    html = await page(`/admin/catalog/plans/${CODE}`);
    expect(html).toContain("This plan is a draft. To publish it, write its title in English");
    expect(html).toContain("Paused: the supplier does not list this package now");
    // The first render compiles the console's modules: slow on a loaded machine.
  }, 120_000);
});
