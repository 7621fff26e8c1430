import { useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Field } from "./Field.tsx";
import { type PasswordRule, passwordRuleStates } from "./password-rules.ts";

interface PasswordFieldProps {
  id: string;
  label: string;
  /** What is typed so far (the form's value, not the input's state): the rule list follows it. */
  typed?: string;
  error?: string;
  /** New passwords show the spec 5 rule with live feedback; a login password does not. */
  showRules?: boolean;
  autoComplete: "current-password" | "new-password";
}

const RULES: PasswordRule[] = ["length", "letter", "digit", "special"];

export function PasswordField({ id, label, typed = "", error, showRules, autoComplete }: PasswordFieldProps) {
  const { t } = useI18n();
  // Real UI state: whether the password is shown.
  const [visible, setVisible] = useState(false);
  const states = passwordRuleStates(typed);
  const rules = showRules ? (
    <>
      <span className="sr-only">{t("accountUi.password.rules")}</span>
      <ul className="mt-1 grid gap-0.5 sm:grid-cols-2">
        {RULES.map((rule) => (
          <li key={rule} className={states[rule] ? "text-green-800" : "text-slate-700"}>
            <span aria-hidden="true">{states[rule] ? "✓ " : "○ "}</span>
            {t(`accountUi.password.${rule}`)}
            <span className="sr-only">
              {" "}
              ({states[rule] ? t("accountUi.password.met") : t("accountUi.password.unmet")})
            </span>
          </li>
        ))}
      </ul>
    </>
  ) : undefined;
  return (
    <div>
      <Field
        id={id}
        name="password"
        label={label}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        maxLength={64}
        error={error}
        hint={rules}
      />
      <label className="mt-1 inline-flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        {t("accountUi.password.show")}
      </label>
    </div>
  );
}
