import { compactSource } from "../../core/script-string.ts";
import { APP_BANNER_DISMISSED_KEY } from "../features/shell/app-banner.ts";
import { APP_CHANNEL, APP_CHANNEL_STORAGE_KEY, APP_USER_AGENT_MARKER } from "./bridge/detect.ts";

/** What the early script reads; passed in because the function is sent as source text, without its imports. */
export interface EarlyAppBannerKeys {
  dismissed: string;
  channelStorage: string;
  appChannel: string;
  appMarker: string;
}

export const EARLY_APP_BANNER_KEYS: EarlyAppBannerKeys = {
  dismissed: APP_BANNER_DISMISSED_KEY,
  channelStorage: APP_CHANNEL_STORAGE_KEY,
  appChannel: APP_CHANNEL,
  appMarker: APP_USER_AGENT_MARKER.source,
};

/**
 * Runs in the document head before the first paint (ADR 0143): marks `<html data-app-banner>` when the
 * app-download banner will show (the same rule as AppBanner's effect: wantsAppBanner and not dismissed), so the
 * server-rendered, CSS-hidden banner is laid out from the start instead of pushing the page down after
 * hydration. Self-contained: it is serialised with Function.prototype.toString.
 */
export function markAppBanner(win: Window, keys: EarlyAppBannerKeys): void {
  let dismissed = false;
  let remembered = false;
  try {
    dismissed = win.localStorage.getItem(keys.dismissed) === "1";
    remembered = win.sessionStorage.getItem(keys.channelStorage) === keys.appChannel;
  } catch {
    // Blocked storage: the banner shows each visit, as in AppBanner.
  }
  const agent = win.navigator.userAgent;
  const channel = new URLSearchParams(win.location.search).get("channel");
  const inApp =
    new RegExp(keys.appMarker).test(agent) ||
    (channel !== null && channel.toUpperCase() === keys.appChannel) ||
    remembered;
  if (!dismissed && !inApp && /iPhone|iPad|iPod|Android/i.test(agent)) {
    win.document.documentElement.setAttribute("data-app-banner", "");
  }
}

/** The inline script's text. */
export const EARLY_APP_BANNER_SCRIPT = `try{(${compactSource(markAppBanner.toString())})(window,${JSON.stringify(EARLY_APP_BANNER_KEYS)})}catch(e){}`;
