import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/ui/Modal.tsx";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { useAccountForm } from "./account-form.ts";
import { obfuscateDigits } from "./captcha-digits.ts";
import { keepOnly } from "./Field.tsx";
import { type FieldErrors, inputClass, primaryButtonClass, secondaryButtonClass } from "./form.ts";
import { captchaAnswerFormSchema } from "./schemas.ts";

export interface CaptchaAnswer {
  captchaKey: string;
  /** Obfuscated digits (spec 5). */
  captcha: string;
}

interface GeneratedCaptcha {
  captchaKey: string;
  image: string;
  obfuscationKey: string;
}

export interface CaptchaDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Spends the answer (a code send). Resolves null when done (the dialog closes), or an error text when the
   * captcha was wrong: spec 8 keeps the dialog open with a fresh image.
   */
  onAnswer: (answer: CaptchaAnswer) => Promise<string | null>;
}

/** The answer the server refused, with its message (or 验证码错误). */
class CaptchaRefused extends Error {}

const digitsOnly = keepOnly(/\D/g);

/** spec 2, 7: the image captcha shown before a code is sent (POST /o2user/v1/pub/captcha/generate-image). */
export function CaptchaDialog({ open, onClose, onAnswer }: CaptchaDialogProps) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  // The form is made afresh each time the dialog opens (the modal renders nothing while closed): a new image, an
  // empty answer and no message left from before.
  return (
    <Modal open={open} onClose={onClose} title={t("accountUi.captcha.title")} initialFocus={input}>
      <CaptchaForm input={input} onClose={onClose} onAnswer={onAnswer} />
    </Modal>
  );
}

function CaptchaForm({
  input,
  onClose,
  onAnswer,
}: Omit<CaptchaDialogProps, "open"> & { input: React.RefObject<HTMLInputElement | null> }) {
  const { t } = useI18n();
  const api = useApi();
  // The image shown (loaded data, not a field's value).
  const [captcha, setCaptcha] = useState<GeneratedCaptcha | null>(null);
  const id = useId();

  const refresh = useCallback(async () => {
    if (input.current) input.current.value = "";
    try {
      setCaptcha(await api.post<GeneratedCaptcha>("/o2user/v1/pub/captcha/generate-image"));
    } catch {
      onClose();
    }
  }, [api, onClose, input]);

  const {
    formProps,
    errors: shown,
    busy,
  } = useAccountForm({
    schema: captchaAnswerFormSchema(),
    toastInvalid: false,
    submit: async (value) => {
      if (!captcha) return;
      const problem = await onAnswer({
        captchaKey: captcha.captchaKey,
        captcha: obfuscateDigits(value.captcha, captcha.obfuscationKey),
      });
      if (problem) {
        // spec 8: a wrong captcha says so beside the field, with a fresh image.
        await refresh();
        throw new CaptchaRefused(problem);
      }
    },
    fieldErrorsOf: (error): FieldErrors =>
      error instanceof CaptchaRefused ? { captcha: error.message } : {},
  });
  const error = shown.captcha;

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const errorId = `${id}-error`;
  return (
    <form {...formProps} className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">{t("accountUi.captcha.hint")}</p>
      <div className="flex items-center gap-3">
        {captcha ? (
          <img
            src={captcha.image}
            alt={t("accountUi.captcha.image")}
            width={120}
            height={40}
            className="h-10 w-[120px] rounded border border-slate-300 bg-white"
          />
        ) : (
          <span className="inline-block h-10 w-[120px] rounded bg-slate-100" aria-hidden="true" />
        )}
        <button type="button" className={secondaryButtonClass} onClick={() => void refresh()}>
          {t("accountUi.captcha.refresh")}
        </button>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-digits`} className="block text-sm font-medium text-slate-800">
          {t("accountUi.field.captcha")}
        </label>
        <input
          ref={input}
          id={`${id}-digits`}
          name="captcha"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          onInput={digitsOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-3">
        <button type="button" className={`${secondaryButtonClass} flex-1`} onClick={onClose}>
          {t("common.cancel")}
        </button>
        <button type="submit" className={`${primaryButtonClass} flex-1`} disabled={busy || !captcha}>
          {t("common.confirm")}
        </button>
      </div>
    </form>
  );
}
