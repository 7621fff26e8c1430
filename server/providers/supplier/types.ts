import type { PackageState } from "../../../core/esim.ts";

export type SupplierName = "sandbox";

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
  packages: SupplierPackageUsage[];
  /** When the supplier's figures were taken (its feed lags). */
  reportedAt: Date;
}

/** The supplier refused or failed the call; retrying may help. */
export class SupplierError extends Error {
  readonly code: string;
  constructor(code: string, message?: string) {
    super(message ?? code);
    this.code = code;
  }
}

/**
 * The eSIM supplier interface (architecture: outside parties; ADR 0132). Every call that creates something
 * carries an idempotency key: the same key again answers with what the first call created.
 */
export interface EsimSupplier {
  readonly name: SupplierName;
  /** Issues a new profile with one package on it. */
  provision(
    plan: SupplierPlan,
    idempotencyKey: string,
  ): Promise<{ profile: SupplierProfile; packageId: string }>;
  /** Adds a package to an existing profile (a top-up). */
  topUp(iccid: string, plan: SupplierPlan, idempotencyKey: string): Promise<{ packageId: string }>;
  /** The usage feed: each package's state and data used. `asOf` is the caller's clock (the sandbox uses it). */
  usage(iccid: string, asOf?: Date): Promise<SupplierUsage>;
}
