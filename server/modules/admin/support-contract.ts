import { z } from "zod";
import { BulkActionBody, BulkActionResult } from "../../../core/console-bulk.ts";
import { ConsoleOrderSearch } from "../../../core/console-order-search.ts";
import { CONSOLE_ORDER_FILTERS, ConsoleOrderExport, ConsoleOrderPage } from "../../../core/console-orders.ts";
import { ICCID_PATTERN } from "../../../core/ids.ts";
import { RefundView } from "../refund/console-contract.ts";
import { consoleContract } from "./contract.ts";

// The support and finance side of the console as contracts (issue 33 item 1, ADRs 0407 and 0413): orders (search,
// saved views, export, bulk actions, detail and timeline, e-mail re-sends, notes, refunds), eSIMs, customers (detail,
// notes, credit, password reset, deletion) and the dashboard (issue 16). The order search's query names the shopper's
// `validation.invalid`, so pages import this file only in their loaders and actions, never in browser code.

export const CodeParam = z.object({ code: z.string().trim().min(1).max(32) });
export const IccidParam = z.object({ iccid: z.string().trim().regex(ICCID_PATTERN, "validation.invalid") });
export const CustomerParam = z.object({ id: z.uuid() });
export const IdParam = z.object({ id: z.uuid() });
const Key = z.string().trim().min(8).max(128);
const Reason = z.string().trim().min(3).max(500);
const NoteText = z.string().trim().min(1).max(2000);
/** A note's text, as JSON or as a form's field. */
export const NoteBody = z.object({ body: NoteText });
/** A reason typed by the operator (cancelling an eSIM, deleting an account). */
export const ReasonBody = z.object({ reason: Reason });

// Orders: saved views, search, export, bulk actions.

/** A saved view: a name, and the list's filters as its link carries them (each checked as the list checks it). */
export const SavedViewBody = z.object({
  name: z.string().trim().min(1).max(60),
  filters: z
    .partialRecord(z.enum(CONSOLE_ORDER_FILTERS), z.string().trim().max(254))
    .transform(
      (filters) =>
        Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>,
    )
    .refine((filters) => ConsoleOrderSearch.safeParse(filters).success, "validation.invalid"),
});

export const SavedView = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

export const listOrderViews = consoleContract({
  method: "GET",
  path: "/orders/views",
  permission: "orders.read",
  response: z.object({ views: z.array(SavedView) }),
});

export const saveOrderView = consoleContract({
  method: "PUT",
  path: "/orders/views",
  permission: "orders.read",
  body: SavedViewBody,
  response: SavedView,
});

export const deleteOrderView = consoleContract({
  method: "DELETE",
  path: "/orders/views/:viewId",
  permission: "orders.read",
  params: z.object({ viewId: z.uuid() }),
  response: z.object({ deleted: z.string() }),
});

export const searchOrders = consoleContract({
  method: "GET",
  path: "/orders",
  permission: "orders.read",
  query: ConsoleOrderSearch,
  response: ConsoleOrderPage,
});

/** The orders a search matches, as CSV (issue 29): owner and finance only (it holds shoppers' contacts), audited. */
export const exportOrders = consoleContract({
  method: "POST",
  path: "/orders/export",
  permission: "reports.read",
  body: ConsoleOrderSearch.omit({ page: true, size: true }),
  response: ConsoleOrderExport,
});

/** Bulk actions on the orders list (issue 29 item 3, ADR 0383). */
export const bulkOrders = consoleContract({
  method: "POST",
  path: "/orders/bulk",
  permission: "orders.write",
  body: BulkActionBody,
  response: BulkActionResult,
});

// One order: its detail and timeline, and what an operator does to it.

/** An e-mail's real delivery state on the order's timeline (issue 29). */
export const EmailDelivery = z.object({
  state: z.enum(["SENT", "FAILED", "RETRYING", "QUEUED", "UNSENT"]),
  attempts: z.number(),
  at: z.string().nullable(),
});
export type EmailDelivery = z.infer<typeof EmailDelivery>;

export const TimelineEvent = z.object({
  at: z.string(),
  kind: z.enum(["order", "payment", "supplier", "refund", "email", "note"]),
  label: z.string(),
  detail: z.string().nullable(),
  /** An e-mail's delivery state (issue 29). */
  delivery: EmailDelivery.optional(),
});
export type TimelineEvent = z.infer<typeof TimelineEvent>;

const OrderNote = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  operatorName: z.string(),
  operatorEmail: z.string(),
});

const EsimOfOrder = z.object({ id: z.string(), iccid: z.string(), state: z.string(), supplier: z.string() });

export const OrderDetail = z.object({
  order: z.object({
    code: z.string(),
    status: z.string(),
    customerId: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string().nullable(),
    planTitle: z.string(),
    quantity: z.number(),
    subtotal: z.number(),
    couponDiscount: z.number(),
    promoDiscount: z.number(),
    creditAmount: z.number(),
    total: z.number(),
    currencyCode: z.string(),
    minorDigits: z.number(),
    locale: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    paymentProvider: z.string().nullable(),
    topUpIccid: z.string().nullable(),
  }),
  /** What was given back so far (ADR 0237), and what may still be refunded. */
  refunded: z.number(),
  refundable: z.number(),
  refunds: z.array(RefundView),
  notes: z.array(OrderNote),
  esims: z.array(EsimOfOrder),
  timeline: z.array(TimelineEvent),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const orderDetail = consoleContract({
  method: "GET",
  path: "/orders/:code",
  permission: "orders.read",
  params: CodeParam,
  response: OrderDetail,
});

export const resendOrderEmail = consoleContract({
  method: "POST",
  path: "/orders/:code/resend-email",
  permission: "orders.write",
  params: CodeParam,
  response: z.object({ to: z.string(), esims: z.number() }),
});

const NoteAdded = z.object({ id: z.string(), createdAt: z.string() });

export const addOrderNote = consoleContract({
  method: "POST",
  path: "/orders/:code/notes",
  permission: "orders.write",
  params: CodeParam,
  body: NoteBody,
  response: NoteAdded,
});

/** A checkbox (present "on"), a form's "true"/"false", or a JSON boolean; absent means yes. */
const Notify = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
  z.boolean().default(true),
);

export const RefundBody = z.object({
  amount: z.coerce.number().int().positive().max(100_000_000),
  destination: z.enum(["CARD", "CREDIT"]),
  reason: Reason,
  idempotencyKey: Key,
  /** Tell the shopper by e-mail (the refund screen's checkbox, ADR 0356). */
  notify: Notify,
});

const RefundDone = z.object({ refund: RefundView, replayed: z.boolean() });

export const refundOrder = consoleContract({
  method: "POST",
  path: "/orders/:code/refunds",
  permission: "refunds.create",
  params: CodeParam,
  body: RefundBody,
  response: RefundDone,
});

export const retryRefund = consoleContract({
  method: "POST",
  path: "/refunds/:id/retry",
  permission: "refunds.create",
  params: IdParam,
  response: RefundDone,
});

/** A card refund that failed for good, given as store credit instead (ADR 0280). */
export const refundToCredit = consoleContract({
  method: "POST",
  path: "/refunds/:id/to-credit",
  permission: "refunds.create",
  params: IdParam,
  response: RefundDone,
});

// eSIMs.

export const EsimDetail = z.object({
  iccid: z.string(),
  state: z.string(),
  orderCode: z.string().nullable(),
  usageUpdatedAt: z.string().nullable().optional(),
  packages: z
    .array(
      z.object({
        id: z.string(),
        planName: z.string().optional(),
        state: z.string(),
        dataUsedMb: z.number().optional(),
        dataTotalMb: z.number().nullable().optional(),
      }),
    )
    .optional(),
});
export type EsimDetail = z.infer<typeof EsimDetail>;

export const esimByIccid = consoleContract({
  method: "GET",
  path: "/esims/:iccid",
  permission: "esims.read",
  params: IccidParam,
  response: EsimDetail,
});

export const refreshEsim = consoleContract({
  method: "POST",
  path: "/esims/:iccid/refresh",
  permission: "esims.refresh",
  unaudited: "stores the supplier's own status and usage; the operator changes nothing",
  params: IccidParam,
  response: EsimDetail,
});

export const cancelEsim = consoleContract({
  method: "POST",
  path: "/esims/:iccid/cancel",
  permission: "orders.write",
  params: IccidParam,
  body: ReasonBody,
  response: z.object({ iccid: z.string(), state: z.literal("CANCELLED"), supplier: z.string() }),
});

// Customers.

export const CustomerRecord = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  nickName: z.string().nullable(),
  status: z.string(),
  language: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const searchCustomers = consoleContract({
  method: "GET",
  path: "/customers",
  permission: "customers.read",
  query: z.object({ q: z.string().trim().min(1).max(254) }),
  response: z.object({ records: z.array(CustomerRecord) }),
});

const CreditBalance = z.object({
  balanceMinor: z.number(),
  spendableMinor: z.number(),
  heldMinor: z.number(),
  currencyCode: z.string(),
  lastActivityAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

const CreditEntry = z.object({
  id: z.string(),
  kind: z.string(),
  amountMinor: z.number(),
  reason: z.string(),
  source: z.string().nullable(),
  orderId: z.string().nullable(),
  availableAt: z.string(),
  createdAt: z.string(),
  note: z.string().nullable(),
});

/** A credit adjustment above its operator's limit, waiting for (or given) approval (ADR 0313). */
export const CreditAdjustmentRequest = z.object({
  id: z.string(),
  customerId: z.string(),
  amountMinor: z.number(),
  currencyCode: z.string(),
  note: z.string(),
  status: z.enum(["PENDING", "APPROVED", "REJECTED"]),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  entryId: z.string().nullable(),
  createdAt: z.string(),
});

export const CustomerNote = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The signed-in operator wrote it, so may edit it (the API checks it again). */
  mine: z.boolean(),
});

export const CustomerDetail = z.object({
  customer: CustomerRecord,
  notes: z.array(CustomerNote),
  orders: z.array(
    z.object({
      code: z.string(),
      status: z.string(),
      total: z.number(),
      currencyCode: z.string(),
      createdAt: z.string(),
    }),
  ),
  esims: z.array(EsimOfOrder.extend({ createdAt: z.string() })),
  /** The coupons in the customer's wallet that they may still use. */
  coupons: z.array(z.object({ code: z.string(), name: z.string() })),
  credit: CreditBalance.extend({
    history: z.object({ content: z.array(CreditEntry), totalElements: z.number() }),
  }),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const customerDetail = consoleContract({
  method: "GET",
  path: "/customers/:id",
  permission: "customers.read",
  params: CustomerParam,
  response: CustomerDetail,
});

/** Staff notes on customers (issue 29, ADR 0361), as orders have. */
export const addCustomerNote = consoleContract({
  method: "POST",
  path: "/customers/:id/notes",
  permission: "customers.write",
  params: CustomerParam,
  body: NoteBody,
  response: NoteAdded,
});

export const editCustomerNote = consoleContract({
  method: "PUT",
  path: "/customers/:id/notes/:noteId",
  permission: "customers.write",
  params: z.object({ id: z.uuid(), noteId: z.uuid() }),
  body: NoteBody,
  response: z.object({ id: z.string(), editedAt: z.string().nullable() }),
});

/**
 * The amount as JSON (`amountMinor`, HKD cents) or as the customer page's form types it (`amount`, in dollars,
 * "12.50" or "12,50"): the form's text becomes cents here, so the page parses its form with this very schema.
 */
const typedAmount = (value: unknown) => {
  if (value === null || typeof value !== "object" || "amountMinor" in value || !("amount" in value))
    return value;
  const { amount, ...rest } = value;
  const typed =
    typeof amount === "string" && amount.trim() !== "" ? Number(amount.replace(",", ".")) : Number.NaN;
  return { ...rest, amountMinor: Number.isFinite(typed) ? Math.round(typed * 100) : undefined };
};

export const CreditAdjustmentBody = z.preprocess(
  typedAmount,
  z.object({
    amountMinor: z.coerce
      .number()
      .int()
      .min(-10_000_000)
      .max(10_000_000)
      .refine((n) => n !== 0),
    reason: Reason,
    idempotencyKey: Key,
  }),
);

/**
 * An adjustment: applied (its ledger entry, null when a replay found nothing to add), or, above the operator's
 * limit, kept pending for approval (202, with the message saying so).
 */
export const adjustCredit = consoleContract({
  method: "POST",
  path: "/customers/:id/credit-adjustments",
  permission: "credit.adjust",
  params: CustomerParam,
  body: CreditAdjustmentBody,
  response: z.union([
    z.object({ pending: CreditAdjustmentRequest, message: z.string(), balance: CreditBalance }),
    z.object({ entry: CreditEntry.nullable(), balance: CreditBalance }),
  ]),
});

export const pendingCreditAdjustments = consoleContract({
  method: "GET",
  path: "/credit-adjustments/pending",
  permission: "credit.adjust",
  query: z.object({ customerId: z.uuid().optional() }),
  response: z.object({ requests: z.array(CreditAdjustmentRequest) }),
});

/** Approve or reject an adjustment that was above its operator's limit (issue 32, ADR 0313). */
export const decideCreditAdjustment = consoleContract({
  method: "POST",
  path: "/credit-adjustments/:id/:decision",
  permission: "credit.adjust",
  params: z.object({ id: z.uuid(), decision: z.enum(["approve", "reject"]) }),
  response: z.object({
    request: CreditAdjustmentRequest,
    entry: CreditEntry.nullable(),
    balance: CreditBalance,
  }),
});

export const customerPasswordReset = consoleContract({
  method: "POST",
  path: "/customers/:id/password-reset",
  permission: "customers.write",
  params: CustomerParam,
  response: z.object({ sentTo: z.string() }),
});

export const deleteCustomer = consoleContract({
  method: "POST",
  path: "/customers/:id/deletion",
  permission: "customers.write",
  params: CustomerParam,
  body: ReasonBody,
  response: z.object({ deleted: z.literal(true) }),
});

// The dashboard.

const Period = z.object({
  placed: z.number(),
  paid: z.number(),
  revenue: z.array(z.object({ currency: z.string(), amount: z.number(), orders: z.number() })),
});
export type DashboardPeriod = z.infer<typeof Period>;

export const Dashboard = z.object({
  today: Period,
  week: Period,
  stuck: z.array(
    z.object({
      code: z.string(),
      status: z.string(),
      since: z.string(),
      total: z.number(),
      currency: z.string(),
    }),
  ),
  trend: z.array(z.object({ day: z.string(), placed: z.number(), paid: z.number() })),
  balances: z.array(
    z.object({
      supplier: z.string(),
      amountMinor: z.number(),
      currency: z.string(),
      thresholdMinor: z.number().nullable(),
      low: z.boolean(),
      checkedAt: z.string(),
    }),
  ),
  alerts: z.array(
    z.object({
      kind: z.enum(["supplier.low", "refund.failed"]),
      supplier: z.string().optional(),
      orderCode: z.string().optional(),
      refundId: z.string().optional(),
    }),
  ),
  pendingRefunds: z.number(),
  failedRefunds: z.number(),
  /** Unresolved reconciliation mismatches (issue 29 item 4, ADR 0365). */
  reconcileOpen: z.number(),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const dashboard = consoleContract({
  method: "GET",
  path: "/dashboard",
  permission: "dashboard.read",
  response: Dashboard,
});
