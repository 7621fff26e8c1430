import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { customers } from "../db/schema/index.ts";
import { setupPageApp } from "../test/api.ts";
import {
  BEARER,
  bearer,
  emailCode,
  encryptPassword,
  GOOD_PASSWORD,
  registerByEmail,
} from "./modules/account/account-test-kit.ts";

/*
 * ADR 0283: a signed-in page reads the shopper's session and unread count from copies kept a few seconds. Each
 * change below is made while those copies are warm (the shopper has just seen two pages), and the very next page
 * must show it: sign-out, a refresh, a password reset and a deletion end the header; a new name, a new notice and
 * reading it show at once.
 */
const app = setupPageApp({ htmlCache: true });

async function shopper(email: string, nickName: string) {
  const tokens = await registerByEmail(app, email);
  const res = await app.server.inject({
    method: "PUT",
    url: "/o2cum/v1/customer-info",
    headers: { ...bearer(tokens.accessToken), "x-requested-with": "fetch" },
    payload: { nickName },
  });
  expect(res.statusCode, res.body).toBe(200);
  return tokens;
}

/** The header a page shows the holder of this access token (the signed-in home comes from the shared template). */
async function header(accessToken: string, url = "/") {
  const res = await app.server.inject({
    method: "GET",
    url,
    headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${accessToken}` },
  });
  expect(res.statusCode, url).toBe(200);
  // The nickname sits in a <bdi> inside the menu's label (ADR 0314).
  const menu = /Account menu for (?:<span>)?<bdi>([^<]*)<\/bdi>/.exec(res.body)?.[1] ?? null;
  // The menu's "Notifications (n unread)" item renders when it opens, from this value of the root's data (in a
  // double-quoted script string as React Router streams it, or single-quoted in a page sent whole, ADR 0290).
  const unread = /unreadNotifications\\?",(\d+)/.exec(res.body)?.[1];
  return {
    name: menu,
    visitor: res.body.includes(">Log in<"),
    unread: unread === undefined ? null : Number(unread),
    cached: res.headers["x-html-cache"] === "hit",
  };
}

/** Two pages, so the session and the unread count are kept and the second page came from the template. */
async function warm(accessToken: string, name: string) {
  await header(accessToken);
  const seen = await header(accessToken);
  expect(seen).toMatchObject({ name, visitor: false, cached: true });
  return seen;
}

async function customerId(email: string) {
  const [row] = await app.database.db.select().from(customers).where(eq(customers.email, email));
  return row!.id;
}

describe("kept session lookups and unread counts end or change on the next request (ADR 0283)", () => {
  it("signing out shows the visitor's header on the very next page", async () => {
    const tokens = await shopper("kept-logout@example.com", "KeptLogout");
    await warm(tokens.accessToken, "KeptLogout");
    const out = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer/logout",
      headers: bearer(tokens.accessToken),
    });
    expect(out.statusCode).toBe(200);
    expect(await header(tokens.accessToken)).toMatchObject({ name: null, visitor: true });
  }, 120_000);

  it("a refresh ends the old access token at once, and the new one shows the shopper", async () => {
    const tokens = await shopper("kept-refresh@example.com", "KeptRefresh");
    await warm(tokens.accessToken, "KeptRefresh");
    const refreshed = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/refresh-token",
      headers: BEARER,
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await header(tokens.accessToken)).toMatchObject({ name: null, visitor: true });
    expect(await header(refreshed.json().accessToken)).toMatchObject({ name: "KeptRefresh", visitor: false });
  }, 120_000);

  it("a new nickname is in the header on the next page", async () => {
    const tokens = await shopper("kept-rename@example.com", "KeptBefore");
    await warm(tokens.accessToken, "KeptBefore");
    const renamed = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: { ...bearer(tokens.accessToken), "x-requested-with": "fetch" },
      payload: { nickName: "KeptAfter" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await header(tokens.accessToken)).toMatchObject({ name: "KeptAfter", visitor: false });
  }, 120_000);

  it("a password reset signs every session out at once", async () => {
    const email = "kept-reset@example.com";
    const tokens = await shopper(email, "KeptReset");
    await warm(tokens.accessToken, "KeptReset");
    const { code, captchaKey } = await emailCode(app, email, "RESET_PASSWORD");
    const reset = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/reset-password",
      payload: { email, captcha: code, captchaKey, password: await encryptPassword(app, "N3w-Passphrase") },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await header(tokens.accessToken)).toMatchObject({ name: null, visitor: true });
  }, 120_000);

  it("a deleted account's session shows the visitor's header and no longer opens personal pages", async () => {
    const tokens = await shopper("kept-delete@example.com", "KeptDelete");
    await warm(tokens.accessToken, "KeptDelete");
    const deleted = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(tokens.accessToken),
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await header(tokens.accessToken)).toMatchObject({ name: null, visitor: true });
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: bearer(tokens.accessToken),
    });
    expect(info.statusCode).toBe(401);
  }, 120_000);

  it("a new notice and reading it change the header's unread count on the next page", async () => {
    const email = "kept-notices@example.com";
    const tokens = await shopper(email, "KeptNotices");
    expect((await warm(tokens.accessToken, "KeptNotices")).unread).toBe(0);
    await app.services.notifications.record({
      customerId: await customerId(email),
      kind: "PROMOTION",
      params: {},
      eventKey: "kept-notices-1",
    });
    expect(await header(tokens.accessToken)).toMatchObject({ name: "KeptNotices", unread: 1 });
    expect(await header(tokens.accessToken)).toMatchObject({ unread: 1 });
    const read = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/notifications/read",
      headers: { ...bearer(tokens.accessToken), "x-requested-with": "fetch" },
      payload: { all: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().count).toBe(0);
    expect(await header(tokens.accessToken)).toMatchObject({ name: "KeptNotices", unread: 0 });
  }, 120_000);

  it("one shopper's kept lookup never answers for another's token", async () => {
    const first = await shopper("kept-first@example.com", "KeptFirst");
    const second = await shopper("kept-second@example.com", "KeptSecond");
    await warm(first.accessToken, "KeptFirst");
    await warm(second.accessToken, "KeptSecond");
    expect(await header(first.accessToken)).toMatchObject({ name: "KeptFirst" });
    expect(await header(second.accessToken)).toMatchObject({ name: "KeptSecond" });
    expect(await header(`${first.accessToken.slice(0, -1)}x`)).toMatchObject({ name: null, visitor: true });
  }, 120_000);
});
