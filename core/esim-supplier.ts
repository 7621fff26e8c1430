// Withdrawing issued eSIMs at the supplier (ADR 0150): the states the store records and the sandbox keeps.

/**
 * What became of the store's request to cancel a package (or the profile it came with) at the supplier:
 * PENDING until the supplier answers, CANCELLED, REFUSED (already installed or started: the supplier still bills
 * it), FAILED (not reachable within the retries), REQUESTED (the supplier reviews refunds by hand, Airalo: the
 * note is its refund id; ADR 0195).
 */
export const SUPPLIER_CANCEL_STATUSES = ["PENDING", "CANCELLED", "REFUSED", "FAILED", "REQUESTED"] as const;
export type SupplierCancelStatus = (typeof SUPPLIER_CANCEL_STATUSES)[number];

/** A supplier profile: downloadable, downloaded to a phone, or cancelled before that. */
export const SUPPLIER_PROFILE_STATES = ["RELEASED", "INSTALLED", "CANCELLED"] as const;
export type SupplierProfileState = (typeof SUPPLIER_PROFILE_STATES)[number];

/** The eSIM suppliers the store can fulfil from (ADR 0195): the one list the console's forms and sheets take. */
export const SUPPLIER_NAMES = ["sandbox", "esimaccess", "airalo"] as const;
export type SupplierName = (typeof SUPPLIER_NAMES)[number];
