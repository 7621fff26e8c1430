import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installApiErrorHandling } from "./api-errors.ts";
import { installCsrfProtection } from "./csrf.ts";

// The CSRF hook with page routes shaped like the SSR's (bodies kept raw) and one API route (JSON).
let app: FastifyInstance;
const seen: string[] = [];

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  installApiErrorHandling(app);
  installCsrfProtection(app, { stateChangingGets: ["/o2cum/v1/customer/logout"] });
  app.post("/o2cum/v1/pub/customer/login", async () => ({ ok: true }));
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    scope.post("/*", async (request) => {
      seen.push(request.url);
      return { page: request.url };
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const APPLE = { "sec-fetch-site": "cross-site", origin: "https://appleid.apple.com" };
const FORM = { "content-type": "application/x-www-form-urlencoded" };

function post(url: string, payload: string, headers: Record<string, string> = {}, cookies = {}) {
  return app.inject({ method: "POST", url, payload, headers: { ...APPLE, ...FORM, ...headers }, cookies });
}

describe("CSRF: Sign in with Apple's form_post to the login page", () => {
  it("lets the cross-site form post with an id_token reach /login and /{lang}/login", async () => {
    const body = "state=s&code=c&id_token=aaa.bbb.ccc&user=%7B%7D";
    for (const url of ["/login", "/zh_CN/login", "/zh_HK/login", "/en_US/login", "/login?pageFrom=%2Fmy"]) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ page: url });
    }
    // Stale session cookies do not matter: the page only hands the token to the browser.
    const withCookies = await post("/login", body, {}, { esim_rt: "r".repeat(43) });
    expect(withCookies.statusCode).toBe(200);
  });

  it("refuses every other cross-site POST", async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["/login", "state=s&code=c", {}],
      ["/login", "id_token=", {}],
      ["/register", "id_token=aaa.bbb.ccc", {}],
      ["/login/extra", "id_token=aaa.bbb.ccc", {}],
      ["/fr_FR/login", "id_token=aaa.bbb.ccc", {}],
      ["/login", JSON.stringify({ id_token: "aaa.bbb.ccc" }), { "content-type": "application/json" }],
      ["/o2cum/v1/pub/customer/login", "id_token=aaa.bbb.ccc", {}],
      [
        "/o2cum/v1/pub/customer/login",
        JSON.stringify({ id_token: "x" }),
        { "content-type": "application/json" },
      ],
    ];
    const before = seen.length;
    for (const [url, payload, headers] of cases) {
      const res = await post(url, payload, headers);
      expect(res.statusCode, `${url} ${payload}`).toBe(403);
      expect(res.json()).toMatchObject({ failed: true, code: "error.csrf" });
    }
    expect(seen.length).toBe(before);
  });

  it("still refuses a cookie-authenticated form post without an id_token, and allows the page's own", async () => {
    const cookies = { esim_at: "a".repeat(43) };
    const forged = await app.inject({
      method: "POST",
      url: "/login",
      payload: "x=1",
      headers: FORM,
      cookies,
    });
    expect(forged.statusCode).toBe(403);
    const own = await app.inject({
      method: "POST",
      url: "/login",
      payload: "x=1",
      headers: { ...FORM, "sec-fetch-site": "same-origin" },
      cookies,
    });
    expect(own.statusCode).toBe(200);
    const logout = await app.inject({ method: "GET", url: "/o2cum/v1/customer/logout", cookies });
    expect(logout.statusCode).toBe(403);
  });
});
