import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { CompatibilityCheck } from "./CompatibilityCheck.tsx";
import type { InstallBase } from "./install-meta.ts";
import { DEVICE_HINT, DEVICE_NAME, GUIDE_PLATFORMS, installPlatformOf } from "./platforms.ts";

/** /install and /ucenter/install: pick your device, then the compatibility check. */
export function InstallLanding({ base }: { base: InstallBase }) {
  const { t, href } = useI18n();
  return (
    <div className="mx-auto max-w-[1100px] px-4 py-6 md:px-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t("install.title")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t("install.intro")}</p>

      <section aria-labelledby="install-pick" className="mt-8">
        <h2 id="install-pick" className="text-xl font-bold text-slate-900 md:text-2xl">
          {t("install.pickDevice")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {GUIDE_PLATFORMS.map((platform) => (
            <li key={platform} className="flex flex-col rounded-2xl border border-slate-200 p-5">
              <h3 className="text-lg font-semibold text-slate-900">{t(DEVICE_NAME[platform])}</h3>
              <p className="mt-1 flex-1 text-sm text-slate-700">{t(DEVICE_HINT[platform])}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                <Link
                  to={href(`${base}/eSIM-install?platform=${installPlatformOf(platform)}`)}
                  aria-label={`${t(DEVICE_NAME[platform])}: ${t("install.stepsLink")}`}
                  className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
                >
                  {t("install.stepsLink")}
                </Link>
                <Link
                  to={href(`${base}/install-guide?platform=${platform}`)}
                  aria-label={`${t(DEVICE_NAME[platform])}: ${t("install.guideLink")}`}
                  className="rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  {t("install.guideLink")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <Link to={href("/app_installation_qrcode")} className="font-medium text-brand-700 underline">
            {t("install.appLink")}
          </Link>
        </p>
      </section>

      <div className="mt-12">
        <CompatibilityCheck />
      </div>
    </div>
  );
}
