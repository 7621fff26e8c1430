import { z } from "zod";

/**
 * The store's refund policy as data (issue 29, ADR 0337): the operator edits it in the console, the refund policy
 * page renders from it, and the one refund flow (server/flows/refund-order.ts, ADR 0336) applies it.
 */
function refundPolicySchema<F extends z.ZodType<boolean, boolean | undefined>>(flag: F) {
  return z.object({
    /** Days after payment within which a shopper cancels an eSIM never installed nor used, for a full refund. */
    cancelWindowDays: z.coerce.number().int().min(0).max(365),
    /** Days after payment within which a shopper may ask for a refund with a reason (0: never). */
    requestWindowDays: z.coerce.number().int().min(0).max(365),
    /** Whether an installed eSIM may be refunded at all. */
    installedRefundable: flag,
    /** The most of its data an eSIM may have used and still be refunded in full, in percent. */
    maxUsedPercent: z.coerce.number().int().min(0).max(100),
    allowCard: flag,
    allowCredit: flag,
    /** What the shopper is told a card refund takes, in days. */
    cardRefundDays: z.coerce.number().int().min(1).max(60),
  });
}

/** The refund policy as the console API takes it (PUT /o2adm/v1/refund-policy). */
export const RefundPolicySchema = refundPolicySchema(z.boolean());
/**
 * The same policy as the console's form sends it (Conform, ADR 0358): the transport differs only in that an
 * unticked box sends nothing, which means no.
 */
export const RefundPolicyFormSchema = refundPolicySchema(z.boolean().default(false));
export type RefundPolicy = z.infer<typeof RefundPolicySchema>;

/** ADR 0337: the anchors' common ground (Saily's 30 days and 1 %, Airalo's 7-10 days for a card refund). */
export const DEFAULT_REFUND_POLICY: RefundPolicy = {
  cancelWindowDays: 30,
  requestWindowDays: 30,
  installedRefundable: true,
  maxUsedPercent: 1,
  allowCard: true,
  allowCredit: true,
  cardRefundDays: 10,
};

/** What the policy looks at of one eSIM (or top-up package) an order paid for. */
export interface RefundEsimFacts {
  installed: boolean;
  used: boolean;
  usedPercent: number;
  cancelled: boolean;
}

export type RefundBlock =
  | "notPaid"
  | "nothingLeft"
  | "notDelivered"
  | "windowOver"
  | "installed"
  | "usedTooMuch"
  | "requestOpen"
  | "noDestination";

export interface RefundOptions {
  /** Cancel an eSIM never installed nor used, for a full refund, at once. */
  cancel: { allowed: boolean; block: RefundBlock | null; until: string | null };
  /** Ask for a refund with a reason; an operator decides. */
  request: { allowed: boolean; block: RefundBlock | null; until: string | null };
  destinations: ("CARD" | "CREDIT")[];
  cardRefundDays: number;
}

const DAY_MS = 86_400_000;

/**
 * What a shopper may do now on a paid order (ADR 0337). Pure: the flow and the pages read the same answer.
 * `left` is what is still refundable (order currency); `full` whether nothing was refunded yet.
 */
export function refundOptions(
  policy: RefundPolicy,
  order: { status: string; paidAt: Date | null; total: number; paymentProvider: string | null },
  esims: RefundEsimFacts[],
  state: { full: boolean; left: number; openRequest: boolean },
  now: Date,
): RefundOptions {
  const destinations: ("CARD" | "CREDIT")[] = [];
  if (policy.allowCard && order.total > 0 && order.paymentProvider) destinations.push("CARD");
  if (policy.allowCredit) destinations.push("CREDIT");
  const paidAt = order.paidAt;
  const until = (days: number) => (paidAt ? new Date(paidAt.getTime() + days * DAY_MS) : null);
  const cancelUntil = until(policy.cancelWindowDays);
  const requestUntil = until(policy.requestWindowDays);

  const refunded = ["REFUNDING", "REFUNDED"].includes(order.status);
  function cancelBlock(): RefundBlock | null {
    if (refunded) return "nothingLeft";
    if (!paidAt || !["PAID", "FULFILLING", "COMPLETED"].includes(order.status)) return "notPaid";
    if (!state.full || state.left <= 0) return "nothingLeft";
    if (order.status !== "COMPLETED" || esims.length === 0) return "notDelivered";
    if (!cancelUntil || now > cancelUntil) return "windowOver";
    if (esims.some((e) => e.cancelled)) return "nothingLeft";
    if (esims.some((e) => e.installed || e.used)) return "installed";
    if (destinations.length === 0) return "noDestination";
    return null;
  }
  function requestBlock(): RefundBlock | null {
    if (refunded) return "nothingLeft";
    if (!paidAt || !["PAID", "FULFILLING", "COMPLETED"].includes(order.status)) return "notPaid";
    if (state.left <= 0) return "nothingLeft";
    if (state.openRequest) return "requestOpen";
    if (policy.requestWindowDays === 0 || !requestUntil || now > requestUntil) return "windowOver";
    const block = installedBlock(policy, esims);
    if (block) return block;
    if (destinations.length === 0) return "noDestination";
    return null;
  }
  const c = cancelBlock();
  const r = requestBlock();
  return {
    cancel: { allowed: c === null, block: c, until: cancelUntil?.toISOString() ?? null },
    request: { allowed: r === null, block: r, until: requestUntil?.toISOString() ?? null },
    destinations,
    cardRefundDays: policy.cardRefundDays,
  };
}

/**
 * Whether the policy lets an installed or used eSIM be refunded in full (whoever asks, an operator included):
 * null when it does, else why not.
 */
export function installedBlock(policy: RefundPolicy, esims: RefundEsimFacts[]): RefundBlock | null {
  const touched = esims.filter((e) => !e.cancelled && (e.installed || e.used));
  if (touched.length === 0) return null;
  if (!policy.installedRefundable) return "installed";
  if (touched.some((e) => e.usedPercent > policy.maxUsedPercent)) return "usedTooMuch";
  return null;
}
