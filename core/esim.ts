// The eSIM API's shapes (issue 6), shared by the server module and the pages. The server owns the rules;
// these are the wire contract. Data amounts are in MB (1 GB = 1024 MB); `null` totals mean unlimited.

/**
 * The eSIM lifecycle (ADR 0130): issued and not yet on a phone, on a phone, in use, over; or cancelled because its
 * order could not be completed and was refunded (ADR 0151).
 */
export const ESIM_STATES = ["READY", "INSTALLED", "ACTIVE", "EXPIRED", "CANCELLED"] as const;
export type EsimState = (typeof ESIM_STATES)[number];

/** A data package on an eSIM: the first plan bought with it or a later top-up; CANCELLED with a refunded order. */
export const PACKAGE_STATES = ["NOT_STARTED", "ACTIVE", "USED_UP", "EXPIRED", "CANCELLED"] as const;
export type PackageState = (typeof PACKAGE_STATES)[number];

export interface EsimPackage {
  id: string;
  esimId: string;
  iccid: string;
  orderCode: string;
  platformProductCode: string;
  /** The plan's name in the request's language. */
  planName: string;
  state: PackageState;
  /** null for an unlimited plan. */
  dataTotalMb: number | null;
  dataUsedMb: number;
  validityDays: number;
  /** ISO times; null until the package starts. */
  activatedAt: string | null;
  expiresAt: string | null;
  /** A top-up added to an existing eSIM rather than the plan it was issued with. */
  topUp: boolean;
}

export interface EsimSummary {
  id: string;
  iccid: string;
  state: EsimState;
  /** The eSIM's name for lists: its first plan's name. */
  label: string;
  packages: EsimPackage[];
  /** Summed over packages that are not expired; null when any of them is unlimited. */
  dataTotalMb: number | null;
  dataUsedMb: number;
  dataLeftMb: number | null;
  /** Days left on the package in use (or the next one); null when nothing has started. */
  daysLeft: number | null;
  /** When the supplier last reported usage (it lags 1 to 2 hours); null before the first report. */
  usageUpdatedAt: string | null;
  createdAt: string;
}

export interface EsimApn {
  name: string;
  username: string | null;
  password: string | null;
}

export interface EsimDetail extends EsimSummary {
  /** GSMA SGP.22 activation code: LPA:1$<SM-DP+ address>$<matching id>[$$<confirmation code flag>]. */
  lpa: string;
  smdpAddress: string;
  matchingId: string;
  confirmationCode: string | null;
  apn: EsimApn;
  /** One-tap install: Apple's esimsetup URL (iOS 17.4+) and the Android best effort. */
  installUrls: { ios: string; android: string };
}

/** spec 2: `/ucenter/eSIM/{id}` detail path; the id is the eSIM's id, not its ICCID. */
export function esimPath(id: string): string {
  return `/ucenter/eSIM/${encodeURIComponent(id)}`;
}

/** Apple's one-tap eSIM setup link (iOS 17.4 or later): the LPA string URL-encoded as carddata. */
export function appleInstallUrl(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}
