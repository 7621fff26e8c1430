import { desktop, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";

// China-trip pages and the mini-program route (issue 10; spec 2 /gogochina, /gogochina/popupContent,
// /gogochinaApp, /uniapp). In the app, a React Native WebView transport stands for the app's native side: it
// records each bridge call and answers it as the app would (ADR 0021 wire protocol).

const APP_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 RoamlyApp/3.2.0";

interface BridgeCall {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

/** The app's native side: answers base info with en_US/HKD and every other call with success. */
async function installApp(page: Page): Promise<BridgeCall[]> {
  const calls: BridgeCall[] = [];
  await page.exposeFunction("__nativeSide", async (raw: string) => {
    const call = JSON.parse(raw) as BridgeCall;
    calls.push(call);
    const result = call.method === "getBaseInfo" ? { locale: "en_US", currencyCode: "HKD" } : null;
    await page
      .evaluate(
        (data) => window.dispatchEvent(new MessageEvent("message", { data })),
        JSON.stringify({ bridge: "esim", id: call.id, ok: true, result }),
      )
      .catch(() => undefined);
  });
  await page.addInitScript(() => {
    const host = window as unknown as {
      ReactNativeWebView: { postMessage(raw: string): void };
      __nativeSide(raw: string): Promise<void>;
    };
    host.ReactNativeWebView = { postMessage: (raw) => void host.__nativeSide(raw) };
  });
  return calls;
}

for (const [name, viewport] of [
  ["390 px", mobile],
  ["1440 px", desktop],
] as const) {
  test.describe(`China trip at ${name}`, () => {
    test.use(viewport);

    test("the web page shows the plans that cover China, what works there and the pop-up", async ({
      page,
    }) => {
      const response = await page.goto("/zh_CN/gogochina");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("中国之旅");
      await expect(page.getByRole("heading", { name: "中国大陆版 iPhone 不支持 eSIM" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "漫游 eSIM 可以使用什么" })).toBeVisible();
      const plan = page.locator('a[href="/zh_CN/pdp/CN-3GB-30D"]').first();
      await expect(plan).toBeVisible();
      await hydrated(page);
      await page.getByRole("button", { name: "出发前清单" }).click();
      const dialog = page.getByRole("dialog", { name: "出发前须知" });
      await expect(dialog.getByRole("heading", { name: "出发前往中国前" })).toBeVisible();
      await dialog.getByRole("button", { name: "关闭" }).last().click();
      await expect(dialog).toBeHidden();

      await page.goto("/zh_HK/gogochina/popupContent");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("出發前須知");
      await expect(page.getByRole("heading", { name: "出發前往中國內地前" })).toBeVisible();
    });
  });
}

test.describe("in the app", () => {
  test.use({ ...mobile, userAgent: APP_UA });

  test("a plan opens the native goods page through /uniapp, and Done closes the web view", async ({
    page,
  }) => {
    const calls = await installApp(page);
    await page.goto("/gogochinaApp");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("China trip");
    await hydrated(page);
    await page
      .locator(
        `a[href="/uniapp?path=${encodeURIComponent("/pages/goods/detail?platformProductCode=CN-3GB-30D")}"]`,
      )
      .first()
      .click();
    await expect(page).toHaveURL(/\/uniapp\?path=/);
    await expect
      .poll(() => calls.find((c) => c.method === "navigate")?.params)
      .toEqual({ route: "goodsDetail", args: { platformProductCode: "CN-3GB-30D" } });
    await expect(page.getByText("Opening this page in the app…")).toBeVisible();

    await page.goto("/gogochinaApp");
    await hydrated(page);
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => calls.some((c) => c.method === "closeWebView")).toBe(true);
  });
});

test("on the web /uniapp leads to the page it names, shows notes, and is never a 404", async ({ page }) => {
  const goods = await page.goto(
    `/zh_HK/uniapp?path=${encodeURIComponent("/pages/goods/detail?platformProductCode=CN-3GB-30D")}`,
  );
  expect(goods?.status()).toBe(200);
  await expect(page).toHaveURL(/\/zh_HK\/pdp\/CN-3GB-30D$/);

  const note = await page.goto(
    `/uniapp?path=${encodeURIComponent("/pages/note/detail?noteInfoCode=NOTE-ESIM-101")}`,
  );
  expect(note?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Roamly app");

  for (const path of ["/pages/live/room?roomCode=LIVE-1", "/pages/unknown/page", "https://evil.example/"]) {
    const response = await page.goto(`/uniapp?path=${encodeURIComponent(path)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roamly app");
  }
  expect((await page.goto("/uniapp"))?.status()).toBe(200);
});
