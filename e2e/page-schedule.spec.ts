import { randomUUID } from "node:crypto";
import { instantToZoned, STORE_TIME_ZONE } from "../core/store-time.ts";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// Issue 31 item 7: the editor's scheduled publishing, by keyboard-usable form fields in the store's time zone. The
// switch itself (the shopper's page and the HTML cache at each time) is proven by page-schedule.api.test.ts.

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
  const item = page.getByTestId("page-schedules").getByRole("listitem");
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
