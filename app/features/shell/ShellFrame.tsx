import { lazy, type ReactNode, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { splitLocale } from "../../../core/locale-path.ts";
import { whileReloading } from "../../lib/chunk-reload.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { SearchOverlayHost } from "../search/SearchOverlayHost.tsx";
import { AppBanner } from "./AppBanner.tsx";
import { BackToTop } from "./BackToTop.tsx";
import { BottomTabs } from "./BottomTabs.tsx";
import { Footer } from "./Footer.tsx";
import { LoadingBar } from "./LoadingBar.tsx";
import { NotifyHost } from "./NotifyHost.tsx";
import { TopBar } from "./TopBar.tsx";
import { responsiveDisplay, shellVisibility } from "./visibility.ts";

// Opened on demand only: its chunk, with the HTTP client it saves through, loads on first opening (ADR 0144).
// If the chunk cannot load, the page reloads once (spec 2) and the dialog waits for that instead of failing.
const PreferencesDialog = lazy(() =>
  whileReloading(import("./PreferencesDialog.tsx")).then((module) => ({ default: module.PreferencesDialog })),
);

/**
 * The storefront shell around every page: top bar, footer, bottom tabs, back-to-top, the app banner, the
 * loading bar and the notification host. Which bars show is decided by shellVisibility for the small and the
 * wide viewport classes and expressed in CSS, so the server's HTML is already right for any screen.
 */
export function ShellFrame({ children, failed = false }: { children: ReactNode; failed?: boolean }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const path = splitLocale(pathname).rest;
  const small = shellVisibility(path, "sm");
  const wide = shellVisibility(path, "md");
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const openPreferences = () => setPreferencesOpen(true);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[1070] rounded-md bg-white px-4 py-2 font-medium text-brand-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t("shell.skipToContent")}
      </a>
      <LoadingBar failed={failed} />
      <AppBanner />
      <TopBar className={responsiveDisplay(small.topBar, wide.topBar)} onOpenPreferences={openPreferences} />
      <main id="main" tabIndex={-1} className="relative z-10 flex-1 outline-none">
        {children}
      </main>
      <Footer onOpenPreferences={openPreferences} className={small.bottomBar ? "pb-16 md:pb-0" : ""} />
      <BottomTabs className={responsiveDisplay(small.bottomBar, wide.bottomBar)} />
      {/* The product page's Buy bar sits at the foot of a phone's screen too (ADR 0263). */}
      {wide.backToTop && <BackToTop raised={small.bottomBar || path.startsWith("/pdp/")} />}
      {preferencesOpen && (
        <Suspense fallback={null}>
          <PreferencesDialog open onClose={() => setPreferencesOpen(false)} />
        </Suspense>
      )}
      <SearchOverlayHost />
      <NotifyHost />
    </div>
  );
}
