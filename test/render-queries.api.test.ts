import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { registerByEmail } from "../server/modules/account/account-test-kit.ts";
import {
  createOperator,
  operatorHeaders,
  type TestOperator,
} from "../server/modules/admin/admin-test-kit.ts";
import {
  issuedTo,
  PLAN,
  place,
  placeAndPay,
  settle,
  shopper,
} from "../server/modules/checkout/purchase-test-kit.ts";
import { setupPageApp } from "./api.ts";
import { recordQueries } from "./queries.ts";

/*
 * Issue 15: the database statements one warm page render sends. The pages are rendered by the development
 * renderer (Vite in middleware mode, no HTML cache), so what is counted is the loaders' work, not a cached page.
 * The first render of each page warms the shared cache (server/infra/cache.ts); the second one is counted. The
 * clock stands still (only Date is faked), so no entry's time to live runs out between the two however slow the
 * machine: what is counted is what a warm cache still asks the database, never an expiry.
 *
 * The issue's target is at most 2 per render (`npm run bench` prints it as i15WarmRenderQueries). Until every
 * page meets it, each page has a ceiling: today's count, so a change that adds a query fails here and names
 * the statements. Lower a ceiling whenever a page needs fewer; the target is where they all end.
 */
const TARGET = 2;
const CEILINGS = { home: TARGET, plp: TARGET, pdp: TARGET, signedInHome: TARGET } as const;
/**
 * Personal pages (issue 15: ≥ 150 req/s in the bench): the shopper's own rows are read on every render, never
 * cached; what else they read (plans, currencies, site info) comes from the shared cache, and the session and
 * the unread count from the per-shopper cache (ADR 0283). Today's counts: the eSIM list reads its eSIMs with their
 * packages in one statement and the orders still being prepared in another (ADR 0297), the order list its page of
 * orders, checkout the store-credit balance and the coupons the shopper holds (the best one is applied when
 * checkout opens, issue 30; an empty wallet costs no more). The shopper has several issued eSIMs, so a statement
 * per eSIM (or a second one for their packages) fails here.
 */
const PERSONAL_CEILINGS = { esimList: 2, orderList: 1, checkout: 2 } as const;

// The clock is faked (Date only) before the app is built: the hooks run in the order they are declared.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
});
afterAll(() => {
  vi.useRealTimers();
});
const app = setupPageApp();

async function render(url: string, headers: Record<string, string>) {
  const res = await app.server.inject({ method: "GET", url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  return res.body;
}

/** The statements of the second of two renders, shortened for a readable failure. */
async function warmRender(url: string, headers: Record<string, string> = {}) {
  await render(url, headers);
  let html = "";
  const statements = await recordQueries(app, async () => {
    html = await render(url, headers);
  });
  return { html, statements: statements.map((sql) => sql.replace(/\s+/g, " ").slice(0, 140)) };
}

describe("database statements per warm render (issue 15)", () => {
  it.each([
    ["home", "/", CEILINGS.home],
    ["plp", "/plp?type=COUNTRY", CEILINGS.plp],
    ["pdp", `/pdp/${PLAN}`, CEILINGS.pdp],
  ])(
    "%s",
    async (_name, url, ceiling) => {
      const { statements } = await warmRender(url);
      expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(ceiling);
    },
    120_000,
  );

  it("home, signed in: the shopper's page, with the personal header", async () => {
    const { accessToken } = await registerByEmail(app, "render-queries@example.com");
    const { html, statements } = await warmRender("/", { cookie: `${ACCESS_TOKEN_COOKIE}=${accessToken}` });
    // The header shows the shopper's account menu: the render was the signed-in one.
    expect(html).toContain("Account menu for");
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(CEILINGS.signedInHome);
  }, 120_000);
});

describe("database statements per warm render of a personal page (issue 15)", () => {
  let cookie = "";
  let iccids: string[] = [];
  let unpaid = "";
  beforeAll(async () => {
    const who = await shopper(app, "render-queries-personal@example.com");
    // Three paid orders issue five eSIMs; one more order waits for payment.
    for (const quantity of [2, 2, 1]) {
      await placeAndPay(app, who, { quantity });
      await settle(app);
    }
    iccids = (await issuedTo(app, who)).map((esim) => esim.iccid);
    expect(iccids).toHaveLength(5);
    const placed = await place(app, who, { quantity: 2 });
    expect(placed.statusCode, placed.body).toBe(201);
    unpaid = placed.json().code;
    // The notices of the deliveries above changed the unread count just now: the per-shopper cache keeps nothing
    // with its tag for a few seconds after a change (ADR 0283), which a clock that stands still never leaves.
    vi.setSystemTime(Date.now() + 6_000);
    cookie = `${ACCESS_TOKEN_COOKIE}=${String(who.headers.authorization).slice("Bearer ".length)}`;
  }, 120_000);

  it("eSIM list: every eSIM in one statement, however many", async () => {
    const { html, statements } = await warmRender("/ucenter/esim", { cookie });
    expect(html).toContain("5 eSIMs");
    for (const iccid of iccids) expect(html).toContain(iccid);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(PERSONAL_CEILINGS.esimList);
  }, 120_000);

  it("order list: the page of orders in one statement", async () => {
    const { html, statements } = await warmRender("/ucenter/order/list", { cookie });
    expect(html).toContain(unpaid);
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(PERSONAL_CEILINGS.orderList);
  }, 120_000);

  it("checkout", async () => {
    const { statements } = await warmRender(`/checkout?platformProductCode=${PLAN}&quantity=1`, { cookie });
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(PERSONAL_CEILINGS.checkout);
  }, 120_000);
});

/*
 * The product page reads its plan, prices, coverage, destination, sibling plans and offers from the shared cache
 * (ADR 0243). Each change an operator makes through the console clears what it changed: the next render shows it.
 */
describe("the product page after a console change (no stale data)", () => {
  const SIBLING = "JP-1GB-7D";
  let merchandiser: TestOperator;
  const consoleCall = async (method: "PATCH" | "PUT", url: string, payload: object) => {
    const res = await app.server.inject({
      method,
      url: `/o2adm/v1${url}`,
      headers: await operatorHeaders(app, merchandiser),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const pdp = () => render(`/pdp/${PLAN}`, {});

  beforeAll(async () => {
    merchandiser = await createOperator(app, "merchandiser");
    await pdp(); // warm
  }, 120_000);

  it("a plan's new title, and a sibling plan's, show on the next render", async () => {
    const title = { en_US: "Japan Cache Check 3 GB", zh_CN: "日本 3GB", zh_HK: "日本 3GB" };
    const sibling = { en_US: "Japan Sibling Check 1 GB", zh_CN: "日本 1GB", zh_HK: "日本 1GB" };
    expect(await pdp()).not.toContain(title.en_US);
    await consoleCall("PATCH", `/catalog/plans/${PLAN}`, { title });
    await consoleCall("PATCH", `/catalog/plans/${SIBLING}`, { title: sibling });
    const html = await pdp();
    expect(html).toContain(title.en_US);
    expect(html).toContain(sibling.en_US);
  }, 120_000);

  it("a plan's new price shows on the next render, in the page and its offers", async () => {
    await consoleCall("PUT", `/catalog/plans/${PLAN}/prices`, {
      prices: [{ currencyCode: "HKD", unitPrice: 987_654, displayPrice: null }],
    });
    expect(await pdp()).toContain('"price":"9876.54"');
  }, 120_000);

  it("a sibling plan taken off the shelf leaves the page's other plans on the next render", async () => {
    expect(await pdp()).toContain(`/pdp/${SIBLING}`);
    await consoleCall("PATCH", `/catalog/plans/${SIBLING}`, { status: "OFF_SHELF" });
    expect(await pdp()).not.toContain(`/pdp/${SIBLING}`);
  }, 120_000);

  it("a destination's new name shows on the next render", async () => {
    await consoleCall("PATCH", "/catalog/destinations/JP", { nameEn: "Nippon Cache Check" });
    expect(await pdp()).toContain("Nippon Cache Check");
  }, 120_000);
});
