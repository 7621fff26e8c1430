import jsQR from "jsqr";
import { PNG } from "pngjs";
import { appDownloadUrl } from "../app/features/install/app-download.server.ts";
import { checkA11y, desktop, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";

// Install help (issue 6; spec 2 /install, /install/eSIM-install, /install/install-guide, /ucenter/install*,
// /app_installation_qrcode; spec 4 step group).

const LOCALES = [
  {
    prefix: "",
    landing: "Install your eSIM",
    pick: "Pick your device",
    compat: "Is my phone compatible?",
    steps: "How to install your eSIM",
    progress: "Installation progress",
    states: ["Completed", "Completed", "In progress", "Waiting"],
    stepTitles: ["Buy a plan", "Get your eSIM", "Install the eSIM", "Turn on data roaming when you land"],
    guide: "Activation guide",
    tabs: "Phone type",
    iphone: "iPhone",
  },
  {
    prefix: "/zh_CN",
    landing: "安装 eSIM",
    pick: "选择您的设备",
    compat: "我的手机支持吗？",
    steps: "如何安装 eSIM",
    progress: "安装进度",
    states: ["已完成", "已完成", "进行中", "等待中"],
    stepTitles: ["购买套餐", "获取 eSIM", "安装 eSIM", "落地后开启数据漫游"],
    guide: "激活指南",
    tabs: "手机类型",
    iphone: "iPhone",
  },
  {
    prefix: "/zh_HK",
    landing: "安裝 eSIM",
    pick: "選擇你的裝置",
    compat: "我的手機支援嗎？",
    steps: "如何安裝 eSIM",
    progress: "安裝進度",
    states: ["已完成", "已完成", "進行中", "等待中"],
    stepTitles: ["購買計劃", "取得 eSIM", "安裝 eSIM", "抵達後開啟數據漫遊"],
    guide: "啟用指南",
    tabs: "手機類型",
    iphone: "iPhone",
  },
] as const;

/**
 * The step group's items in order with their visible state; the step in progress (and only it) is announced
 * as the current step.
 */
async function expectSteps(
  page: Page,
  label: string,
  titles: readonly string[],
  states: readonly string[],
  inProgress: number,
) {
  const items = page.getByRole("list", { name: label }).locator(":scope > li");
  await expect(items).toHaveCount(titles.length);
  for (const [index, title] of titles.entries()) {
    const item = items.nth(index);
    await expect(item.getByRole("heading", { level: 2 })).toContainText(title);
    await expect(item).toContainText(states[index] ?? "");
  }
  await expect(page.getByRole("list", { name: label }).locator("li[aria-current='step']")).toHaveCount(1);
  await expect(items.nth(inProgress)).toHaveAttribute("aria-current", "step");
}

for (const locale of LOCALES) {
  test.describe(`install pages in ${locale.prefix || "en_US"}`, () => {
    test("landing, steps with their states, and the guide render with headings", async ({ page }) => {
      await page.goto(`${locale.prefix}/install`);
      await expect(page.getByRole("heading", { level: 1, name: locale.landing })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: locale.pick })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: locale.compat })).toBeVisible();
      await expect(page.locator("#compatibility")).toBeVisible();

      await page.goto(`${locale.prefix}/install/eSIM-install`);
      await expect(page.getByRole("heading", { level: 1, name: locale.steps })).toBeVisible();
      await expectSteps(page, locale.progress, locale.stepTitles, locale.states, 2);

      await page.goto(`${locale.prefix}/install/install-guide`);
      await expect(page.getByRole("heading", { level: 1, name: locale.guide })).toBeVisible();
      const tabs = page.getByRole("tablist", { name: locale.tabs });
      await expect(tabs.getByRole("tab")).toHaveCount(4);
      await expect(tabs.getByRole("tab", { name: locale.iphone })).toHaveAttribute("aria-selected", "true");
    });
  });
}

test.describe("steps", () => {
  test("?step moves the current step and ?platform switches to the Android instructions", async ({
    page,
  }) => {
    await page.goto("/install/eSIM-install?platform=android&step=4");
    await expectStates(page, ["Completed", "Completed", "Completed", "In progress"]);
    await expect(page.getByText("Settings › Connections › SIM manager › Add eSIM (Samsung)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Android" })).toHaveAttribute("aria-current", "page");

    await hydrated(page);
    await page.getByRole("link", { name: "iPhone" }).click();
    await expect(page).toHaveURL("/install/eSIM-install?platform=ios");
    await expect(page.getByText("Settings › Mobile Service › Add eSIM › Use QR Code")).toBeVisible();
    await expectStates(page, ["Completed", "Completed", "In progress", "Waiting"]);
    await page.getByRole("link", { name: "Activation guide" }).click();
    await expect(page).toHaveURL("/install/install-guide?platform=ios");
  });

  test("the /ucenter twins show the same pages and keep their links under /ucenter/install", async ({
    page,
  }) => {
    await page.goto("/zh_HK/ucenter/install");
    await expect(page.getByRole("heading", { level: 1, name: "安裝 eSIM" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Samsung Galaxy: 啟用指南" })).toHaveAttribute(
      "href",
      "/zh_HK/ucenter/install/install-guide?platform=samsung",
    );
    await page.goto("/zh_HK/ucenter/install/eSIM-install");
    await expectSteps(page, "安裝進度", LOCALES[2].stepTitles, LOCALES[2].states, 2);
    await page.goto("/zh_HK/ucenter/install/install-guide?platform=pixel");
    await expect(page.getByRole("tab", { name: "Google Pixel" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("前往「設定 › 網絡和互聯網 › SIM 卡」。")).toBeVisible();
  });
});

async function expectStates(page: Page, states: readonly string[]) {
  const items = page.getByRole("list", { name: "Installation progress" }).locator(":scope > li");
  await expect(items).toHaveCount(states.length);
  for (const [index, state] of states.entries()) await expect(items.nth(index)).toContainText(state);
  await expect(items.nth(states.indexOf("In progress"))).toHaveAttribute("aria-current", "step");
}

test.describe("compatibility check on a phone", () => {
  test.use(mobile);

  test("the product page links to it; the search finds the iPhone 15 and says China iPhones have no eSIM", async ({
    page,
  }) => {
    await page.goto("/pdp/JP-3GB-30D");
    await hydrated(page);
    await page.getByRole("link", { name: "Check your device" }).click();
    await expect(page).toHaveURL("/install#compatibility");
    await expect(page.getByRole("heading", { name: "Is my phone compatible?" })).toBeInViewport();

    const search = page.getByRole("searchbox", { name: "Search for your phone model" });
    const status = page.locator("#compatibility").getByRole("status");
    await expect(status).toHaveText("Type your model's name to see whether it supports eSIM.");
    await search.fill("iPhone 15");
    await expect(status).toHaveText("Models found: 4");
    const results = page.getByRole("list", { name: "Matching models" }).getByRole("listitem");
    await expect(results).toHaveCount(4);
    await expect(results.first()).toContainText("iPhone 15");
    await expect(results.first()).toContainText("Supports eSIM");
    await expect(results.first()).toContainText("Not the models sold in mainland China");
    await checkA11y(page);

    await search.fill("iPhone China");
    await expect(results.first()).toContainText("iPhone (sold in mainland China)");
    await expect(results.first()).toContainText("No eSIM");

    await search.fill("Nokia 3310");
    await expect(status).toContainText("No model matches “Nokia 3310”");
    await expect(page.getByRole("list", { name: "Matching models" })).toHaveCount(0);

    // The rest of the check: the EID self-check, the carrier-lock warning, the mainland-China note.
    await expect(page.getByText("dial *#06#")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Is your phone carrier-locked?" })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "iPhones from mainland China have no eSIM" }),
    ).toBeVisible();
  });

  test("searches in Chinese too", async ({ page }) => {
    await page.goto("/zh_CN/install#compatibility");
    await hydrated(page);
    await page.getByRole("searchbox", { name: "搜索手机型号" }).fill("国行");
    const first = page.getByRole("list", { name: "匹配的机型" }).getByRole("listitem").first();
    await expect(first).toContainText("iPhone（中国大陆销售）");
    await expect(first).toContainText("不支持 eSIM");
  });
});

test.describe("activation guide tabs", () => {
  test("work by keyboard and keep the chosen phone in the address", async ({ page }) => {
    await page.goto("/install/install-guide?platform=samsung");
    await hydrated(page);
    const tab = (name: string) => page.getByRole("tab", { name, exact: true });
    await expect(tab("Samsung Galaxy")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("Go to Settings › Connections › SIM manager.");

    await tab("Samsung Galaxy").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab("Google Pixel")).toBeFocused();
    await expect(tab("Google Pixel")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("Go to Settings › Network & internet › SIMs.");
    await expect(page).toHaveURL("/install/install-guide?platform=pixel");

    await page.keyboard.press("End");
    await expect(tab("Other Android")).toBeFocused();
    await expect(tab("Other Android")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await expect(tab("iPhone")).toBeFocused();
    await expect(page.getByRole("tabpanel")).toContainText("Turn on Data Roaming.");
    await page.keyboard.press("ArrowLeft");
    await expect(tab("Other Android")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(tab("iPhone")).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the tab order; Tab moves on into the panel.
    await expect(page.getByRole("tab", { selected: false })).toHaveCount(3);
    for (const other of await page.getByRole("tab", { selected: false }).all()) {
      await expect(other).toHaveAttribute("tabindex", "-1");
    }

    await page.reload();
    await expect(tab("iPhone")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL("/install/install-guide?platform=ios");
  });
});

const QR_LABEL = "QR code that opens the app download page";

/** Screenshots the QR element and decodes it like a phone camera would. */
async function decodeQr(page: Page, label: string): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByRole("img", { name: label }).screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

for (const [name, viewport] of [
  ["desktop", desktop],
  ["phone", mobile],
] as const) {
  test.describe(`app QR code page on a ${name}`, () => {
    test.use(viewport);

    test("shows a QR code that decodes to the configured download URL, with the link beside it", async ({
      page,
    }) => {
      // The server under test inherits this process's environment, so it applies the same setting.
      const url = appDownloadUrl(process.env);
      await page.goto("/app_installation_qrcode");
      await expect(page.getByRole("heading", { level: 1, name: "Get the Roamly app" })).toBeVisible();
      // spec 2: no top bar on QR pages.
      await expect(page.getByRole("banner")).toBeHidden();
      expect(await decodeQr(page, QR_LABEL)).toBe(url);
      const link = page.getByRole("link", { name: url });
      await expect(link).toHaveAttribute("href", url);

      const qrBox = await page.getByRole("img", { name: QR_LABEL }).boundingBox();
      const linkBox = await link.boundingBox();
      if (!qrBox || !linkBox) throw new Error("QR code or link not laid out");
      if (name === "desktop") expect(linkBox.x).toBeGreaterThanOrEqual(qrBox.x + qrBox.width);
      else expect(linkBox.y).toBeGreaterThanOrEqual(qrBox.y + qrBox.height);
    });
  });
}

test("the app QR page speaks Traditional Chinese under /zh_HK", async ({ page }) => {
  await page.goto("/zh_HK/app_installation_qrcode");
  await expect(page.getByRole("heading", { level: 1, name: "下載 Roamly App" })).toBeVisible();
  await expect(page.getByText("或在手機上開啟此連結：")).toBeVisible();
  expect(await decodeQr(page, "開啟 App 下載頁面的 QR 碼")).toBe(appDownloadUrl(process.env));
});
