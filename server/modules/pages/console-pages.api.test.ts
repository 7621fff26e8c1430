import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { footerContents, helpArticles, notes, planSuppliers, plans } from "../../../db/schema/index.ts";
import { setupPageApp } from "../../../test/api.ts";
import { createOperator, operatorCookie, type TestOperator } from "../admin/admin-test-kit.ts";

// The content and plan pages' forms (issue 33 item 1, ADR 0414): each action parses its form with the contract's
// body schema (its form side) and saves through the contract, so what the operator typed is what is stored.

const app = setupPageApp();
let merchandiser: TestOperator;
const CODE = "TH-1GB-7D";

beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
}, 240_000);

async function post(url: string, fields: [string, string][]) {
  const res = await app.server.inject({
    method: "POST",
    url,
    headers: {
      cookie: await operatorCookie(app, merchandiser),
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
    },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
  return res;
}

describe("console content pages", () => {
  it("saves the footer typed as lines, a new help article unticked, and a new note with its topics", async () => {
    await post("/admin/content", [
      ["intent", "footer"],
      ["lang", "zh_HK"],
      ["contactWaysTitle", "聯絡我們"],
      ["contactWays", "電郵: help@roamly.test\nPhone: +852 1234"],
      ["contentList", "Roamly Ltd.\n\nHong Kong"],
    ]);
    const [footer] = await app.database.db
      .select()
      .from(footerContents)
      .where(eq(footerContents.lang, "zh_HK"));
    expect(footer).toMatchObject({
      contactWaysTitle: "聯絡我們",
      contactWays: [
        { key: "電郵", value: "help@roamly.test" },
        { key: "Phone", value: "+852 1234" },
      ],
      contentList: ["Roamly Ltd.", "Hong Kong"],
    });

    const saved = await post("/admin/content/help/new", [
      ["lang", "en_US"],
      ["slug", "Page-Form-Test"],
      ["category", "refunds"],
      ["title", "Form test"],
      ["summary", ""],
      ["body", "<p>Typed</p>"],
      ["sortOrder", "4"],
    ]);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe("/admin/content/help/page-form-test?lang=en_US");
    const [article] = await app.database.db
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.slug, "page-form-test"), eq(helpArticles.lang, "en_US")));
    expect(article).toMatchObject({ category: "refunds", summary: "", sortOrder: 4, published: false });

    await post("/admin/content/notes/new", [
      ["lang", "en_US"],
      ["code", "NOTE-FORM-1"],
      ["noteTitle", "A note"],
      ["mediaUrl", "/media/a.jpg"],
      ["topicNameList", "travel, tips"],
      ["publishedAt", "2026-03-01T09:30"],
      ["noteContent", "<p>Hi</p>"],
    ]);
    const [note] = await app.database.db.select().from(notes).where(eq(notes.noteInfoCode, "NOTE-FORM-1"));
    expect(note?.topicNameList).toEqual(["travel", "tips"]);
    expect(note?.publishedAt.toISOString()).toBe("2026-03-01T09:30:00.000Z");
  }, 240_000);

  it("saves a plan's titles, labels, prices and supplier packages as typed", async () => {
    const url = `/admin/catalog/plans/${CODE}`;
    await post(url, [
      ["intent", "plan"],
      ["title.en_US", "Thailand 1 GB"],
      ["title.zh_CN", "泰国 1 GB"],
      ["title.zh_HK", "泰國 1 GB"],
      ["status", "ON_SHELF"],
      ["sortOrder", "3"],
    ]);
    const [plan] = await app.database.db.select().from(plans).where(eq(plans.platformProductCode, CODE));
    expect(plan).toMatchObject({ sortOrder: 3, labelCodes: [] });

    await post(url, [
      ["intent", "suppliers"],
      ["supplier_0", "sandbox"],
      ["package_0", CODE],
      ["cost_0", "1.25"],
      ["supplier_1", ""],
      ["package_1", ""],
    ]);
    const packages = await app.database.db
      .select()
      .from(planSuppliers)
      .where(eq(planSuppliers.platformProductCode, CODE));
    expect(packages.map((p) => [p.supplier, p.rank, p.costUsdCents])).toEqual([["sandbox", 0, 125]]);

    const priced = await post(url, [
      ["intent", "prices"],
      ["price_USD", "4.99"],
      ["original_USD", ""],
    ]);
    expect(priced.body).toContain('role="status"');
  }, 240_000);
});
