import { describe, expect, it } from "vitest";
import {
  esimId,
  isEsimId,
  isIccid,
  isOrderCode,
  isPlanCode,
  issuedIccid,
  orderCode,
  planCode,
} from "./ids.ts";

describe("ID contracts", () => {
  it("accepts an order code of 6 to 32 upper-case letters and digits only", () => {
    expect(isOrderCode("RM2026ABC")).toBe(true);
    expect(isOrderCode("rm2026abc")).toBe(false);
    expect(isOrderCode("ABC12")).toBe(false);
    expect(isOrderCode("A".repeat(33))).toBe(false);
    expect(orderCode().safeParse("ORDER-1").success).toBe(false);
  });

  it("accepts a plan code of letters, digits, _ and - up to 48 characters", () => {
    expect(isPlanCode("JP-7D_5GB")).toBe(true);
    expect(isPlanCode("a".repeat(49))).toBe(false);
    expect(planCode().safeParse("jp plan").success).toBe(false);
  });

  it("takes an ICCID a shopper gives with 18 to 20 digits, and an issued one with 19 or 20", () => {
    expect(isIccid("891234567890123456")).toBe(true);
    expect(isIccid("8912345678901234567890")).toBe(false);
    expect(isIccid("991234567890123456")).toBe(false);
    expect(issuedIccid().safeParse("891234567890123456").success).toBe(false);
    expect(issuedIccid().safeParse("8912345678901234567").success).toBe(true);
  });

  it("takes an eSIM id only as a UUID", () => {
    expect(isEsimId("0b8e5f2c-1a3d-4c5e-9f7a-2b3c4d5e6f70")).toBe(true);
    expect(isEsimId("0b8e5f2c1a3d4c5e9f7a2b3c4d5e6f70")).toBe(false);
    expect(esimId().safeParse("'; drop table esims; --").success).toBe(false);
  });
});
