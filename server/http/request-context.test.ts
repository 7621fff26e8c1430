import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE, CURRENCY_COOKIE, REFRESH_TOKEN_COOKIE } from "../../core/constants.ts";
import type { CurrentCustomer } from "../modules/account/sessions.ts";
import { installRequestContext } from "./request-context.ts";

const TOKEN = "a".repeat(32);
const lookups: string[] = [];
const server = Fastify();

beforeAll(async () => {
  await server.register(fastifyCookie);
  installRequestContext(server, async (token) => {
    lookups.push(token);
    return token === TOKEN ? ({ id: "c1", nickName: "Mei" } as CurrentCustomer) : null;
  });
  const answer = async (request: import("fastify").FastifyRequest) => {
    const [first, second] = await Promise.all([request.ctx.customer(), request.ctx.customer()]);
    const { locale, currency, channel, siteCode, refreshToken, secureCookies } = request.ctx;
    return {
      locale,
      currency,
      channel,
      siteCode,
      refreshToken,
      secureCookies,
      customer: first?.id ?? null,
      same: first === second,
    };
  };
  server.get("/o2cms/v1/probe", answer);
  server.get("/*", { config: { page: true } }, answer);
  await server.ready();
});
afterAll(() => server.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  lookups.length = 0;
  const reply = await server.inject({ method: "GET", url, headers });
  return reply.json();
};

describe("the request context", () => {
  it("reads an API call's locale from x-lang and a page's from its path, whatever x-lang says", async () => {
    expect((await get("/o2cms/v1/probe", { "x-lang": "zh_HK" })).locale).toBe("zh_HK");
    expect((await get("/zh_CN/plp", { "x-lang": "zh_HK" })).locale).toBe("zh_CN");
    expect((await get("/plp.data", { "x-lang": "zh_HK" })).locale).toBe("en_US");
  });

  it("lets a page's currency query win over the cookie, while the API keeps the cookie", async () => {
    const cookie = `${CURRENCY_COOKIE}=USD`;
    expect((await get("/plp?currency=cny", { cookie })).currency).toBe("CNY");
    expect((await get("/o2cms/v1/probe?currency=cny", { cookie })).currency).toBe("USD");
  });

  it("looks the customer up once per request, from the bearer header before the cookie", async () => {
    const bearer = await get("/o2cms/v1/probe", {
      authorization: `Bearer ${TOKEN}`,
      cookie: `${ACCESS_TOKEN_COOKIE}=${"b".repeat(32)}`,
    });
    expect(bearer).toMatchObject({ customer: "c1", same: true });
    expect(lookups).toEqual([TOKEN]);
    expect(await get("/ucenter/eSIM", { cookie: `${ACCESS_TOKEN_COOKIE}=${TOKEN}` })).toMatchObject({
      customer: "c1",
    });
    expect(await get("/ucenter/eSIM")).toMatchObject({ customer: null });
    expect(lookups).toEqual([]);
  });

  it("offers the refresh cookie only to a client that does not authenticate with a header", async () => {
    const cookie = `${REFRESH_TOKEN_COOKIE}=r1`;
    expect((await get("/my", { cookie })).refreshToken).toBe("r1");
    expect((await get("/my", { cookie, authorization: "Bearer nonsense" })).refreshToken).toBeNull();
  });

  it("marks session cookies Secure on any host but localhost, for pages and the API alike", async () => {
    expect((await get("/my", { host: "shop.example.com" })).secureCookies).toBe(true);
    expect((await get("/o2cms/v1/probe", { host: "shop.example.com" })).secureCookies).toBe(true);
    expect((await get("/my", { host: "127.0.0.1:3000" })).secureCookies).toBe(false);
  });

  it("answers an unknown API path caught by the page route in the API's x-lang", async () => {
    expect((await get("/o2ord/v1/unknown", { "x-lang": "zh_CN" })).locale).toBe("zh_CN");
  });
});
