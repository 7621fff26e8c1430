import { describe, expect, it } from "vitest";
import { setupPageApp } from "./api.ts";

/*
 * ADR 0300: the destination picker's tiles are written once per locale, currency and list, and kept. Whatever was
 * written for one shopper, the next sees their own language, currency and addresses, and as many tiles as the
 * count above the grid says.
 */

const app = setupPageApp();

async function tiles(url: string) {
  const res = await app.server.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  const html = res.body;
  const grid = /<ul[^>]*data-destination-picker[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const links = [
    ...grid.matchAll(
      /<a href="([^"]*)" class="dest-tile">[\s\S]*?<span>([^<]*)<\/span><span>([^<]*)<\/span><\/a>/g,
    ),
  ];
  const count = /<p class="mt-1 text-sm text-slate-700">([^<]*)<\/p>/.exec(html)?.[1] ?? "";
  return { count, links: links.map(([, href, name, price]) => ({ href, name, price })) };
}

describe("the destination picker's tiles, kept between renders (ADR 0300)", () => {
  it("shows each shopper their own currency, language and addresses, and the count of its tiles", async () => {
    const hkd = await tiles("/plp?type=COUNTRY");
    expect(hkd.links.length).toBeGreaterThan(100);
    expect(hkd.count).toBe(`${hkd.links.length} destinations`);
    expect(hkd.links[0]).toEqual({
      href: "/plp?categoryCode=JP&amp;categoryName=Japan",
      name: "Japan",
      price: expect.stringMatching(/^from HK\$[\d,]+\.\d\d$/),
    });
    const usd = await tiles("/plp?type=COUNTRY&currency=USD");
    expect(usd.links[0]?.price).toMatch(/^from US\$[\d,]+\.\d\d$/);
    expect(usd.links.map((link) => link.href)).toEqual(hkd.links.map((link) => link.href));
    const chinese = await tiles("/zh_CN/plp?type=COUNTRY");
    expect(chinese.links[0]?.href).toMatch(/^\/zh_CN\/plp\?categoryCode=JP&amp;categoryName=/);
    expect(chinese.links[0]?.name).toBe("日本");
    expect(chinese.links[0]?.price).toMatch(/起$/);
    const regions = await tiles("/plp?type=REGION");
    expect(regions.links.length).toBeGreaterThan(0);
    expect(regions.links.length).toBeLessThan(hkd.links.length);
    expect(regions.count).toBe(`${regions.links.length} destinations`);
    // The first shopper's grid again, as it was.
    expect(await tiles("/plp?type=COUNTRY")).toEqual(hkd);
  });
});
