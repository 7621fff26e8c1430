import type { RefundPolicy } from "../../../core/refund-policy.ts";
import { refundPolicyTerms } from "../../../core/refund-policy-terms.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";

/**
 * The refund policy page's terms, from the policy the operator edits (issue 29, ADR 0353): the windows, what an
 * installed eSIM may have used, and where the money goes, in the page's language.
 */
export function RefundPolicyTerms({ policy }: { policy: RefundPolicy & { updatedAt: string | null } }) {
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="refund-policy-terms" className="mt-6" data-refund-policy-terms>
      <h2 id="refund-policy-terms" className="text-xl font-semibold text-slate-900">
        {t("refund.policy.heading")}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-800">
        {refundPolicyTerms(policy).map((term) => (
          <li key={term.key}>{t(term.key, term.params)}</li>
        ))}
      </ul>
      {policy.updatedAt && (
        <p className="mt-2 text-sm text-slate-700">
          {t("refund.policy.updated", { date: formatDay(policy.updatedAt, locale) })}
        </p>
      )}
    </section>
  );
}
