import { InstallLanding } from "../features/install/InstallLanding.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/install";

// spec 2 /install: pick your device and the compatibility check (issue 6).
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.title");
}

export default function InstallPage() {
  return <InstallLanding base="/install" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
