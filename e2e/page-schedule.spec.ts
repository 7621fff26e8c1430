import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { instantToZoned, STORE_TIME_ZONE } from "../core/store-time.ts";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// Issue 31 item 7: the editor's scheduled publishing, by keyboard-usable form fields in the store's time zone. The
// switch with the server's clock moved is proven by page-schedule.api.test.ts; the second journey here waits for
// real times a minute apart: a campaign in en_US and zh_CN (ADR 0396) goes live and ends for shoppers in both, and
// the HTML cache, warmed just before each switch, never serves the page past it.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

const HOUR = 3_600_000;

test("a merchandiser schedules a landing page's campaign in the store's time zone and cancels it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const merchandiser = await createOperator(page, "merchandiser");
  await signInAsOperator(page, merchandiser);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Pages" })
    .click();
  await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
  await hydrated(page);

  const code = `e2e-winter-${randomUUID().slice(0, 6)}`;
  const create = page.locator("section", { has: page.getByRole("heading", { name: "Create a page" }) });
  await create.getByLabel("Title").fill("Winter in Sapporo");
  await create.getByLabel("Code").fill(code);
  await create.getByLabel("Language").selectOption("en_US");
  await create.getByLabel("Type").selectOption("LANDING");
  await create.getByRole("button", { name: "Create a page" }).click();
  await expect(page.getByRole("heading", { name: "Edit Winter in Sapporo" })).toBeVisible();
  await hydrated(page);

  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Scheduled publishing" }),
  });
  await expect(section.getByText("Nothing is scheduled.")).toBeVisible();
  await expect(section.getByText("Times are in the store's time zone (GMT+8).")).toBeVisible();

  // An end before the start is refused with a translated message.
  const start = Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000;
  const startText = instantToZoned(new Date(start), STORE_TIME_ZONE);
  const endText = instantToZoned(new Date(start + 24 * HOUR), STORE_TIME_ZONE);
  await section.getByLabel("Goes live (GMT+8)").fill(startText);
  await section
    .getByLabel("Ends, optional (GMT+8)")
    .fill(instantToZoned(new Date(start - HOUR), STORE_TIME_ZONE));
  await section.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("The end must be later than the start")).toBeVisible();
  await hydrated(page);

  await section.getByLabel("Goes live (GMT+8)").fill(startText);
  await section.getByLabel("Ends, optional (GMT+8)").fill(endText);
  await section.getByRole("button", { name: "Schedule" }).press("Enter");
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
  const item = page.getByTestId("page-schedules").getByTestId("schedule-language");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Waiting");
  await expect(item).toContainText(
    `From ${startText.replace("T", " ")} GMT+8 until ${endText.replace("T", " ")} GMT+8`,
  );
  await hydrated(page);

  await item.getByRole("button", { name: "Cancel this schedule" }).click();
  await expect(page.getByText("Schedule cancelled")).toBeVisible();
  await expect(section.getByText("Nothing is scheduled.")).toBeVisible();
});

/** Creates a landing page in `lang` from the pages list and publishes it as it is (its version before a campaign). */
async function createPublished(page: Page, lang: string, code: string, title: string) {
  await page.goto("/admin/pages");
  await hydrated(page);
  const create = page.locator("section", { has: page.getByRole("heading", { name: "Create a page" }) });
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Code").fill(code);
  await create.getByLabel("Language").selectOption(lang);
  await create.getByLabel("Type").selectOption("LANDING");
  await create.getByRole("button", { name: "Create a page" }).click();
  await expect(page.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version" })).toBeVisible();
  await hydrated(page);
}

/** Waits until the wall clock reaches `at` (ms). */
async function until(at: number) {
  const wait = at - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

test("a campaign scheduled in en_US and zh_CN goes live and ends in both, past the HTML cache", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInAsOperator(page, await createOperator(page, "merchandiser"));
  const code = `e2e-kyoto-${randomUUID().slice(0, 6)}`;
  await createPublished(page, "zh_CN", code, "京都");
  await createPublished(page, "en_US", code, "Kyoto");

  // The campaign's block, in every width and in both languages with a title each (drafts of both pages).
  const insert = page.getByRole("region", { name: "Add a block" });
  await insert.getByLabel("Block type").selectOption("Banner");
  await insert.getByLabel("Title (en_US)", { exact: true }).fill("Kyoto summer nights");
  await insert.getByLabel("Title (zh_CN)", { exact: true }).fill("京都夏夜");
  await insert.getByLabel("Image description (en_US)").fill("Lanterns in Kyoto");
  await insert.getByLabel("Image description (zh_CN)").fill("京都灯笼");
  await insert
    .getByRole("group", { name: "Image for every language" })
    .getByLabel("Or type a library path (advanced)")
    .fill("/media/banner/summer-japan.svg");
  await insert.getByRole("button", { name: "Add block" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Block added" })).toBeVisible();
  // The editor as it opens now: both languages' drafts at their current revisions.
  await page.reload();
  await hydrated(page);

  // Schedule from the en_US editor: zh_CN is offered and checked, zh_HK has no page.
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Scheduled publishing" }),
  });
  const languages = section.getByRole("group", { name: "Languages scheduled" });
  await expect(languages.getByRole("checkbox", { name: "zh_CN" })).toBeChecked();
  // Minute boundaries (the field's precision), the first at least 45 s away for the form to be filled.
  const start = Math.ceil((Date.now() + 45_000) / 60_000) * 60_000;
  const end = start + 60_000;
  await section.getByLabel("Goes live (GMT+8)").fill(instantToZoned(new Date(start), STORE_TIME_ZONE));
  await section.getByLabel("Ends, optional (GMT+8)").fill(instantToZoned(new Date(end), STORE_TIME_ZONE));
  await section.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
  const rows = section.getByTestId("schedule-language");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("In en_US:");
  await expect(rows.nth(0)).toContainText("Waiting");
  await expect(rows.nth(1)).toContainText("In zh_CN:");
  await expect(rows.nth(1)).toContainText("Waiting");
  await expect(section.getByRole("button", { name: "Cancel in every language" })).toBeVisible();
  const editor = page.url();

  const shoppers = [
    { url: `/cmsCLP?pageCode=${code}`, text: "Kyoto summer nights" },
    { url: `/zh_CN/cmsCLP?pageCode=${code}`, text: "京都夏夜" },
  ];
  const get = async (url: string) => {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    return { html: await response.text(), served: response.headers()["x-html-cache"] };
  };
  /** Warms each page in the HTML cache just before a switch and checks it is held there without the campaign. */
  const warm = async (shown: boolean) => {
    for (const shopper of shoppers) {
      await get(shopper.url);
      const cached = await get(shopper.url);
      expect(cached.served, shopper.url).toBe("hit");
      expect(cached.html.includes(shopper.text), shopper.url).toBe(shown);
    }
  };
  /** Each language shows (or no longer shows) its campaign within 10 s of the switch: the cache lives 30 s. */
  const switched = async (at: number, shown: boolean) => {
    for (const shopper of shoppers)
      await expect
        .poll(async () => (await get(shopper.url)).html.includes(shopper.text), {
          timeout: at + 10_000 - Date.now(),
          intervals: [500],
        })
        .toBe(shown);
  };

  await until(start - 8_000);
  await warm(false);
  await until(start);
  await switched(start, true);

  // The shopper's page in the browser, in each language, while the campaign runs.
  for (const shopper of shoppers) {
    await page.goto(shopper.url);
    await expect(page.getByText(shopper.text)).toBeVisible();
  }
  await until(end - 8_000);
  await warm(true);
  await until(end);
  await switched(end, false);

  // The editor shows the campaign ended in both languages.
  await page.goto(editor);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Ended");
  await expect(rows.nth(1)).toContainText("Ended");
});
