/**
 * The console's roles and what each may do (issue 16, ADR 0222): the ONE place permissions are defined. Every
 * `/o2adm/v1` endpoint names one permission (server/modules/admin/route.ts) and the server checks it on every
 * call; the console's navigation reads the same map, so a link shows only when its page would answer.
 *
 * To add a permission: add it to PERMISSIONS with the roles that hold it. Owner holds every permission
 * but pages.advanced, the engineers' raw JSON settings of a page block (issue 31 item 4, ADR 0371).
 */
export const ROLES = ["owner", "merchandiser", "support", "finance", "engineer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

const MERCH = ["owner", "merchandiser"] as const;
const SUPPORT = ["owner", "support"] as const;
const MONEY = ["owner", "support", "finance"] as const;
const PAGES = ["owner", "merchandiser", "engineer"] as const;

export const PERMISSIONS = {
  /** The dashboard: orders, revenue, conversion, stuck orders, supplier balances. */
  "dashboard.read": ["owner", "merchandiser", "support", "finance", "engineer"],
  /** Invite operators, change their role, disable them. */
  "operators.manage": ["owner"],
  /** Read the audit log. */
  "audit.read": ["owner", "finance"],
  // Support and finance (orders, refunds, customers, eSIMs).
  "orders.read": MONEY,
  /** Resend the eSIM e-mail, cancel an unused profile, add an internal note. */
  "orders.write": SUPPORT,
  /** Refund to the card or to store credit; support only up to ADMIN_SUPPORT_REFUND_LIMIT (ADR 0225). */
  "refunds.create": MONEY,
  /** Edit the refund policy shoppers' self-service follows (issue 29, ADR 0337). */
  "refunds.policy": ["owner", "finance"],
  "customers.read": MONEY,
  /** Send a password reset, delete an account on request. */
  "customers.write": SUPPORT,
  /** Adjust a customer's store credit with a reason. */
  "credit.adjust": ["owner", "support", "finance"],
  "esims.read": MONEY,
  /** Refresh an eSIM's status and usage from the supplier. */
  "esims.refresh": SUPPORT,
  /** The Reconciliation page: mismatches with suppliers and the payment provider (issue 29, ADR 0365). */
  "reconciliation.read": MONEY,
  /** Mark a mismatch resolved with a note. */
  "reconciliation.resolve": ["owner", "finance"],
  /** Finance reports. */
  "reports.read": ["owner", "finance"],
  // Merchandising (catalogue, prices, FX, marketing, content).
  "catalog.read": MERCH,
  "catalog.write": MERCH,
  "prices.write": MERCH,
  /** The Suppliers page (issue 28): balances, webhook state, last catalogue sync and its errors. */
  "suppliers.read": ["owner", "merchandiser", "finance"],
  /** Ask for a catalogue sync now; register the store's webhooks at a supplier. */
  "suppliers.manage": MERCH,
  "marketing.read": MERCH,
  "marketing.write": MERCH,
  "content.read": MERCH,
  "content.write": MERCH,
  // The visual page editor (issue 17): home, landing pages and templates. Engineers edit pages too (issue 31).
  "pages.read": PAGES,
  /** Create, duplicate and save drafts. */
  "pages.write": PAGES,
  /** Publish a page and roll it back to an earlier version. */
  "pages.publish": PAGES,
  /** A block's raw settings as JSON (issue 31 item 4): engineers only; the API refuses other roles' raw changes. */
  "pages.advanced": ["engineer"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What an endpoint needs besides a permission: "public" (signing in and enrolling: no session) or "self" (any
 * signed-in operator: who am I, language, sign out).
 */
export type Access = Permission | "public" | "self";

export function can(role: string, permission: Access): boolean {
  if (permission === "public") return true;
  if (!isRole(role)) return false;
  if (permission === "self") return true;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission a role holds, for the console's navigation. */
export function permissionsOf(role: string): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));
}
