import CreditCard from "lucide-react/icons/credit-card";
import Headset from "lucide-react/icons/headset";
import Mail from "lucide-react/icons/mail";
import ShieldCheck from "lucide-react/icons/shield-check";
import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/** The support address the legal pages give (db/seed/legal.ts). */
export const SUPPORT_EMAIL = "support@roamly.example";

/**
 * What a shopper weighs where they decide (issue 12, ADR 0263): how to pay, how the eSIM arrives, the refund
 * promise with its policy, and who to ask. Shown on the product page and at checkout.
 */
export function TrustPanel({ className = "" }: { className?: string }) {
  const { t, href } = useI18n();
  const row = "flex items-start gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-brand-700";
  return (
    <section
      aria-labelledby="trust-title"
      className={`rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-800 ${className}`}
      data-trust
    >
      <h2 id="trust-title" className="text-base font-semibold text-slate-900">
        {t("discovery.trust.title")}
      </h2>
      <ul className="mt-3 space-y-3">
        <li className={row} data-trust-item="payment">
          <CreditCard aria-hidden="true" className={icon} />
          <span>{t("discovery.trust.payment")}</span>
        </li>
        <li className={row} data-trust-item="delivery">
          <Mail aria-hidden="true" className={icon} />
          <span>{t("discovery.trust.delivery")}</span>
        </li>
        <li className={row} data-trust-item="refund">
          <ShieldCheck aria-hidden="true" className={icon} />
          <span>
            {t("discovery.trust.refund")}{" "}
            <Link
              to={href("/pageHtml?htmlType=refundPolicy")}
              className="font-medium text-brand-700 underline"
            >
              {t("discovery.trust.refundLink")}
            </Link>
          </span>
        </li>
        <li className={row} data-trust-item="support">
          <Headset aria-hidden="true" className={icon} />
          <span className="min-w-0 break-words">
            {t("discovery.trust.support")}{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 underline">
              {SUPPORT_EMAIL}
            </a>
            {" · "}
            <Link to={href("/ucenter/help")} className="font-medium text-brand-700 underline">
              {t("discovery.trust.supportLink")}
            </Link>
          </span>
        </li>
      </ul>
    </section>
  );
}
