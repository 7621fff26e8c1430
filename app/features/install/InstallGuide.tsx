import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import type { InstallBase } from "./install-meta.ts";
import {
  DEVICE_NAME,
  GUIDE_PLATFORMS,
  GUIDE_SECTIONS,
  type GuidePlatform,
  guideSteps,
  installPlatformOf,
  pickPlatform,
} from "./platforms.ts";

/**
 * Keeps `?platform=` in the address bar in step with the chosen tab, so the page can be shared or reloaded on
 * the same guide, without a router navigation (which would reload the root data for a purely local choice).
 */
function rememberPlatform(platform: GuidePlatform) {
  const url = new URL(window.location.href);
  url.searchParams.set("platform", platform);
  window.history.replaceState(window.history.state, "", url);
}

/**
 * /install/install-guide and its /ucenter twin: the activation guide per phone as WAI-ARIA tabs (arrow keys,
 * Home and End move and select; `?platform=` picks the first tab shown, also in the server's render).
 */
export function InstallGuide({ base }: { base: InstallBase }) {
  const { t, href } = useI18n();
  const [params] = useSearchParams();
  const [active, setActive] = useState<GuidePlatform>(() =>
    pickPlatform(params.get("platform"), GUIDE_PLATFORMS, "ios"),
  );
  const id = useId();

  const select = (platform: GuidePlatform, focus: boolean) => {
    setActive(platform);
    rememberPlatform(platform);
    if (focus) document.getElementById(`${id}-tab-${platform}`)?.focus();
  };

  const onKey = (event: React.KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = GUIDE_PLATFORMS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(GUIDE_PLATFORMS[next] ?? "ios", true);
  };

  return (
    <div className="mx-auto max-w-[860px] px-4 py-6 md:px-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t("install.guide.title")}</h1>
      <p className="mt-2 text-slate-700">{t("install.guide.intro")}</p>
      <div
        role="tablist"
        aria-label={t("install.guide.tabsLabel")}
        className="mt-6 flex gap-2 overflow-x-auto border-b border-slate-200 pb-2"
      >
        {GUIDE_PLATFORMS.map((platform, index) => {
          const selected = platform === active;
          return (
            <button
              key={platform}
              id={`${id}-tab-${platform}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(platform, false)}
              onKeyDown={(event) => onKey(event, index)}
              className={`shrink-0 rounded-full px-4 py-2 text-sm ${
                selected ? "bg-brand-700 font-semibold text-white" : "text-slate-800 hover:bg-slate-100"
              }`}
            >
              {t(DEVICE_NAME[platform])}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${active}`}
        className="space-y-6 pt-6"
      >
        {GUIDE_SECTIONS.map(({ section, title }) => (
          <section key={section} aria-labelledby={`${id}-${section}`}>
            <h2 id={`${id}-${section}`} className="text-lg font-semibold text-slate-900">
              {t(title)}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-700">
              {guideSteps(active, section).map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ol>
          </section>
        ))}
        <p className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {t("install.guide.tip")}
        </p>
        <Link
          to={href(`${base}/eSIM-install?platform=${installPlatformOf(active)}`)}
          className="inline-block font-medium text-brand-700 underline"
        >
          {t("install.stepsLink")}
        </Link>
      </div>
    </div>
  );
}
