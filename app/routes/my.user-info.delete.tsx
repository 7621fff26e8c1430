import { useNavigate, useRevalidator } from "react-router";
import { appContext } from "../context.ts";
import { useAccountForm } from "../features/account/account-form.ts";
import { useCodeSender } from "../features/account/code-sending.tsx";
import { CodeField } from "../features/account/Field.tsx";
import { primaryButtonClass } from "../features/account/form.ts";
import { maskEmail, maskPhone } from "../features/account/mask.ts";
import { PasswordField } from "../features/account/PasswordField.tsx";
import { encryptPassword } from "../features/account/password-crypto.ts";
import { deleteAccountFormSchema } from "../features/account/schemas.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { useApi } from "../lib/api.ts";
import { useI18n } from "../lib/i18n.tsx";
import { loginStore } from "../lib/login-store.ts";
import { pageMeta } from "../lib/meta.ts";
import { notify } from "../lib/notify.ts";
import type { Route } from "./+types/my.user-info.delete";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.delete.title", { noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const customer = await requirePageCustomer(context.get(appContext), request, url);
  // The DELETE_ACCOUNT code goes to the account's own contact (ADR 0063); the page needs it to send one.
  return {
    hasPassword: customer.hasPassword,
    email: customer.email,
    phone: customer.phone,
    internationalTelCode: customer.internationalTelCode,
    shownTarget: maskEmail(customer.email) ?? maskPhone(customer.phone, customer.internationalTelCode),
  };
}

type Method = "password" | "code";

const DANGER_BUTTON = primaryButtonClass
  .replace("bg-brand-600", "bg-red-700")
  .replace("hover:bg-brand-700", "hover:bg-red-800");

// spec 2 /my/userInfo/delete (ADR 0063): explain, confirm, re-authenticate (password or code), delete, log out.
export default function DeleteAccountPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const initialMethod: Method = loaderData.hasPassword ? "password" : "code";
  const sender = useCodeSender(
    "DELETE_ACCOUNT",
    loaderData.email
      ? { kind: "email", email: loaderData.email }
      : {
          kind: "phone",
          phone: loaderData.phone ?? "",
          internationalTelCode: loaderData.internationalTelCode ?? "",
        },
  );

  const {
    formProps,
    errors: shown,
    busy,
    typed,
  } = useAccountForm({
    schema: deleteAccountFormSchema(),
    confirm: () => notify.dialog({ title: t("accountUi.delete.confirm") }),
    submit: async (value) => {
      const answer = await api.post<{ message?: string }>(
        "/o2cum/v1/customer/delete-account",
        value.method === "password" && value.password !== undefined
          ? { password: await encryptPassword(api, value.password) }
          : { captcha: value.captcha, captchaKey: sender.codeKey },
      );
      // spec 4: then logged out: the server ended every session and cleared the cookies.
      loginStore().clear();
      notify.toast(answer.message ?? t("account.deleted"));
      await navigate(href("/"), { replace: true });
      await revalidator.revalidate();
    },
  });

  // The method chosen on the form decides which proof it asks for.
  const method: Method =
    typed.method === "password" || typed.method === "code" ? typed.method : initialMethod;
  const consequences = ["c1", "c2", "c3", "c4"] as const;
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">{t("accountUi.delete.title")}</h1>
      <h2 className="mt-6 text-lg font-semibold text-slate-900">{t("accountUi.delete.consequences")}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
        {consequences.map((key) => (
          <li key={key}>{t(`accountUi.delete.${key}`)}</li>
        ))}
      </ul>
      <form {...formProps} className="mt-6 space-y-4">
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              name="understood"
              className="mt-1"
              defaultChecked={false}
              aria-invalid={shown.understood ? true : undefined}
              aria-describedby={shown.understood ? "delete-understood-error" : undefined}
            />
            {t("accountUi.delete.understand")}
          </label>
          {shown.understood && (
            <p id="delete-understood-error" className="mt-1 text-sm text-red-700">
              {shown.understood}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("accountUi.delete.method")}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(loaderData.hasPassword ? (["password", "code"] as const) : (["code"] as const)).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="method" value={value} defaultChecked={initialMethod === value} />
                {t(value === "password" ? "accountUi.delete.byPassword" : "accountUi.delete.byCode")}
              </label>
            ))}
          </div>
        </fieldset>
        {method === "password" ? (
          <PasswordField
            id="delete-password"
            label={t("accountUi.field.password")}
            autoComplete="current-password"
            error={shown.password}
          />
        ) : (
          <CodeField
            id="delete-code"
            label={t("accountUi.field.code")}
            hint={
              loaderData.shownTarget
                ? t("accountUi.delete.codeTo", { target: loaderData.shownTarget })
                : undefined
            }
            error={shown.captcha}
            addon={sender.button}
          />
        )}
        <button type="submit" className={DANGER_BUTTON} disabled={busy}>
          {busy ? t("accountUi.busy") : t("accountUi.submit.delete")}
        </button>
      </form>
      {sender.dialog}
    </section>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
