import { defineConfig, devices } from "@playwright/test";

// Browser tests run against the production build, which e2e/global-setup.ts starts on a free port over a
// fresh database. Chromium comes from @sparticuz/chromium (or CHROME_PATH): the network is closed, so nothing
// is downloaded, and everything that would phone home is switched off.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  // Two cores shared by the server under test and the browser: more workers only queue.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI only: a test that passes only on retry is reported as flaky in the list output.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // Set by the global setup before the workers start, which read this file again.
    baseURL: process.env.E2E_BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    video: "off",
    navigationTimeout: 30_000,
    actionTimeout: 15_000,
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROME_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
  ],
});
