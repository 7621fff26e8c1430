import type { APIRequestContext } from "@playwright/test";
import { expect, expectToast, type Page, test } from "./fixtures.ts";
import { sendCode } from "./register-kit.ts";

// Social sign-in through the providers' own SDKs (ADR 0164), as in production: the browser has no sandbox
// issuer, so the buttons load Google's, Apple's or Facebook's script. The scripts are played by stand-ins with
// the SDKs' interfaces (the real ones cannot load here); everything after the SDK is the real page and API.

/** A name no other test or run uses: its tag (one per test), the run's start time and the worker. */
function unique(tag: string, workerIndex: number): string {
  return `${tag}-${Date.now().toString(36)}-w${workerIndex}`;
}

// Each test comes from its own address (its worker, and its place in the worker), so the per-IP limits
// (ADR 0065) count per test.
let testsInWorker = 0;
test.beforeEach(async ({ context }, testInfo) => {
  testsInWorker += 1;
  await context.setExtraHTTPHeaders({
    "x-forwarded-for": `10.164.${testInfo.workerIndex % 250}.${testsInWorker % 250}`,
  });
});

/** As in production: no sandbox issuer for the browser, so the buttons load the providers' SDKs. */
async function withoutSandboxInBrowser(page: Page) {
  await page.route("**/__dev/identity/*/jwks.json", (route) => route.fulfill({ status: 404, body: "" }));
}

/** The newest 6-digit code sent to `to`, once there are more than `before` messages. */
async function codeFor(request: APIRequestContext, to: string, before: number): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/__dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()).messages as { body: string }[];
      body = messages.length > before ? messages[0]!.body : "";
      return body;
    })
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(body)![1]!;
}

test.describe("social sign-in through the providers' SDKs", () => {
  test("social through the provider's SDK (ADR 0164): Google signs in with its client ID and a nonce; a Facebook SDK that does not load gets spec 8's message", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    await withoutSandboxInBrowser(page);
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

  test("Apple through its SDK without an e-mail: /bind links a new account, sending the nonce the ID token is bound to", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    await withoutSandboxInBrowser(page);
    consoleErrors.allow(/Failed to load resource/);
    const sub = unique("apple-js", testInfo.workerIndex);
    const email = `${sub}@example.com`;
    // Sign in with Apple JS, played by a stand-in: the person hides their e-mail, so the token has none.
    await page.route(/appleid\.auth\.js$/, (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `window.AppleID = { auth: {
          init(config) { window.__appleConfig = config; },
          async signIn() {
            const config = window.__appleConfig;
            if (!config.usePopup) throw { error: "popup mode expected" };
            const r = await fetch("/__dev/identity/apple/token", {
              method: "POST",
              headers: { "content-type": "application/json", "x-requested-with": "fetch" },
              body: JSON.stringify({ sub: ${JSON.stringify(sub)}, nonce: config.nonce, aud: config.clientId }),
            });
            return { authorization: { id_token: (await r.json()).idToken } };
          },
        } };`,
      }),
    );

    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Apple" }).click();
    // hoth.social.openEmailOrPhoneNotFound → /bind with the third-party info (and its nonce) stored.
    await expect(page).toHaveURL(/\/bind$/);
    await page.getByRole("radio", { name: "A new account" }).check();
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
    const before = (await (await page.request.get(`/__dev/outbox?to=${encodeURIComponent(email)}`)).json())
      .messages.length as number;
    // The image captcha only when the server asks for one (ADR 0321).
    await sendCode(page, page.locator("form"));
    await page.getByLabel("Verification code").fill(await codeFor(page.request, email, before));
    await page
      .locator("input")
      .and(page.getByLabel("Password", { exact: true }))
      .fill("Trav3l!ng-eSIM");
    await page.getByRole("checkbox", { name: "I have read and agree to the" }).check();
    const bound = page.waitForRequest("**/o2cum/v1/pub/social-login/bind");
    await page.getByRole("button", { name: "Link and log in" }).click();
    expect((await bound).postDataJSON()).toMatchObject({ provider: "apple", nonce: expect.any(String) });
    await expectToast(page, "Logged in");
    await expect(
      page.getByRole("banner").getByRole("button", { name: /Account menu|account/i }),
    ).toBeVisible();
  });

  test("Facebook through its SDK: FB.login's access token, for the published app ID, logs a new shopper in", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    await withoutSandboxInBrowser(page);
    consoleErrors.allow(/Failed to load resource/);
    const sub = unique("fb-js", testInfo.workerIndex);
    // The Facebook JS SDK, played by a stand-in: FB.login hands back an access token issued to the app ID the
    // page initialised it with (the sandbox stands in for Facebook's token introspection on the server).
    await page.route("https://connect.facebook.net/**", (route) =>
      route.fulfill({
        contentType: "text/javascript",
        body: `window.FB = {
          init(config) { window.__fbConfig = config; },
          login(callback, options) {
            if (options.scope !== "email") return callback({ status: "unknown", authResponse: null });
            fetch("/__dev/identity/facebook/token", {
              method: "POST",
              headers: { "content-type": "application/json", "x-requested-with": "fetch" },
              body: JSON.stringify({ sub: ${JSON.stringify(sub)}, email: ${JSON.stringify(`${sub}@example.com`)},
                emailVerified: true, aud: window.__fbConfig.appId }),
            }).then((r) => r.json()).then((b) =>
              callback({ status: "connected", authResponse: { accessToken: b.accessToken } }));
          },
        };`,
      }),
    );
    await page.goto("/login?pageFrom=%2Fmy%2FuserInfo");
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await expectToast(page, "Logged in");
    await expect(page).toHaveURL(/\/my\/userInfo$/);
  });
});
