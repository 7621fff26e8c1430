import { AuthCard } from "../features/account/AuthCard.tsx";
import { LoginPanel } from "../features/account/LoginPanel.tsx";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/authentication-popup";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.popup.title", { noindex: true });
}

// spec 2 /AuthenticationPopupView: the authentication popup as a page of its own (for web views and links);
// checkout uses the same panel as <AuthenticationDialog>.
export default function AuthenticationPopupView() {
  const { t } = useI18n();
  return (
    <AuthCard title={t("accountUi.popup.title")}>
      <LoginPanel />
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
