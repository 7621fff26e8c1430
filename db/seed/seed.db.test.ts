import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import {
  BLOCK_CODES,
  CONTAINER_CODES,
  ContentDocumentSchema,
  variantForWidth,
  walkComponents,
} from "../schema/content-document.ts";
import {
  campaigns,
  contentPages,
  coupons,
  destinationCountries,
  destinations,
  hotWords,
  liveRooms,
  notes,
  planPrices,
  plans,
  specificWords,
} from "../schema/index.ts";

const app = setupTestApp();
const db = () => app.database.db;

describe("seeded catalogue", () => {
  it("has 150+ countries, six regions each covering its countries, and a global plan over 100+ countries", async () => {
    const counts = await db()
      .select({ type: destinations.type, n: sql<number>`count(*)::int` })
      .from(destinations)
      .groupBy(destinations.type);
    const byType = Object.fromEntries(counts.map((c) => [c.type, c.n]));
    expect(byType.COUNTRY).toBeGreaterThanOrEqual(150);
    expect(byType.REGION).toBe(6);
    expect(byType.GLOBAL).toBe(1);
    const covered = await db()
      .select({ code: destinationCountries.destinationCode, n: sql<number>`count(*)::int` })
      .from(destinationCountries)
      .groupBy(destinationCountries.destinationCode);
    const coverage = Object.fromEntries(covered.map((c) => [c.code, c.n]));
    expect(coverage.GLOBAL).toBeGreaterThanOrEqual(100);
    for (const region of ["EU", "ASIA", "NAM", "LATAM", "MEA", "OCEANIA"])
      expect(coverage[region]).toBeGreaterThanOrEqual(4);
  });

  it("gives every destination 3 to 8 plans, each priced in all five currencies in integer minor units", async () => {
    const perDestination = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(plans)
      .groupBy(plans.destinationCode);
    expect(Math.min(...perDestination.map((r) => r.n))).toBeGreaterThanOrEqual(3);
    expect(Math.max(...perDestination.map((r) => r.n))).toBeLessThanOrEqual(8);
    const [missing] = await db()
      .execute<{ n: number }>(
        sql`select count(*)::int as n from plan p where (select count(*) from plan_price pp where pp.platform_product_code = p.platform_product_code) <> 5`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(missing?.n).toBe(0);
    const discounted = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(planPrices)
      .where(sql`${planPrices.displayPrice} > ${planPrices.unitPrice}`);
    expect(discounted[0]!.n).toBeGreaterThan(50);
    const fiveG = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(plans)
      .where(eq(plans.network, "5G"));
    expect(fiveG[0]!.n).toBeGreaterThan(10);
  });

  it("finds a destination by a misspelt name (trigram word similarity) and by an alias", async () => {
    const fuzzy = await db()
      .select({ code: destinations.code })
      .from(destinations)
      .where(sql`${"japn"} <% ${destinations.searchText}`);
    expect(fuzzy.map((r) => r.code)).toContain("JP");
    const alias = await db()
      .select({ code: destinations.code })
      .from(destinations)
      .where(sql`${destinations.searchText} ilike ${"%nihon%"}`);
    expect(alias.map((r) => r.code)).toEqual(["JP"]);
  });
});

describe("seeded content", () => {
  it("has a HOME page per locale using every block and container, and a valid document format", async () => {
    const pages = await db().select().from(contentPages).where(eq(contentPages.pageType, "HOME"));
    expect(pages.map((p) => p.lang).sort()).toEqual(["en_US", "zh_CN", "zh_HK"]);
    for (const page of pages) {
      ContentDocumentSchema.parse(page.document);
      const used = new Set(
        page.document.variants.flatMap((v) => walkComponents(v.components).map((c) => c.componentCode)),
      );
      for (const code of [...BLOCK_CODES, ...CONTAINER_CODES])
        expect(used, `${page.lang} ${code}`).toContain(code);
      const ids = page.document.variants.flatMap((v) =>
        walkComponents(v.components).map((c) => c.componentId),
      );
      expect(new Set(ids).size).toBe(ids.length);
      expect(variantForWidth(page.document, 375).maxWidth).toBe(719);
      expect(variantForWidth(page.document, 1600).minWidth).toBe(720);
    }
    const zhHk = pages.find((p) => p.lang === "zh_HK")!;
    expect(JSON.stringify(zhHk.document)).toContain("領取優惠券");
  });

  it("has a summer-japan LANDING page whose custom html carries an XSS payload among real formatting", async () => {
    const [landing] = await db()
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.pageCode, "summer-japan"), eq(contentPages.lang, "en_US")));
    const html = walkComponents(landing!.document.variants[0]!.components).find(
      (c) => c.componentCode === "CustomHtml",
    )!.data.html as string;
    expect(html).toContain("<script>alert(1)</script>");
    expect(html).toContain("onerror=alert(1)");
    expect(html).toContain('href="javascript:alert(1)"');
    expect(html).toContain("<strong>JAPAN85</strong>");
    expect(landing!.document.variants.map((v) => v.layout)).toEqual(["normal", "leftWide", "rightWide"]);
    ContentDocumentSchema.parse(landing!.document);
    const positions = walkComponents(landing!.document.variants[1]!.components).map((c) => c.positionCode[0]);
    expect(new Set(positions)).toEqual(new Set(["1", "2"]));
  });

  it("has hot words, specific words pointing at real plans, notes, live rooms, campaigns and coupons", async () => {
    for (const lang of ["en_US", "zh_CN", "zh_HK"]) {
      const words = await db().select().from(hotWords).where(eq(hotWords.lang, lang));
      expect(words.length).toBeGreaterThanOrEqual(10);
      expect((await db().select().from(notes).where(eq(notes.lang, lang))).length).toBeGreaterThanOrEqual(4);
    }
    const links = await db().select().from(specificWords);
    for (const link of links.filter((l) => l.deeplink.startsWith("/pdp/"))) {
      const code = link.deeplink.slice("/pdp/".length);
      expect(await db().select().from(plans).where(eq(plans.platformProductCode, code))).toHaveLength(1);
    }
    const rooms = await db().select().from(liveRooms);
    expect(new Set(rooms.map((r) => r.roomStatusCode))).toEqual(new Set(["LIVING", "NOT_START", "ENDED"]));
    const campaignRows = await db().select().from(campaigns);
    expect(campaignRows.map((c) => c.showFlag).sort()).toEqual([false, true]);
    const couponRows = await db().select().from(coupons);
    expect(new Set(couponRows.map((c) => c.marketingType))).toEqual(new Set(["COUPON", "PROMO_CODE"]));
    expect(couponRows.find((c) => c.code === "JAPAN85")?.resultDiscount).toBe("0.850");
  });
});
