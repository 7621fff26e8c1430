import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { instantToZoned, zonedToInstant } from "../store-time.ts";
import { couponRulesSchema, newCouponSchema, percentOffFromShare, shareFromPercentOff } from "./coupon.ts";

const API = { timeZone: "Asia/Hong_Kong", checkboxes: false };
const FORM = { timeZone: "Asia/Hong_Kong", checkboxes: true };

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the coupon form's schema", () => {
  it("reads 15 as 15 % off, stored as the share paid shoppers see as 8.5折", () => {
    expect(shareFromPercentOff(15)).toBe("0.85");
    expect(shareFromPercentOff(12.5)).toBe("0.875");
    expect(shareFromPercentOff(95)).toBe("0.05");
    expect(percentOffFromShare("0.85")).toBe("15");
    expect(percentOffFromShare("0.875")).toBe("12.5");
  });

  it("reads a typed time in the store's zone and stores it in UTC", () => {
    expect(zonedToInstant("2026-12-01T09:30", "Asia/Hong_Kong")?.toISOString()).toBe(
      "2026-12-01T01:30:00.000Z",
    );
    expect(instantToZoned("2026-12-01T01:30:00.000Z", "Asia/Hong_Kong")).toBe("2026-12-01T09:30");
    // Across a summer-time change too.
    expect(zonedToInstant("2026-07-01T12:00", "Europe/London")?.toISOString()).toBe(
      "2026-07-01T11:00:00.000Z",
    );
    expect(zonedToInstant("2026-02-30T12:00", "Asia/Hong_Kong")).toBeNull();
  });

  it("takes the form's fields: a percentage, local times, English only, checkboxes", () => {
    const parsed = newCouponSchema(FORM).parse({
      code: "japan15",
      marketingType: "PROMO_CODE",
      couponTypeCode: "DISCOUNT",
      percentOff: "15",
      minimumSpendCurrency: "HKD",
      startTime: "2026-12-01T00:00",
      endTime: "2027-01-01T00:00",
      name: { en_US: "Japan 15% off" },
      scopes: [{ scopeType: "DESTINATION", scopeCode: "JP" }],
    });
    expect(parsed).toMatchObject({
      code: "JAPAN15",
      resultDiscount: "0.85",
      startTime: new Date("2026-11-30T16:00:00Z"),
      name: { en_US: "Japan 15% off", zh_CN: "", zh_HK: "" },
      description: { en_US: "", zh_CN: "", zh_HK: "" },
      enabled: false,
      perCustomerLimit: 1,
    });
  });

  it("still takes what older API callers send", () => {
    const parsed = couponRulesSchema(API).parse({
      couponTypeCode: "REDUCTION",
      name: { en_US: "Spring", zh_CN: "春季", zh_HK: "春季" },
      description: { en_US: "x", zh_CN: "x", zh_HK: "x" },
      resultReduction: 1000,
      reductionCurrency: "HKD",
      minimumSpendCurrency: "HKD",
      startTime: "2026-01-01T00:00:00Z",
      endTime: "2030-01-01T00:00:00Z",
    });
    expect(parsed).toMatchObject({ resultReduction: 1000, enabled: true, resultDiscount: null });
  });

  it("reports every missing required field at once", () => {
    const errors = errorsOf(newCouponSchema(FORM).safeParse({ couponTypeCode: "DISCOUNT" }));
    expect(errors).toMatchObject({
      code: "validation.required",
      marketingType: "validation.required",
      "name.en_US": "validation.required",
      minimumSpendCurrency: "validation.required",
      startTime: "validation.required",
      endTime: "validation.required",
      percentOff: "validation.required",
    });
  });

  it("refuses a percentage outside 1–95 and an end before the start", () => {
    const errors = errorsOf(
      couponRulesSchema(FORM).safeParse({
        couponTypeCode: "DISCOUNT",
        percentOff: "150",
        name: { en_US: "x" },
        minimumSpendCurrency: "HKD",
        startTime: "2027-01-01T00:00",
        endTime: "2026-01-01T00:00",
      }),
    );
    expect(errors).toEqual({ percentOff: "consoleMerch.percentOff", endTime: "consoleMerch.endBeforeStart" });
  });

  it("reads the browser form's FormData through Conform, empty optional texts included", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      code: "jp15",
      marketingType: "PROMO_CODE",
      couponTypeCode: "DISCOUNT",
      percentOff: "15",
      reductionAmount: "",
      minimumSpendAmount: "0",
      minimumSpendCurrency: "HKD",
      startTime: "2026-12-01T00:00",
      endTime: "2027-01-01T00:00",
      "name.en_US": "Japan 15% off",
      "name.zh_CN": "",
      "description.en_US": "",
      totalLimit: "",
      perCustomerLimit: "1",
      "scopes[0].scopeType": "DESTINATION",
      "scopes[0].scopeCode": "JP",
    }))
      form.append(name, value);
    const submission = parseWithZod(form, { schema: newCouponSchema(FORM) });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      code: "JP15",
      resultDiscount: "0.85",
      name: { en_US: "Japan 15% off", zh_CN: "", zh_HK: "" },
      enabled: false,
      scopes: [{ scopeType: "DESTINATION", scopeCode: "JP" }],
    });
  });
});
