import { describe, expect, it } from "vitest";
import { wantsAppBanner } from "../features/shell/app-banner.ts";
import { EARLY_APP_BANNER_KEYS, EARLY_APP_BANNER_SCRIPT } from "./early-app-banner.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

interface Visit {
  userAgent: string;
  search: string;
  dismissed?: boolean;
  rememberedChannel?: boolean;
  storageBlocked?: boolean;
}

/** Runs the script text exactly as the page head carries it, against a stand-in window; answers the mark. */
function runScript(visit: Visit): boolean {
  const attributes = new Map<string, string>();
  const storage = (values: Record<string, string>) => ({
    getItem: (key: string) => {
      if (visit.storageBlocked) throw new Error("SecurityError");
      return values[key] ?? null;
    },
  });
  const fakeWindow = {
    navigator: { userAgent: visit.userAgent },
    location: { search: visit.search },
    localStorage: storage(visit.dismissed ? { [EARLY_APP_BANNER_KEYS.dismissed]: "1" } : {}),
    sessionStorage: storage(
      visit.rememberedChannel
        ? { [EARLY_APP_BANNER_KEYS.channelStorage]: EARLY_APP_BANNER_KEYS.appChannel }
        : {},
    ),
    document: {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    },
  };
  new Function("window", EARLY_APP_BANNER_SCRIPT)(fakeWindow);
  return attributes.has("data-app-banner");
}

describe("the early app-banner script (ADR 0143)", () => {
  const visits: Visit[] = [
    { userAgent: IPHONE, search: "" },
    { userAgent: ANDROID, search: "?x=1" },
    { userAgent: DESKTOP, search: "" },
    { userAgent: `${IPHONE} RoamlyApp/3.2.0`, search: "" },
    { userAgent: ANDROID, search: "?channel=app" },
    { userAgent: ANDROID, search: "", rememberedChannel: true },
    { userAgent: IPHONE, search: "", dismissed: true },
    { userAgent: IPHONE, search: "", storageBlocked: true },
  ];

  it("marks the page exactly when AppBanner will show the banner", () => {
    for (const visit of visits) {
      const expected =
        !visit.storageBlocked && visit.dismissed
          ? false
          : wantsAppBanner({
              userAgent: visit.userAgent,
              search: visit.search,
              rememberedChannel: !visit.storageBlocked && visit.rememberedChannel === true,
            });
      expect(runScript(visit), JSON.stringify(visit)).toBe(expected);
    }
    // The cases above cover both answers.
    expect(visits.map(runScript)).toEqual([true, true, false, false, false, false, false, true]);
  });
});
