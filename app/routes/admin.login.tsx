import { Form, redirect, useActionData } from "react-router";
import { obfuscateDigits } from "../features/account/captcha-digits.ts";
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

/** The image captcha the password step asks for once an operator's e-mail had failed sign-ins (ADR 0312). */
interface SignInCaptcha {
  captchaKey: string;
  obfuscationKey: string;
  image: string;
}

/** Whether the password step's answer asks for (another) image captcha: its code is one of the captcha codes. */
const asksForCaptcha = (code: unknown) => typeof code === "string" && code.startsWith("captcha.");

// Step one of signing in (ADR 0221): e-mail and password; the TOTP step follows. ADR 0312: when the API asks for
// an image captcha, the page shows one and sends its digits (obfuscated with the image's key) with the password.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const email = field(form, "email");
  const captchaKey = field(form, "captchaKey");
  const digits = field(form, "captcha").replace(/\D/g, "");
  const result = await callConsole(args, {
    method: "POST",
    path: "/o2adm/v1/auth/login",
    body: {
      email,
      password: rawField(form, "password"),
      ...(captchaKey && digits
        ? { captchaKey, captcha: obfuscateDigits(digits, field(form, "obfuscationKey")) }
        : {}),
    },
  });
  if (result.status === 200) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("set-cookie", cookie);
    throw redirect("/admin/login/totp", { headers });
  }
  const answer = { ...actionResult("login", result), email };
  if (!asksForCaptcha(result.body?.code)) return answer;
  const generated = await callConsole(args, { method: "POST", path: "/o2adm/v1/auth/captcha" });
  if (generated.status !== 200) return actionResult("login", generated);
  const { captchaKey: key, obfuscationKey, image } = generated.body as SignInCaptcha;
  return { ...answer, captcha: { captchaKey: key, obfuscationKey, image } satisfies SignInCaptcha };
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
