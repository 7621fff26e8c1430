import type { InputHTMLAttributes, ReactNode, Ref } from "react";
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
  value: string;
  /** Receives the digits only: anything else typed or pasted is dropped. */
  onChange: (digits: string) => void;
  error?: string;
  hint?: ReactNode;
  /** The send-code button. */
  addon?: ReactNode;
}

/** The 6-digit verification code input every code form shares (numeric keypad, one-time-code autofill). */
export function CodeField({ onChange, ...props }: CodeFieldProps) {
  return (
    <Field
      {...props}
      name="captcha"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ""))}
    />
  );
}
