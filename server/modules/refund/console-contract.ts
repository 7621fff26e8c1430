import { z } from "zod";
import { OrderCodeParam } from "../../../core/ids.ts";
import { RefundPolicyFormSchema } from "../../../core/refund-policy.ts";
import { consoleContract } from "../admin/contract.ts";

// The console's refund endpoints as contracts (issue 33 item 1, ADR 0407): the refund screen's summary, the refund
// policy the operator edits, and the queue of shoppers' refund requests (issue 29, ADRs 0336-0338, 0357). The
// refund itself stays `POST /orders/:code/refunds` (the support endpoints), which runs the same flow.

const Destination = z.enum(["CARD", "CREDIT"]);
const RequestParam = z.object({ id: z.uuid() });

/** One eSIM (or top-up package) of an order as the refund flow sees it: its state, install and usage. */
const RefundEsim = z.object({
  esimId: z.string(),
  iccid: z.string(),
  supplier: z.string(),
  topUp: z.boolean(),
  esimState: z.string(),
  packageState: z.string(),
  installed: z.boolean(),
  used: z.boolean(),
  dataUsedMb: z.number(),
  dataTotalMb: z.number().nullable(),
  usedPercent: z.number(),
  usageAt: z.string().nullable(),
});

/** A refund as the console reads it (amounts in the order currency's minor units). */
export const RefundView = z.object({
  id: z.string(),
  amount: z.number(),
  currencyCode: z.string(),
  destination: Destination,
  status: z.string(),
  reason: z.string(),
  creditMinor: z.number().nullable(),
  creditPart: z.number(),
  cardPart: z.number(),
  attempts: z.number(),
  failureCode: z.string().nullable(),
  starter: z.string(),
  createdAt: z.string(),
});

/** The refund screen (issue 29 item 3): what a refund of this order would do before the operator confirms. */
export const RefundSummary = z.object({
  left: z.number(),
  currencyCode: z.string(),
  esims: z.array(RefundEsim),
  esimAction: z.enum(["CANCEL", "WITHDRAW_USED", "NONE"]),
  fullAllowed: z.boolean(),
  /** Why the policy does not allow a full refund of eSIMs already on a phone or used. */
  block: z.enum(["installed", "usedTooMuch"]).nullable(),
  destinations: z.array(Destination),
  cardRefundDays: z.number(),
  maxUsedPercent: z.number(),
  notify: z.string(),
});
export type RefundSummary = z.infer<typeof RefundSummary>;

export const refundSummary = consoleContract({
  method: "GET",
  path: "/orders/:code/refund-summary",
  permission: "orders.read",
  params: OrderCodeParam,
  response: RefundSummary,
});

/** The policy with when it was last saved (null: the defaults, never saved). */
const SavedPolicy = z.object({
  cancelWindowDays: z.number(),
  requestWindowDays: z.number(),
  installedRefundable: z.boolean(),
  maxUsedPercent: z.number(),
  allowCard: z.boolean(),
  allowCredit: z.boolean(),
  cardRefundDays: z.number(),
  updatedAt: z.string().nullable(),
});

export const getRefundPolicy = consoleContract({
  method: "GET",
  path: "/refund-policy",
  permission: "orders.read",
  response: SavedPolicy,
});

/**
 * The policy as the form sends it and as JSON (ADR 0358): an unticked box sends nothing, which means no, so the
 * form's schema is the API's.
 */
export const RefundPolicyBody = RefundPolicyFormSchema;

export const saveRefundPolicy = consoleContract({
  method: "PUT",
  path: "/refund-policy",
  permission: "refunds.policy",
  body: RefundPolicyBody,
  response: SavedPolicy,
});

/** One waiting request (ADR 0357): the order, what is left, the eSIMs' install and usage state. */
export const QueuedRequest = z.object({
  id: z.string(),
  reason: z.string(),
  destination: Destination,
  hasScreenshot: z.boolean(),
  createdAt: z.string(),
  order: z.object({
    code: z.string(),
    status: z.string(),
    total: z.number(),
    currencyCode: z.string(),
    paidAt: z.string().nullable(),
    contactEmail: z.string(),
    planTitle: z.string(),
  }),
  left: z.number(),
  esims: z.array(RefundEsim),
});
export type QueuedRequest = z.infer<typeof QueuedRequest>;

export const listRefundRequests = consoleContract({
  method: "GET",
  path: "/refund-requests",
  permission: "orders.read",
  response: z.object({ requests: z.array(QueuedRequest) }),
});

/**
 * The shopper's screenshot beside their request (ADR 0357): an image, not JSON, which the queue shows by its URL
 * (`contractPath`); the route answers the bytes, so its response schema says nothing.
 */
export const refundScreenshot = consoleContract({
  method: "GET",
  path: "/refund-requests/:id/screenshot",
  permission: "orders.read",
  params: RequestParam,
  response: z.unknown(),
});

export const approveRefundRequest = consoleContract({
  method: "POST",
  path: "/refund-requests/:id/approve",
  permission: "refunds.create",
  params: RequestParam,
  response: z.object({ refund: RefundView, replayed: z.boolean() }),
});

/** The reason the shopper is told, as typed in the queue's form. */
export const DeclineBody = z.object({
  reason: z.string().trim().min(3, "validation.tooShort").max(500, "validation.tooLong"),
});

export const declineRefundRequest = consoleContract({
  method: "POST",
  path: "/refund-requests/:id/decline",
  permission: "refunds.create",
  params: RequestParam,
  body: DeclineBody,
  response: z.object({ id: z.string(), status: z.string(), decisionReason: z.string().nullable() }),
});
