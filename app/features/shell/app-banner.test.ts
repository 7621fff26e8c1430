import { describe, expect, it } from "vitest";
import { wantsAppBanner } from "./app-banner.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

describe("wantsAppBanner (spec 4)", () => {
  it("shows for iOS and Android browsers", () => {
    expect(wantsAppBanner({ userAgent: IPHONE, search: "", rememberedChannel: false })).toBe(true);
    expect(wantsAppBanner({ userAgent: ANDROID, search: "?x=1", rememberedChannel: false })).toBe(true);
  });

  it("never shows on desktop or inside the app", () => {
    expect(wantsAppBanner({ userAgent: DESKTOP, search: "", rememberedChannel: false })).toBe(false);
    expect(
      wantsAppBanner({ userAgent: `${IPHONE} RoamlyApp/3.2.0`, search: "", rememberedChannel: false }),
    ).toBe(false);
    expect(wantsAppBanner({ userAgent: ANDROID, search: "?channel=APP", rememberedChannel: false })).toBe(
      false,
    );
    expect(wantsAppBanner({ userAgent: ANDROID, search: "", rememberedChannel: true })).toBe(false);
  });
});
