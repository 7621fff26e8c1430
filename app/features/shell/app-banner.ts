import { appHint } from "../../lib/bridge/detect.ts";

export const APP_BANNER_DISMISSED_KEY = "roamly.appBanner.dismissed";

/**
 * spec 4: the app-download banner is for iOS and Android browsers outside the app (ADR 0021's hints: the
 * RoamlyApp user-agent marker, ?channel=APP, or that channel remembered for the session).
 */
export function wantsAppBanner(input: {
  userAgent: string;
  search: string;
  rememberedChannel: boolean;
}): boolean {
  if (appHint({ userAgent: input.userAgent, search: input.search, remembered: input.rememberedChannel }))
    return false;
  return /iPhone|iPad|iPod|Android/i.test(input.userAgent);
}
