import { useId } from "react";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { linkClass } from "./form.ts";

/**
 * The protocol agreement (spec 2 /register, /bind): the terms and privacy pages are /pageHtml (spec 2).
 * The box is uncontrolled: the account form reads it from the FormData and checks it again on every input (ADR 0319),
 * and a controlled box would be re-rendered from stale state during that check.
 */
export function ProtocolAgreement({ error }: { error?: string }) {
  const { t, href } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-2 text-sm text-slate-800">
        <input
          id={id}
          name="protocolAgreed"
          type="checkbox"
          className="mt-1"
          defaultChecked={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          <label htmlFor={id}>{t("accountUi.agree.before")}</label>{" "}
          <Link className={linkClass} to={href("/pageHtml?type=tacCondition")} target="_blank">
            {t("accountUi.agree.terms")}
          </Link>{" "}
          {t("accountUi.agree.and")}{" "}
          <Link className={linkClass} to={href("/pageHtml?type=privacyPolicy")} target="_blank">
            {t("accountUi.agree.privacy")}
          </Link>
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
