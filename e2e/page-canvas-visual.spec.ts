import { writeFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { PNG } from "pngjs";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// Issue 31 item 6 "Done when" (ADR 0394): the editor's canvas is the shopper's page. For home and a seeded landing
// page, at 390 and 1440 px, the page document as the canvas frame draws it and as the shopper's page draws it are
// screenshotted and compared pixel by pixel with each other (no stored golden files). Only the document area is
// compared, across the whole width: a landing page's title and its blocks; the store's header, footer and tab bar
// are the shell around the document, which the canvas does not draw. Both sides load the same published version in
// the same language and currency, with live data, motion reduced (carousels stay on their first slide), fonts loaded
// and every picture loaded.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

test.use({ reducedMotion: "reduce" });

/** More than this share of the area's pixels differing fails the comparison (anti-aliasing stays under it). */
const MAX_DIFFERENT = 0.005;
/** A pixel differs when one of its channels differs by more than this (of 255): white and slate-50 differ by 7. */
const CHANNEL_TOLERANCE = 2;
/** The console's window while the canvas is compared: wide enough for the desktop canvas at its own scale (1). */
const WIDE_CONSOLE = { width: 2200, height: 1000 };

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Gets the document in `root` (a page or the canvas frame) ready to be pictured: every picture loaded (lazy ones
 * too, as a shopper scrolling would see them), fonts loaded; then answers the document area's box in that
 * document's coordinates: the landing title, if any, down to the end of the blocks, across the whole width.
 */
async function documentArea(root: Page | ReturnType<Page["frames"]>[number]): Promise<Area> {
  return root.evaluate(async () => {
    // Each wait is bounded: React may replace a picture's element while it loads (the detached one then fires
    // neither load nor error), and a frame the browser is not painting runs no animation frames. A picture still
    // missing after its wait shows in the pixel comparison, which is what fails then.
    const atMost = (ms: number, promise: Promise<unknown>) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
    for (const image of document.images) image.loading = "eager";
    await Promise.all(
      [...document.images].map((image) =>
        image.complete || !image.isConnected
          ? null
          : atMost(
              10_000,
              new Promise((resolve) => {
                image.addEventListener("load", resolve);
                image.addEventListener("error", resolve);
              }),
            ),
      ),
    );
    await Promise.all(
      [...document.images].map((image) =>
        atMost(
          10_000,
          image.decode().catch(() => null),
        ),
      ),
    );
    await document.fonts.ready;
    await atMost(
      1_000,
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const blocks = document.querySelector("[data-variant]")!;
    const title = blocks.previousElementSibling;
    const first = title?.tagName === "H1" && !title.classList.contains("sr-only") ? title : blocks;
    const top = first.getBoundingClientRect().top + window.scrollY;
    const bottom = blocks.getBoundingClientRect().bottom + window.scrollY;
    return {
      x: 0,
      y: Math.round(top),
      width: document.documentElement.clientWidth,
      height: Math.round(bottom - top),
    };
  });
}

/** The share of pixels that differ between two pictures (rows only one of them has all count as different). */
function differentShare(a: PNG, b: PNG, diff: PNG): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const total = Math.max(a.width, b.width) * Math.max(a.height, b.height);
  let different = total - width * height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.width + x) * 4;
      const j = (y * b.width + x) * 4;
      const o = (y * diff.width + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a.data[i + c]! - b.data[j + c]!));
      const differs = worst > CHANNEL_TOLERANCE;
      if (differs) different++;
      diff.data[o] = differs ? 255 : a.data[i]! >> 2;
      diff.data[o + 1] = differs ? 0 : a.data[i + 1]! >> 2;
      diff.data[o + 2] = differs ? 0 : a.data[i + 2]! >> 2;
      diff.data[o + 3] = 255;
    }
  }
  return different / total;
}

async function compare(testInfo: TestInfo, name: string, canvasShot: Buffer, storeShot: Buffer) {
  const canvas = PNG.sync.read(canvasShot);
  const store = PNG.sync.read(storeShot);
  const diff = new PNG({
    width: Math.min(canvas.width, store.width),
    height: Math.min(canvas.height, store.height),
  });
  const share = differentShare(canvas, store, diff);
  for (const [part, body] of [
    ["canvas", canvasShot],
    ["store", storeShot],
    ["diff", PNG.sync.write(diff)],
  ] as const) {
    const path = testInfo.outputPath(`${name}-${part}.png`);
    writeFileSync(path, body);
    await testInfo.attach(`${name}-${part}.png`, { path, contentType: "image/png" });
  }
  expect(
    { size: `${canvas.width}x${canvas.height}`, different: share <= MAX_DIFFERENT ? "within" : share },
    `${name}: canvas and store page differ`,
  ).toEqual({ size: `${store.width}x${store.height}`, different: "within" });
}

/** The canvas at `width` px in the editor (live data), its document area pictured as the editor shows it. */
async function canvasShot(editor: Page, width: number): Promise<{ shot: Buffer; variant: string }> {
  const label = width === 390 ? "Phone (390 px)" : "Desktop (1440 px)";
  await editor.getByRole("button", { name: label }).click();
  const element = editor.getByTestId("editor-canvas");
  await expect(element).toHaveJSProperty("offsetWidth", width);
  // Laid out at the device width and shown at its own size: the console is wide enough.
  await expect(element).toHaveAttribute("data-scale", "1");
  const frame = editor.frameLocator('[data-testid="editor-canvas"]');
  await expect(frame.locator("[data-variant]")).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText("Plan 1", { exact: true })).toHaveCount(0);
  await expect(frame.locator("html[data-hydrated='true']")).toBeAttached();
  const content = editor.frames().find((f) => f.url().includes("/canvas"))!;
  // The frame is as tall as its page: nothing scrolls inside it.
  await expect
    .poll(() => content.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), {
      timeout: 15_000,
    })
    .toBeLessThanOrEqual(1);
  const variant = (await frame.locator("[data-variant]").getAttribute("data-variant"))!;
  const area = await documentArea(content);
  const box = (await element.boundingBox())!;
  const scroll = await editor.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const shot = await editor.screenshot({
    fullPage: true,
    animations: "disabled",
    caret: "hide",
    clip: { ...area, x: box.x + scroll.x + area.x, y: box.y + scroll.y + area.y },
  });
  return { shot, variant };
}

/** The shopper's page at `width` px, its document area pictured. */
async function storeShot(shopper: Page, path: string, width: number, variant: string): Promise<Buffer> {
  await shopper.setViewportSize({ width, height: 900 });
  await shopper.goto(path);
  await hydrated(shopper);
  // The range the canvas showed at this width (a fetched one replaces the server's when the width picks it).
  await expect(shopper.locator("[data-variant]")).toHaveAttribute("data-variant", variant, {
    timeout: 15_000,
  });
  // The shell's fixed parts (the tab bar at a phone's bottom edge) are not the document: out of the picture.
  await shopper.evaluate(() => {
    for (const element of document.body.querySelectorAll<HTMLElement>("*"))
      if (getComputedStyle(element).position === "fixed" && !element.closest("[data-variant]"))
        element.style.visibility = "hidden";
  });
  const area = await documentArea(shopper);
  return shopper.screenshot({ fullPage: true, animations: "disabled", caret: "hide", clip: area });
}

/** Opens the editor of a seeded page (its draft is the published version) with live data. */
async function openEditor(editor: Page, title: string, lang: string) {
  await editor.setViewportSize(WIDE_CONSOLE);
  await signInAsOperator(editor, await createOperator(editor, "merchandiser"));
  await editor.goto("/admin/pages");
  const row = editor.getByRole("row").filter({ hasText: title }).filter({ hasText: lang });
  await row.getByRole("link").first().click();
  await expect(editor.getByRole("heading", { name: /^Edit / })).toBeVisible();
  await editor.goto(`${new URL(editor.url()).pathname}?live=1`);
  await expect(editor.getByRole("heading", { name: /^Edit / })).toBeVisible({ timeout: 20_000 });
  await hydrated(editor);
}

for (const { name, title, lang, path } of [
  { name: "home", title: "Home page", lang: "en_US", path: "/" },
  { name: "landing", title: "Summer in Japan", lang: "en_US", path: "/cmsCLP?pageCode=summer-japan" },
  // The canvas renders in the page's own language, as the store's zh_CN page does.
  { name: "home in zh_CN", title: "Home page", lang: "zh_CN", path: "/zh_CN" },
]) {
  test(`the canvas draws ${name} as the shopper's page does, at 390 and 1440 px`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(180_000);
    await openEditor(page, title, lang);
    const shopper = await context.newPage();
    for (const width of [390, 1440]) {
      const canvas = await canvasShot(page, width);
      const store = await storeShot(shopper, path, width, canvas.variant);
      await compare(testInfo, `${name.replaceAll(" ", "-")}-${width}`, canvas.shot, store);
    }
  });
}

test.describe("in a console narrower than the desktop canvas", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the desktop canvas is laid out at 1440 px and scaled to the column, not clipped", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsOperator(page, await createOperator(page, "merchandiser"));
    await page.goto("/admin/pages");
    await page
      .getByRole("row")
      .filter({ hasText: "Home page" })
      .filter({ hasText: "en_US" })
      .getByRole("link")
      .first()
      .click();
    await hydrated(page);
    await page.getByRole("button", { name: "Desktop (1440 px)" }).click();
    const element = page.getByTestId("editor-canvas");
    await expect(element).toHaveJSProperty("offsetWidth", 1440);
    const scale = Number(await element.getAttribute("data-scale"));
    expect(scale).toBeLessThan(1);
    const frame = (await element.boundingBox())!;
    const column = (await page.getByTestId("editor-canvas-box").boundingBox())!;
    // The whole width shows inside the column, drawn smaller.
    expect(frame.x).toBeGreaterThanOrEqual(column.x);
    expect(frame.x + frame.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    expect(frame.width).toBeCloseTo(1440 * scale, 0);
    // The block list shows the range the canvas shows at that width (home's from 720 px).
    await expect(page.getByRole("combobox", { name: "Width range" })).toHaveValue("1");
    await expect(
      page.frameLocator('[data-testid="editor-canvas"]').locator("[data-variant]"),
    ).toHaveAttribute("data-variant", "home-v2");
  });
});
