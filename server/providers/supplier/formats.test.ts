import { describe, expect, it } from "vitest";
import {
  activationCode,
  isValidIccid,
  luhnCheckDigit,
  newIccid,
  newMatchingId,
  parseActivationCode,
} from "./formats.ts";

describe("ICCIDs", () => {
  it("computes the Luhn check digit of known numbers", () => {
    // The classic Luhn example (Wikipedia), and an ICCID worked by hand: 8 + (9×2−9) + 4 + 4×2 = 29 → 1.
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(luhnCheckDigit("894400000000000000")).toBe(1);
    expect(isValidIccid("8944000000000000001")).toBe(true);
  });

  it("issues 19- or 20-digit ICCIDs starting 89 whose last digit checks", () => {
    for (let i = 0; i < 200; i += 1) {
      const iccid = newIccid(i % 2 === 0 ? 19 : 20);
      expect(iccid).toMatch(/^89\d{17,18}$/);
      expect(iccid).toHaveLength(i % 2 === 0 ? 19 : 20);
      expect(isValidIccid(iccid)).toBe(true);
    }
  });

  it("rejects a wrong check digit, a swapped pair, other prefixes and lengths", () => {
    const iccid = newIccid();
    const wrong = iccid.slice(0, -1) + String((Number(iccid.at(-1)) + 1) % 10);
    expect(isValidIccid(wrong)).toBe(false);
    expect(isValidIccid("8944000000000000010")).toBe(false); // 1 and 0 swapped
    expect(isValidIccid("9844000000000000001")).toBe(false); // not 89
    expect(isValidIccid("894400000000000001")).toBe(false); // 18 digits
    expect(isValidIccid("89440000000000000A1")).toBe(false);
  });
});

describe("SGP.22 activation codes", () => {
  it("formats LPA:1$<SM-DP+>$<matching id>, with $$1 when a confirmation code is required", () => {
    expect(activationCode("smdp.example.com", "ABCD-1234")).toBe("LPA:1$smdp.example.com$ABCD-1234");
    expect(activationCode("smdp.example.com", "ABCD-1234", true)).toBe("LPA:1$smdp.example.com$ABCD-1234$$1");
  });

  it("parses back what it formats and refuses what is not an activation code", () => {
    const matchingId = newMatchingId();
    expect(matchingId).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(parseActivationCode(activationCode("rsp.example.net", matchingId, true))).toEqual({
      smdpAddress: "rsp.example.net",
      matchingId,
      confirmationCodeRequired: true,
    });
    expect(parseActivationCode("LPA:2$rsp.example.net$X")).toBeNull();
    expect(parseActivationCode("rsp.example.net$X")).toBeNull();
  });
});
