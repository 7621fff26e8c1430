import { Form, redirect, useActionData } from "react-router";
import {
  actionResult,
  callConsole,
  currentOperator,
  field,
  rawField,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { SignedOutFrame } from "../features/admin/SignedOutFrame.tsx";
import { ActionNote, buttonClass, Field } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.login";

export async function loader(args: Route.LoaderArgs) {
  if (await currentOperator(args)) throw redirect("/admin");
  return null;
}

// Step one of signing in (ADR 0221): e-mail and password; the TOTP step follows.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const result = await callConsole(args, {
    method: "POST",
    path: "/o2adm/v1/auth/login",
    body: { email: field(form, "email"), password: rawField(form, "password") },
  });
  if (result.status === 200) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("set-cookie", cookie);
    throw redirect("/admin/login/totp", { headers });
  }
  return actionResult("login", result);
}

export default function ConsoleSignIn() {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  return (
    <SignedOutFrame title={t("console.signIn.title")}>
      <ActionNote result={result} />
      <Form method="post" noValidate={false}>
        <Field label={t("console.signIn.email")} name="email" type="email" autoComplete="username" required />
        <Field
          label={t("console.signIn.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className={buttonClass}>
          {t("console.signIn.submit")}
        </button>
      </Form>
    </SignedOutFrame>
  );
}
