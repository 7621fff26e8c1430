import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { LOADING_BAR } from "../../../core/constants.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { type LoadingPhase, nextLoadingPhase } from "./loading-bar.ts";

const WIDTH: Record<LoadingPhase, string> = { wait: "0%", process: "80%", done: "100%", fail: "100%" };

/**
 * spec 4, 9: a 2 px bar on top, shown 100 ms into a navigation and cleared 300 ms after it ends. Waiting (no
 * navigation, transparent and 0 wide), it is drawn only once the page has hydrated (ADR 0293): only a navigation,
 * which needs the scripts, shows it, so the server's page leaves it out (a failed page's bar shows at once).
 */
export function LoadingBar({ failed = false }: { failed?: boolean }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<LoadingPhase>(failed ? "fail" : "wait");
  const failedRef = useRef(failed);
  failedRef.current = failed;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(
        () => setPhase((p) => nextLoadingPhase(p, "started")),
        LOADING_BAR.startDelayMs,
      );
      return () => clearTimeout(timer);
    }
    setPhase((p) => nextLoadingPhase(p, failedRef.current ? "failed" : "finished"));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done" && phase !== "fail") return;
    const timer = setTimeout(
      () => setPhase((p) => nextLoadingPhase(p, "settled")),
      LOADING_BAR.finishDelayMs,
    );
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "wait" && !hydrated) return null;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: labelled only while it is a progressbar
    <div
      role={phase === "process" ? "progressbar" : undefined}
      aria-label={phase === "process" ? t("shell.loadingPage") : undefined}
      aria-hidden={phase === "process" ? undefined : true}
      data-phase={phase}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[1050] ${phase === "fail" ? "bg-red-600" : "bg-brand-600"} ${
        phase === "wait" ? "opacity-0 transition-none" : "opacity-100"
      } ${phase === "process" ? "transition-[width] duration-[2000ms] ease-out" : "transition-[width,opacity] duration-300"}`}
      style={{ height: LOADING_BAR.heightPx, width: WIDTH[phase] }}
    />
  );
}
