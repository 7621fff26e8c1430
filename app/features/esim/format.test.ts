import { describe, expect, it } from "vitest";
import { formatTime } from "../../lib/time.ts";
import {
  dataFigures,
  formatData,
  installPlatform,
  isPhone,
  supportsAppleOneTap,
  usedPercent,
} from "./format.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

describe("eSIM figures", () => {
  it("shows MB below 1 GB and GB to one decimal above", () => {
    expect(formatData(0)).toBe("0 MB");
    expect(formatData(512.4)).toBe("512 MB");
    expect(formatData(1024)).toBe("1 GB");
    expect(formatData(1536)).toBe("1.5 GB");
    expect(formatData(3 * 1024 - 1)).toBe("3 GB");
    expect(formatData(-5)).toBe("0 MB");
  });

  it("gives the used share, capped, and none for unlimited", () => {
    expect(usedPercent(512, 1024)).toBe(50);
    expect(usedPercent(2048, 1024)).toBe(100);
    expect(usedPercent(10, null)).toBeNull();
    expect(usedPercent(0, 0)).toBe(100);
  });

  it("says what is left, or nothing for unlimited", () => {
    expect(dataFigures({ dataUsedMb: 1024, dataTotalMb: 3072, dataLeftMb: 2048 })).toEqual({
      used: "1 GB",
      total: "3 GB",
      left: "2 GB",
    });
    expect(dataFigures({ dataUsedMb: 100, dataTotalMb: null, dataLeftMb: null })).toEqual({
      used: "100 MB",
      total: null,
      left: null,
    });
  });

  it("formats a time in UTC on the server, naming the zone", () => {
    expect(formatTime("2026-11-21T02:05:00.000Z", "en_US", "UTC")).toMatch(/Nov 21, 2026.*2:05.*UTC/);
    expect(formatTime("not a date", "en_US", "UTC")).toBe("not a date");
  });
});

describe("install platform", () => {
  it("puts the matching one-tap install first on a phone and the QR code first on a computer", () => {
    expect(installPlatform(IPHONE)).toBe("ios");
    expect(installPlatform(ANDROID)).toBe("android");
    expect(installPlatform(DESKTOP)).toBe("other");
    expect(isPhone(IPHONE)).toBe(true);
    expect(isPhone(ANDROID)).toBe(true);
    expect(isPhone(DESKTOP)).toBe(false);
    expect(isPhone(null)).toBe(false);
  });
});

describe("Apple one-tap install", () => {
  const iphone = (os: string) => IPHONE.replace("17_4", os);

  it("works from iOS 17.4 on and not on an older iPhone", () => {
    expect(supportsAppleOneTap(IPHONE)).toBe(true);
    expect(supportsAppleOneTap(iphone("18_6"))).toBe(true);
    expect(supportsAppleOneTap(iphone("26_0"))).toBe(true);
    expect(supportsAppleOneTap(iphone("17_3_1"))).toBe(false);
    expect(supportsAppleOneTap(iphone("16_7"))).toBe(false);
    expect(supportsAppleOneTap(iphone("15_0"))).toBe(false);
  });

  it("does not hold it back elsewhere or when the version cannot be read", () => {
    expect(supportsAppleOneTap(ANDROID)).toBe(true);
    expect(supportsAppleOneTap(DESKTOP)).toBe(true);
    expect(supportsAppleOneTap(null)).toBe(true);
    expect(supportsAppleOneTap("Mozilla/5.0 (iPhone) Mobile")).toBe(true);
  });
});
