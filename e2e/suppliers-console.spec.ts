import { DEFAULT_APP_DOWNLOAD_URL } from "../server/env.ts";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, test as harness, hydrated, type Page } from "./fixtures.ts";
import { CARDS, FETCH_HEADERS, payWithCard, randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";
import { type Stop, startStandin, startStore as startStoreProcess } from "./store-kit.ts";

// Issue 28 (ADR 0311): the console's Suppliers page, and the "Done when" journey: an operator maps a plan
// to both suppliers, syncs, publishes a draft with its three languages, and a shopper buys it. This spec runs its
// own production store with both suppliers' stand-ins as their own processes, reached over HTTP (e2e/store-kit.ts).

const READY_TIMEOUT_MS = 240_000;

const ESIMACCESS = {
  ESIMACCESS_ACCESS_CODE: "e2e-suppliers-code",
  ESIMACCESS_SECRET: "e2e-suppliers-secret",
};
const AIRALO = {
  AIRALO_CLIENT_ID: "e2e-suppliers-client",
  AIRALO_CLIENT_SECRET: "e2e-suppliers-airalo-secret",
};

async function startStore(): Promise<{ url: string; stop: Stop }> {
  const esimaccess = await startStandin("esimaccess", { ...ESIMACCESS, STANDIN_ALLOCATE_AFTER_MS: "1000" });
  const airalo = await startStandin("airalo", AIRALO);
  const stopStandins = () => Promise.all([esimaccess.stop(), airalo.stop()]).then(() => undefined);
  try {
    const store = await startStoreProcess({
      label: "the store with both stand-ins",
      dataDirPrefix: "esim-e2e-suppliers-",
      readyTimeoutMs: READY_TIMEOUT_MS,
      env: {
        NODE_ENV: "production",
        SANDBOX_TOOLS: "true",
        CONSOLE_AUDIT_STRICT: "true",
        APP_DOWNLOAD_URL: process.env.APP_DOWNLOAD_URL || DEFAULT_APP_DOWNLOAD_URL,
        IDENTITY_MODE: "sandbox",
        PAYMENT_PROVIDER: "sandbox",
        // Plans that name no supplier go to eSIM Access; the journey's plan names Airalo first.
        SUPPLIER_PROVIDER: "esimaccess",
        ...ESIMACCESS,
        ...AIRALO,
        ESIMACCESS_BASE_URL: esimaccess.url,
        AIRALO_BASE_URL: airalo.url,
        CODE_HMAC_SECRET: "e2e-suppliers-code-secret-0123456789abcdef",
        TRUST_PROXY: "loopback",
        BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        REDIS_URL: "",
      },
    });
    return {
      url: store.url,
      stop: async () => {
        await store.stop();
        await stopStandins();
      },
    };
  } catch (error) {
    await stopStandins();
    throw error;
  }
}

const test = harness.extend<object, { suppliersStore: string }>({
  suppliersStore: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const store = await startStore();
      await use(store.url);
      await store.stop();
    },
    { scope: "worker", timeout: READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ suppliersStore }, use) => {
    await use(suppliersStore);
  },
});

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

/** A supplier's card on the Suppliers page. */
const card = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });

/** Asks for a sync with the keyboard, then reloads until both suppliers' syncs have finished. */
async function syncNow(page: Page) {
  await page.goto("/admin/suppliers");
  await hydrated(page);
  const button = page.getByRole("button", { name: "Sync now" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText(/catalogue sync is (on its way|already waiting)/);
  await expect
    .poll(
      async () => {
        await page.reload();
        const texts = await page.getByTestId("supplier-sync").allTextContents();
        return texts.length === 2 && texts.every((text) => /^Succeeded/.test(text));
      },
      { timeout: 60_000, intervals: [1000, 2000] },
    )
    .toBe(true);
}

test("the Suppliers page shows each supplier's balance, webhooks and last sync; sync now and register webhooks", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const operator = await createOperator(page, "merchandiser");
  await signInAsOperator(page, operator);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Suppliers" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Suppliers" })).toBeVisible();
  await expect(card(page, "eSIM Access")).toContainText("Default supplier");
  await expect(card(page, "Airalo").getByTestId("supplier-webhook")).toHaveText("Not registered");
  await expect(card(page, "Airalo").getByTestId("supplier-received")).toHaveText("Never");

  await syncNow(page);
  await expect(card(page, "Airalo").getByTestId("supplier-sync")).toContainText(/\d+ new/);

  // Airalo checks the store's URL with HEAD before it takes the opt-in; the store answers it.
  await hydrated(page);
  await card(page, "Airalo").getByRole("button", { name: "Register webhooks for Airalo" }).click();
  await expect(page.getByRole("status")).toHaveText("Webhooks registered for Airalo.");
  await expect(card(page, "Airalo").getByTestId("supplier-webhook")).toHaveText(/^Registered /);
  await card(page, "eSIM Access").getByRole("button", { name: "Register webhooks for eSIM Access" }).click();
  await expect(page.getByRole("status")).toHaveText("Webhooks registered for eSIM Access.");
  await expect(card(page, "eSIM Access").getByTestId("supplier-webhook")).toHaveText(/^Registered /);
  // eSIM Access checks the URL with a CHECK_HEALTH webhook at once: the page shows it arrived.
  await expect(card(page, "eSIM Access").getByTestId("supplier-received")).not.toHaveText("Never");
});

interface PlanRow {
  platformProductCode: string;
  destinationCode: string;
  status: string;
}

/** The synced drafts of one supplier (the console's own API, with the operator's session). */
async function drafts(page: Page, prefix: string): Promise<PlanRow[]> {
  const res = await page.request.get(`/o2adm/v1/catalog/plans?q=${prefix}&status=DRAFT&size=200`, {
    headers: FETCH_HEADERS,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).rows as PlanRow[]).filter((row) => row.platformProductCode.startsWith(prefix));
}

async function packageOf(page: Page, code: string): Promise<string> {
  const res = await page.request.get(`/o2adm/v1/catalog/plans/${code}`, { headers: FETCH_HEADERS });
  expect(res.status()).toBe(200);
  return (await res.json()).suppliers[0].packageCode as string;
}

test("an operator maps a synced draft to both suppliers, publishes it in three languages, and a shopper buys it", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const operator = await createOperator(page, "merchandiser");
  await signInAsOperator(page, operator);
  await syncNow(page);

  // A draft from Airalo's catalogue, and an eSIM Access package for the same destination to fail over to.
  const airaloDrafts = await drafts(page, "AIRALO-");
  const esimDrafts = await drafts(page, "ESIMACCESS-");
  const plan =
    airaloDrafts.find((a) => esimDrafts.some((e) => e.destinationCode === a.destinationCode)) ??
    airaloDrafts[0];
  expect(plan, "a draft synced from Airalo").toBeDefined();
  const failover = esimDrafts.find((e) => e.destinationCode === plan!.destinationCode) ?? esimDrafts[0];
  expect(failover, "a draft synced from eSIM Access").toBeDefined();
  const airaloPackage = await packageOf(page, plan!.platformProductCode);
  const esimPackage = await packageOf(page, failover!.platformProductCode);

  await page.goto(`/admin/catalog/plans/${plan!.platformProductCode}`);
  await hydrated(page);
  await page.getByRole("combobox", { name: "Supplier 1" }).selectOption("airalo");
  await page.getByRole("textbox", { name: "Package code 1" }).fill(airaloPackage);
  await page.getByRole("combobox", { name: "Supplier 2" }).selectOption("esimaccess");
  await page.getByRole("textbox", { name: "Package code 2" }).fill(esimPackage);
  await page.getByRole("button", { name: "Save supplier packages" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  // Sync again: the mapped packages' costs and coverage follow the suppliers.
  await syncNow(page);

  // Publish with the titles in all three languages.
  const title = {
    en: `Japan traveller ${Date.now() % 100_000}`,
    cn: "日本旅行流量包",
    hk: "日本旅遊數據套餐",
  };
  await page.goto(`/admin/catalog/plans/${plan!.platformProductCode}`);
  await hydrated(page);
  // A synced draft's titles are the supplier's English in every language: publishing asks for the others.
  await page.getByLabel("Status").selectOption("ON_SHELF");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Write the title in every language" }),
  ).toBeVisible();
  await page.getByLabel("Title (English)").fill(title.en);
  await page.getByLabel("Title (Simplified Chinese)").fill(title.cn);
  await page.getByLabel("Title (Traditional Chinese)").fill(title.hk);
  await page.getByLabel("Status").selectOption("ON_SHELF");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" }).first()).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("ON_SHELF");

  // A shopper buys it; Airalo, its first choice, delivers it.
  await page.context().clearCookies();
  const email = uniqueEmail();
  await signUp(page.request, email);
  await page.goto(`/zh_HK/checkout?platformProductCode=${plan!.platformProductCode}`);
  await expect(page.getByText(title.hk).first()).toBeVisible();
  await page.goto(`/checkout?platformProductCode=${plan!.platformProductCode}`);
  await hydrated(page);
  await expect(page.getByText(title.en).first()).toBeVisible();
  await page.getByLabel("E-mail for delivery").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
  await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();
  let id = "";
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/o2esim/v1/customer/esims?page=0&size=20", {
          headers: FETCH_HEADERS,
        });
        id = res.ok() ? ((await res.json()).content[0]?.id ?? "") : "";
        return id;
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .not.toBe("");
  await page.goto(`/ucenter/eSIM/${id}`);
  // Airalo's SM-DP+ (its stand-in's lpa.airalo.com): the first choice delivered it.
  await expect(page.getByText(/^LPA:1\$lpa\.airalo\.com\$/)).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code to install eSIM/ })).toBeVisible();
});
