import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useActionData } from "react-router";
import * as api from "../../server/modules/admin/console-contract.ts";
import {
  answerResult,
  callConsole,
  cookieHeaders,
  currentOperator,
  formProblem,
} from "../features/admin/console.server.ts";
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
  const submission = parseWithZod(await args.request.formData(), { schema: api.CodeBody });
  if (submission.status !== "success") return formProblem(args, "totp", submission);
  const answer = await callConsole(args, api.verifyCode, { body: submission.value });
  if (answer.ok) throw redirect("/admin", { headers: cookieHeaders(answer) });
  return answerResult("totp", answer);
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
