import type { FormEvent, InputHTMLAttributes, ReactNode, Ref } from "react";
import { inputClass } from "./form.ts";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Rendered next to the input (a send-code button, a show-password toggle). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function Field({ id, label, error, hint, addon, className = "", ref, ...input }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <div id={hintId} className="text-sm text-slate-700">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface CodeFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The send-code button. */
  addon?: ReactNode;
}

/**
 * Drops what `pattern` matches from the input the shopper is typing in, in place: the input keeps its own value
 * (the form reads it from its data, ADR 0419), so the cleaned text is what the form sees.
 */
export function keepOnly(pattern: RegExp) {
  return (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const cleaned = input.value.replace(pattern, "");
    if (cleaned !== input.value) input.value = cleaned;
  };
}

const digitsOnly = keepOnly(/\D/g);

/**
 * The 6-digit verification code input every code form shares (numeric keypad, one-time-code autofill). Anything
 * but digits typed or pasted is dropped.
 */
export function CodeField(props: CodeFieldProps) {
  return (
    <Field
      {...props}
      name="captcha"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onInput={digitsOnly}
    />
  );
}
