import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();

interface Product {
  platformProductCode: string;
  title: string;
  currencyCode: string;
  unitPrice: number;
  displayPrice: number | null;
  labelList: string[];
  labelTypes: string[];
  entityName: string;
  destinationCode: string;
  destinationType: string;
  dataMb: number | null;
  unlimited: boolean;
  validityDays: number;
  network: string;
  pricePerGb: number | null;
}
interface Page {
  content: Product[];
  totalElements: number;
  numberOfElements: number;
}

async function search(query: Record<string, string>, headers: Record<string, string> = {}) {
  return app.server.inject({
    method: "GET",
    url: "/o2srh/v1/pub/platform-products/search",
    query,
    headers,
  });
}

async function list(query: Record<string, string>, headers: Record<string, string> = {}): Promise<Page> {
  const res = await search(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("GET /o2srh/v1/pub/platform-products/search", () => {
  it("answers page mode: 20 per page, content, totalElements, numberOfElements", async () => {
    const first = await list({});
    expect(first.content).toHaveLength(20);
    expect(first.numberOfElements).toBe(20);
    expect(first.totalElements).toBeGreaterThan(900);
    const second = await list({ page: "1" });
    expect(second.content[0]!.platformProductCode).not.toBe(first.content[0]!.platformProductCode);
    const beyond = await list({ page: "1000" });
    expect(beyond).toEqual({ content: [], totalElements: first.totalElements, numberOfElements: 0 });
  });

  it("lists one destination for categoryCode, whatever type the link says", async () => {
    const japan = await list({ categoryCode: "JP", categoryName: "Japan", type: "COUNTRY" });
    expect(japan.totalElements).toBe(8);
    expect(new Set(japan.content.map((p) => p.destinationCode))).toEqual(new Set(["JP"]));
    // The categories popup links regions with type=COUNTRY.
    const europe = await list({ categoryCode: "EU", type: "COUNTRY" });
    expect(europe.content.every((p) => p.destinationCode === "EU")).toBe(true);
    expect(europe.totalElements).toBe(6);
  });

  it("lists a storefront category and a continent tab by id", async () => {
    const regional = await list({ categoryCode: "REGIONAL", size: "100" });
    expect(new Set(regional.content.map((p) => p.destinationType))).toEqual(new Set(["REGION"]));
    const areaTab = await list({ categoryCode: "7", type: "REGION", size: "100" });
    expect(areaTab.totalElements).toBe(36);
    expect((await list({ categoryCode: "NO_SUCH" })).totalElements).toBe(0);
  });

  it("finds plans by keyword through the search engine, the best destination first", async () => {
    for (const keyword of ["japn", "日本", "jp"]) {
      const page = await list({ keyword });
      expect(page.content[0]!.destinationCode, keyword).toBe("JP");
    }
    const paris = await list({ keyword: "paris", size: "100" });
    const destinations = new Set(paris.content.map((p) => p.destinationCode));
    expect(destinations.has("FR")).toBe(true);
    expect(destinations.has("EU")).toBe(true);
    expect(paris.content[0]!.destinationCode).toBe("FR");
  });

  it("narrows by type and by the chosen association (hitName)", async () => {
    const regions = await list({ keyword: "france", type: "REGION", size: "100" });
    expect(regions.content.length).toBeGreaterThan(0);
    expect(regions.content.every((p) => p.destinationType === "REGION")).toBe(true);
    const hit = await list({ hitName: "日本", hitNameSource: "DESTINATION", type: "COUNTRY" });
    expect(hit.content.every((p) => p.destinationCode === "JP")).toBe(true);
    const pkg = await list({ hitName: "Japan Unlimited", hitNameSource: "PACKAGE" });
    expect(pkg.content.map((p) => p.platformProductCode).sort()).toEqual(["JP-UL-15D", "JP-UL-5D"]);
  });

  it("keeps regional plans that cover all sourceCountryNames", async () => {
    const page = await list({ sourceCountryNames: "France,Italy", type: "REGION", size: "100" });
    expect(new Set(page.content.map((p) => p.destinationCode))).toEqual(new Set(["EU"]));
    const chinese = await list({ sourceCountryNames: "法国", size: "100" });
    expect(new Set(chinese.content.map((p) => p.destinationCode))).toEqual(new Set(["FR", "EU", "GLOBAL"]));
  });

  it("lists a campaign's plans for its marketingCode", async () => {
    const page = await list({ marketingCode: "MKT-SUMMER-JAPAN" });
    expect(page.content.map((p) => p.platformProductCode).sort()).toEqual(
      ["JP-10GB-30D", "JP-1GB-7D", "JP-3GB-30D", "JP-5GB-30D", "JP-UL-5D"].sort(),
    );
  });

  it("filters by data amount, validity, unlimited, 5G and price, and sorts", async () => {
    const small = await list({ categoryCode: "JP", data: "upTo3GB" });
    expect(small.content.map((p) => p.dataMb)).toEqual(expect.arrayContaining([1024, 3072]));
    expect(small.content.every((p) => p.dataMb !== null && p.dataMb <= 3072)).toBe(true);
    const unlimited = await list({ categoryCode: "JP", unlimited: "1" });
    expect(unlimited.content.every((p) => p.unlimited)).toBe(true);
    expect(unlimited.totalElements).toBe(2);
    const fiveG = await list({ categoryCode: "JP", fiveG: "1" });
    expect(fiveG.content.every((p) => p.network === "5G")).toBe(true);
    const long = await list({ categoryCode: "JP", days: "over30" });
    expect(long.content.every((p) => p.validityDays > 30)).toBe(true);
    const cheap = await list({ categoryCode: "JP", maxPrice: "50" }, { "x-currency": "HKD" });
    expect(cheap.content.length).toBeGreaterThan(0);
    expect(cheap.content.every((p) => p.unitPrice <= 5000)).toBe(true);
    const byPrice = await list({ categoryCode: "JP", sort: "price-asc" });
    const prices = byPrice.content.map((p) => p.unitPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const perGb = await list({ categoryCode: "JP", sort: "per-gb-asc" });
    const values = perGb.content.map((p) => p.pricePerGb);
    expect(values.at(-1)).toBeNull();
    const finite = values.filter((v): v is number => v !== null);
    expect(finite).toEqual([...finite].sort((a, b) => a - b));
  });

  it("prices in the x-currency, hides a display price that is not above the unit price, localizes", async () => {
    const hkd = await list({ categoryCode: "JP", sort: "price-asc" }, { "x-currency": "HKD" });
    const usd = await list(
      { categoryCode: "JP", sort: "price-asc" },
      { "x-currency": "USD", "x-lang": "zh_HK" },
    );
    expect(usd.content[0]!.currencyCode).toBe("USD");
    expect(usd.content[0]!.unitPrice).toBeLessThan(hkd.content[0]!.unitPrice);
    expect(usd.content[0]!.title).toMatch(/^日本 /);
    expect(usd.content[0]!.entityName).toBe("日本");
    for (const product of [...hkd.content, ...usd.content]) {
      if (product.displayPrice !== null) expect(product.displayPrice).toBeGreaterThan(product.unitPrice);
      expect(product.labelList).toHaveLength(product.labelTypes.length);
    }
    const unsupported = await search({}, { "x-currency": "XYZ" });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().code).toBe("catalog.currencyUnsupported");
  });

  it("shows a price-per-GB hint for plans with a data allowance", async () => {
    const page = await list({ categoryCode: "JP" });
    const threeGb = page.content.find((p) => p.platformProductCode === "JP-3GB-30D")!;
    expect(threeGb.pricePerGb).toBe(Math.round(threeGb.unitPrice / 3));
    expect(page.content.find((p) => p.unlimited)!.pricePerGb).toBeNull();
  });

  it("refuses bad parameters with a 400 naming each field", async () => {
    const res = await search({
      type: "PLANET",
      sort: "cheapest",
      page: "-1",
      size: "500",
      data: "huge",
      unlimited: "maybe",
      categoryCode: "<script>",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true, code: "error.badRequest" });
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ["categoryCode", "data", "page", "size", "sort", "type", "unlimited"].sort(),
    );
  });
});

describe("POST /o2pcm/v1/query-target-info", () => {
  const query = (body: unknown) =>
    app.server.inject({ method: "POST", url: "/o2pcm/v1/query-target-info", payload: body as object });

  it("answers targetList with showFlag per code, in order: live, ended, unknown", async () => {
    const res = await query({ codes: ["MKT-SUMMER-JAPAN", "MKT-SPRING-KOREA", "NO-SUCH"] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      targetList: [
        { marketingCode: "MKT-SUMMER-JAPAN", showFlag: true },
        { marketingCode: "MKT-SPRING-KOREA", showFlag: false },
        { marketingCode: "NO-SUCH", showFlag: false },
      ],
    });
  });

  it("refuses a missing, empty or malformed code list", async () => {
    for (const body of [{}, { codes: [] }, { codes: ["a b"] }, { codes: "MKT" }]) {
      const res = await query(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(Object.keys(res.json().fields)[0]!);
    }
  });
});
