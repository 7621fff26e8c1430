import { Link } from "react-router";
import { InviteCard, ProgrammeRules } from "../features/sfb/SfbViews.tsx";
import { loadProgramme } from "../features/sfb/sfb.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/sfb";

export const handle = { messages: ["sfb"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "sfbUi.title");
}

export function loader(args: Route.LoaderArgs) {
  return loadProgramme(args);
}

// spec 2 /sfb (issue 11): how the invite programme works, its rules; a signed-in shopper's own code and link.
export default function SfbPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { rules, invite } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:py-10">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t("sfbUi.title")}</h1>
        <p className="mt-2 text-slate-800">{rules.enabled ? t("sfbUi.lead") : t("sfbUi.off")}</p>
      </header>
      {invite ? (
        <>
          <InviteCard code={invite.code} link={invite.link} enabled={invite.enabled} />
          <Link to={href("/my/sfb")} className="self-start font-medium text-brand-800 underline">
            {t("sfbUi.openMine")}
          </Link>
        </>
      ) : (
        <Link
          to={`${href("/login")}?pageFrom=${encodeURIComponent(href("/sfb"))}`}
          className="self-start rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t("sfbUi.signInForLink")}
        </Link>
      )}
      <ProgrammeRules rules={rules} />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
