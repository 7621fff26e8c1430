import { InstallGuide } from "../features/install/InstallGuide.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.install.install-guide";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /ucenter/install/install-guide: the public twin of /install/install-guide.
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.guide.title");
}

export default function UcenterInstallInstallGuidePage() {
  return <InstallGuide base="/ucenter/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
