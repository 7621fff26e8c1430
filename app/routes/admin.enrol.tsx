import { parseWithZod } from "@conform-to/zod/v4";
import QRCode from "qrcode";
import { Form, redirect, useActionData } from "react-router";
import * as api from "../../server/modules/admin/console-contract.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  cookieHeaders,
  formProblem,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { SignedOutFrame } from "../features/admin/SignedOutFrame.tsx";
import { ActionNote, buttonClass, Field, roleKey } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.enrol";

// An invited operator's one-time link (ADR 0221): the TOTP secret as a QR code, then a password and a first code.
export async function loader(args: Route.LoaderArgs) {
  const token = consoleParam(args.request, "token");
  const answer = await callConsole(args, api.openEnrolment, { body: { token } });
  if (!answer.ok) return { invitation: null, token: "" };
  const invitation = answer.value;
  const qr = await QRCode.toDataURL(invitation.otpauthUri, { margin: 1, width: 200 });
  return { invitation: { ...invitation, qr }, token };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: api.EnrolmentBody });
  if (submission.status !== "success") return formProblem(args, "enrol", submission);
  const answer = await callConsole(args, api.completeEnrolment, { body: submission.value });
  if (answer.ok) throw redirect("/admin", { headers: cookieHeaders(answer) });
  return answerResult("enrol", answer);
}

export default function ConsoleEnrol({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { invitation, token } = loaderData;
  if (!invitation)
    return (
      <SignedOutFrame title={t("console.enrol.title")}>
        <p role="alert">{t("console.enrol.invalid")}</p>
      </SignedOutFrame>
    );
  return (
    <SignedOutFrame title={t("console.enrol.title")}>
      <p className="mb-4 text-sm">
        {t("console.enrol.welcome", {
          name: invitation.displayName,
          role: t(roleKey(invitation.role)),
          email: invitation.email,
        })}
      </p>
      <p className="mb-2 text-sm">{t("console.enrol.step1")}</p>
      <img src={invitation.qr} alt={t("console.enrol.qrAlt")} width={200} height={200} className="mb-2" />
      <p className="mb-4 text-sm">
        {t("console.enrol.manual")}{" "}
        <code data-testid="totp-secret" className="break-all font-mono">
          {invitation.secret}
        </code>
      </p>
      <p className="mb-3 text-sm">{t("console.enrol.step2")}</p>
      <ActionNote result={result} />
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="username" value={invitation.email} autoComplete="username" />
        <Field
          label={t("console.enrol.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Field
          label={t("console.enrol.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
        <button type="submit" className={buttonClass}>
          {t("console.enrol.submit")}
        </button>
      </Form>
    </SignedOutFrame>
  );
}
