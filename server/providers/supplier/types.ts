import type { PackageState } from "../../../core/esim.ts";
import type { SupplierName, SupplierProfileState } from "../../../core/esim-supplier.ts";

export type { SupplierName };

/** What a phone needs to download the profile, and the data settings to use it. */
export interface SupplierProfile {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** Asked for during download when the supplier requires it. */
  confirmationCode: string | null;
  apn: { name: string; username: string | null; password: string | null };
}

/** The plan the store sells, as the supplier package to issue. */
export interface SupplierPlan {
  productCode: string;
  /** The supplier's package that fulfils the plan (the plan's supplier mapping); unset: the product code. */
  packageCode?: string;
  /** null for unlimited. */
  dataMb: number | null;
  validityDays: number;
}

export interface SupplierPackageUsage {
  packageId: string;
  state: PackageState;
  usedMb: number;
  activatedAt: Date | null;
  expiresAt: Date | null;
}

export interface SupplierUsage {
  iccid: string;
  /** RELEASED (not yet downloaded), INSTALLED (on a phone) or CANCELLED (withdrawn before download). */
  profileState: SupplierProfileState;
  packages: SupplierPackageUsage[];
  /** When the supplier's figures were taken (its feed lags). */
  reportedAt: Date;
}

/** What to cancel: a whole profile (by ICCID) with its packages, or one package (the supplier's order reference). */
export type SupplierCancelTarget = { iccid: string } | { packageId: string };

/**
 * The supplier's answer to a cancellation. CANCELLED also answers a repeat (cancelling is idempotent: the time is
 * the first cancellation's). NOT_CANCELLABLE: the profile was already downloaded to a phone (PROFILE_INSTALLED) or
 * the package already started (PACKAGE_STARTED); wholesale suppliers then bill it as used.
 */
export type SupplierCancellation =
  | { outcome: "CANCELLED"; cancelledAt: Date; alreadyCancelled: boolean }
  | { outcome: "NOT_CANCELLABLE"; reason: "PROFILE_INSTALLED" | "PACKAGE_STARTED" }
  /** The supplier reviews refunds by hand: the request is taken, under its reference (ADR 0195). */
  | { outcome: "REQUESTED"; requestedAt: Date; reference: string };

/** One package in a supplier's catalogue, in the store's terms (ADR 0197). */
export interface SupplierPackage {
  packageCode: string;
  title: string;
  /** ISO 3166-1 alpha-2 codes of the countries it covers. */
  countries: string[];
  /** Partner operators by country, with the best network generation. */
  operators: { country: string; names: string[]; network: "4G" | "5G" }[];
  /** null for unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** What the store pays the supplier, in US cents. */
  costUsdCents: number;
  /** Recommended retail prices the supplier gives, in minor units by currency (ISO 4217). */
  recommendedRetail: Record<string, number>;
}

/** A package the supplier lists as a top-up for one profile (issue 28, defect 9). */
export interface SupplierTopUpOffer {
  /** The supplier's package code to order the top-up with. */
  packageCode: string;
  /** null for unlimited. */
  dataMb: number | null;
  validityDays: number;
  /** What the store pays the supplier, in US cents, when the supplier says. */
  costUsdCents: number | null;
}

/** The supplier refused or failed the call. `retryable` false: asking again cannot help (an unknown ICCID). */
export class SupplierError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  /** How long the supplier asked to wait (a 429's Retry-After, or the adapter's own rate limit), when known. */
  readonly retryAfterMs: number | null;
  constructor(code: string, message?: string, options: { retryable?: boolean; retryAfterMs?: number } = {}) {
    super(message ?? code);
    this.code = code;
    this.retryable = options.retryable ?? true;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

/**
 * The supplier took the order but has not allocated the profile yet (asynchronous suppliers, ADR 0195). The
 * reference is the supplier's order number: asking again with it only reads the order, never orders again.
 */
export class SupplierPendingError extends SupplierError {
  readonly reference: string;
  constructor(reference: string, message = "profile not yet allocated") {
    super("PENDING_ALLOCATION", message, { retryable: true });
    this.reference = reference;
  }
}

/**
 * Refusals after which the store moves a unit to the plan's failover supplier at once (ADR 0196): the supplier
 * cannot sell the package now, whatever the store retries. A transient error is retried first (TRANSIENT_CODES).
 */
export const FAILOVER_CODES = new Set(["OUT_OF_STOCK", "INSUFFICIENT_BALANCE"]);

/**
 * Transient codes (issue 28, defect 8; ADR 0308): the supplier may well answer if asked again, so the store retries
 * the same supplier with backoff (honouring `retryAfterMs`) and fails over only once that retry is exhausted
 * (the esim service, ADR 0309).
 */
export const TRANSIENT_CODES = new Set(["SUPPLIER_UNAVAILABLE", "RATE_LIMITED"]);

/** Whether an error is a transient supplier failure (see TRANSIENT_CODES). */
export function isTransientSupplierError(error: unknown): error is SupplierError {
  return error instanceof SupplierError && error.retryable && TRANSIENT_CODES.has(error.code);
}

/**
 * The reasons Airalo's refund request (POST /v2/refund) lists; other suppliers ignore them. Its documents give two
 * lists: the 2024 page (INVALID_ACTIVATION, DUPLICATE_ORDER, SERVICE_ISSUES, OTHERS) and the current one (the
 * longer list below, with OTHERS). Only OTHERS is in both, so it is the default (with a note, which the current
 * page requires for it).
 */
export const SUPPLIER_REFUND_REASONS = [
  "OTHERS",
  "INVALID_ACTIVATION",
  "DUPLICATE_ORDER",
  "SERVICE_ISSUES",
  "INSTALLATION_FAILURE",
  "NO_COVERAGE",
  "APN_FAILURE",
  "TRIP_CANCELLATION",
  "INTERMITTENT_CONNECTION",
  "BLOCKED_NETWORK",
  "CHANGE_OF_PLAN",
  "DELETED_ESIM",
  "EARLY_EXPIRY",
  "HOTSPOT_NOT_WORKING",
  "IMSI_CHANGE",
  "INCOMPATIBLE_DEVICE",
  "LOCKED_DEVICE",
  "NO_VOICE_TEXT_SERVICES",
  "OVERCHARGED",
  "SLOW_SPEED",
  "TOP_UP_PACKAGE_FAILURE",
  "UNKNOWN_CHARGES",
  "WRONG_PURCHASE",
  "UNABLE_TO_ACCESS_APPS",
  "SERVICE_DEGRADATION",
  "QR_ISSUE_PARTNERS",
] as const;
export type SupplierRefundReason = (typeof SUPPLIER_REFUND_REASONS)[number];

/** Why the store cancels (for suppliers that review refunds). Unset: OTHERS, "order could not be completed". */
export interface SupplierCancelOptions {
  reason?: SupplierRefundReason;
  /** A short note for the supplier's reviewer. */
  note?: string;
}

/**
 * One order as the supplier's own listing shows it (reconciliation, ADR 0365): eSIM Access `esim/query` with a
 * pager, Airalo `GET /v2/orders`. `key` is the idempotency key the store ordered with (`order:<id>:<unit>`).
 */
export interface SupplierOrderRecord {
  reference: string;
  key: string | null;
  iccids: string[];
  /** What the supplier charged, in US cents, when its listing says (Airalo's `price`; eSIM Access's does not). */
  costUsdCents: number | null;
  /** When it was placed, when the listing says. */
  createdAt: Date | null;
  /** false: the listing says the profile was cancelled or revoked (eSIM Access `esimStatus`). */
  active: boolean;
  /** A top-up order on the profile in `iccids` (Airalo lists them with their key, type "topup"; ADR 0390). */
  topUp?: boolean;
  /**
   * A listing of profiles that shows their top-up packages without the key they were ordered with (eSIM Access
   * `packageList` past the first): how many (ADR 0390). Unset: the listing does not say.
   */
  unkeyedTopUps?: number;
}

/**
 * The eSIM supplier interface (architecture: outside parties; ADR 0132). Every call that creates something
 * carries an idempotency key: the same key again answers with what the first call created.
 */
export interface EsimSupplier {
  readonly name: SupplierName;
  /**
   * Issues a new profile with one package on it. An asynchronous supplier throws SupplierPendingError until the
   * profile is allocated; the caller then asks again with its `reference`, which only reads the order.
   */
  provision(
    plan: SupplierPlan,
    idempotencyKey: string,
    options?: { reference?: string },
  ): Promise<{ profile: SupplierProfile; packageId: string }>;
  /** Adds a package to an existing profile (a top-up). */
  topUp(iccid: string, plan: SupplierPlan, idempotencyKey: string): Promise<{ packageId: string }>;
  /** The usage feed: each package's state and data used. `asOf` is the caller's clock (the sandbox uses it). */
  usage(iccid: string, asOf?: Date): Promise<SupplierUsage>;
  /**
   * Cancels a profile with its packages, or one package, while it has not been installed or started (ADR 0150).
   * Idempotent by target: a repeat answers CANCELLED with the first time. An unknown ICCID or package is a
   * SupplierError that is not retryable.
   */
  cancel(
    target: SupplierCancelTarget,
    asOf?: Date,
    options?: SupplierCancelOptions,
  ): Promise<SupplierCancellation>;
  /** The supplier's current packages (the catalogue sync, ADR 0197). */
  catalogue?(): Promise<SupplierPackage[]>;
  /** Whether a webhook body carries the supplier's signature (suppliers that sign them). */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): boolean;
  /**
   * The packages the supplier lists as top-ups for this profile (eSIM Access: its TOPUP_ packages for the ICCID;
   * Airalo: GET /v2/sims/{iccid}/topups). Only these may be offered to the shopper or ordered.
   */
  topUpOffers?(iccid: string): Promise<SupplierTopUpOffer[]>;
  /**
   * Registers (or opts in) the store's webhook URL at the supplier (eSIM Access: webhook/save; Airalo: the
   * notification opt-in, which first checks the URL with a HEAD request). Throws SupplierError when refused.
   */
  registerWebhook?(url: string): Promise<void>;
  /** Where the supplier sends its webhooks now, when it can say (Airalo: GET /v2/notifications/opt-in). */
  webhookRegistration?(): Promise<{ url: string | null }>;
  /**
   * The supplier's orders placed since `since` (or all it lists when it gives no time), read page by page from its
   * documented listing (reconciliation, ADR 0365).
   */
  orders?(since: Date): Promise<SupplierOrderRecord[]>;
  /** The prepaid balance at the supplier, in minor units of its currency (suppliers that keep one). */
  balance?(): Promise<{ amountMinor: number; currency: string }>;
}
