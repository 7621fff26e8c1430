import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/ui/Icon.tsx";
import { APP_CHANNEL, APP_CHANNEL_STORAGE_KEY } from "../../lib/bridge/detect.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { APP_BANNER_DISMISSED_KEY, wantsAppBanner } from "./app-banner.ts";

/** spec 4: the mobile app-download banner, dismissible and remembered in local storage. */
export function AppBanner() {
  const { t, href } = useI18n();
  // null until the browser has checked: the server's HTML carries the banner hidden by CSS, and the head's early
  // script (app/lib/early-app-banner.ts) shows it before the first paint when it is wanted (ADR 0143).
  const [visible, setVisible] = useState<boolean | null>(null);
  useEffect(() => {
    let dismissed = false;
    let rememberedChannel = false;
    try {
      dismissed = localStorage.getItem(APP_BANNER_DISMISSED_KEY) === "1";
      rememberedChannel = sessionStorage.getItem(APP_CHANNEL_STORAGE_KEY) === APP_CHANNEL;
    } catch {
      // Storage can be blocked (private mode); the banner then shows each visit.
    }
    const { userAgent } = navigator;
    setVisible(
      !dismissed && wantsAppBanner({ userAgent, search: window.location.search, rememberedChannel }),
    );
  }, []);
  if (visible === false) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      localStorage.setItem(APP_BANNER_DISMISSED_KEY, "1");
    } catch {
      // Not remembered when storage is blocked; dismissing still hides it for this page.
    }
  };
  return (
    <aside
      aria-label={t("shell.appBanner")}
      className={`${visible ? "flex" : "hidden [html[data-app-banner]_&]:flex"} items-center gap-3 bg-brand-900 px-4 py-2 text-white`}
    >
      <Icon name="phone" className="size-6 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t("shell.appBanner")}</p>
        <p className="truncate text-xs text-brand-100">{t("shell.appBannerText")}</p>
      </div>
      <Link
        to={href("/app_installation_qrcode")}
        className="shrink-0 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-brand-900"
      >
        {t("shell.appBannerOpen")}
      </Link>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t("shell.appBannerDismiss")}
        className="shrink-0 rounded-full p-1"
      >
        <Icon name="close" />
      </button>
    </aside>
  );
}
