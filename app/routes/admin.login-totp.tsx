import { Form, Link, redirect, useActionData } from "react-router";
import { actionResult, callConsole, currentOperator, field } from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { SignedOutFrame } from "../features/admin/SignedOutFrame.tsx";
import { ActionNote, buttonClass, Field, linkClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.login-totp";

export async function loader(args: Route.LoaderArgs) {
  if (await currentOperator(args)) throw redirect("/admin");
  return null;
}

// Step two of signing in (ADR 0221): the authenticator's code; a used code is refused.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const result = await callConsole(args, {
    method: "POST",
    path: "/o2adm/v1/auth/totp",
    body: { code: field(form, "code").replace(/\s+/g, "") },
  });
  if (result.status === 200) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("set-cookie", cookie);
    throw redirect("/admin", { headers });
  }
  return actionResult("totp", result);
}

export default function ConsoleTotp() {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  return (
    <SignedOutFrame title={t("console.totp.title")}>
      <p className="mb-4 text-sm text-slate-800">{t("console.totp.help")}</p>
      <ActionNote result={result} />
      <Form method="post">
        <Field
          label={t("console.totp.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
        <button type="submit" className={buttonClass}>
          {t("console.totp.submit")}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link className={linkClass} to="/admin/login">
          {t("console.totp.restart")}
        </Link>
      </p>
    </SignedOutFrame>
  );
}
