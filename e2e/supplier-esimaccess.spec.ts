import { expect, test as harness, hydrated, type Page } from "./fixtures.ts";
import {
  CARDS,
  FETCH_HEADERS,
  PLAN,
  payWithCard,
  randomClientIp,
  signUp,
  uniqueEmail,
} from "./purchase-kit.ts";
import { type Store, startStore as startStoreProcess } from "./store-kit.ts";

// Issue 13 "Done when": `npm start` with SUPPLIER_PROVIDER=esimaccess and the stand-in works end to end in the
// browser. This spec runs its own store the way `npm start` does (scripts/start.ts, ADR 0195): the eSIM Access
// stand-in starts as its own process, signed calls go to it over HTTP, and the eSIM the shopper installs is the
// one the stand-in allocated (its SM-DP+ address is in the LPA; the sandbox supplier's never is).

const STANDIN_SMDP = "rsp-eu.redteamobile.com";
// As the global setup and the suppliers-console store: a store start on a loaded two-core machine can pass 90 s.
const READY_TIMEOUT_MS = 240_000;

function startStore(): Promise<Store> {
  return startStoreProcess({
    // As `npm start` does: the stand-in starts beside the store.
    script: "scripts/start.ts",
    label: "the store with the eSIM Access stand-in",
    dataDirPrefix: "esim-e2e-esimaccess-",
    readyTimeoutMs: READY_TIMEOUT_MS,
    env: {
      NODE_ENV: "production",
      SANDBOX_TOOLS: "true",
      IDENTITY_MODE: "sandbox",
      PAYMENT_PROVIDER: "sandbox",
      SUPPLIER_PROVIDER: "esimaccess",
      ESIMACCESS_BASE_URL: "standin",
      // The stand-in allocates a profile a second after the order, as the real API does within seconds.
      STANDIN_ALLOCATE_AFTER_MS: "1000",
      CODE_HMAC_SECRET: "e2e-esimaccess-code-secret-0123456789abcdef",
      TRUST_PROXY: "loopback",
      BUILD_DIR: process.env.BUILD_DIR ?? "build-e2e",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
    },
  });
}

// The store runs once per worker, and every page and request of these tests goes to it.
const test = harness.extend<object, { esimAccessStore: string }>({
  esimAccessStore: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const store = await startStore();
      await use(store.url);
      await store.stop();
    },
    { scope: "worker", timeout: READY_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ esimAccessStore }, use) => {
    await use(esimAccessStore);
  },
});

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

async function provisionedEsimId(page: Page): Promise<string> {
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
  return id;
}

test("a plan bought on a store run with SUPPLIER_PROVIDER=esimaccess is delivered by the eSIM Access stand-in", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail();
  await signUp(page.request, email);
  await page.goto(`/checkout?platformProductCode=${PLAN}`);
  await hydrated(page);
  await page.getByLabel("E-mail for delivery").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await payWithCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
  await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();

  // Ordered at the stand-in, allocated a moment later, and read back through the signed API.
  const id = await provisionedEsimId(page);
  await page.goto(`/ucenter/eSIM/${id}`);
  const lpa = page.getByText(new RegExp(`^LPA:1\\$${STANDIN_SMDP.replaceAll(".", "\\.")}\\$[0-9A-F]{32}$`));
  await expect(lpa).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code to install eSIM/ })).toBeVisible();
});
