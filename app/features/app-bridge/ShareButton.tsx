import { PRODUCT_TOAST_MS } from "../../../core/constants.ts";
import { shareLink } from "../../lib/bridge/in-app-actions.ts";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";

/**
 * Shares a page (a plan on the product page): the app's share sheet inside the app (spec 1 bridge share), the
 * system's share sheet in a browser that has one, else the link is copied and a product toast says so (spec 9:
 * 3000 ms).
 */
export function ShareButton({ title, path, label }: { title: string; path: string; label: string }) {
  const { t } = useI18n();
  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    const outcome = await shareLink(
      getAppBridge(),
      { title, url, text: t("inApp.shareText", { title }) },
      {
        share: typeof navigator.share === "function" ? (data) => navigator.share(data) : undefined,
        clipboard: navigator.clipboard,
      },
    );
    if (outcome === "copied") notify.toast(t("inApp.linkCopied"), { durationMs: PRODUCT_TOAST_MS });
    else if (outcome === "failed") notify.toast(t("inApp.shareFailed"), { durationMs: PRODUCT_TOAST_MS });
  };
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-400 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100"
    >
      {label}
    </button>
  );
}
