import { beforeAll, describe, expect, it } from "vitest";
import { cachedPage, setupPageApp, warmPages } from "../test/api.ts";
import { consoleApi, createOperator, operatorHeaders } from "./modules/admin/admin-test-kit.ts";

/*
 * ADR 0245: each cached page keeps the shared-cache tags its render read, and an invalidation drops only the pages
 * that read one of them. The pages are rendered by the development renderer with the HTML cache on (production
 * renders the same loaders from the build).
 */
const SITE = "O2_PLATFORM__101";
const PDP = "/pdp/JP-3GB-30D";
const OTHER_PDP = "/pdp/EU-5GB-30D";
const LANDING = "/cmsCLP?pageCode=summer-japan";
const PLP = "/plp?type=COUNTRY";
const HELP = "/ucenter/help";

const app = setupPageApp({ htmlCache: true });
let operator: Record<string, string>;
beforeAll(async () => {
  operator = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

/** "hit" when the page came from the HTML cache, "render" when it was rendered for this request. */
const served = async (url: string) => (await cachedPage(app, url)).served;
const warm = (...urls: string[]) => warmPages(app, ...urls);

const console = consoleApi(app, () => operator);

describe("the HTML cache drops exactly the pages a change touches (ADR 0245)", () => {
  it("publishing a landing page drops that page and keeps home and the product pages", async () => {
    await warm("/", PDP, LANDING, PLP);
    const list = await console("GET", `/pages?siteCode=${SITE}&lang=en_US`);
    const landing = list.pages.find((p: { pageCode: string }) => p.pageCode === "summer-japan");
    const opened = await console("GET", `/pages/${landing.id}`);
    await console("POST", `/pages/${opened.id}/publish`, { revision: opened.revision });

    expect(await served(LANDING)).toBe("render");
    expect(await served("/")).toBe("hit");
    expect(await served(PDP)).toBe("hit");
    expect(await served(PLP)).toBe("hit");
    // Rendered again once, it is cached again.
    expect(await served(LANDING)).toBe("hit");
  }, 120_000);

  it("a plan's new price drops the product pages and lists showing it, and keeps pages without prices", async () => {
    await warm(PDP, OTHER_PDP, PLP, HELP);
    const plan = await console("GET", "/catalog/plans/JP-3GB-30D");
    const [first] = plan.prices as { currencyCode: string; unitPrice: number }[];
    await console("PUT", "/catalog/plans/JP-3GB-30D/prices", {
      prices: [{ currencyCode: first!.currencyCode, unitPrice: first!.unitPrice + 100, displayPrice: null }],
    });

    expect(await served(PDP)).toBe("render");
    expect(await served(PLP)).toBe("render");
    // The help centre shows no plan: its cached page stays.
    expect(await served(HELP)).toBe("hit");
  }, 120_000);
});
