import { AuthCard } from "../features/account/AuthCard.tsx";
import { LoginPanel } from "../features/account/LoginPanel.tsx";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/logins.verification-code-login";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.codeLogin.title", { noindex: true });
}

// spec 2 /logins/verification-code-login: the login page with the code tab open.
export default function CodeLoginPage() {
  const { t } = useI18n();
  return (
    <AuthCard title={t("accountUi.codeLogin.title")}>
      <LoginPanel initialTab="code" />
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
