import { describe, expect, it } from "vitest";
import { cutNickname } from "../app/features/shell/nickname.ts";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { PERSONAL_TEMPLATE_USER } from "../core/personal-template.ts";
import { setupPageApp } from "../test/api.ts";
import { registerByEmail } from "./modules/account/account-test-kit.ts";

/*
 * ADR 0246: a signed-in shopper's home, plp and pdp come from the shared template with their own header put in.
 * The page must be exactly the page a full render gives the same shopper (else hydration would not match), and
 * must never carry another shopper's data; the cached entry holds no shopper's data at all.
 */
const app = setupPageApp({ htmlCache: true });

async function shopper(email: string, nickName: string) {
  const { accessToken } = await registerByEmail(app, email);
  const res = await app.server.inject({
    method: "PUT",
    url: "/o2cum/v1/customer-info",
    headers: { authorization: `Bearer ${accessToken}`, "x-requested-with": "fetch" },
    payload: { nickName },
  });
  expect(res.statusCode, res.body).toBe(200);
  return accessToken;
}

async function page(url: string, headers: Record<string, string>) {
  const res = await app.server.inject({ method: "GET", url, headers });
  expect(res.statusCode, url).toBe(200);
  const nonce = /nonce-([^'\s]+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";
  return {
    cached: res.headers["x-html-cache"] === "hit",
    headers: res.headers,
    // The nonce differs per response; everything else must be the same.
    body: res.body.split(nonce).join("NONCE"),
  };
}

// A page sent whole writes its loader data single-quoted and its manifest on one line (ADR 0290); a streamed one
// as React Router does.
const LOADER_DATA = /streamController\.enqueue\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/g;
const MANIFEST = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/;
const scriptString = (literal: string) =>
  (literal.startsWith("'") ? new Function(`return ${literal}`)() : JSON.parse(literal)) as string;

function withoutLoaderData(html: string): string {
  return html
    .replace(LOADER_DATA, "streamController.enqueue(DATA)")
    .replace(
      MANIFEST,
      (_, json: string) => `window.__reactRouterManifest = ${JSON.stringify(JSON.parse(json))};\n`,
    );
}

/** The router's loader data of a page: the flat list of values its turbo-stream encoding holds. */
function loaderData(html: string): unknown[] {
  return [...html.matchAll(LOADER_DATA)].flatMap((match) => {
    const text = scriptString(match[1] as string);
    return text
      .split("\n")
      .filter((line) => line.startsWith("["))
      .flatMap((line) => JSON.parse(line) as unknown[]);
  });
}

describe("signed-in store pages from the shared template (ADR 0246)", () => {
  it.each([
    ["home", "/"],
    ["plp", "/plp?type=COUNTRY"],
    ["pdp", "/pdp/JP-3GB-30D"],
    ["pdp in Traditional Chinese", "/zh_HK/pdp/JP-3GB-30D"],
  ])(
    "%s: the page a full render gives the shopper, from the cache",
    async (_name, url) => {
      // A name with every character the two escapings treat: HTML text and the loader data script.
      const nick = `Ann <b>&"'\\ 東京</script>`;
      const token = await shopper(`template-${url.length}-${_name.length}@example.com`, nick);
      const full = await page(url, { authorization: `Bearer ${token}` });
      expect(full.cached).toBe(false);
      await page(url, { cookie: `${ACCESS_TOKEN_COOKIE}=${token}` });
      const spliced = await page(url, { cookie: `${ACCESS_TOKEN_COOKIE}=${token}` });
      expect(spliced.cached).toBe(true);
      // The markup is byte for byte the full render's: hydration finds what it renders.
      expect(withoutLoaderData(spliced.body)).toBe(withoutLoaderData(full.body));
      expect(spliced.body).toContain("&lt;b&gt;&amp;&quot;&#x27;\\ 東京&lt;/script&gt;");
      // The loader data holds the same values (the router's encoding may number them differently).
      const data = loaderData(spliced.body);
      expect(data).toEqual(
        expect.arrayContaining([
          nick,
          cutNickname(nick),
          `template-${url.length}-${_name.length}@example.com`,
        ]),
      );
      expect(data).not.toEqual(expect.arrayContaining([PERSONAL_TEMPLATE_USER.unreadNotifications]));
      expect(JSON.stringify(data)).not.toContain("Rmly7tpl");
      const values = (list: unknown[]) => new Set(list.filter((item) => typeof item !== "object"));
      expect(values(data)).toEqual(values(loaderData(full.body)));
      expect(spliced.headers["cache-control"]).toBe("private, no-cache");
      expect(String(spliced.headers.vary)).toMatch(/Cookie/);
    },
    120_000,
  );

  it("never shows one shopper's data to another, and the cached page holds no shopper's data", async () => {
    const first = await shopper("first-shopper@example.com", "FirstShopperName");
    const second = await shopper("second-shopper@example.com", "SecondShopperName");
    const one = await page("/pdp/EU-5GB-30D", { cookie: `${ACCESS_TOKEN_COOKIE}=${first}` });
    const two = await page("/pdp/EU-5GB-30D", { cookie: `${ACCESS_TOKEN_COOKIE}=${second}` });
    expect(two.cached).toBe(true);
    expect(one.body).toContain("FirstShopperName");
    expect(two.body).toContain("SecondShopperName");
    expect(two.body).not.toContain("FirstShopperName");
    expect(two.body).not.toContain("first-shopper@example.com");
    expect(two.body).not.toContain(PERSONAL_TEMPLATE_USER.nickName);
    // A visitor gets the visitor's page: no shopper's name, the log-in link.
    const visitor = await page("/pdp/EU-5GB-30D", {});
    expect(visitor.body).not.toMatch(/FirstShopperName|SecondShopperName|Rmly7tpl/);
    expect(visitor.body).toContain(">Log in<");
    // What the cache holds is the template with the stand-in shopper only.
    const stored = app.htmlCache?.texts() ?? [];
    expect(stored.length).toBeGreaterThan(0);
    for (const text of stored) expect(text).not.toMatch(/FirstShopperName|SecondShopperName|@example\.com/);
  }, 120_000);

  it("an expired or unknown session gets the full render, not someone's template", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/",
      headers: { cookie: `${ACCESS_TOKEN_COOKIE}=not-a-token` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-html-cache"]).toBeUndefined();
    expect(res.body).not.toContain("Rmly7tpl");
  }, 120_000);
});
