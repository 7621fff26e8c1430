import { Icon } from "../../components/ui/Icon.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { useScrolledPast } from "./use-window-scroll.ts";

/**
 * spec 9: back-to-top after 400 px of scrolling (throttle 100 ms), on the fixed layer, just under the sheets and
 * dialogs (z 1050) so it never covers their buttons, such as the coupon sheet's "Done" (issue 12).
 */
export function BackToTop({ raised }: { raised: boolean }) {
  const { t } = useI18n();
  const past = useScrolledPast();
  if (!past) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      aria-label={t("shell.backToTop")}
      className={`fixed right-4 z-[1040] rounded-full border border-slate-200 bg-white p-3 text-slate-800 shadow-lg hover:bg-slate-100 ${
        raised ? "bottom-20 md:bottom-6" : "bottom-6"
      }`}
    >
      <Icon name="up" />
    </button>
  );
}
