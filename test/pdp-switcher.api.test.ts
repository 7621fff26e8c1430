import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SWITCHER_MAX } from "../app/features/catalog/plan-switcher.ts";
import { plans } from "../db/schema/index.ts";
import { seedLarge } from "../db/seed/large.ts";
import { setupPageApp } from "./api.ts";

/*
 * ADR 0299: on a destination with more plans than a dozen (the large catalogue's grid gives Japan about 140), the
 * pdp's switcher lists the plans that share this one's allowance or days and links to the destination's full
 * list, so the page stays the size it is on a small destination.
 */

const app = setupPageApp();
let japanPlans = 0;

beforeAll(async () => {
  const db = app.database.db;
  const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(plans);
  await seedLarge(db, before!.n + 150);
  const [japan] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(plans)
    .where(and(eq(plans.destinationCode, "JP"), eq(plans.status, "ON_SHELF")));
  japanPlans = japan!.n;
});

async function page(url: string) {
  const res = await app.server.inject({ method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** The switcher's links: each chip's text (comments and tags removed) and address. */
function switcher(html: string, label: string) {
  const start = html.indexOf(`>${label}</h2>`);
  expect(start, label).toBeGreaterThan(0);
  const nav = html.slice(start, html.indexOf("</nav>", start));
  const links = [...nav.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
    href: /href="([^"]*)"/.exec(attributes ?? "")?.[1]?.replaceAll("&amp;", "&") ?? "",
    current: /aria-current="page"/.test(attributes ?? ""),
    text: (inner ?? "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""),
  }));
  return links;
}

describe("the pdp's plan switcher on a destination with many plans (ADR 0299)", () => {
  it("shows the plans sharing this one's allowance or days, and links to all of the destination's", async () => {
    expect(japanPlans).toBeGreaterThan(100);
    const links = switcher(await page("/pdp/JP-3GB-30D"), "Other plans for Japan");
    const chips = links.filter((link) => link.href.startsWith("/pdp/"));
    expect(chips.length).toBeGreaterThan(10);
    expect(chips.length).toBeLessThanOrEqual(SWITCHER_MAX);
    for (const chip of chips) expect(chip.text).toMatch(/^(3 GB · \d+ days?|.+ · 30 days) · HK\$[\d.,]+$/);
    expect(chips.filter((chip) => chip.current).map((chip) => chip.text)).toEqual([
      expect.stringMatching(/^3 GB · 30 days · /),
    ]);
    const all = links.at(-1);
    expect(all?.text).toBe(`See all ${japanPlans} plans for Japan`);
    expect(all?.href).toBe("/plp?categoryCode=JP&categoryName=Japan");
  });

  it("says it in the shopper's language, and the full list is the destination's plans", async () => {
    const links = switcher(await page("/zh_CN/pdp/JP-3GB-30D"), "日本 的其他套餐");
    expect(links.at(-1)?.text).toBe(`查看 日本 的全部 ${japanPlans} 个套餐`);
    expect(links.at(-1)?.href).toMatch(/^\/zh_CN\/plp\?categoryCode=JP&/);
    const list = await app.server.inject({
      method: "GET",
      url: "/o2srh/v1/pub/platform-products/search",
      query: { categoryCode: "JP", categoryName: "Japan" },
    });
    expect(list.json()).toMatchObject({ totalElements: japanPlans });
  });
});
