import { checkA11y, desktop, expect, expectToast, hydrated, mobile, test } from "./fixtures.ts";
import { randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";

// The address picker (issue 10; spec 2, 3, 5): region → city → district from the region resource, completing at
// the last level, for the billing address on the profile that the invoice shows (ADR 0215).

test.describe("on a phone (390 px)", () => {
  test.use(mobile);

  test("pick an address down to district through the router, save it with a street, find it after a reload", async ({
    page,
  }) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
    await signUp(page.request, uniqueEmail("address"));
    await page.goto("/zh_HK/my/userInfo");
    await hydrated(page);
    await page.getByRole("button", { name: "選擇", exact: true }).click();

    // spec 2: on a small screen the dialog is tied to its query key, so the back gesture closes it.
    await expect(page).toHaveURL(/[?&]addressPicker=true/);
    const dialog = page.getByRole("dialog", { name: "選擇配送地區" });
    await expect(dialog.getByRole("heading", { name: "請選擇省/地區" })).toBeVisible();
    // spec 5: Macau stops before level 3 and is pruned from the tree.
    await expect(dialog.getByRole("button", { name: "澳門特別行政區" })).toHaveCount(0);
    await checkA11y(page);
    await dialog.getByRole("button", { name: "香港特別行政區" }).click();
    await expect(dialog.getByRole("heading", { name: "請選擇城市" })).toBeVisible();
    await dialog.getByRole("button", { name: "九龍", exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "請選擇區/縣" })).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole("button", { name: "九龍城區" }).click();

    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/addressPicker/);
    await expect(page.getByTestId("picked-area")).toHaveText("香港特別行政區九龍九龍城區");
    await page.getByLabel("街道及門牌號").fill("彌敦道 1 號");
    await page.getByRole("button", { name: "儲存地址" }).click();
    await expectToast(page, "賬單地址已儲存");

    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("picked-area")).toHaveText("香港特別行政區九龍九龍城區");
    await expect(page.getByLabel("街道及門牌號")).toHaveValue("彌敦道 1 號");
  });
});

test.describe("on a desktop (1440 px)", () => {
  test.use(desktop);

  test("the picker is plain state, goes back a level by keyboard, and completes only at the district", async ({
    page,
  }) => {
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
    await signUp(page.request, uniqueEmail("address"));
    await page.goto("/my/userInfo");
    await hydrated(page);
    await page.getByLabel("Street and number").fill("1 Keyuan Road");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose a region, a city and a district");

    await page.getByRole("button", { name: "Choose", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Choose your region" });
    await expect(dialog.getByRole("heading", { name: "Choose a Region" })).toBeVisible();
    await expect(page).not.toHaveURL(/addressPicker/);
    await dialog.getByRole("button", { name: "Guangdong" }).click();
    await dialog.getByRole("button", { name: "Guangzhou" }).click();
    // A chosen level is a button back to it: the city can be changed without starting over.
    await dialog.getByRole("button", { name: "Back to City: Guangzhou" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Choose a City" })).toBeVisible();
    await dialog.getByRole("button", { name: "Shenzhen" }).click();
    await expect(dialog.getByRole("heading", { name: "Choose a District" })).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole("button", { name: "Nanshan" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("picked-area")).toHaveText("Nanshan, Shenzhen, Guangdong");
    await page.getByRole("button", { name: "Save address" }).click();
    await expectToast(page, "Billing address saved");
    await expect(page.getByRole("button", { name: "Remove billing address" })).toBeVisible();
  });
});
