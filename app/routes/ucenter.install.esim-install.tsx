import { InstallSteps } from "../features/install/InstallSteps.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.install.esim-install";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /ucenter/install/eSIM-install: the public twin of /install/eSIM-install.
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.steps.title");
}

export default function UcenterInstallEsimInstallPage() {
  return <InstallSteps base="/ucenter/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
