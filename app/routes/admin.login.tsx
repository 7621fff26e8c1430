import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useActionData } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/admin/console-contract.ts";
import { obfuscateDigits } from "../features/account/captcha-digits.ts";
import {
  answerResult,
  callConsole,
  cookieHeaders,
  currentOperator,
  formProblem,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { SignedOutFrame } from "../features/admin/SignedOutFrame.tsx";
import { ActionNote, buttonClass, Field } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.login";

export async function loader(args: Route.LoaderArgs) {
  if (await currentOperator(args)) throw redirect("/admin");
  return null;
}

/** Whether the password step's answer asks for (another) image captcha: its code is one of the captcha codes. */
const asksForCaptcha = (code: string) => code.startsWith("captcha.");

/**
 * The sign-in form: the password step's body, with the captcha's digits as typed (anything but digits dropped) and
 * the image's obfuscation key, which the action applies before sending them (ADR 0312).
 */
const SignInForm = api.SignInBody.extend({
  captcha: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\D/g, "") || undefined : value),
    api.SignInBody.shape.captcha,
  ),
  obfuscationKey: z.string().max(200).optional(),
});

// Step one of signing in (ADR 0221): e-mail and password; the TOTP step follows. ADR 0312: when the API asks for
// an image captcha, the page shows one and sends its digits (obfuscated with the image's key) with the password.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const submission = parseWithZod(form, { schema: SignInForm });
  const typed = submission.payload.email;
  const email = typeof typed === "string" ? typed.trim() : "";
  if (submission.status !== "success") return { ...(await formProblem(args, "login", submission)), email };
  const { captcha, captchaKey, obfuscationKey, ...credentials } = submission.value;
  const answer = await callConsole(args, api.signIn, {
    body: {
      ...credentials,
      ...(captchaKey && captcha
        ? { captchaKey, captcha: obfuscateDigits(captcha, obfuscationKey ?? "") }
        : {}),
    },
  });
  if (answer.ok) throw redirect("/admin/login/totp", { headers: cookieHeaders(answer) });
  const refused = { ...answerResult("login", answer), email };
  if (!asksForCaptcha(answer.code)) return refused;
  const generated = await callConsole(args, api.signInCaptcha, {});
  if (!generated.ok) return answerResult("login", generated);
  const { captchaKey: key, obfuscationKey: imageKey, image } = generated.value;
  return { ...refused, captcha: { captchaKey: key, obfuscationKey: imageKey, image } };
}

export default function ConsoleSignIn() {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const email = result && "email" in result ? result.email : undefined;
  const captcha = result && "captcha" in result ? result.captcha : undefined;
  return (
    <SignedOutFrame title={t("console.signIn.title")}>
      <ActionNote result={result} />
      <Form method="post" noValidate={false}>
        <Field
          label={t("console.signIn.email")}
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={email}
          required
        />
        <Field
          label={t("console.signIn.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        {captcha && (
          <div key={captcha.captchaKey}>
            <p className="mb-2 text-sm text-slate-700">{t("console.signIn.captchaHint")}</p>
            <img
              src={captcha.image}
              alt={t("console.signIn.captchaImage")}
              width={120}
              height={40}
              className="mb-2 rounded border border-slate-300"
            />
            <input type="hidden" name="captchaKey" value={captcha.captchaKey} />
            <input type="hidden" name="obfuscationKey" value={captcha.obfuscationKey} />
            <Field
              label={t("console.signIn.captcha")}
              name="captcha"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{4,8}"
              maxLength={8}
              required
            />
          </div>
        )}
        <button type="submit" className={buttonClass}>
          {t("console.signIn.submit")}
        </button>
      </Form>
    </SignedOutFrame>
  );
}
