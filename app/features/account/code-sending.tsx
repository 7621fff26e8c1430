import { useCallback, useState } from "react";
import { FORM_DEBOUNCE_MS } from "../../../core/constants.ts";
import { isEmail } from "../../../core/validation.ts";
import { useApi } from "../../lib/api.ts";
import type { HttpError } from "../../lib/http/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { notify } from "../../lib/notify.ts";
import { useDebounced } from "../../lib/use-delayed.ts";
import { type CaptchaAnswer, CaptchaDialog } from "./CaptchaDialog.tsx";
import { codeInterval, useCountdown } from "./countdown.ts";
import { secondaryButtonClass } from "./form.ts";

export type CodeScope = "REGISTER" | "LOGIN" | "RESET_PASSWORD" | "DELETE_ACCOUNT";
export type CodeTarget =
  | { kind: "email"; email: string }
  | { kind: "phone"; phone: string; internationalTelCode: string };

/**
 * spec 8: cmicum_aliyun_valid_captcha_error keeps the captcha open, other errors close it. Our API names a wrong
 * or spent image captcha captcha.invalid / captcha.required (ADR 0064); they count as the same case (ADR 0091).
 */
export const CAPTCHA_RETRY_CODES: ReadonlySet<string> = new Set([
  "cmicum_aliyun_valid_captcha_error",
  "captcha.invalid",
  "captcha.required",
]);

/** spec 5: e-mail sending is disabled when empty or malformed, phone sending when empty. */
export function canSendTo(target: CodeTarget): boolean {
  return target.kind === "email" ? isEmail(target.email.trim()) : target.phone.trim() !== "";
}

/**
 * Sends a verification code (spec 4, 5, 7): the send call, with an image captcha only when the server asks for
 * one (ADR 0321); on success the countdown starts at the returned interval. Returns the send button and the dialog, and the code's captchaKey.
 */
export function useCodeSender(scope: CodeScope, target: CodeTarget) {
  const { t, locale } = useI18n();
  const api = useApi();
  const { remaining, start } = useCountdown();
  const [open, setOpen] = useState(false);
  const [codeKey, setCodeKey] = useState<string | undefined>(undefined);
  const close = useCallback(() => setOpen(false), []);

  /**
   * Sends the code, with the captcha answer when there is one. ADR 0321: the first send goes without a captcha;
   * when the server asks for one (captcha.required: repeated sends or a wrong code), the dialog opens.
   */
  const send = async (answer?: CaptchaAnswer): Promise<string | null> => {
    let retry: string | null = null;
    let captchaNeeded = false;
    const onFailed = (error: HttpError) => {
      // spec 8: captcha failed shows the message or 验证码错误 and stays open; other failures close it.
      if (!answer && error.code === "captcha.required") captchaNeeded = true;
      else if (CAPTCHA_RETRY_CODES.has(error.code)) retry = error.message || t("account.codeInvalid");
      else notify.toast(error.message || t("account.sendCodeFailed"));
    };
    try {
      const proof = { ...(answer ?? {}), userType: "C", lang: locale };
      const result =
        scope === "RESET_PASSWORD" && target.kind === "email"
          ? await api.get<{ captchaKey?: string; interval?: number }>(
              "/o2user/v1/pub/hzero/users/find-password-email/send-captcha",
              { email: target.email.trim(), ...proof },
              { onFailed },
            )
          : await api.post<{ captchaKey?: string; interval?: number; message?: string }>(
              target.kind === "email"
                ? "/o2user/v1/pub/send-email-captcha-always"
                : "/o2user/v1/pub/send-phone-captcha-always",
              target.kind === "email"
                ? { email: target.email.trim(), businessScope: scope, ...proof }
                : {
                    phone: target.phone.trim(),
                    internationalTelCode: target.internationalTelCode,
                    businessScope: scope,
                    ...proof,
                  },
              { onFailed },
            );
      setCodeKey(result.captchaKey);
      start(codeInterval(result.interval));
      notify.toast(t("account.codeSent"));
      setOpen(false);
      return null;
    } catch {
      if (captchaNeeded) {
        setOpen(true);
        return null;
      }
      if (retry) return retry;
      setOpen(false);
      return null;
    }
  };
  const [sending, setSending] = useState(false);

  // spec 9 form debounce: the button follows the typed address 150 ms after the last keystroke.
  const sendable = useDebounced(canSendTo(target), FORM_DEBOUNCE_MS);
  const disabled = remaining > 0 || sending || !sendable || !canSendTo(target);
  const button = (
    <button
      type="button"
      className={`${secondaryButtonClass} shrink-0 whitespace-nowrap`}
      disabled={disabled}
      onClick={() => {
        setSending(true);
        void send().finally(() => setSending(false));
      }}
    >
      {remaining > 0 ? t("accountUi.code.wait", { seconds: remaining }) : t("accountUi.code.send")}
    </button>
  );
  const dialog = <CaptchaDialog open={open} onClose={close} onAnswer={send} />;
  return { button, dialog, codeKey, remaining };
}
