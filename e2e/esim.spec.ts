import { randomUUID } from "node:crypto";
import type { APIRequestContext, Cookie } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { PLAN, signUp } from "./purchase-kit.ts";

// My eSIMs (issue 6; ADRs 0135–0139): buy with the sandbox card, wait for provisioning, then the list, the detail
// (a QR code that decodes to the LPA shown for manual entry, the one-tap link), usage moving the data bar, the
// purchased packages, and another customer's eSIM as the 404 page. One shopper's purchase serves the journey.

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

interface EsimRow {
  id: string;
  iccid: string;
  state: string;
  dataUsedMb: number;
  dataTotalMb: number | null;
}

test.describe.configure({ mode: "serial" });

/** The first journey's shopper (cookies and eSIM), reused by the later ones. */
let shopper: { cookies: Cookie[]; esim: EsimRow; lpa: string } | null = null;

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

function register(request: APIRequestContext): Promise<string> {
  return signUp(request, `esim-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.com`);
}

const FETCH = { "x-requested-with": "fetch", "x-currency": "HKD", "x-lang": "en_US" };

/** Buys one plan through checkout and pays on the sandbox's hosted page with the success card. */
async function buyWithSandboxCard(page: Page, email: string): Promise<string> {
  await page.goto(`/checkout?platformProductCode=${PLAN}`);
  await hydrated(page);
  await page.getByLabel("E-mail for delivery").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
  return new URL(page.url()).searchParams.get("orderCode") ?? "";
}

/** Waits until the job runner has provisioned the paid order's eSIM. */
async function provisionedEsim(request: APIRequestContext): Promise<EsimRow> {
  let esim: EsimRow | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get("/o2esim/v1/customer/esims?page=0&size=20", { headers: FETCH });
        if (!res.ok()) return 0;
        esim = ((await res.json()) as { content: EsimRow[] }).content[0];
        return esim ? 1 : 0;
      },
      { timeout: 45_000, intervals: [500, 1000, 2000] },
    )
    .toBe(1);
  return esim!;
}

/** The QR code on the page, screenshotted and decoded. */
async function decodeQr(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.getByRole("img", { name: /QR code to install eSIM/ }).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** The value shown next to a manual-entry label (the label matched whole). */
function shownValue(page: Page, label: string | RegExp) {
  const whole =
    typeof label === "string" ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : label;
  return page.locator("dt").filter({ hasText: whole }).locator("xpath=following-sibling::dd[1]//code");
}

function dataBar(page: Page) {
  return page.getByRole("progressbar", { name: "Data used" }).first();
}

test("buy with the sandbox card, then the eSIM's QR code decodes to the LPA shown for manual entry", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = await register(page.request);
  await buyWithSandboxCard(page, email);
  const esim = await provisionedEsim(page.request);

  await page.goto("/ucenter/eSIM");
  await expect(page.getByRole("heading", { level: 1, name: "My eSIMs" })).toBeVisible();
  await page.getByRole("link", { name: "Details and install" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ucenter/eSIM/${esim.id}$`));
  await expect(page.getByText(esim.iccid).first()).toBeVisible();

  // The manual-entry codes and the QR code carry the same activation code.
  const lpa = (await shownValue(page, /^Full activation code/).textContent()) ?? "";
  expect(lpa).toMatch(/^LPA:1\$[^$]+\$[^$]+/);
  const [, smdp, matchingId] = lpa.split("$");
  await expect(shownValue(page, "SM-DP+ address")).toHaveText(smdp!);
  await expect(shownValue(page, "Activation code")).toHaveText(matchingId!);
  expect(await decodeQr(page)).toBe(lpa);

  // One-tap install: Apple's esimsetup URL with the LPA URL-encoded as carddata.
  const ios = page.getByRole("link", { name: "Install on iPhone" });
  const href = (await ios.getAttribute("href")) ?? "";
  expect(href).toBe(
    `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`,
  );
  expect(new URL(href).searchParams.get("carddata")).toBe(lpa);
  await expect(page.getByRole("link", { name: "Install on Android" })).toHaveAttribute(
    "href",
    /^https?:\/\//,
  );

  // A top-up starts at the eSIM's top-up picker (issue 12); the install guide is one step away.
  await expect(page.getByRole("link", { name: "Top up" })).toHaveAttribute(
    "href",
    `/ucenter/eSIM/${esim.id}/top-up`,
  );
  await expect(page.getByRole("link", { name: "Installation guide" })).toHaveAttribute(
    "href",
    "/install/install-guide",
  );

  // On a computer the QR code comes before the one-tap install.
  const qrBox = await page.getByRole("heading", { name: "Scan the QR code" }).boundingBox();
  const installBox = await page.getByRole("heading", { name: "Install this eSIM" }).boundingBox();
  expect(qrBox!.y).toBeLessThan(installBox!.y);

  // Copy buttons say so, to the eye and to a screen reader.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await hydrated(page);
  await page.getByRole("button", { name: "Copy SM-DP+ address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "SM-DP+ address copied" })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(smdp);

  shopper = { cookies: await context.cookies(), esim, lpa };
});

test("the list shows the state and the usage lag; a usage update moves the data bar", async ({
  page,
  context,
}) => {
  test.skip(!shopper, "needs the first journey's purchase");
  await context.addCookies(shopper!.cookies);
  await page.goto("/ucenter/eSIM");
  const card = page.getByRole("article", { name: /Japan/ }).first();
  await expect(card.getByText(shopper!.esim.iccid)).toBeVisible();
  await expect(card.getByText(/Ready to install|Installed|Active/).first()).toBeVisible();
  await expect(page.getByText("can lag 1 to 2 hours")).toBeVisible();

  const bar = dataBar(page);
  const before = Number(await bar.getAttribute("aria-valuenow"));
  const usedMb = before + 700;
  const res = await page.request.post("/__dev/esim/usage", {
    headers: { "x-requested-with": "fetch" },
    data: { iccid: shopper!.esim.iccid, usedMb },
  });
  expect(res.ok()).toBe(true);
  await page.reload();
  await expect(dataBar(page)).toHaveAttribute("aria-valuenow", String(usedMb));
  await expect(dataBar(page)).toHaveAttribute("aria-valuetext", /700 MB of 3 GB used|of 3 GB used/);
  await expect(page.getByText(/Usage updated/).first()).toBeVisible();
});

test("the purchased page lists the package on its eSIM and filters by state", async ({ page, context }) => {
  test.skip(!shopper, "needs the first journey's purchase");
  await context.addCookies(shopper!.cookies);
  await page.goto("/my/purchased");
  await expect(page.getByRole("heading", { level: 1, name: "Purchased benefits" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `eSIM ${shopper!.esim.iccid}` })).toBeVisible();
  const pkg = page.getByRole("article").first();
  await expect(pkg).toContainText("Japan");
  const state = (await pkg.locator("[data-state]").getAttribute("data-state")) ?? "";
  const filters = page.getByRole("navigation", { name: "Filter by state" });
  await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");

  // Its own state's tab keeps it; another state's tab does not.
  const labels: Record<string, string> = {
    NOT_STARTED: "Not started",
    ACTIVE: "Active",
    USED_UP: "Used up",
    EXPIRED: "Expired",
  };
  await filters.getByRole("link", { name: labels[state]! }).click();
  await expect(page).toHaveURL(new RegExp(`state=${state}`));
  await expect(page.getByRole("heading", { name: `eSIM ${shopper!.esim.iccid}` })).toBeVisible();
  await filters.getByRole("link", { name: state === "EXPIRED" ? "Used up" : "Expired" }).click();
  await expect(page.getByText("No packages here yet")).toBeVisible();

  // The /ucenter twin shows the same packages.
  await page.goto("/ucenter/purchased");
  await expect(page.getByRole("heading", { name: `eSIM ${shopper!.esim.iccid}` })).toBeVisible();

  // In Chinese too, with the state names.
  await page.goto("/zh_CN/ucenter/purchased");
  await expect(page.getByRole("heading", { level: 1, name: "已购权益" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "按状态筛选" }).getByRole("link", { name: "未开始" }),
  ).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ ...mobile, userAgent: IPHONE_UA });

  test("the one-tap install comes before the QR code", async ({ page, context }) => {
    test.skip(!shopper, "needs the first journey's purchase");
    await context.addCookies(shopper!.cookies);
    await page.goto(`/ucenter/eSIM/${shopper!.esim.id}`);
    const install = page.getByRole("link", { name: "Install on iPhone" });
    await expect(install).toBeVisible();
    await expect(page.getByRole("link", { name: "Install on Android" })).toHaveCount(0);
    const installBox = await install.boundingBox();
    const qrBox = await page.getByRole("img", { name: /QR code to install eSIM/ }).boundingBox();
    expect(installBox!.y).toBeLessThan(qrBox!.y);
  });
});

test.describe("on a short phone screen", () => {
  test.use({ ...mobile, viewport: { width: 390, height: 420 }, userAgent: IPHONE_UA });

  test("Back from a detail returns the list to where it was scrolled", async ({ page, context }) => {
    test.skip(!shopper, "needs the first journey's purchase");
    await context.addCookies(shopper!.cookies);
    await page.goto("/ucenter/eSIM");
    await hydrated(page);
    const details = page.getByRole("link", { name: "Details and install" }).first();
    await details.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    const scrolled = await page.evaluate(() => Math.round(window.scrollY));
    expect(scrolled).toBeGreaterThan(100);
    await details.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Japan/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "My eSIMs" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
  });
});

/** The native side of the bridge (ADR 0021): a React Native WebView that answers every call. */
async function fakeApp(page: Page, supported: boolean) {
  await page.addInitScript((supportsEsim) => {
    const host = window as unknown as {
      bridgeCalls: string[];
      ReactNativeWebView: { postMessage(raw: string): void };
      __esimBridgeReceive?: (raw: string) => void;
    };
    host.bridgeCalls = [];
    host.ReactNativeWebView = {
      postMessage(raw) {
        const { id, method, params } = JSON.parse(raw);
        host.bridgeCalls.push(params?.activationCode ? `${method} ${params.activationCode}` : method);
        const result =
          method === "checkEsimSupport"
            ? { supported: supportsEsim }
            : method === "installEsim"
              ? { status: "installed" }
              : {};
        setTimeout(
          () => host.__esimBridgeReceive?.(JSON.stringify({ bridge: "esim", id, ok: true, result })),
          20,
        );
      },
    };
  }, supported);
}

test.describe("inside the app", () => {
  test.use({ ...mobile, userAgent: `${IPHONE_UA} RoamlyApp/3.2.0` });

  test("installs through the bridge after asking whether the phone supports eSIM", async ({
    page,
    context,
  }) => {
    test.skip(!shopper, "needs the first journey's purchase");
    await context.addCookies(shopper!.cookies);
    await fakeApp(page, true);
    await page.goto(`/ucenter/eSIM/${shopper!.esim.id}`);
    await hydrated(page);
    const install = page.getByRole("button", { name: "Install in the app" });
    await expect(install).toBeEnabled();
    await expect(page.getByRole("link", { name: "Install on iPhone" })).toHaveCount(0);
    await install.click();
    await expect(page.getByRole("status").filter({ hasText: "eSIM installed" })).toBeVisible();
    // The page tells the server, and the eSIM now reads as installed (or already in use).
    await expect(page.locator("header [data-state]")).toHaveText(/Installed|Active/);
    const calls = await page.evaluate(() => (window as unknown as { bridgeCalls: string[] }).bridgeCalls);
    const esimCalls = calls.filter((call) => /Esim/.test(call));
    expect(esimCalls).toEqual(["checkEsimSupport", `installEsim ${shopper!.lpa}`]);
    // The QR code stays as the fallback.
    await expect(page.getByRole("img", { name: /QR code to install eSIM/ })).toBeVisible();
  });

  test("a phone without eSIM is told to use another phone's camera", async ({ page, context }) => {
    test.skip(!shopper, "needs the first journey's purchase");
    await context.addCookies(shopper!.cookies);
    await fakeApp(page, false);
    await page.goto(`/ucenter/eSIM/${shopper!.esim.id}`);
    await hydrated(page);
    await expect(page.getByText("This phone does not support eSIM.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Install in the app" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Install on iPhone" })).toHaveCount(0);
    await expect(page.getByRole("img", { name: /QR code to install eSIM/ })).toBeVisible();
  });
});

test.describe("another customer", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test("opening someone else's eSIM gives the 404 page", async ({ page }) => {
    test.skip(!shopper, "needs the first journey's purchase");
    await register(page.request);
    const res = await page.goto(`/ucenter/eSIM/${shopper!.esim.id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: /Page Not Found/ })).toBeVisible();
    await expect(page.getByText(shopper!.esim.iccid)).toHaveCount(0);
    // And their own list is empty, with the way to the store.
    await page.goto("/ucenter/eSIM");
    await expect(page.getByText("You don't have any eSIMs yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse plans" })).toHaveAttribute("href", "/category");
  });
});
