import { Link } from "react-router";
import { appContext } from "../context.ts";
import { AuthCard } from "../features/account/AuthCard.tsx";
import { useAccountForm } from "../features/account/account-form.ts";
import {
  ContactFields,
  type ContactKind,
  contactKind,
  contactPayload,
  contactTarget,
} from "../features/account/ContactFields.tsx";
import { useCodeSender } from "../features/account/code-sending.tsx";
import { type LoginAnswer, useCompleteLogin, usePageFromQuery } from "../features/account/complete-login.ts";
import { CodeField } from "../features/account/Field.tsx";
import { linkClass, primaryButtonClass } from "../features/account/form.ts";
import { PasswordField } from "../features/account/PasswordField.tsx";
import { ProtocolAgreement } from "../features/account/ProtocolAgreement.tsx";
import { encryptPassword } from "../features/account/password-crypto.ts";
import { registerFormSchema } from "../features/account/schemas.ts";
import { useApi } from "../lib/api.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/register";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.register.title", { noindex: true });
}

// spec 6: registration is offered only when the server enables e-mail or phone registration (the same switches
// GET /o2user/v1/pub/customer/public-key publishes).
export async function loader({ context }: Route.LoaderArgs) {
  const switches = context.get(appContext).services.account.registrationSwitches();
  const kinds: ContactKind[] = [];
  if (switches.emailRegistrationEnabled) kinds.push("email");
  if (switches.phoneRegistrationEnabled) kinds.push("phone");
  return { kinds };
}

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const { t, href, locale, currency } = useI18n();
  const api = useApi();
  const complete = useCompleteLogin();
  const pageFrom = usePageFromQuery();
  const kinds = loaderData.kinds;
  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: registerFormSchema(),
    submit: async (value) => {
      const answer = await api.post<LoginAnswer>(
        "/o2cum/v1/pub/customer/register",
        {
          ...contactPayload(value, kinds),
          captcha: value.captcha,
          captchaKey: sender.codeKey,
          password: await encryptPassword(api, value.password),
          defaultLanguage: locale,
          preferenceCurrency: currency.currencyCode,
          protocolAgreed: true,
        },
        { autoLogin: false },
      );
      await complete(answer);
    },
  });
  const sender = useCodeSender("REGISTER", contactTarget(typed, kinds));

  if (kinds.length === 0) {
    return (
      <AuthCard title={t("accountUi.register.title")}>
        <p className="text-slate-800">{t("accountUi.register.disabled")}</p>
        <p className="mt-4">
          <Link className={linkClass} to={href(`/login${pageFrom}`)}>
            {t("accountUi.toLogin")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("accountUi.register.title")}>
      <form {...formProps} className="space-y-4">
        <ContactFields kind={contactKind(typed, kinds)} errors={shown} kinds={kinds} />
        <CodeField
          id="register-code"
          label={t("accountUi.field.code")}
          error={shown.captcha}
          addon={sender.button}
        />
        <PasswordField
          id="register-password"
          label={t("accountUi.field.password")}
          typed={typed.password}
          autoComplete="new-password"
          showRules
          error={shown.password}
        />
        <ProtocolAgreement error={shown.protocolAgreed} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.submit.register")}
        </button>
        <p className="text-sm text-slate-700">
          {t("accountUi.haveAccount")}{" "}
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
