import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, type Page, test } from "./fixtures.ts";
import { FETCH_HEADERS, PLAN, randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";

// Issue 10, done-when: every route of spec 2 answers under all four prefixes (none, /en_US, /zh_CN, /zh_HK).
// A logged-in shopper with a paid order and its eSIM walks the whole table, so the protected pages render
// rather than send them to login, and routes with an id get a real one. Only /404 (and an unknown path) may
// answer 404.

const PREFIXES = ["", "/en_US", "/zh_CN", "/zh_HK"] as const;

interface Ids {
  orderCode: string;
  esimId: string;
  /** The draft's signed preview link (issue 17). */
  preview: string;
}

/** spec 2's route table, each path with the query or id it needs. */
function routeTable(ids: Ids): string[] {
  const order = encodeURIComponent(ids.orderCode);
  return [
    "/",
    "/plp",
    "/plp?type=COUNTRY",
    `/pdp/${PLAN}`,
    `${ids.preview}&channel=PC&lang=en_US`,
    "/category",
    "/cmsCLP?pageCode=summer-japan&pageName=Summer",
    `/checkout?platformProductCode=${PLAN}&quantity=1`,
    `/pay?orderCode=${order}`,
    `/pay/result?orderCode=${order}`,
    "/login",
    "/logins/forget-password",
    "/logins/verification-code-login",
    "/logins/preference",
    "/register",
    "/bind",
    "/AuthenticationPopupView",
    "/app_installation_qrcode",
    "/install",
    "/install/eSIM-install",
    "/install/install-guide",
    "/gogochina",
    "/gogochina/popupContent",
    "/gogochinaApp",
    "/pageHtml?htmlType=tacCondition",
    "/pageHtml?htmlType=privacyPolicy",
    "/pageHtml?type=tacCondition",
    "/my",
    "/my/coupon",
    `/my/order/${order}`,
    "/my/order/list",
    "/my/purchased",
    "/my/userInfo",
    "/my/userInfo/delete",
    "/my/userInfo/more-info",
    "/ucenter/about-us",
    "/ucenter/coupon",
    "/ucenter/eSIM",
    `/ucenter/eSIM/${encodeURIComponent(ids.esimId)}`,
    "/ucenter/help",
    "/ucenter/help?keyword=install",
    "/ucenter/install",
    "/ucenter/install/install-guide",
    "/ucenter/join-us",
    `/ucenter/order/${order}`,
    "/ucenter/order/list",
    `/ucenter/order/pdf-page?orderCode=${order}`,
    "/ucenter/purchased",
    "/ucenter/push",
    `/uniapp?path=${encodeURIComponent("/pages/note/detail?noteInfoCode=NOTE-ESIM-101")}`,
    "/?searchDialog=true",
    ...SFB_ROUTES,
  ];
}

/** spec 2's invite-reward routes (issue 11); INVITE1 is no shopper's code, so its landing is the clear page. */
const SFB_ROUTES = ["/sfb", "/sfb/landing/INVITE1", "/my/sfb", "/my/sfb/landing/INVITE1"];
const SFB_HEADINGS: Record<string, RegExp> = {
  "/sfb": /Invite friends, earn credit/,
  "/sfb/landing/INVITE1": /This invite link does not work/,
  "/my/sfb": /Invite friends, earn credit/,
  "/my/sfb/landing/INVITE1": /This invite link does not work/,
};

test.describe.configure({ mode: "serial" });

let ids: Ids | null = null;

async function buy(page: Page, email: string): Promise<string> {
  await page.goto(`/checkout?platformProductCode=${PLAN}`);
  await hydrated(page);
  await page.getByLabel("E-mail for delivery").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
  return new URL(page.url()).searchParams.get("orderCode") ?? "";
}

async function firstEsimId(request: APIRequestContext): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        const res = await request.get("/o2esim/v1/customer/esims?page=0&size=20", { headers: FETCH_HEADERS });
        id = res.ok() ? (((await res.json()).content[0]?.id as string | undefined) ?? "") : "";
        return id !== "";
      },
      { timeout: 45_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  return id;
}

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

test("a shopper with a paid order and an eSIM", async ({ page }) => {
  const email = uniqueEmail("walk");
  await signUp(page.request, email);
  const orderCode = await buy(page, email);
  const esimId = await firstEsimId(page.request);
  const draft = await page.request.post("/__dev/content/drafts", {
    headers: FETCH_HEADERS,
    data: {
      siteCode: "O2_PLATFORM__101",
      document: {
        formatVersion: 1,
        pageCode: "route-walk",
        pageType: "LANDING",
        lang: "en_US",
        title: "Route walk",
        variants: [{ variantId: "v1", minWidth: 0, maxWidth: null, layout: "normal", components: [] }],
      },
    },
  });
  expect(draft.ok()).toBe(true);
  ids = { orderCode, esimId, preview: (await draft.json()).preview };
  walkState = await page.context().storageState();
});

let walkState: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>> | null = null;

for (const prefix of PREFIXES) {
  test(`every spec 2 route answers under "${prefix || "no prefix"}"`, async ({ playwright, baseURL }) => {
    test.skip(!ids || !walkState, "needs the shopper from the first test");
    const request = await playwright.request.newContext({
      baseURL,
      storageState: walkState!,
      extraHTTPHeaders: { "x-forwarded-for": randomClientIp() },
    });
    const failures: string[] = [];
    for (const path of routeTable(ids!)) {
      const url = `${prefix}${path === "/" || path.startsWith("/?") ? path.replace(/^\//, prefix ? "" : "/") : path}`;
      const res = await request.get(url || "/", { maxRedirects: 0 });
      const location = res.headers().location ?? "";
      if (res.status() === 404 || res.status() >= 500) failures.push(`${url} → ${res.status()}`);
      else if (/\/login(\?|$)/.test(location) || /\/404$/.test(location))
        failures.push(`${url} → ${location}`);
    }
    // The walk can fail: /404 and an unknown path are the spec's 404s.
    expect((await request.get(`${prefix}/404`, { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get(`${prefix}/no-such-route`, { maxRedirects: 0 })).status()).toBe(404);
    await request.dispose();
    expect(failures, failures.join("\n")).toEqual([]);
  });
}

for (const path of SFB_ROUTES) {
  test(`spec 2 route ${path} renders for a signed-in shopper`, async ({ page }) => {
    test.skip(!walkState, "needs the shopper from the first test");
    await page.context().addCookies(walkState!.cookies);
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SFB_HEADINGS[path]!);
  });
}

test("a trailing slash redirects to the path without it, never off the site (spec 2)", async ({
  request,
  baseURL,
}) => {
  for (const [from, to] of [
    ["/zh_CN/", "/zh_CN"],
    ["/zh_HK/plp/?type=COUNTRY", "/zh_HK/plp?type=COUNTRY"],
    ["/ucenter/help/", "/ucenter/help"],
    ["//evil.example/", "/evil.example"],
  ] as const) {
    // Absolute, so "//evil.example/" reaches the server as a path rather than as another host.
    const res = await request.get(`${baseURL}${from}`, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }
});
