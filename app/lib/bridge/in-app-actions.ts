import { checkNavigation, type NavigationPolicy } from "../../../core/url-safety.ts";
import type { AppBridge, ShareContent } from "./types.ts";

/*
 * The bridge methods where they belong (spec 1, issue 10): each helper does its job through the app when the
 * page runs inside it and answers whether the app took it; false means the caller does the browser's own thing
 * (an app too old for the method answers "unsupported", which also falls back).
 */

async function viaApp(bridge: AppBridge, call: () => Promise<unknown>): Promise<boolean> {
  if (!bridge.available) return false;
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}

/** The invoice (an absolute URL): the app's PDF viewer, instead of a download the web view cannot show. */
export function openPdfInApp(bridge: AppBridge, url: string, title: string): Promise<boolean> {
  return viaApp(bridge, () => bridge.openPdf({ url, title }));
}

/** An allowed external link in the app's own browser page; a same-site, refused or script URL never goes. */
export function openWebPageInApp(bridge: AppBridge, url: string, policy: NavigationPolicy): Promise<boolean> {
  const target = checkNavigation(url, policy);
  if (target.kind !== "external") return Promise.resolve(false);
  return viaApp(bridge, () => bridge.openWebPage({ url: target.url }));
}

export type ShareOutcome = "app" | "system" | "copied" | "failed";

interface BrowserShare {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
}

/**
 * Shares a link: the app's share sheet inside the app, the system's (Web Share) where the browser has one,
 * else the link is copied. A share the shopper cancels in the system sheet counts as done.
 */
export async function shareLink(
  bridge: AppBridge,
  content: ShareContent,
  browser: BrowserShare,
): Promise<ShareOutcome> {
  if (await viaApp(bridge, () => bridge.share(content))) return "app";
  if (browser.share) {
    try {
      await browser.share({ title: content.title, text: content.text, url: content.url });
      return "system";
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") return "system";
    }
  }
  try {
    await browser.clipboard?.writeText(content.url);
    return browser.clipboard ? "copied" : "failed";
  } catch {
    return "failed";
  }
}

/** The phone's model as the app reports it, to pre-fill the compatibility check; null outside the app. */
export async function deviceModelFromApp(bridge: AppBridge): Promise<string | null> {
  if (!bridge.available) return null;
  try {
    const info = await bridge.getDeviceInfo();
    const model = typeof info.model === "string" ? info.model.trim() : "";
    return model ? model.slice(0, 60) : null;
  } catch {
    return null;
  }
}
