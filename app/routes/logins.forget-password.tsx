import { Link, useNavigate } from "react-router";
import { AuthCard } from "../features/account/AuthCard.tsx";
import { useAccountForm } from "../features/account/account-form.ts";
import { useCodeSender } from "../features/account/code-sending.tsx";
import { usePageFromQuery } from "../features/account/complete-login.ts";
import { CodeField, Field } from "../features/account/Field.tsx";
import { linkClass, primaryButtonClass } from "../features/account/form.ts";
import { PasswordField } from "../features/account/PasswordField.tsx";
import { encryptPassword } from "../features/account/password-crypto.ts";
import { resetPasswordFormSchema } from "../features/account/schemas.ts";
import { useApi } from "../lib/api.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import { notify } from "../lib/notify.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/logins.forget-password";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.forget.title", { noindex: true });
}

// spec 2 /logins/forget-password, spec 5: the e-mail must be registered (else 您的邮箱未注册), then a code and a
// new password. A reset ends every session (ADR 0062), so the shopper logs in again.
export default function ForgetPasswordPage() {
  const { t, href } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const pageFrom = usePageFromQuery();
  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: resetPasswordFormSchema(),
    submit: async (value) => {
      // The page asks for an e-mail only, which the schema requires when no phone is given.
      if (value.email === undefined) return;
      const answer = await api.post<{ message?: string }>(
        "/o2cum/v1/pub/customer/reset-password",
        {
          email: value.email,
          captcha: value.captcha,
          captchaKey: sender.codeKey,
          password: await encryptPassword(api, value.password),
        },
        { autoLogin: false },
      );
      if (answer.message) notify.toast(answer.message);
      await navigate(href(`/login${pageFrom}`), { replace: true });
    },
  });
  const sender = useCodeSender("RESET_PASSWORD", { kind: "email", email: typed.email ?? "" });

  return (
    <AuthCard title={t("accountUi.forget.title")} intro={t("accountUi.forget.intro")}>
      <form {...formProps} className="space-y-4">
        <Field
          id="forget-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t("accountUi.field.email")}
          maxLength={254}
          error={shown.email}
        />
        <CodeField
          id="forget-code"
          label={t("accountUi.field.code")}
          error={shown.captcha}
          addon={sender.button}
        />
        <PasswordField
          id="forget-password"
          label={t("accountUi.field.newPassword")}
          typed={typed.password}
          autoComplete="new-password"
          showRules
          error={shown.password}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.submit.reset")}
        </button>
        <p className="text-sm">
          <Link className={linkClass} to={href(`/login${pageFrom}`)}>
            {t("accountUi.toLogin")}
          </Link>
        </p>
      </form>
      {sender.dialog}
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
