import { InstallLanding } from "../features/install/InstallLanding.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.install";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /ucenter/install: the public twin of /install, same content, links stay under /ucenter/install.
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.title");
}

export default function UcenterInstallPage() {
  return <InstallLanding base="/ucenter/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
