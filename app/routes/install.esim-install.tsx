import { InstallSteps } from "../features/install/InstallSteps.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/install.esim-install";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /install/eSIM-install: the numbered install steps as a spec 4 step group (issue 6).
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.steps.title");
}

export default function InstallEsimInstallPage() {
  return <InstallSteps base="/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
