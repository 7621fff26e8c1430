import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/ui/Modal.tsx";
import { useApi } from "../../lib/api.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { obfuscateDigits } from "./captcha-digits.ts";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "./form.ts";

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

/** spec 2, 7: the image captcha shown before a code is sent (POST /o2user/v1/pub/captcha/generate-image). */
export function CaptchaDialog({ open, onClose, onAnswer }: CaptchaDialogProps) {
  const { t } = useI18n();
  const api = useApi();
  const [captcha, setCaptcha] = useState<GeneratedCaptcha | null>(null);
  const [digits, setDigits] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const refresh = useCallback(async () => {
    setDigits("");
    try {
      setCaptcha(await api.post<GeneratedCaptcha>("/o2user/v1/pub/captcha/generate-image"));
    } catch {
      onClose();
    }
  }, [api, onClose]);

  useEffect(() => {
    if (open) {
      setError(null);
      void refresh();
    } else setCaptcha(null);
  }, [open, refresh]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!captcha) return;
    if (!/^\d{4,8}$/.test(digits)) {
      setError(t(digits ? "account.codeInvalid" : "account.field.required"));
      input.current?.focus();
      return;
    }
    setBusy(true);
    const problem = await onAnswer({
      captchaKey: captcha.captchaKey,
      captcha: obfuscateDigits(digits, captcha.obfuscationKey),
    });
    setBusy(false);
    if (problem) {
      setError(problem);
      await refresh();
      input.current?.focus();
    }
  };

  const errorId = `${id}-error`;
  return (
    <Modal open={open} onClose={onClose} title={t("accountUi.captcha.title")} initialFocus={input}>
      <form className="mt-4 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
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
            value={digits}
            onChange={(event) => {
              const next = event.target.value.replace(/\D/g, "");
              setDigits(next);
              // The error goes as soon as the answer is well-formed (issue 30).
              if (/^\d{4,8}$/.test(next)) setError(null);
            }}
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
    </Modal>
  );
}
