import { useEffect, useId, useState } from "react";
import {
  acceptTyping,
  checkNumber,
  clampNumber,
  type NumberRules,
  STEPPER_DEFAULTS,
  stepNumber,
  stepperLimits,
} from "../../../core/number-input.ts";
import type { ValidationIssue } from "../../../core/validation.ts";
import { useI18n } from "../../lib/i18n.tsx";

/** spec 5: stepper defaults min 1, max 99, whole numbers; two characters are enough for 99. */
const RULES: NumberRules = { ...STEPPER_DEFAULTS, maxLength: 2 };

/**
 * spec 5 stepper: minus and plus buttons around a number box. Typing is filtered and clamped with spec 5's
 * messages ('不能小于{min}', '不能大于{max}', '输入已达到最大长度' …); the value is committed when it is valid,
 * and on blur the box settles on the clamped value.
 */
export function QuantityStepper({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const messageId = `${id}-message`;
  const [text, setText] = useState(String(value));
  const [issue, setIssue] = useState<ValidationIssue | null>(null);
  useEffect(() => setText(String(value)), [value]);
  const { canDecrease, canIncrease } = stepperLimits(value, RULES);

  function type(raw: string) {
    const typed = acceptTyping(raw, RULES);
    setText(typed.text);
    const problem = typed.issue ?? (typed.value === null ? null : checkNumber(typed.value, RULES));
    setIssue(problem);
    if (typed.value !== null && !checkNumber(typed.value, RULES)) onChange(typed.value);
  }

  function settle() {
    const typed = acceptTyping(text, RULES);
    const next = typed.value === null ? value : clampNumber(typed.value, RULES);
    setText(String(next));
    if (next !== value) onChange(next);
    // A message about a value that was just corrected stays until the shopper types again.
    if (typed.value === null) setIssue(null);
  }

  function step(direction: 1 | -1) {
    setIssue(null);
    onChange(stepNumber(value, direction, RULES));
  }

  const button =
    "flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-xl font-semibold text-slate-900 hover:border-slate-500 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("checkoutUi.quantity")}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <button
          type="button"
          className={button}
          aria-label={t("checkoutUi.decrease")}
          aria-controls={id}
          disabled={disabled || !canDecrease}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          name="quantity"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          disabled={disabled}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? messageId : undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={settle}
          className="h-11 w-16 rounded-lg border border-slate-400 text-center text-lg font-semibold text-slate-900"
        />
        <button
          type="button"
          className={button}
          aria-label={t("checkoutUi.increase")}
          aria-controls={id}
          disabled={disabled || !canIncrease}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={messageId} role="status" className="mt-1 min-h-5 text-sm text-red-700">
        {issue ? t(issue.key, issue.params) : ""}
      </p>
    </div>
  );
}
