import { useEffect, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "../features/account/AuthCard.tsx";
import { useAccountForm } from "../features/account/account-form.ts";
import {
  ContactFields,
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
import { bindFormSchema } from "../features/account/schemas.ts";
import { useApi } from "../lib/api.ts";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { loginStore, type ThirdPartyInfo } from "../lib/login-store.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/bind";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.bind.title", { noindex: true });
}

type BindMode = "existing" | "new";

// spec 2 /bind, spec 4: after hoth.social.openEmailOrPhoneNotFound or providerNotBindUser the stored third-party
// info is linked to an account: an existing one (its password) or a new one (a code and a new password).
export default function BindPage() {
  const { t, href } = useI18n();
  const { channel } = useRootData();
  const api = useApi();
  const complete = useCompleteLogin();
  const pageFrom = usePageFromQuery();
  // The stored third-party sign-in (session storage, read after hydration): what the page links, not a field.
  const [third, setThird] = useState<ThirdPartyInfo | null | undefined>(undefined);
  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: bindFormSchema(),
    submit: async (value) => {
      // The schema asks for a password in either mode.
      if (!third || value.password === undefined) return;
      const answer = await api.post<LoginAnswer>(
        "/o2cum/v1/pub/social-login/bind",
        {
          provider: third.provider,
          openAccessToken: third.accessToken,
          nonce: third.nonce,
          channel,
          ...contactPayload(value),
          password: await encryptPassword(api, value.password),
          ...(value.mode === "new" ? { captcha: value.captcha, captchaKey: sender.codeKey } : {}),
          protocolAgreed: true,
        },
        { autoLogin: false },
      );
      await complete(answer);
    },
  });
  // The social sign-in's address fills the e-mail field to start with: the code goes there until it is edited.
  const sender = useCodeSender("REGISTER", contactTarget({ email: third?.email ?? "", ...typed }));
  const mode: BindMode = typed.mode === "new" ? "new" : "existing";

  // Session storage exists only in the browser: read it after hydration.
  useEffect(() => {
    setThird(loginStore().readThirdParty());
  }, []);

  if (third === undefined) return <AuthCard title={t("accountUi.bind.title")}>{null}</AuthCard>;
  if (third === null) {
    return (
      <AuthCard title={t("accountUi.bind.title")}>
        <p className="text-slate-800">{t("accountUi.bind.missing")}</p>
        <p className="mt-4">
          <Link className={linkClass} to={href(`/login${pageFrom}`)}>
            {t("accountUi.toLogin")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const provider = t(`accountUi.provider.${third.provider}`);
  return (
    <AuthCard title={t("accountUi.bind.title")} intro={t("accountUi.bind.intro", { provider })}>
      <form {...formProps} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("accountUi.bind.mode")}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(["existing", "new"] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="mode" value={value} defaultChecked={value === "existing"} />
                {t(value === "existing" ? "accountUi.bind.modeExisting" : "accountUi.bind.modeNew")}
              </label>
            ))}
          </div>
        </fieldset>
        <ContactFields
          kind={contactKind(typed)}
          defaultEmail={third.email ?? undefined}
          errors={shown}
          legend={t("accountUi.field.account")}
        />
        {mode === "new" && (
          <CodeField
            id="bind-code"
            label={t("accountUi.field.code")}
            error={shown.captcha}
            addon={sender.button}
          />
        )}
        <PasswordField
          id="bind-password"
          label={t("accountUi.field.password")}
          typed={typed.password}
          autoComplete={mode === "new" ? "new-password" : "current-password"}
          showRules={mode === "new"}
          error={shown.password}
        />
        <ProtocolAgreement error={shown.protocolAgreed} />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.submit.bind")}
        </button>
      </form>
      {sender.dialog}
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
