import { CreditPanel, FriendsList, InviteCard, ProgrammeRules } from "../features/sfb/SfbViews.tsx";
import { loadMine } from "../features/sfb/sfb.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my.sfb";

export const handle = { messages: ["sfb"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "sfbUi.title", { noindex: true });
}

// Each protected page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export function loader(args: Route.LoaderArgs) {
  return loadMine(args);
}

// spec 2 /my/sfb (issue 11): the shopper's invite code, link and QR code, friends, and store credit.
export default function MySfbPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const data = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("sfbUi.title")}</h1>
        <p className="mt-2 text-slate-800">{data.rules.enabled ? t("sfbUi.lead") : t("sfbUi.off")}</p>
      </header>
      <InviteCard code={data.code} link={data.link} qr={data.qr} enabled={data.codeEnabled} />
      <CreditPanel balance={data.credit} history={data.history} />
      <FriendsList friends={data.friends} />
      <ProgrammeRules rules={data.rules} />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
