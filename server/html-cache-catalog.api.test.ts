import { beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../core/money.ts";
import { cachedPage, invalidatedDuring, setupPageApp, warmPages } from "../test/api.ts";
import { consoleApi, createOperator, operatorHeaders } from "./modules/admin/admin-test-kit.ts";

/*
 * ADR 0282: a catalogue change drops exactly the cached data and pages that show what changed. A plan's price rule
 * reprices that plan: its product page and its destination's plan list show the new price on the next request,
 * while another destination's product page and plan list are still served from the HTML cache. The pages are
 * rendered by the development renderer with the HTML cache on (production renders the same loaders).
 */
const PLAN_A = "JP-3GB-30D";
const PLAN_B = "KR-3GB-30D";
const PDP_A = `/pdp/${PLAN_A}`;
const PDP_B = `/pdp/${PLAN_B}`;
const PLP_A = "/plp?categoryCode=JP&categoryName=Japan";
const PLP_B = "/plp?categoryCode=KR&categoryName=South+Korea";
const HELP = "/ucenter/help";
const HKD = { currencySymbol: "HK$", minorDigits: 2 };

const app = setupPageApp({ htmlCache: true });
let operator: Record<string, string>;
beforeAll(async () => {
  operator = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

const page = (url: string) => cachedPage(app, url);
const warm = (...urls: string[]) => warmPages(app, ...urls);

const consoleCall = consoleApi(app, () => operator);

/** Gives the plan a supplier cost, so price rules reprice it (the seed's plans are priced by hand). */
async function costed(code: string, costUsdCents: number) {
  await consoleCall("PUT", `/catalog/plans/${code}/suppliers`, {
    packages: [{ supplier: "sandbox", packageCode: code, rank: 0, costUsdCents }],
  });
}

/** The HKD price a rule would give the plan, from the console's preview, and the price before it. */
async function previewHkd(rule: object, code: string) {
  const preview = await consoleCall("POST", "/pricing/preview", { rule });
  const change = (
    preview.changes as { platformProductCode: string; currencyCode: string; before: number; after: number }[]
  ).find((c) => c.platformProductCode === code && c.currencyCode === "HKD");
  expect(change, `a price change for ${code}`).toBeDefined();
  return { before: formatPrice(change!.before, HKD), after: formatPrice(change!.after, HKD) };
}

/** The tags of every invalidation while the work runs. */
const invalidated = (work: () => Promise<unknown>) => invalidatedDuring(app, work);

describe("a catalogue change drops exactly the pages showing it (ADR 0282)", () => {
  it("a plan's price rule: its pdp and its destination's plp show the new price, other destinations stay cached", async () => {
    await costed(PLAN_A, 400);
    const rule = { platformProductCode: PLAN_A, markupBp: 25_000, floorUsdCents: 0 };
    const price = await previewHkd(rule, PLAN_A);
    await warm(PDP_A, PDP_B, PLP_A, PLP_B, "/", HELP);
    expect((await page(PDP_A)).html).toContain(price.before);
    expect((await page(PLP_A)).html).toContain(price.before);

    const tags = await invalidated(() => consoleCall("POST", "/pricing/rules", rule));
    // The plan, its destination (its shelf and "from" price) and the lists spanning the catalogue; not all of it.
    expect(tags).toEqual(
      expect.arrayContaining(["catalog:lists", `catalog:plan:${PLAN_A}`, "catalog:dest:JP"]),
    );
    expect(tags).not.toContain("catalog");
    expect(tags.filter((tag) => tag.startsWith("catalog:plan:"))).toEqual([`catalog:plan:${PLAN_A}`]);

    const pdpA = await page(PDP_A);
    expect(pdpA.served).toBe("render");
    expect(pdpA.html).toContain(price.after);
    expect(pdpA.html).not.toContain(price.before);
    const plpA = await page(PLP_A);
    expect(plpA.served).toBe("render");
    expect(plpA.html).toContain(price.after);
    // Home lists plan A among its priced blocks.
    const home = await page("/");
    expect(home.served).toBe("render");
    expect(home.html).toContain(price.after);
    // Another destination's product page and plan list, and a page without plans, are still the cached ones.
    expect((await page(PDP_B)).served).toBe("hit");
    expect((await page(PLP_B)).served).toBe("hit");
    expect((await page(HELP)).served).toBe("hit");
  }, 180_000);

  it("a destination's price rule reprices only its plans: the other destination's pages stay cached", async () => {
    await costed(PLAN_B, 500);
    const rule = { destinationCode: "KR", markupBp: 30_000, floorUsdCents: 0 };
    const price = await previewHkd(rule, PLAN_B);
    await warm(PDP_A, PDP_B, PLP_A, PLP_B);

    const tags = await invalidated(() => consoleCall("POST", "/pricing/rules", rule));
    expect(tags).toContain(`catalog:plan:${PLAN_B}`);
    expect(tags).not.toContain(`catalog:plan:${PLAN_A}`);

    const pdpB = await page(PDP_B);
    expect(pdpB.served).toBe("render");
    expect(pdpB.html).toContain(price.after);
    expect((await page(PLP_B)).html).toContain(price.after);
    expect((await page(PDP_A)).served).toBe("hit");
    expect((await page(PLP_A)).served).toBe("hit");
  }, 180_000);

  it("a destination's new name drops its pages and keeps the other destination's", async () => {
    await warm(PDP_A, PDP_B, PLP_A, PLP_B);
    await consoleCall("PATCH", "/catalog/destinations/KR", { nameEn: "Korea Cache Check" });
    const pdpB = await page(PDP_B);
    expect(pdpB.served).toBe("render");
    expect(pdpB.html).toContain("Korea Cache Check");
    expect((await page(PLP_B)).html).toContain("Korea Cache Check");
    expect((await page(PDP_A)).served).toBe("hit");
    expect((await page(PLP_A)).served).toBe("hit");
  }, 180_000);

  it("a plan taken off the shelf leaves its destination's pages at once; the other destination's stay cached", async () => {
    const SIBLING = "JP-1GB-7D";
    await warm(PDP_A, PDP_B, PLP_A, PLP_B);
    expect((await page(PDP_A)).html).toContain(`/pdp/${SIBLING}`);
    expect((await page(PLP_A)).html).toContain(`/pdp/${SIBLING}`);
    await consoleCall("PATCH", `/catalog/plans/${SIBLING}`, { status: "OFF_SHELF" });
    const pdpA = await page(PDP_A);
    expect(pdpA.served).toBe("render");
    expect(pdpA.html).not.toContain(`/pdp/${SIBLING}`);
    expect((await page(PLP_A)).html).not.toContain(`/pdp/${SIBLING}`);
    expect((await page(PDP_B)).served).toBe("hit");
    expect((await page(PLP_B)).served).toBe("hit");
  }, 180_000);

  it("a new FX rate still drops every priced page (every price changed)", async () => {
    await warm(PDP_A, PDP_B);
    const tags = await invalidated(() => consoleCall("PUT", "/pricing/rates", { rates: { EUR: "0.12" } }));
    expect(tags).toEqual(expect.arrayContaining(["currencies", "catalog"]));
    expect((await page(PDP_A)).served).toBe("render");
    expect((await page(PDP_B)).served).toBe("render");
  }, 180_000);
});
