import { PNG } from "pngjs";
import { checkA11y, desktop, expect, hydrated, mobile, test } from "./fixtures.ts";
import { randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";

// Uploads (issue 10; spec 5, 7, 8): the help centre's support form with an image attachment, and the profile
// picture. Real server checks, real storage (DATA_DIR of the test server), real Chromium; axe on every state.

/** A small PNG screenshot: the server decodes and re-encodes it, so it must be a real image. */
function screenshot(): Buffer {
  const png = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 30;
    png.data[i + 1] = 120;
    png.data[i + 2] = 200;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

for (const [name, viewport] of [
  ["390 px", mobile],
  ["1440 px", desktop],
] as const) {
  test.describe(`support form at ${name}`, () => {
    test.use(viewport);
    // The refused file's 415 is the browser's own "failed to load resource" line; the page shows the reason.
    test.use({
      allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 415/],
    });

    test("send a support message with an image attachment", async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
      const email = await signUp(page.request, uniqueEmail("support"));
      await page.goto("/zh_CN/ucenter/help/no-connection-abroad");
      await hydrated(page);
      const form = page.getByRole("form", { name: "联系客服" });
      await form.getByLabel("您的邮箱").fill(email);
      await form.getByLabel("问题类型").selectOption("installing");
      await form.getByLabel("需要什么帮助？").fill("The QR code does not scan, screenshot attached.");

      // A file that is not an image, named as one: refused by content, with the reason.
      const picker = form.getByLabel("添加图片或 Excel 文件（选填）");
      await picker.setInputFiles({
        name: "cat.png",
        mimeType: "image/png",
        buffer: Buffer.from("<html>hi</html>"),
      });
      await expect(form.getByRole("alert")).toHaveText("只能上传图片（JPEG、PNG）或 Excel 文件（.xlsx）");

      await picker.setInputFiles({ name: "settings.png", mimeType: "image/png", buffer: screenshot() });
      await expect(form.getByRole("status")).toHaveText("文件上传成功！");
      await expect(form.getByText("只能上传图片（JPEG、PNG）或 Excel 文件（.xlsx）")).toBeHidden();
      const attached = form.getByRole("list", { name: "附件" });
      await expect(attached.getByRole("listitem")).toHaveCount(1);
      await expect(attached).toContainText("settings.png");
      await expect(attached.getByRole("button", { name: "移除 settings.png" })).toBeVisible();
      await checkA11y(page);

      await form.getByRole("button", { name: "发送消息" }).click();
      await expect(page.getByText("谢谢，您的消息已发送。我们会在一个工作日内通过邮件回复。")).toBeVisible();
      const inbox = await page.request.get("/__dev/outbox?to=support@roamly.example");
      const messages = (await inbox.json()).messages as { subject: string; body: string }[];
      const sent = messages.find((m) => m.subject === `[installing] - from ${email}`);
      expect(sent?.body).toContain("Attachment: settings.png (image/png");
      expect(sent?.body).toContain("The QR code does not scan, screenshot attached.");
    });
  });
}

test.describe("uploads as a visitor and the profile picture", () => {
  test.use(desktop);

  test("a visitor is asked to sign in to attach files", async ({ page }) => {
    await page.goto("/ucenter/help");
    const form = page.getByRole("form", { name: "Contact support" });
    const signIn = form.getByRole("link", { name: "Sign in to attach screenshots or files." });
    await expect(signIn).toHaveAttribute("href", "/login?pageFrom=%2Fucenter%2Fhelp");
  });

  test("set a profile picture, see it after a reload, and remove it", async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
    await signUp(page.request, uniqueEmail("avatar"));
    await page.goto("/zh_HK/my/userInfo");
    await hydrated(page);
    const section = page.getByRole("region", { name: "頭像" });
    await expect(section).toContainText("尚未設定頭像。");
    await section
      .getByLabel("選擇圖片")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: screenshot() });
    await expect(section.getByRole("status")).toHaveText("檔案上載成功！");
    const picture = section.getByRole("img", { name: "您的頭像" });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await checkA11y(page);

    await page.reload();
    await hydrated(page);
    await expect(section.getByRole("img", { name: "您的頭像" })).toBeVisible();
    await section.getByRole("button", { name: "移除頭像" }).click();
    await expect(section.getByRole("status")).toHaveText("檔案已刪除");
    await expect(section).toContainText("尚未設定頭像。");
    await page.reload();
    await expect(page.getByRole("region", { name: "頭像" })).toContainText("尚未設定頭像。");
  });
});
