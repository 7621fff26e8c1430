import { describe, expect, it } from "vitest";
import { catalogues, isMessageKey } from "../../../core/i18n/index.ts";
import {
  GUIDE_PLATFORMS,
  GUIDE_SECTIONS,
  guideSteps,
  INSTALL_PLATFORMS,
  installPlatformOf,
  pickPlatform,
} from "./platforms.ts";

describe("pickPlatform", () => {
  it("keeps a known platform and falls back on anything else", () => {
    expect(pickPlatform("android", INSTALL_PLATFORMS, "ios")).toBe("android");
    expect(pickPlatform("pixel", GUIDE_PLATFORMS, "ios")).toBe("pixel");
    for (const raw of [null, "", "ANDROID", "windows", "ios "]) {
      expect(pickPlatform(raw, INSTALL_PLATFORMS, "ios"), String(raw)).toBe("ios");
    }
  });

  it("sends every Android maker's guide to the Android install flow", () => {
    expect(GUIDE_PLATFORMS.map(installPlatformOf)).toEqual(["ios", "android", "android", "android"]);
  });
});

describe("guide content", () => {
  it("has every step of every phone's guide in all three locales", () => {
    for (const platform of GUIDE_PLATFORMS) {
      for (const { section } of GUIDE_SECTIONS) {
        for (const key of guideSteps(platform, section)) {
          expect(isMessageKey(key), key).toBe(true);
          for (const locale of ["en_US", "zh_CN", "zh_HK"] as const) {
            expect(catalogues[locale][key].length, `${locale} ${key}`).toBeGreaterThan(5);
          }
        }
      }
    }
  });
});
