import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { seedIfEmpty } from "./index.ts";

const app = setupTestApp();

describe("a store seeded before issue 10's pages", () => {
  it("gets the legal documents, info pages, help centre and China-trip pages at start-up, once", async () => {
    const db = app.database.db;
    await db.execute(sql`delete from legal_document`);
    await db.execute(sql`delete from info_page`);
    await db.execute(sql`delete from help_word`);
    await db.execute(sql`delete from help_article`);
    await db.execute(sql`delete from content_page where page_code like 'gogochina%'`);
    await db.execute(sql`delete from recommend_item where recommend_code = 'CHINA_TRIP'`);

    expect(await seedIfEmpty(db)).toBe(false);
    expect(await seedIfEmpty(db)).toBe(false);

    const count = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await count(sql`select count(*)::int as n from legal_document`)).toBe(9);
    expect(await count(sql`select count(*)::int as n from info_page`)).toBe(6);
    expect(await count(sql`select count(*)::int as n from help_article where lang = 'zh_HK'`)).toBe(12);
    expect(
      await count(sql`select count(*)::int as n from content_page where page_code like 'gogochina%'`),
    ).toBe(6);
    expect(
      await count(sql`select count(*)::int as n from recommend_item where recommend_code = 'CHINA_TRIP'`),
    ).toBe(9);
  });
});
