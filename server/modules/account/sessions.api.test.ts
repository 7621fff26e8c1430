import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { BEARER, bearer, encryptPassword, GOOD_PASSWORD, registerByEmail } from "./account-test-kit.ts";

const app = setupTestApp();

const info = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
  app.server.inject({ method: "GET", url: "/o2cum/v1/customer-info", headers, cookies });

async function webLogin(email: string) {
  const res = await app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/login",
    headers: { "x-requested-with": "fetch" },
    payload: { account: email, password: await encryptPassword(app, GOOD_PASSWORD) },
  });
  expect(res.statusCode).toBe(200);
  const cookie = (name: string) => res.cookies.find((c) => c.name === name)!.value;
  return { esim_at: cookie("esim_at"), esim_rt: cookie("esim_rt") };
}

function cookieRefresh(refreshCookie: string) {
  return app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/refresh-token",
    headers: { "x-requested-with": "fetch" },
    cookies: { esim_rt: refreshCookie },
  });
}

function cookieOf(res: { cookies: { name: string; value: string }[] }, name: string): string {
  return res.cookies.find((c) => c.name === name)!.value;
}

/** The sessions of this customer's latest login (registering logged them in once before, in another family). */
async function sessionRows(email: string) {
  const result = await app.database.db.execute(
    sql`select s.id, s.rotated_at, s.revoked_at, s.successor_tokens from customer_session s
        join customer c on c.id = s.customer_id where c.email = ${email}
        and s.family_id = (select family_id from customer_session where customer_id = c.id
                           and rotated_from is null order by created_at desc limit 1)
        order by s.created_at`,
  );
  return (result as unknown as { rows: { successor_tokens: string | null; revoked_at: unknown }[] }).rows;
}

/** Sessions of the latest login whose tokens still work. */
async function liveSessions(email: string): Promise<number> {
  return (await sessionRows(email)).filter((row) => row.revoked_at === null).length;
}

/** Moves this customer's rotations `seconds` into the past (the reuse grace window is 20 s). */
async function ageRotations(email: string, seconds: number) {
  await app.database.db.execute(
    sql`update customer_session set rotated_at = rotated_at - make_interval(secs => ${seconds}::double precision)
        where rotated_at is not null and customer_id = (select id from customer where email = ${email})`,
  );
}

describe("logout", () => {
  it("ends the session server-side: the old bearer token is rejected afterwards", async () => {
    const tokens = await registerByEmail(app, "bye@example.com");
    expect((await info(bearer(tokens.accessToken))).statusCode).toBe(200);
    const out = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer/logout",
      headers: bearer(tokens.accessToken),
    });
    expect(out.statusCode).toBe(200);
    const after = await info(bearer(tokens.accessToken), {});
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("error.unauthorized");
    const refresh = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("needs the CSRF header for a cookie logout, then clears both cookies", async () => {
    await registerByEmail(app, "web@example.com");
    const cookies = await webLogin("web@example.com");
    const forged = await app.server.inject({ method: "GET", url: "/o2cum/v1/customer/logout", cookies });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe("error.csrf");
    const out = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer/logout",
      headers: { "x-requested-with": "fetch" },
      cookies,
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.filter((c) => c.name === "esim_at" || c.name === "esim_rt");
    expect(cleared).toHaveLength(2);
    expect(cleared.every((c) => c.value === "" && new Date(c.expires!).getTime() < Date.now())).toBe(true);
    expect((await info({}, { esim_at: cookies.esim_at })).statusCode).toBe(401);
    const refresh = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      headers: { "x-requested-with": "fetch" },
      cookies: { esim_rt: cookies.esim_rt },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it("ends the login from the refresh cookie alone when the access cookie has expired", async () => {
    await registerByEmail(app, "expired@example.com");
    const cookies = await webLogin("expired@example.com");
    const out = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer/logout",
      headers: { "x-requested-with": "fetch" },
      cookies: { esim_rt: cookies.esim_rt },
    });
    expect(out.statusCode).toBe(200);
    expect((await info({}, { esim_at: cookies.esim_at })).statusCode).toBe(401);
  });
});

describe("refresh", () => {
  it("rotates both tokens; reusing the old refresh token revokes the whole family", async () => {
    const first = await registerByEmail(app, "rotate@example.com");
    const rotated = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      headers: BEARER,
      payload: { refreshToken: first.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await info(bearer(second.accessToken))).statusCode).toBe(200);
    // The old access token ended with the rotation.
    expect((await info(bearer(first.accessToken))).statusCode).toBe(401);

    await ageRotations("rotate@example.com", 21);
    const reuse = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      headers: { ...BEARER, "x-lang": "zh_CN" },
      payload: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: "account.refreshInvalid", message: "登录已过期，请重新登录" });
    // Reuse means the token leaked: the legitimate holder's newer tokens are dead too.
    expect((await info(bearer(second.accessToken))).statusCode).toBe(401);
    const secondRefresh = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      headers: BEARER,
      payload: { refreshToken: second.refreshToken },
    });
    expect(secondRefresh.statusCode).toBe(401);
  });

  it("two tabs refreshing with the same cookie at once both stay logged in, with one live session", async () => {
    await registerByEmail(app, "tabs@example.com");
    const cookies = await webLogin("tabs@example.com");
    const [a, b] = await Promise.all([cookieRefresh(cookies.esim_rt), cookieRefresh(cookies.esim_rt)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const pair = (res: typeof a) => ({
      esim_at: cookieOf(res, "esim_at"),
      esim_rt: cookieOf(res, "esim_rt"),
    });
    // Both answers set the same new pair, so whichever the browser stores last works.
    expect(pair(a)).toEqual(pair(b));
    expect(pair(a).esim_at).not.toBe(cookies.esim_at);
    expect(await liveSessions("tabs@example.com")).toBe(1);
    expect((await info({}, { esim_at: pair(a).esim_at })).statusCode).toBe(200);

    // A third tab a few seconds later with the same old cookie: still the same pair, nothing revoked.
    const late = await cookieRefresh(cookies.esim_rt);
    expect(late.statusCode).toBe(200);
    expect(pair(late)).toEqual(pair(a));
    expect(await liveSessions("tabs@example.com")).toBe(1);

    // The chain goes on: the new refresh cookie rotates normally, and the shopper is still logged in.
    const next = await cookieRefresh(pair(a).esim_rt);
    expect(next.statusCode).toBe(200);
    expect((await info({}, { esim_at: cookieOf(next, "esim_at") })).statusCode).toBe(200);
    expect(await liveSessions("tabs@example.com")).toBe(1);
  });

  it("gives a bearer client the same pair when it repeats a refresh within the grace window", async () => {
    const first = await registerByEmail(app, "retry@example.com");
    const refresh = () =>
      app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/refresh-token",
        headers: BEARER,
        payload: { refreshToken: first.refreshToken },
      });
    const one = await refresh();
    const two = await refresh();
    expect(two.statusCode).toBe(200);
    expect(two.json().accessToken).toBe(one.json().accessToken);
    expect(two.json().refreshToken).toBe(one.json().refreshToken);
    expect((await info(bearer(two.json().accessToken))).statusCode).toBe(200);
  });

  it("treats a replay after the grace window as theft: the family is revoked", async () => {
    await registerByEmail(app, "window@example.com");
    const cookies = await webLogin("window@example.com");
    const rotated = await cookieRefresh(cookies.esim_rt);
    expect(rotated.statusCode).toBe(200);
    await ageRotations("window@example.com", 21);
    const replay = await cookieRefresh(cookies.esim_rt);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("account.refreshInvalid");
    // The cookies are cleared and the legitimate newer pair is dead too.
    expect(replay.cookies.find((c) => c.name === "esim_rt")?.value).toBe("");
    expect((await info({}, { esim_at: cookieOf(rotated, "esim_at") })).statusCode).toBe(401);
    expect((await cookieRefresh(cookieOf(rotated, "esim_rt"))).statusCode).toBe(401);
    expect(await liveSessions("window@example.com")).toBe(0);
  });

  it("treats a replay of a grandparent token as theft even within the window", async () => {
    await registerByEmail(app, "granny@example.com");
    const cookies = await webLogin("granny@example.com");
    const child = await cookieRefresh(cookies.esim_rt);
    const grandchild = await cookieRefresh(cookieOf(child, "esim_rt"));
    expect(grandchild.statusCode).toBe(200);
    const replay = await cookieRefresh(cookies.esim_rt);
    expect(replay.statusCode).toBe(401);
    expect((await info({}, { esim_at: cookieOf(grandchild, "esim_at") })).statusCode).toBe(401);
    expect(await liveSessions("granny@example.com")).toBe(0);
  });

  it("does not bring back a login that was logged out, even within the window", async () => {
    await registerByEmail(app, "gone@example.com");
    const cookies = await webLogin("gone@example.com");
    const rotated = await cookieRefresh(cookies.esim_rt);
    const out = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer/logout",
      headers: { "x-requested-with": "fetch" },
      cookies: { esim_at: cookieOf(rotated, "esim_at"), esim_rt: cookieOf(rotated, "esim_rt") },
    });
    expect(out.statusCode).toBe(200);
    expect((await cookieRefresh(cookies.esim_rt)).statusCode).toBe(401);
    expect(await liveSessions("gone@example.com")).toBe(0);
  });

  it("keeps the successor's pair only sealed, and forgets it once the successor rotates", async () => {
    await registerByEmail(app, "sealed@example.com");
    const cookies = await webLogin("sealed@example.com");
    const rotated = await cookieRefresh(cookies.esim_rt);
    const stored = await sessionRows("sealed@example.com");
    const sealed = stored.map((row) => row.successor_tokens).filter(Boolean) as string[];
    expect(sealed).toHaveLength(1);
    for (const token of [cookieOf(rotated, "esim_at"), cookieOf(rotated, "esim_rt")]) {
      expect(sealed[0]).not.toContain(token);
    }
    await cookieRefresh(cookieOf(rotated, "esim_rt"));
    const after = await sessionRows("sealed@example.com");
    expect(after.map((row) => Boolean(row.successor_tokens))).toEqual([false, true, false]);
  });

  it("refreshes from the HttpOnly cookie on the web and sets new cookies", async () => {
    await registerByEmail(app, "cookie@example.com");
    const cookies = await webLogin("cookie@example.com");
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      headers: { "x-requested-with": "fetch" },
      cookies: { esim_rt: cookies.esim_rt },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().accessToken).toBeUndefined();
    expect(res.json().expiresIn).toBe(7200);
    const at = res.cookies.find((c) => c.name === "esim_at")!.value;
    expect(at).not.toBe(cookies.esim_at);
    expect((await info({}, { esim_at: at })).statusCode).toBe(200);
  });
});

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax, and Secure on any host but localhost", async () => {
    await registerByEmail(app, "cookies@example.com");
    const login = async (host: string) =>
      app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/login",
        headers: { host, "x-requested-with": "fetch" },
        payload: { account: "cookies@example.com", password: await encryptPassword(app, GOOD_PASSWORD) },
      });
    const shop = await login("shop.example.com");
    expect(shop.statusCode).toBe(200);
    for (const name of ["esim_at", "esim_rt"]) {
      expect(shop.cookies.find((c) => c.name === name)).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        secure: true,
      });
    }
    for (const host of ["localhost:3000", "127.0.0.1:3000"]) {
      const local = await login(host);
      expect(local.statusCode).toBe(200);
      expect(local.cookies.find((c) => c.name === "esim_at")?.secure).toBeFalsy();
    }
  });
});

describe("CSRF", () => {
  it("rejects a cookie-authenticated PUT without the header, accepts it with the header or from a bearer client", async () => {
    const tokens = await registerByEmail(app, "csrf@example.com");
    const cookies = await webLogin("csrf@example.com");
    const payload = { nickName: "Traveller" };
    const forged = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      cookies,
      payload,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ failed: true, code: "error.csrf" });
    const fromPage = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: { "x-requested-with": "fetch" },
      cookies,
      payload,
    });
    expect(fromPage.statusCode).toBe(200);
    const sameOrigin = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: { "sec-fetch-site": "same-origin" },
      cookies,
      payload: { nickName: "Same" },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const app2 = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: bearer(tokens.accessToken),
      payload: { nickName: "Native" },
    });
    expect(app2.statusCode).toBe(200);
  });

  it("refuses a cross-site login form post even without cookies", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      payload: { account: "csrf@example.com", password: "AAAA" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("customer info (spec 3)", () => {
  it("reads and updates defaultLanguage, preferenceCurrency and nickName", async () => {
    const tokens = await registerByEmail(app, "prefs@example.com");
    const put = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: bearer(tokens.accessToken),
      payload: { defaultLanguage: "zh_HK", preferenceCurrency: "USD", nickName: "Wanderer" },
    });
    expect(put.statusCode).toBe(200);
    const got = await info(bearer(tokens.accessToken));
    expect(got.json()).toMatchObject({
      defaultLanguage: "zh_HK",
      preferenceCurrency: "USD",
      nickName: "Wanderer",
    });
    const resolved = await app.services.account.currentCustomer(tokens.accessToken);
    expect(resolved?.nickName).toBe("Wanderer");
    expect(await app.services.account.currentCustomer("not-a-token")).toBeNull();
  });

  it("answers 401 without a session, and check-new-active says whether the customer is new", async () => {
    expect((await info()).statusCode).toBe(401);
    const anonymous = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/pub/customer/check-new-active",
    });
    expect(anonymous.json()).toEqual({ newActive: false });
    const tokens = await registerByEmail(app, "fresh@example.com");
    const fresh = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/pub/customer/check-new-active",
      headers: bearer(tokens.accessToken),
    });
    expect(fresh.json()).toEqual({ newActive: true });
  });

  it("reports through valid-account whether an e-mail can still be registered", async () => {
    await registerByEmail(app, "exists@example.com");
    const taken = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/pub/customer/valid-account",
      query: { email: "exists@example.com" },
    });
    expect(taken.json()).toEqual({ valid: false, registered: true });
    const free = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/pub/customer/valid-account",
      query: { phone: "61234567", internationalTelCode: "852" },
    });
    expect(free.json()).toEqual({ valid: true, registered: false });
  });
});

describe("housekeeping", () => {
  it("deletes sessions whose refresh token expired more than a day ago and keeps live ones", async () => {
    const stale = await registerByEmail(app, "stale@example.com");
    const live = await registerByEmail(app, "live@example.com");
    await app.database.db.execute(
      sql`update customer_session set expires_at = now() - interval '3 days', refresh_expires_at = now() - interval '2 days'
          where customer_id = (select id from customer where email = 'stale@example.com')`,
    );
    await app.services.account.purgeExpired();
    const result = await app.database.db.execute(
      sql`select c.email, count(s.id)::int as n from customer c left join customer_session s on s.customer_id = c.id
          where c.email in ('stale@example.com', 'live@example.com') group by c.email order by c.email`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { email: "live@example.com", n: 1 },
      { email: "stale@example.com", n: 0 },
    ]);
    expect((await info(bearer(live.accessToken))).statusCode).toBe(200);
    expect((await info(bearer(stale.accessToken))).statusCode).toBe(401);
  });
});
