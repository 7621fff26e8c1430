import { AppQrCode } from "../features/install/AppQrCode.tsx";
import { appDownloadUrl, qrSvg } from "../features/install/app-download.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/app-installation-qrcode";

export const handle = { messages: ["install"] } satisfies MessagesHandle;

// spec 2 /app_installation_qrcode: a QR code to get the app (issue 6), drawn on the server (ADR 0142). The top
// bar is hidden here (spec 2 QR pages; app/features/shell/visibility.ts).
export async function loader() {
  const downloadUrl = appDownloadUrl();
  return { downloadUrl, svg: await qrSvg(downloadUrl) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "install.app.title");
}

export default function AppInstallationQrcodePage({ loaderData }: Route.ComponentProps) {
  return <AppQrCode downloadUrl={loaderData.downloadUrl} svg={loaderData.svg} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
