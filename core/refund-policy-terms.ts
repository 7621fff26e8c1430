import type { RefundPolicy } from "./refund-policy.ts";

// The refund policy page's sentences (ADR 0353), apart from the policy's rules, so a console page that edits the
// policy does not carry the shopper's message keys.

/** One sentence of the refund policy page, as a message key and its values (issue 29, ADR 0353). */
export interface RefundPolicyTerm {
  key:
    | "refund.policy.cancel"
    | "refund.policy.cancelNever"
    | "refund.policy.request"
    | "refund.policy.requestNever"
    | "refund.policy.installed"
    | "refund.policy.installedUnused"
    | "refund.policy.installedNever"
    | "refund.policy.toBoth"
    | "refund.policy.toCard"
    | "refund.policy.toCredit"
    | "refund.policy.comesBack";
  params?: Record<string, number>;
}

/**
 * What the refund policy page says (ADR 0353): each sentence follows from the operator's policy, so the page
 * promises exactly what the order page then offers and the refund flow allows.
 */
export function refundPolicyTerms(policy: RefundPolicy): RefundPolicyTerm[] {
  const terms: RefundPolicyTerm[] = [
    policy.cancelWindowDays > 0
      ? { key: "refund.policy.cancel", params: { days: policy.cancelWindowDays } }
      : { key: "refund.policy.cancelNever" },
    policy.requestWindowDays > 0
      ? { key: "refund.policy.request", params: { days: policy.requestWindowDays } }
      : { key: "refund.policy.requestNever" },
  ];
  if (!policy.installedRefundable) terms.push({ key: "refund.policy.installedNever" });
  else if (policy.maxUsedPercent === 0) terms.push({ key: "refund.policy.installedUnused" });
  else terms.push({ key: "refund.policy.installed", params: { percent: policy.maxUsedPercent } });
  if (policy.allowCard && policy.allowCredit)
    terms.push({ key: "refund.policy.toBoth", params: { days: policy.cardRefundDays } });
  else if (policy.allowCard)
    terms.push({ key: "refund.policy.toCard", params: { days: policy.cardRefundDays } });
  else if (policy.allowCredit) terms.push({ key: "refund.policy.toCredit" });
  terms.push({ key: "refund.policy.comesBack" });
  return terms;
}
