import { PNG } from "pngjs";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { checkA11y, expect, hydrated, test } from "./fixtures.ts";

// Issue 17 / ADR 0274: the console's media library: upload by file button and by drag-and-drop, see each image's
// name, size and dimensions, copy its public URL, delete it. The harness runs axe on every page visited.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

/** A real PNG with pixels of its own (a different colour each run), so its content hash is new. */
function uniquePng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  const [r, g, b] = [0, 1, 2].map(() => Math.floor(Math.random() * 256));
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = r!;
    png.data[i * 4 + 1] = (g! + i) % 256;
    png.data[i * 4 + 2] = b!;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

test("a merchandiser uploads, copies and deletes images in the media library", async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsOperator(page, await createOperator(page, "merchandiser"));
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Media library" })
    .click();
  await expect(page.getByRole("heading", { name: "Media library", level: 1 })).toBeVisible();
  await hydrated(page);

  // With the file button (keyboard: a native file input): a PNG named .jpg is stored and shown as a PNG.
  const stamp = Date.now().toString(36);
  await page.getByLabel("Upload an image").setInputFiles({
    name: `sunrise-${stamp}.jpg`,
    mimeType: "image/jpeg",
    buffer: uniquePng(64, 32),
  });
  await expect(page.getByRole("status").filter({ hasText: `sunrise-${stamp}.png uploaded` })).toBeVisible({
    timeout: 30_000,
  });
  const grid = page.getByRole("list", { name: "Media library" });
  const sunrise = grid.getByRole("listitem").filter({ hasText: `sunrise-${stamp}.png` });
  await expect(sunrise).toContainText("64 × 32 px");
  await expect(sunrise).toContainText("KB");
  await expect
    .poll(() => sunrise.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(64);

  // By drag and drop onto the drop zone.
  const dropped = uniquePng(40, 40).toString("base64");
  const transfer = await page.evaluateHandle(
    ({ bytes, name }) => {
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type: "image/png" }));
      return dt;
    },
    { bytes: dropped, name: `dropped-${stamp}.png` },
  );
  await page.getByTestId("media-dropzone").dispatchEvent("drop", { dataTransfer: transfer });
  const droppedCard = grid.getByRole("listitem").filter({ hasText: `dropped-${stamp}.png` });
  await expect(droppedCard).toContainText("40 × 40 px", { timeout: 30_000 });

  // A file that is not an image is refused with a message, whatever its name.
  await page.getByLabel("Upload an image").setInputFiles({
    name: `notes-${stamp}.png`,
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(page.getByRole("alert")).toHaveText("Only images (JPEG, PNG) can be used here.", {
    timeout: 30_000,
  });
  await expect(grid.getByRole("listitem").filter({ hasText: `notes-${stamp}` })).toHaveCount(0);

  // Copy URL puts the image's public address on the clipboard.
  await sunrise.getByRole("button", { name: "Copy URL" }).click();
  await expect(sunrise.getByText("Copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/media\/library\/[0-9a-f]{64}\.png$/);
  await checkA11y(page);

  // Delete: the card goes, and its public URL with it.
  await sunrise.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Image deleted" })).toBeVisible();
  await expect(sunrise).toHaveCount(0);
  expect((await page.request.get(copied)).status()).toBe(404);
  await expect(droppedCard).toBeVisible();
});
