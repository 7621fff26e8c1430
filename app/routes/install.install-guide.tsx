import { InstallGuide } from "../features/install/InstallGuide.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/install.install-guide";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /install/install-guide: the activation guide per phone (issue 6).
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.guide.title");
}

export default function InstallInstallGuidePage() {
  return <InstallGuide base="/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
