import type { MessageKey } from "../../../core/i18n/index.ts";

/** The two install flows of /install/eSIM-install (`?platform=`). */
export const INSTALL_PLATFORMS = ["ios", "android"] as const;
export type InstallPlatform = (typeof INSTALL_PLATFORMS)[number];

/** The four activation guides of /install/install-guide (`?platform=`): menus differ by maker on Android. */
export const GUIDE_PLATFORMS = ["ios", "samsung", "pixel", "android"] as const;
export type GuidePlatform = (typeof GUIDE_PLATFORMS)[number];

/** A known value from the query, else the fallback (a hand-edited link never breaks the page). */
export function pickPlatform<P extends string>(raw: string | null, known: readonly P[], fallback: P): P {
  return known.find((platform) => platform === raw) ?? fallback;
}

/** Which install flow a guide's phone follows. */
export function installPlatformOf(platform: GuidePlatform): InstallPlatform {
  return platform === "ios" ? "ios" : "android";
}

export const DEVICE_NAME: Record<GuidePlatform, MessageKey> = {
  ios: "install.device.ios",
  samsung: "install.device.samsung",
  pixel: "install.device.pixel",
  android: "install.device.android",
};

export const DEVICE_HINT: Record<GuidePlatform, MessageKey> = {
  ios: "install.device.iosHint",
  samsung: "install.device.samsungHint",
  pixel: "install.device.pixelHint",
  android: "install.device.androidHint",
};

export type GuideSection = "turnOn" | "dataLine" | "roaming" | "homeLine" | "apn";

// Order of a first connection: line on, data on it, roaming on, home line for calls; the APN only when data
// still fails.
export const GUIDE_SECTIONS: readonly { section: GuideSection; title: MessageKey }[] = [
  { section: "turnOn", title: "install.guide.turnOn" },
  { section: "dataLine", title: "install.guide.dataLine" },
  { section: "roaming", title: "install.guide.roaming" },
  { section: "homeLine", title: "install.guide.homeLine" },
  { section: "apn", title: "install.guide.apn" },
];

/** The numbered instructions of one section of one phone's guide. */
export function guideSteps(platform: GuidePlatform, section: GuideSection): MessageKey[] {
  return [1, 2].map((n) => `install.guide.${platform}.${section}.${n}` as MessageKey);
}
