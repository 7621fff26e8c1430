import { describe, expect, it } from "vitest";
import { listIdentity, parseProductQuery, pricePerGb, productQueryParams } from "./product-query.ts";

describe("product list query (spec 2 /plp, ADR 0081)", () => {
  it("reads every spec parameter and the filters", () => {
    const { query, errors } = parseProductQuery(
      new URLSearchParams(
        "categoryCode=JP&categoryName=Japan&search=s&hitName=日本&type=country&sourceCountryNames=France, Italy&" +
          "hitNameSource=destination&keyword=japn&marketingCode=MKT-1&data=upTo3GB&days=over30&maxPrice=80&" +
          "unlimited=1&fiveG=true&sort=price-asc&page=2&size=40",
      ),
    );
    expect(errors).toEqual({});
    expect(query).toEqual({
      categoryCode: "JP",
      categoryName: "Japan",
      search: "s",
      hitName: "日本",
      type: "COUNTRY",
      sourceCountryNames: ["France", "Italy"],
      hitNameSource: "DESTINATION",
      keyword: "japn",
      marketingCode: "MKT-1",
      data: "upTo3GB",
      days: "over30",
      maxPrice: 80,
      unlimited: true,
      fiveG: true,
      sort: "price-asc",
      page: 2,
      size: 40,
    });
    expect(parseProductQuery(new URLSearchParams(productQueryParams(query))).query).toEqual(query);
  });

  it("leaves out and reports invalid values", () => {
    const { query, errors } = parseProductQuery(
      new URLSearchParams(`type=PLANET&maxPrice=-3&size=0&categoryCode=a b&keyword=${"x".repeat(101)}`),
    );
    expect(Object.keys(errors).sort()).toEqual(["categoryCode", "keyword", "maxPrice", "size", "type"]);
    expect(query).toEqual({ sort: "recommended", page: 0, size: 20 });
  });

  it("reloads for any parameter except the visible flag and searchDialog (spec 2)", () => {
    const base = listIdentity(new URLSearchParams("keyword=japan&data=upTo3GB"));
    expect(listIdentity(new URLSearchParams("data=upTo3GB&keyword=japan&searchDialog=true&visible=1"))).toBe(
      base,
    );
    expect(listIdentity(new URLSearchParams("keyword=japan&data=over10GB"))).not.toBe(base);
    expect(listIdentity(new URLSearchParams("keyword=japan&data=upTo3GB&currency=USD"))).not.toBe(base);
  });

  it("gives a price per GB in minor units, none for unlimited plans", () => {
    expect(pricePerGb(9900, 3072)).toBe(3300);
    expect(pricePerGb(450, 512)).toBe(900);
    expect(pricePerGb(2500, null)).toBeNull();
  });
});
