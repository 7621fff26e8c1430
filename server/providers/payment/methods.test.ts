import { describe, expect, it } from "vitest";
import { isPhone, methodsFor, stripeMethodTypes } from "./methods.ts";

// Which methods a session offers, by currency (Stripe's documented presentment currencies) and language (ADR 0323).
describe("payment methods by currency and language", () => {
  it("puts Alipay and WeChat Pay first in Chinese and the device wallet first in English", () => {
    expect(methodsFor("HKD", "zh_CN")).toEqual(["alipay", "wechat_pay", "apple_pay", "google_pay", "card"]);
    expect(methodsFor("HKD", "zh_HK")).toEqual(["alipay", "wechat_pay", "apple_pay", "google_pay", "card"]);
    expect(methodsFor("HKD", "en_US")).toEqual(["apple_pay", "google_pay", "card", "alipay", "wechat_pay"]);
  });

  it("offers a local wallet only where Stripe takes it for the currency", () => {
    // MYR: Alipay yes, WeChat Pay no; CHF: WeChat Pay yes, Alipay no; BRL: neither.
    expect(methodsFor("MYR", "zh_CN")).toEqual(["alipay", "apple_pay", "google_pay", "card"]);
    expect(methodsFor("chf", "en_US")).toEqual(["apple_pay", "google_pay", "card", "wechat_pay"]);
    expect(stripeMethodTypes("BRL")).toEqual(["card"]);
    expect(stripeMethodTypes("JPY")).toEqual(["card", "alipay", "wechat_pay"]);
  });

  it("tells a phone from a desktop by the user agent", () => {
    expect(isPhone("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe(true);
    expect(isPhone("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36")).toBe(true);
    expect(isPhone("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36")).toBe(false);
    expect(isPhone(undefined)).toBe(false);
  });
});
