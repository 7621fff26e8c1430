import { Link, useSearchParams } from "react-router";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { StepGroup, type StepItem } from "../../components/ui/StepGroup.tsx";
import { currentStep } from "../../components/ui/step-state.ts";
import { useI18n } from "../../lib/i18n.tsx";
import type { InstallBase } from "./install-meta.ts";
import { INSTALL_PLATFORMS, type InstallPlatform, pickPlatform } from "./platforms.ts";

const PLATFORM_NAME: Record<InstallPlatform, MessageKey> = {
  ios: "install.platform.ios",
  android: "install.platform.android",
};

// The three ways in, most convenient first (issue 6: one-tap on iOS 17.4+, QR, manual entry as the fallback).
const METHODS: readonly { title: MessageKey; text: Record<InstallPlatform, MessageKey> }[] = [
  {
    title: "install.steps.oneTap.title",
    text: { ios: "install.steps.oneTap.ios", android: "install.steps.oneTap.android" },
  },
  {
    title: "install.steps.qr.title",
    text: { ios: "install.steps.qr.ios", android: "install.steps.qr.android" },
  },
  {
    title: "install.steps.manual.title",
    text: { ios: "install.steps.manual.ios", android: "install.steps.manual.android" },
  },
];

/** Index of the install step: a shopper reading this page has bought and received the eSIM already. */
const DEFAULT_CURRENT = 2;

/**
 * /install/eSIM-install and its /ucenter twin: the numbered journey from purchase to first connection as a spec 4
 * step group, per platform (`?platform=ios|android`); `?step=N` (1-based) marks where the shopper is, so the
 * eSIM pages can link to the step that is next for them.
 */
export function InstallSteps({ base }: { base: InstallBase }) {
  const { t, href } = useI18n();
  const [params] = useSearchParams();
  const platform = pickPlatform(params.get("platform"), INSTALL_PLATFORMS, "ios");
  const guidePlatform = platform === "ios" ? "ios" : "android";

  const steps: StepItem[] = [
    { id: "buy", title: t("install.steps.buy.title"), content: <p>{t("install.steps.buy.text")}</p> },
    {
      id: "receive",
      title: t("install.steps.receive.title"),
      content: <p>{t("install.steps.receive.text")}</p>,
    },
    {
      id: "install",
      title: t("install.steps.install.title"),
      content: (
        <>
          <p>{t("install.steps.install.text")}</p>
          <ul className="mt-3 space-y-3">
            {METHODS.map((method) => (
              <li key={method.title} className="rounded-xl border border-slate-200 p-4">
                <h3 className="font-semibold text-slate-900">{t(method.title)}</h3>
                <p className="mt-1">{t(method.text[platform])}</p>
              </li>
            ))}
          </ul>
          <p className="mt-3">{t("install.steps.install.label")}</p>
          <p className="mt-1 font-medium text-slate-900">{t("install.steps.install.keep")}</p>
        </>
      ),
    },
    {
      id: "arrive",
      title: t("install.steps.arrive.title"),
      content: (
        <>
          <p>{t("install.steps.arrive.text")}</p>
          <Link
            to={href(`${base}/install-guide?platform=${guidePlatform}`)}
            className="mt-2 inline-block font-medium text-brand-700 underline"
          >
            {t("install.guideLink")}
          </Link>
        </>
      ),
    },
  ];
  const current = currentStep(params.get("step"), steps.length, DEFAULT_CURRENT);

  return (
    <div className="mx-auto max-w-[860px] px-4 py-6 md:px-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t("install.steps.title")}</h1>
      <p className="mt-2 text-slate-700">{t("install.steps.intro")}</p>
      <nav aria-label={t("install.steps.platformLabel")} className="mt-5">
        <ul className="inline-flex rounded-full bg-slate-100 p-1">
          {INSTALL_PLATFORMS.map((option) => (
            <li key={option}>
              <Link
                to={href(`${base}/eSIM-install?platform=${option}`)}
                aria-current={option === platform ? "page" : undefined}
                preventScrollReset
                replace
                className={`block rounded-full px-5 py-2 text-sm font-semibold ${
                  option === platform
                    ? "bg-white text-brand-900 shadow"
                    : "text-slate-700 hover:text-slate-900"
                }`}
              >
                {t(PLATFORM_NAME[option])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <StepGroup
          steps={steps}
          current={current}
          label={t("install.steps.progressLabel")}
          stateLabels={{
            finish: t("install.step.finish"),
            process: t("install.step.process"),
            wait: t("install.step.wait"),
          }}
        />
      </div>
    </div>
  );
}
