import { useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { useApi } from "../../lib/api.ts";
import { HttpError } from "../../lib/http/client.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import { AreaCodeSelect } from "./AreaCodeSelect.tsx";
import { useAccountForm } from "./account-form.ts";
import { type CaptchaAnswer, CaptchaDialog } from "./CaptchaDialog.tsx";
import { ContactFields, contactKind, contactPayload, contactTarget } from "./ContactFields.tsx";
import { useCodeSender } from "./code-sending.tsx";
import { type LoginAnswer, type LoginMode, useCompleteLogin, usePageFromQuery } from "./complete-login.ts";
import { CodeField, Field } from "./Field.tsx";
import { apiFieldErrors, type FieldErrors, linkClass, primaryButtonClass } from "./form.ts";
import { PasswordField } from "./PasswordField.tsx";
import { encryptPassword, forgetPublicKey } from "./password-crypto.ts";
import { SocialLogin } from "./SocialLogin.tsx";
import { codeFormSchema, passwordLoginSchema } from "./schemas.ts";

export type LoginTab = "password" | "code";

type PasswordLogin = z.output<typeof passwordLoginSchema>;

/** An account typed as a phone number (digits, spaces, "+", brackets, dashes) asks for its calling code too. */
function isPhoneAccount(account: string): boolean {
  const trimmed = account.trim();
  return trimmed !== "" && !account.includes("@") && /^[\d\s+()-]+$/.test(trimmed);
}

/**
 * spec 2 /login: tabs for password and verification-code login, social sign-in below. Used by /login,
 * /AuthenticationPopupView and AuthenticationDialog (`stay`: the page underneath stays where it is).
 */
export function LoginPanel({
  initialTab = "password",
  stay = false,
  onDone,
}: {
  initialTab?: LoginTab;
  stay?: boolean;
  onDone?: () => void;
}) {
  const mode: LoginMode = { stay, onDone };
  const { t } = useI18n();
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const order: LoginTab[] = ["password", "code"];
  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = order.indexOf(tab);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % order.length;
    else if (event.key === "ArrowLeft") next = (index + order.length - 1) % order.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = order.length - 1;
    if (next === null) return;
    event.preventDefault();
    setTab(order[next]!);
    tabs.current[next]?.focus();
  };
  return (
    <div>
      {/* WAI-ARIA tabs: arrow keys move between tabs, Tab moves into the panel. */}
      <div
        role="tablist"
        aria-label={t("accountUi.login.tabs")}
        className="flex border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {order.map((name, index) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`login-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`login-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`-mb-px flex-1 border-b-2 px-3 py-2 text-sm font-semibold ${
              tab === name
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-700 hover:text-slate-900"
            }`}
          >
            {t(name === "password" ? "accountUi.login.tabPassword" : "accountUi.login.tabCode")}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`} className="pt-6">
        {tab === "password" ? <PasswordLoginForm mode={mode} /> : <CodeLoginForm mode={mode} />}
      </div>
      <SocialLogin mode={mode} />
    </div>
  );
}

/** `here`: the panel is a dialog over a page, which registering or a reset password comes back to. */
function AccountLinks({ here = false }: { here?: boolean }) {
  const { t, href } = useI18n();
  const { registerEnabled } = useRootData();
  const pageFrom = usePageFromQuery(here);
  return (
    <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
      <Link className={linkClass} to={href(`/logins/forget-password${pageFrom}`)}>
        {t("accountUi.forgot")}
      </Link>
      {registerEnabled && (
        <span className="text-slate-700">
          {t("accountUi.noAccount")}{" "}
          <Link className={linkClass} to={href(`/register${pageFrom}`)}>
            {t("accountUi.toRegister")}
          </Link>
        </span>
      )}
    </p>
  );
}

export function PasswordLoginForm({ mode }: { mode: LoginMode }) {
  const { t } = useI18n();
  const api = useApi();
  const complete = useCompleteLogin();
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const closeCaptcha = useCallback(() => setCaptchaOpen(false), []);
  /** What was last submitted: the captcha dialog signs in with it again. */
  const submitted = useRef<PasswordLogin | null>(null);

  /**
   * Signs in; `proof` is an image captcha, which the server asks for once the account has had too many wrong
   * passwords (ADR 0187): that answer opens the captcha dialog instead of failing the form. Resolves an error
   * text when the captcha was wrong (the dialog stays open with a fresh image), else null; any other failure is
   * thrown for the form to show.
   */
  const logIn = async (login: PasswordLogin, proof?: CaptchaAnswer): Promise<string | null> => {
    let captchaRetry: string | null = null;
    let captchaNeeded = false;
    const onFailed = (error: HttpError) => {
      if (error.code === "captcha.required") captchaNeeded = true;
      else if (proof && error.code === "captcha.invalid")
        captchaRetry = error.message || t("captcha.invalid");
      else notify.toast(error.message || t("account.loginFailed"));
    };
    try {
      const answer = await api.post<LoginAnswer>(
        "/o2cum/v1/pub/customer/login",
        {
          account: login.account.trim(),
          internationalTelCode: isPhoneAccount(login.account) ? login.internationalTelCode : undefined,
          password: await encryptPassword(api, login.password),
          ...proof,
        },
        { autoLogin: false, onFailed },
      );
      setCaptchaOpen(false);
      await complete(answer, mode);
      return null;
    } catch (error) {
      if (captchaNeeded) {
        setCaptchaOpen(true);
        return null;
      }
      if (captchaRetry) return captchaRetry;
      setCaptchaOpen(false);
      throw error;
    }
  };

  /** The dialog's answer: a failure other than a wrong captcha was already shown as a toast by onFailed. */
  const logInWithCaptcha = (proof: CaptchaAnswer) =>
    submitted.current ? logIn(submitted.current, proof).catch(() => null) : Promise.resolve(null);

  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: passwordLoginSchema,
    submit: async (value) => {
      submitted.current = value;
      await logIn(value);
    },
    fieldErrorsOf: (error) => {
      const fields = apiFieldErrors(error);
      if (fields.password === "account.passwordUnreadable") forgetPublicKey();
      return fields;
    },
  });

  return (
    <>
      <form {...formProps} className="space-y-4">
        <Field
          id="login-account"
          name="account"
          label={t("accountUi.field.account")}
          autoComplete="username"
          maxLength={254}
          error={shown.account}
        />
        {isPhoneAccount(typed.account ?? "") && (
          <AreaCodeSelect id="login-area" error={shown.internationalTelCode} />
        )}
        <PasswordField
          id="login-password"
          label={t("accountUi.field.password")}
          autoComplete="current-password"
          error={shown.password}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.submit.login")}
        </button>
        <AccountLinks here={mode.stay} />
      </form>
      <CaptchaDialog open={captchaOpen} onClose={closeCaptcha} onAnswer={logInWithCaptcha} />
    </>
  );
}

/**
 * Sign-in or sign-up by code (issue 30, ADR 0320): the code signs in the address's account or, when there is none,
 * creates one without a password. The button's own words accept the terms, with links to them.
 */
export function CodeLoginForm({ mode }: { mode: LoginMode }) {
  const { t, href, locale, currency } = useI18n();
  const api = useApi();
  const complete = useCompleteLogin();
  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: codeFormSchema(),
    submit: async (value) => {
      const answer = await api.post<LoginAnswer>(
        "/o2cum/v1/pub/customer/login-by-code",
        {
          ...contactPayload(value),
          captcha: value.captcha,
          captchaKey: sender.codeKey,
          protocolAgreed: true,
          defaultLanguage: locale,
          preferenceCurrency: currency.currencyCode,
        },
        // The refusal is shown on the code field instead of a toast.
        { autoLogin: false, onFailed: () => undefined },
      );
      await complete(answer, mode);
    },
    // spec 8: a refused code says the server's message, or 验证码错误, on the code field.
    fieldErrorsOf: (error): FieldErrors =>
      error instanceof HttpError && error.kind === "failed"
        ? { captcha: error.message || t("account.codeInvalid") }
        : {},
  });

  const sender = useCodeSender("LOGIN", contactTarget(typed));

  return (
    <>
      <form {...formProps} className="space-y-4" aria-describedby="code-login-hint">
        <p id="code-login-hint" className="text-sm text-slate-700">
          {t("accountUi.codeLogin.hint")}
        </p>
        <ContactFields kind={contactKind(typed)} legend={t("accountUi.field.account")} errors={shown} />
        <CodeField
          id="code-login-code"
          label={t("accountUi.field.code")}
          error={shown.captcha ?? shown.protocolAgreed}
          addon={sender.button}
        />
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={busy}
          aria-describedby="code-login-terms"
        >
          {busy ? t("accountUi.busy") : t("accountUi.codeLogin.continue")}
        </button>
        <p id="code-login-terms" className="text-sm text-slate-700">
          {t("accountUi.codeLogin.agreeBefore")}{" "}
          <Link className={linkClass} to={href("/pageHtml?type=tacCondition")} target="_blank">
            {t("accountUi.agree.terms")}
          </Link>{" "}
          {t("accountUi.codeLogin.agreeAnd")}{" "}
          <Link className={linkClass} to={href("/pageHtml?type=privacyPolicy")} target="_blank">
            {t("accountUi.agree.privacy")}
          </Link>
          {t("accountUi.codeLogin.agreeAfter")}
        </p>
        <AccountLinks here={mode.stay} />
      </form>
      {sender.dialog}
    </>
  );
}
