import { describe, expect, it } from "vitest";
import { translate } from "./i18n/index.ts";
import { DEFAULT_REFUND_POLICY } from "./refund-policy.ts";
import { refundPolicyTerms } from "./refund-policy-terms.ts";

// Issue 29 (ADR 0353): the refund policy page says what the operator's policy data allows, in every language, so
// a change to the policy changes the page's promises with it.

function page(policy: typeof DEFAULT_REFUND_POLICY, locale: "en_US" | "zh_CN" | "zh_HK" = "en_US") {
  return refundPolicyTerms(policy).map((term) => translate(locale, term.key, term.params));
}

describe("the refund policy page's terms", () => {
  it("states the default policy's windows, usage limit and both destinations", () => {
    const text = page(DEFAULT_REFUND_POLICY).join("\n");
    expect(text).toContain("cancelled from its order page within 30 days of payment, for a full refund");
    expect(text).toContain("ask for a refund from its order page within 30 days of payment");
    expect(text).toContain("used at most 1 % of its data");
    expect(text).toContain(
      "back to the card or wallet you paid with, within 10 days, or as store credit at once",
    );
  });

  it("follows the operator's changes: shorter windows, no installed refunds, store credit only", () => {
    const text = page({
      ...DEFAULT_REFUND_POLICY,
      cancelWindowDays: 7,
      requestWindowDays: 0,
      installedRefundable: false,
      allowCard: false,
    }).join("\n");
    expect(text).toContain("within 7 days of payment");
    expect(text).toContain("Refunds cannot be requested from the order page.");
    expect(text).toContain("An eSIM that has been installed or used is not refunded.");
    expect(text).toContain("The money comes back as store credit, at once.");
    expect(text).not.toContain("card");
    expect(text).not.toContain("30 days");
  });

  it("says it in Simplified and Traditional Chinese with the same numbers", () => {
    const policy = { ...DEFAULT_REFUND_POLICY, cancelWindowDays: 14, maxUsedPercent: 0 };
    expect(page(policy, "zh_CN")[0]).toContain("付款后 14 天内");
    expect(page(policy, "zh_HK")[0]).toContain("付款後 14 日內");
    expect(page(policy, "zh_HK")[2]).toBe("已安裝的 eSIM，只在尚未使用任何數據時可全額退款。");
  });
});
