import { checkA11y, desktop, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { overflowingText } from "./look-kit.ts";
import { CARDS, orderOf, PLAN, payWithCard, randomClientIp, signUp } from "./purchase-kit.ts";

// Issue 12, "the demo look" and "trust where people decide": screenshots at 390 px and 1440 px of the pages a
// first-time buyer sees, in en_US and zh_HK, each asserting that no text overflows its box and that no image is
// a placeholder; and the destination picker, the trust panel, the Buy bar and prices in the shopper's currency.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

/** Every image on the page is real art: it loads, and a generated picture carries no text naming itself. */
async function expectNoPlaceholderImages(page: Page) {
  // Bring lazy images in: scroll through the page once.
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  const images = await page.evaluate(() =>
    [...document.images].map((image) => ({
      src: image.currentSrc || image.src,
      broken: image.complete && image.naturalWidth === 0 && getComputedStyle(image).display !== "none",
    })),
  );
  expect(images.filter((image) => image.broken).map((image) => image.src)).toEqual([]);
  for (const image of images)
    expect(image.src).not.toMatch(/placeholder|placehold\.|dummyimage|via\.placeholder/i);
  const art = [...new Set(images.map((image) => image.src).filter((src) => src.includes("/media/")))];
  for (const src of art) {
    const body = await (await page.request.get(src)).text();
    expect(body, src).not.toMatch(/<text|<title/);
  }
}

async function look(page: Page, name: string) {
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => overflowingText(page), { message: `clipped text on ${name}` }).toEqual([]);
  await expectNoPlaceholderImages(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

const LOCALES = [
  { prefix: "", tag: "en_US", paid: "Payment successful" },
  { prefix: "/zh_HK", tag: "zh_HK", paid: "付款成功" },
];
const VIEWPORTS = [
  { tag: "390", use: mobile },
  { tag: "1440", use: desktop },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.tag} px`, () => {
    test.use(viewport.use);
    for (const locale of LOCALES) {
      test(`home, destination picker, plan list and product page look finished (${locale.tag})`, async ({
        page,
      }) => {
        const shot = (name: string) => `${name}-${locale.tag}-${viewport.tag}`;
        await page.goto(`${locale.prefix}/`);
        await look(page, shot("home"));
        await page.goto(`${locale.prefix}/plp?type=COUNTRY`);
        await look(page, shot("picker"));
        await page.goto(`${locale.prefix}/plp?categoryCode=JP`);
        await look(page, shot("plan-list"));
        await page.goto(`${locale.prefix}/pdp/${PLAN}`);
        await look(page, shot("product"));
      });

      test(`checkout, the result page and the eSIM page look finished (${locale.tag})`, async ({ page }) => {
        test.setTimeout(120_000);
        const shot = (name: string) => `${name}-${locale.tag}-${viewport.tag}`;
        await signUp(page.request);
        await page.goto(`${locale.prefix}/checkout?platformProductCode=${PLAN}&quantity=1`);
        await expect(page.getByTestId("checkout-total")).toBeVisible();
        await look(page, shot("checkout"));
        await hydrated(page);
        await page.getByRole("button", { name: /^(Pay|支付|付款) / }).click();
        await payWithCard(page, CARDS.success);
        await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
        await expect(page.getByText(locale.paid).first()).toBeVisible();
        await look(page, shot("result"));
        await page.goto(`${locale.prefix}/ucenter/eSIM`);
        await expect(page.locator("main")).toBeVisible();
        await look(page, shot("esim"));
      });
    }
  });
}

test.describe("the destination picker (issue 12)", () => {
  test.use(mobile);

  test("Countries opens destinations with flag, name and from price; a destination lists its plans", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Countries", exact: true }).first().click();
    await expect(page).toHaveURL(/\/plp\?type=COUNTRY$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a destination");
    const japan = page.locator("[data-destination-picker] a").filter({ hasText: "Japan" }).first();
    await expect(japan).toContainText(/from HK\$\d/);
    await expect(japan.locator("img")).toHaveAttribute("src", "/media/thumb/JP.svg");
    // Several destinations fit on the first screen of a phone: no filters push them down.
    const onFirstScreen = await page
      .locator("[data-destination-picker] li")
      .evaluateAll(
        (items) => items.filter((item) => item.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
    expect(onFirstScreen).toBeGreaterThanOrEqual(4);
    await japan.click();
    await expect(page).toHaveURL(/\/plp\?categoryCode=JP&categoryName=Japan$/);
    await expect(page.locator("main article").first()).toContainText("Japan");
    // On a phone the filters leave the first plan on the first screen.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(page.locator("main article").first()).toBeInViewport({ ratio: 0.3 });
    await checkA11y(page);
  });

  test("the picker's prices follow the shopper's currency", async ({ page }) => {
    await page.goto("/zh_HK/plp?type=REGION&currency=USD");
    await expect(page.locator("[data-destination-picker] li")).toHaveCount(6);
    await expect(page.locator("[data-destination-picker]")).not.toContainText("HK$");
    await expect(page.locator("[data-destination-picker] li").first()).toContainText(/US\$[\d.]+ 起/);
  });
});

test.describe("trust where people decide (issue 12)", () => {
  test.use(mobile);

  test("the product page carries payment, delivery, refund and support, a Buy bar and priced plan chips", async ({
    page,
  }) => {
    await page.goto(`/pdp/${PLAN}`);
    const trust = page.locator("[data-trust]");
    await expect(trust).toContainText("Apple Pay");
    await expect(trust).toContainText("Instant delivery by e-mail");
    await expect(trust.getByRole("link", { name: "Refund policy" })).toHaveAttribute(
      "href",
      "/pageHtml?htmlType=refundPolicy",
    );
    await expect(trust.getByRole("link", { name: "support@roamly.example" })).toHaveAttribute(
      "href",
      "mailto:support@roamly.example",
    );
    // The Buy bar stays at the foot of the screen while the shopper reads down the page.
    const bar = page.locator("[data-buy-bar]");
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(/HK\$\d/);
    // Every other plan for the destination shows its price.
    const chips = page.getByRole("navigation", { name: /Other plans for Japan/ }).getByRole("link");
    expect(await chips.count()).toBeGreaterThan(3);
    for (const chip of await chips.all())
      await expect(chip.locator("[data-chip-price]")).toHaveText(/^HK\$\d/);
    await hydrated(page);
    await bar.getByRole("link", { name: "Buy this plan" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?platformProductCode=${PLAN}&quantity=1$`));
    // Checkout carries the same promise.
    await expect(page.locator("[data-trust]")).toContainText("Instant delivery by e-mail");
    await expect(page.locator("[data-trust]").getByRole("link", { name: "Refund policy" })).toBeVisible();
  });
});

test.describe("trust on the desktop product page (issue 12)", () => {
  test.use(desktop);

  test("no Buy bar on a wide screen, and the Chinese panel speaks Chinese", async ({ page }) => {
    await page.goto(`/zh_HK/pdp/${PLAN}`);
    await expect(page.locator("[data-buy-bar]")).toBeHidden();
    await expect(page.locator("[data-trust]")).toContainText("即時電郵送達");
    await expect(page.locator("[data-trust]").getByRole("link", { name: "退款政策" })).toHaveAttribute(
      "href",
      "/zh_HK/pageHtml?htmlType=refundPolicy",
    );
  });
});

test.describe("prices in content follow the shopper's currency (issue 12)", () => {
  test("the English HKD home shows no US$ in its content, the USD one no HK$", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const main = page.locator("main");
    await expect(main).toContainText(/Japan eSIM from HK\$|Japan from HK\$|from HK\$/);
    await expect(main).not.toContainText("US$");
    await page.goto("/?currency=USD");
    await hydrated(page);
    await expect(main).toContainText(/from US\$/);
    await expect(main).not.toContainText("HK$");
  });
});

test.describe("ratings and reviews (issue 12)", () => {
  test("a shopper rates a completed order; the product page shows the average and JSON-LD carries it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const ld = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('script[type="application/ld+json"]')]
            .map((script) => JSON.parse(script.textContent ?? "{}") as Record<string, unknown>)
            .find((data) => data["@type"] === "Product") as
            | { aggregateRating?: { ratingValue: number; reviewCount: number } }
            | undefined,
      );
    // No reviews, no rating: a plan nobody has reviewed carries none.
    await page.goto("/pdp/KR-1GB-7D");
    await expect(page.locator("[data-reviews]")).toContainText("No reviews yet");
    expect((await ld())?.aggregateRating).toBeUndefined();

    await signUp(page.request);
    await page.goto(`/checkout?platformProductCode=${PLAN}&quantity=1`);
    await hydrated(page);
    await page.getByRole("button", { name: /^Pay / }).click();
    await payWithCard(page, CARDS.success);
    await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
    const code = new URL(page.url()).searchParams.get("orderCode")!;
    await expect
      .poll(async () => (await orderOf(page.request, code)).status, { timeout: 60_000 })
      .toBe("COMPLETED");

    await page.goto(`/my/order/${code}`);
    await hydrated(page);
    const rate = page.locator("[data-rate-order]");
    await expect(rate.getByRole("button", { name: "Send review" })).toBeVisible();
    await checkA11y(page);
    await rate.locator("fieldset label").nth(3).click();
    await expect(rate.getByRole("radio", { name: "4 out of 5 stars" })).toBeChecked();
    await rate.getByLabel("Your review (optional)").fill("Fast and steady all week in Osaka.");
    await rate.getByRole("button", { name: "Send review" }).click();
    await expect(rate.getByRole("status")).toHaveText("Thank you for your review");
    await expect(rate).toContainText("Fast and steady all week in Osaka.");

    await page.goto(`/pdp/${PLAN}`);
    const reviews = page.locator("[data-reviews]");
    await expect(reviews.locator("[data-review]").first()).toContainText(
      "Fast and steady all week in Osaka.",
    );
    await expect(reviews.locator("[data-review-average]")).toContainText("out of 5");
    const rating = (await ld())?.aggregateRating;
    expect(rating?.reviewCount).toBeGreaterThanOrEqual(1);
    expect(rating?.ratingValue).toBeGreaterThanOrEqual(1);
    expect(rating?.ratingValue).toBeLessThanOrEqual(5);
  });
});
