import { beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../core/money.ts";
import { cachedPage, invalidatedDuring, setupPageApp, warmPages } from "../test/api.ts";
import { consoleApi, createOperator, operatorHeaders } from "./modules/admin/admin-test-kit.ts";

/*
 * ADR 0289: home depends on the plans it shows, not on every plan. Its product blocks note the plans they show (their
 * prices, titles and labels), the plans of a curated list whose publishing moves them in or out, and the shelves of
 * the destinations a derived list takes its headline plans from. Editing any other plan keeps home cached. The
 * pages are rendered by the development renderer with the HTML cache on (production renders the same loaders).
 */
const HKD = { currencySymbol: "HK$", minorDigits: 2 };
const app = setupPageApp({ htmlCache: true });
let operator: Record<string, string>;
beforeAll(async () => {
  operator = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});
const consoleCall = consoleApi(app, () => operator);

const page = (url: string) => cachedPage(app, url);
const warm = (...urls: string[]) => warmPages(app, ...urls);

/** The tags of every invalidation while the work runs. */
const invalidated = (work: () => Promise<unknown>) => invalidatedDuring(app, work);

describe("home drops only for the plans it shows or that can enter its lists (ADR 0289)", () => {
  const HOME = "/";
  const PDP_KR = "/pdp/KR-10GB-30D";
  // Korea's plans: its 1 GB plan heads the destinations' list on home and its 3 GB plan is in the hot list;
  // the 10 GB plan is in no list home shows.
  const UNSHOWN = "KR-10GB-30D";
  const HOT = "KR-3GB-30D";

  it("a new title or price of a plan home does not show keeps home cached", async () => {
    await warm(HOME, PDP_KR);
    expect((await page(HOME)).html).not.toContain(`/pdp/${UNSHOWN}`);
    const tags = await invalidated(async () => {
      await consoleCall("PATCH", `/catalog/plans/${UNSHOWN}`, {
        title: { en_US: "Korea Quiet Edit", zh_CN: "韩国 编辑", zh_HK: "韓國 編輯" },
      });
      await consoleCall("PUT", `/catalog/plans/${UNSHOWN}/prices`, {
        prices: [{ currencyCode: "HKD", unitPrice: 77_700, displayPrice: null }],
      });
    });
    expect(tags).toContain(`catalog:plan:${UNSHOWN}`);
    expect((await page(HOME)).served).toBe("hit");
    // The destination's own pages did show it.
    expect((await page(PDP_KR)).served).toBe("render");
  }, 180_000);

  it("a new price or title of a plan home shows drops home, which shows it", async () => {
    await warm(HOME);
    await consoleCall("PUT", `/catalog/plans/${HOT}/prices`, {
      prices: [{ currencyCode: "HKD", unitPrice: 65_432, displayPrice: null }],
    });
    const repriced = await page(HOME);
    expect(repriced.served).toBe("render");
    expect(repriced.html).toContain(formatPrice(65_432, HKD));

    await warm(HOME);
    await consoleCall("PATCH", `/catalog/plans/${HOT}`, {
      title: { en_US: "Korea Hot Retitled", zh_CN: "韩国 热门", zh_HK: "韓國 熱門" },
    });
    const retitled = await page(HOME);
    expect(retitled.served).toBe("render");
    expect(retitled.html).toContain("Korea Hot Retitled");
  }, 180_000);

  it("a plan that enters a list home shows drops home: the next in the hot list, or first on its destination's shelf", async () => {
    // The hot list shows its first 10 plans; the 11th, France's, shows once one of them leaves the shelf, and
    // leaves again when it is back.
    const ELEVENTH = "France 3GB 30 Days";
    await warm(HOME);
    expect((await page(HOME)).html).not.toContain(ELEVENTH);
    await consoleCall("PATCH", `/catalog/plans/${HOT}`, { status: "OFF_SHELF" });
    const entered = await page(HOME);
    expect(entered.served).toBe("render");
    expect(entered.html).toContain(ELEVENTH);
    await warm(HOME);
    await consoleCall("PATCH", `/catalog/plans/${HOT}`, { status: "ON_SHELF" });
    const back = await page(HOME);
    expect(back.served).toBe("render");
    expect(back.html).not.toContain(ELEVENTH);

    // Sorted first on Korea's shelf, the 10 GB plan becomes Korea's headline plan in the destinations' list.
    await warm(HOME);
    expect((await page(HOME)).html).not.toContain(`/pdp/${UNSHOWN}`);
    await consoleCall("PATCH", `/catalog/plans/${UNSHOWN}`, { sortOrder: -1000 });
    const reordered = await page(HOME);
    expect(reordered.served).toBe("render");
    expect(reordered.html).toContain(`/pdp/${UNSHOWN}`);
  }, 180_000);
});
