import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { bearer, registerByEmail } from "../account/account-test-kit.ts";

const app = setupTestApp();

async function search(keyword: string, lang = "en_US") {
  const res = await app.server.inject({
    method: "GET",
    url: `/o2cms/v1/pub/help/search?keyword=${encodeURIComponent(keyword)}`,
    headers: { "x-lang": lang },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().articleList as { slug: string; title: string }[]).map((a) => a.slug);
}

describe("help centre (spec 2 /ucenter/help)", () => {
  it("lists the six categories with their articles and up to 10 help words, per locale", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/help/centre",
      headers: { "x-lang": "zh_HK" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories.map((c: { category: string }) => c.category)).toEqual([
      "buying",
      "installing",
      "abroad",
      "topups",
      "refunds",
      "account",
    ]);
    expect(body.categories[1].articles[0]).toMatchObject({
      slug: "install-on-iphone",
      title: "如何在 iPhone 上安裝 eSIM？",
    });
    expect(body.helpWords.length).toBeGreaterThan(0);
    expect(body.helpWords.length).toBeLessThanOrEqual(10);
    expect(body.helpWords).toContain("增值");
  });

  it("finds articles despite typos, in either Chinese script, and needs every word to match", async () => {
    expect(await search("refund")).toContain("request-a-refund");
    expect((await search("refnd"))[0]).toMatch(/refund/);
    expect((await search("instal iphone"))[0]).toBe("install-on-iphone");
    // Simplified query against the Traditional articles, and the other way round.
    expect(await search("安装", "zh_HK")).toContain("install-on-iphone");
    expect(await search("漫遊", "zh_CN")).toContain("turn-on-roaming");
    expect(await search("iphone zebra")).toEqual([]);
    expect(await search("%")).toEqual([]);
  });

  it("refuses a blank or over-long keyword with a 400", async () => {
    for (const keyword of ["", "   ", "x".repeat(101)]) {
      const res = await app.server.inject({
        method: "GET",
        url: `/o2cms/v1/pub/help/search?keyword=${encodeURIComponent(keyword)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ failed: true });
    }
  });

  it("serves an article with its related articles, and 404 for an unknown one", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/help/articles/request-a-refund",
      headers: { "x-lang": "zh_CN" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "如何申请退款？", category: "refunds" });
    expect(res.json().related.map((a: { slug: string }) => a.slug)).toEqual(["refund-timing"]);
    const missing = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/help/articles/no-such-article",
      headers: { "x-lang": "zh_CN" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "help.articleNotFound", message: "该帮助文章暂不可用。" });
    const bad = await app.server.inject({ method: "GET", url: "/o2cms/v1/pub/help/articles/..%2Fetc" });
    expect(bad.statusCode).toBe(400);
  });

  it("counts one 'was this helpful' answer per visitor or customer, the last one winning", async () => {
    const vote = (helpful: boolean, headers: Record<string, string> = {}) =>
      app.server.inject({
        method: "POST",
        url: "/o2cms/v1/pub/help/articles/turn-on-roaming/feedback",
        headers: { "content-type": "application/json", ...headers },
        payload: { helpful },
      });
    const first = await vote(true);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ helpful: 1, notHelpful: 0 });
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
    expect(cookie).toMatch(/^help_voter=/);
    expect((await vote(false, { cookie })).json()).toEqual({ helpful: 0, notHelpful: 1 });

    const { accessToken } = await registerByEmail(app, "helpful@example.com");
    await vote(true, bearer(accessToken));
    expect((await vote(true, bearer(accessToken))).json()).toEqual({ helpful: 1, notHelpful: 1 });

    const bad = await vote("yes" as never);
    expect(bad.statusCode).toBe(400);
    const unknown = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/help/articles/nope/feedback",
      headers: { "content-type": "application/json" },
      payload: { helpful: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("shows an operator's new article in search at once", async () => {
    await app.services.help.saveArticle("esim-on-ipad", "en_US", {
      category: "installing",
      title: "Can I use an eSIM on an iPad?",
      summary: "Cellular iPads support eSIM.",
      body: "<p>Wi-Fi + Cellular iPad models support eSIM.</p>",
    });
    expect(await search("ipad")).toEqual(["esim-on-ipad"]);
  });
});

describe("contact support (help centre)", () => {
  const send = (payload: Record<string, unknown>, ip = "198.51.100.7", lang = "zh_HK") =>
    app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/help/support",
      headers: { "content-type": "application/json", "x-lang": lang },
      remoteAddress: ip,
      payload,
    });

  it("lands in the support inbox and acknowledges the shopper in their language", async () => {
    const res = await send({
      email: "traveller@example.com",
      topic: "abroad",
      orderCode: "R2025ABC",
      message: "No data in Shanghai since this morning.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain("您的訊息已發送");
    const [toSupport] = await app.services.outbox.recent("support@roamly.example", 1);
    expect(toSupport).toMatchObject({
      channel: "EMAIL",
      subject: "[abroad] R2025ABC from traveller@example.com",
    });
    expect(toSupport!.body).toContain("No data in Shanghai since this morning.");
    const [ack] = await app.services.outbox.recent("traveller@example.com", 1);
    expect(ack!.subject).toBe("我們已收到您的訊息");
  });

  it("refuses a bad e-mail, topic or too short a message with a 400, and sends nothing", async () => {
    const before = (await app.services.outbox.recent("support@roamly.example", 50)).length;
    for (const payload of [
      { email: "nope", topic: "abroad", message: "A long enough message" },
      { email: "a@example.com", topic: "spam", message: "A long enough message" },
      { email: "a@example.com", topic: "abroad", message: "short" },
      { email: "a@example.com", topic: "abroad", message: "A long enough message", orderCode: "<script>" },
    ]) {
      const res = await send(payload, "198.51.100.8");
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ failed: true });
    }
    expect((await app.services.outbox.recent("support@roamly.example", 50)).length).toBe(before);
  });

  it("limits how often one address can write", async () => {
    const payload = { email: "busy@example.com", topic: "other", message: "Please call me back soon." };
    for (let i = 0; i < 5; i++) expect((await send(payload, "198.51.100.9")).statusCode).toBe(200);
    const limited = await send(payload, "198.51.100.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ failed: true, code: "error.rateLimited" });
  });
});
