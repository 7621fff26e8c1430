import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { formatAmount } from "../../providers/messages/email-template.ts";
import type { OutboundMessage } from "../../providers/messages/outbox.ts";
import { refundEmail } from "../refund/emails.ts";
import { failureEmail, lowDataEmail, planEndedEmail } from "./emails.ts";

// The failure, refund, 80 %-used and plan-ended e-mails (issue 12, ADR 0254): designed HTML and a plain-text
// part from one template, in the order's language, with the facts a shopper looks for and absolute store links.

const ORIGIN = "https://shop.example.com";
const ICCID = "8985200001234567891";
const ESIM = { id: "0f3c1f9e-7a43-4d6c-9f0e-2b1d2a6e4c11", iccid: ICCID };
const CURRENCIES = new Map([
  ["HKD", { symbol: "HK$", minorDigits: 2 }],
  ["JPY", { symbol: "¥", minorDigits: 0 }],
]);
const PLANS: Record<Locale, string> = { en_US: "Japan 3 GB", zh_CN: "日本 3GB", zh_HK: "日本 3GB" };
const PREFIX: Record<Locale, string> = { en_US: "", zh_CN: "/zh_CN", zh_HK: "/zh_HK" };

function expectDesigned(message: OutboundMessage, locale: Locale) {
  expect(message.channel).toBe("EMAIL");
  expect(message.html).toMatch(/^<!DOCTYPE html/i);
  expect(message.html).toContain(`lang="${locale.replace("_", "-")}"`);
  expect(message.html).toContain("Roamly");
  expect(message.html).toContain('name="viewport"');
  expect(message.body).not.toContain("<");
  expect(message.body).toContain(translate(locale, "mail.footer", { brand: "Roamly" }));
  // Every link is an absolute store URL in the order's language.
  const links = [...message.html!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  expect(links.length).toBeGreaterThan(1);
  for (const link of links) expect(link.startsWith(`${ORIGIN}/`)).toBe(true);
}

describe.each(LOCALES)("designed notices in %s", (locale) => {
  const plan = PLANS[locale];

  it("the failure e-mail names the order, the refund in the order's currency and links to the order", async () => {
    const refund = formatAmount(11_60, "JPY", CURRENCIES);
    expect(refund).toBe("¥1,160");
    const message = await failureEmail(
      {
        code: "R2611240001",
        planTitle: plan,
        platformProductCode: "JP-3GB-30D",
        contactEmail: "a@example.com",
        topUpIccid: null,
      },
      { refund, cancelled: true },
      locale,
      ORIGIN,
    );
    expectDesigned(message, locale);
    expect(message.subject).toBe(translate(locale, "esim.email.failedSubject", { code: "R2611240001" }));
    for (const part of [message.body, message.html!]) {
      expect(part).toContain("¥1,160");
      expect(part).toContain(plan);
    }
    expect(message.body).toContain(translate(locale, "esim.email.failedCancelled"));
    expect(message.html).toContain(`${ORIGIN}${PREFIX[locale]}/my/order/R2611240001`);
    expect(message.html).toContain(`${ORIGIN}${PREFIX[locale]}/pdp/JP-3GB-30D`);
  });

  it("the failed top-up e-mail names the eSIM by its ICCID tail and says nothing was cancelled", async () => {
    const message = await failureEmail(
      {
        code: "R2611240002",
        planTitle: plan,
        platformProductCode: "JP-3GB-30D",
        contactEmail: "a@example.com",
        topUpIccid: ICCID,
      },
      { refund: formatAmount(5990, "HKD", CURRENCIES), cancelled: false },
      locale,
      ORIGIN,
    );
    expectDesigned(message, locale);
    expect(message.body).toContain(translate(locale, "mail.fact.esim", { last: "7891" }));
    expect(message.body).toContain("HK$59.90");
    expect(message.body).not.toContain(translate(locale, "esim.email.failedCancelled"));
  });

  it("the 80 % e-mail shows use, the eSIM's tail and a top-up button to the picker", async () => {
    const message = await lowDataEmail(
      { to: "a@example.com", plan, esim: ESIM, used: "2.4 GB", total: "3 GB" },
      locale,
      ORIGIN,
    );
    expectDesigned(message, locale);
    expect(message.subject).toBe(translate(locale, "esim.email.lowSubject", { plan }));
    expect(message.body).toContain(translate(locale, "mail.fact.used", { used: "2.4 GB", total: "3 GB" }));
    expect(message.body).toContain("7891");
    expect(message.body).not.toContain(ICCID);
    expect(message.html).toContain(`${ORIGIN}${PREFIX[locale]}/ucenter/eSIM/${ESIM.id}/top-up`);
    expect(message.body).toContain(`${ORIGIN}${PREFIX[locale]}/ucenter/eSIM/${ESIM.id}/top-up`);
  });

  it("the plan-ended e-mail names the plan and the eSIM and offers a top-up", async () => {
    const message = await planEndedEmail({ to: "a@example.com", plan, esim: ESIM }, locale, ORIGIN);
    expectDesigned(message, locale);
    expect(message.subject).toBe(translate(locale, "esim.email.expiredSubject", { plan }));
    expect(message.body).toContain(translate(locale, "esim.email.expiredBody", { plan, last: "7891" }));
    expect(message.html).toContain(`${ORIGIN}${PREFIX[locale]}/ucenter/eSIM/${ESIM.id}/top-up`);
  });

  it("the refund e-mail says how much, where to and whether it is full, for the card and for credit", async () => {
    const order = { code: "R2611240003", planTitle: plan, contactEmail: "a@example.com", locale };
    const partial = await refundEmail(
      { order, amount: "HK$20.00", destination: "CARD", credit: null, full: false },
      ORIGIN,
    );
    expectDesigned(partial, locale);
    expect(partial.subject).toBe(
      translate(locale, "purchase.email.refundSubject", { amount: "HK$20.00", code: order.code }),
    );
    expect(partial.body).toContain(
      translate(locale, "purchase.email.refundCard", { amount: "HK$20.00", code: order.code, plan }),
    );
    expect(partial.body).toContain(translate(locale, "purchase.email.refundPartial"));
    expect(partial.body).toContain(translate(locale, "mail.destination.card"));
    expect(partial.html).toContain(`${ORIGIN}${PREFIX[locale]}/my/order/${order.code}`);

    const credit = await refundEmail(
      { order, amount: "HK$39.90", destination: "CREDIT", credit: "HK$39.90", full: true },
      ORIGIN,
    );
    expectDesigned(credit, locale);
    expect(credit.body).toContain(
      translate(locale, "purchase.email.refundCredit", {
        amount: "HK$39.90",
        code: order.code,
        plan,
        credit: "HK$39.90",
      }),
    );
    expect(credit.body).toContain(translate(locale, "purchase.email.refundFull"));
    expect(credit.html).toContain(translate(locale, "mail.refundHeadingCredit"));
  });
});
