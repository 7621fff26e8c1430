import { InstallLanding } from "../features/install/InstallLanding.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/install";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /install: pick your device and the compatibility check (issue 6).
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.title");
}

export default function InstallPage() {
  return <InstallLanding base="/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
