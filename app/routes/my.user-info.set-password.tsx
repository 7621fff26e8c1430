import { Link, useNavigate } from "react-router";
import { appContext } from "../context.ts";
import { AuthCard } from "../features/account/AuthCard.tsx";
import { useAccountForm } from "../features/account/account-form.ts";
import { useCodeSender } from "../features/account/code-sending.tsx";
import { CodeField } from "../features/account/Field.tsx";
import { linkClass, primaryButtonClass } from "../features/account/form.ts";
import { PasswordField } from "../features/account/PasswordField.tsx";
import { encryptPassword } from "../features/account/password-crypto.ts";
import { resetPasswordFormSchema } from "../features/account/schemas.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { useApi } from "../lib/api.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import { notify } from "../lib/notify.ts";
import type { Route } from "./+types/my.user-info.set-password";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.my.setPassword", { noindex: true });
}

/** The signed-in account's own contact: its e-mail, else its phone with the calling code. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const customer = await requirePageCustomer(context.get(appContext), request, url);
  const contact =
    customer.email !== null && customer.email !== ""
      ? { kind: "email" as const, email: customer.email }
      : {
          kind: "phone" as const,
          phone: customer.phone ?? "",
          internationalTelCode: customer.internationalTelCode ?? "",
        };
  return { contact, hasPassword: customer.hasPassword };
}

/**
 * Issue 30 item 1 (ADR 0320): an account made by a code has no password; it sets one here, later, with a code sent
 * to the account's own e-mail or phone (the reset-password use case, so every session ends and the shopper signs
 * in again with the new password). A phone-only account has no other way: the forgotten-password page takes an
 * e-mail only (spec 2).
 */
export default function SetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const { contact } = loaderData;
  const sender = useCodeSender("RESET_PASSWORD", contact);
  const shownContact =
    contact.kind === "email" ? contact.email : `+${contact.internationalTelCode} ${contact.phone}`;
  const contactFields =
    contact.kind === "email"
      ? { email: contact.email }
      : { phone: contact.phone, internationalTelCode: contact.internationalTelCode };
  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: resetPasswordFormSchema(),
    submit: async (value) => {
      const answer = await api.post<{ message?: string }>(
        "/o2cum/v1/pub/customer/reset-password",
        {
          ...contactFields,
          captcha: value.captcha,
          captchaKey: sender.codeKey,
          password: await encryptPassword(api, value.password),
        },
        { autoLogin: false },
      );
      if (answer.message) notify.toast(answer.message);
      await navigate(href(`/login?pageFrom=${encodeURIComponent("/my/userInfo/more-info")}`), {
        replace: true,
      });
    },
  });

  return (
    <AuthCard
      title={t("accountUi.my.setPassword")}
      intro={t("accountUi.setPassword.intro", { contact: shownContact })}
    >
      <form {...formProps} className="space-y-4">
        {contact.kind === "email" ? (
          <input type="hidden" name="email" value={contact.email} />
        ) : (
          <>
            <input type="hidden" name="phone" value={contact.phone} />
            <input type="hidden" name="internationalTelCode" value={contact.internationalTelCode} />
          </>
        )}
        <CodeField
          id="set-password-code"
          label={t("accountUi.field.code")}
          error={shown.captcha}
          addon={sender.button}
        />
        <PasswordField
          id="set-password-password"
          label={t("accountUi.field.newPassword")}
          typed={typed.password}
          autoComplete="new-password"
          showRules
          error={shown.password}
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.my.setPassword")}
        </button>
        <p className="text-sm">
          <Link className={linkClass} to={href("/my/userInfo/more-info")}>
            {t("accountUi.my.moreInfo")}
          </Link>
        </p>
      </form>
      {sender.dialog}
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
