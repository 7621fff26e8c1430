import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone } from "./mask.ts";

describe("masked contacts", () => {
  it("keeps the first two characters of an e-mail's local part and its domain", () => {
    expect(maskEmail("lin.wei@example.com")).toBe("li***@example.com");
    expect(maskEmail("a@example.com")).toBe("a***@example.com");
    expect(maskEmail(null)).toBeNull();
  });

  it("keeps the last four digits of a phone", () => {
    expect(maskPhone("13800138000", "86")).toBe("+86 *******8000");
    expect(maskPhone("61234567", "852")).toBe("+852 ****4567");
    expect(maskPhone(undefined)).toBeNull();
  });
});
