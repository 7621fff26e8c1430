import { expect, expectToast, test } from "./fixtures.ts";

// Social sign-in through the providers' own SDKs (ADR 0164), as in production: the browser has no sandbox
// issuer, so the buttons load Google's, Apple's or Facebook's script. The scripts are played by stand-ins with
// the SDKs' interfaces (the real ones cannot load here); everything after the SDK is the real page and API.

/** A name no other test or run uses: the test's worker, its title and the run's start time. */
function unique(tag: string, workerIndex: number): string {
  return `${tag}-${Date.now().toString(36)}-w${workerIndex}`;
}

// Each test comes from its own address, so the per-IP limits (ADR 0065) count per test.
test.beforeEach(async ({ context }, testInfo) => {
  await context.setExtraHTTPHeaders({
    "x-forwarded-for": `10.164.${testInfo.workerIndex % 250}.${testInfo.repeatEachIndex + 1}`,
  });
});

test.describe("social sign-in through the providers' SDKs", () => {
  test("social through the provider's SDK (ADR 0164): Google signs in with its client ID and a nonce; a Facebook SDK that does not load gets spec 8's message", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    // As in production: no sandbox issuer for the browser, so the buttons load the providers' SDKs.
    await page.route("**/__dev/identity/*/jwks.json", (route) => route.fulfill({ status: 404, body: "" }));
    consoleErrors.allow(/Failed to load resource|ERR_FAILED/);
    // Google's script is played by a stand-in with GIS's interface, whose "account chooser" has the sandbox
    // issuer sign an ID token for the client ID and nonce the page gave it, as Google would.
    const sub = unique("gsi", testInfo.workerIndex);
    const email = `${sub}@example.com`;
    let googleLoads = 0;
    await page.route("https://accounts.google.com/gsi/client", (route) => {
      googleLoads += 1;
      return route.fulfill({
        contentType: "text/javascript",
        body: `window.google = { accounts: { id: {
          initialize(config) { window.__gsiConfig = config; },
          prompt() {
            const config = window.__gsiConfig;
            fetch("/__dev/identity/google/token", {
              method: "POST",
              headers: { "content-type": "application/json", "x-requested-with": "fetch" },
              body: JSON.stringify({ sub: ${JSON.stringify(sub)}, email: ${JSON.stringify(email)},
                emailVerified: true, nonce: config.nonce, aud: config.client_id }),
            }).then((r) => r.json()).then((b) => config.callback({ credential: b.idToken }));
          },
        } } };`,
      });
    });
    await page.route("https://connect.facebook.net/**", (route) => route.abort("failed"));

    await page.goto("/login?pageFrom=%2Fmy%2FuserInfo");
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await expectToast(page, "The Facebook SDK did not load. Please check your network.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/login\?pageFrom=/);

    const opened = page.waitForRequest("**/o2cum/v1/pub/social-login/open-token");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    // The token went to open-token with the nonce it is bound to (the server refuses it otherwise).
    expect((await opened).postDataJSON()).toMatchObject({ provider: "google", nonce: expect.any(String) });
    // hoth.social.userNotFound → register-bind-login → logged in, back where the shopper was going.
    await expectToast(page, "Logged in");
    await expect(page).toHaveURL(/\/my\/userInfo$/);
    await expect(
      page.getByRole("banner").getByRole("button", { name: /Account menu|account/i }),
    ).toBeVisible();
    expect(googleLoads).toBe(1);
  });
});
