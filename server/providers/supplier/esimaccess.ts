import { createHmac, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { PackageState } from "../../../core/esim.ts";
import type { SupplierProfileState } from "../../../core/esim-supplier.ts";
import { holdOff, type RateWindows, retryAfterMs, takeToken } from "./rate-limit.ts";
import {
  type EsimSupplier,
  type SupplierCancellation,
  SupplierError,
  type SupplierOrderRecord,
  type SupplierPackage,
  SupplierPendingError,
  type SupplierPlan,
  type SupplierProfile,
  type SupplierTopUpOffer,
  type SupplierUsage,
} from "./types.ts";

// The eSIM Access adapter (docs.esimaccess.com; ADR 0195). Every call is a signed JSON POST under /api/v1/open/;
// answers come in the {success, errorCode, errorMsg, obj} envelope. Ordering is asynchronous: esim/order (keyed
// by transactionId) gives an orderNo, and esim/query answers 200010 until the profiles are allocated.

export interface EsimAccessOptions {
  baseUrl: string;
  accessCode: string;
  secret: string;
  /** The docs allow 8 requests a second per account. */
  ratePerSecond?: number;
  /** How long a 429's Retry-After may be waited out inside one call (longer: the job retries later). */
  maxRetryAfterMs?: number;
  /** How long a call may wait for the 8-a-second budget (longer: RATE_LIMITED, retried later). */
  maxRateWaitMs?: number;
  /** Where the account's request window lives: every process's database in the server (ADR 0334). */
  rateWindows?: RateWindows;
  fetch?: typeof fetch;
  clock?: () => number;
}

const MB = 1_048_576;

/** The signature the docs give: lowercase hex HMAC-SHA256 of timestamp + request id + access code + body. */
export function esimAccessSignature(
  secret: string,
  parts: { timestamp: string; requestId: string; accessCode: string; body: string },
): string {
  return createHmac("sha256", secret)
    .update(parts.timestamp + parts.requestId + parts.accessCode + parts.body)
    .digest("hex");
}

const Envelope = z.object({
  success: z.union([z.boolean(), z.literal("true"), z.literal("false")]),
  errorCode: z.string().nullish(),
  errorMsg: z.string().nullish(),
  obj: z.unknown().optional(),
});

const PackageItem = z.object({
  packageCode: z.string(),
  slug: z.string().optional(),
  name: z.string(),
  price: z.number().int(),
  currencyCode: z.string().optional(),
  volume: z.number(),
  duration: z.number().int(),
  durationUnit: z.string().optional(),
  location: z.string(),
  retailPrice: z.number().int().optional(),
  speed: z.string().optional(),
  locationNetworkList: z
    .array(
      z.object({
        locationName: z.string(),
        locationCode: z.string().optional(),
        operatorList: z
          .array(z.object({ operatorName: z.string(), networkType: z.string().optional() }))
          .optional(),
      }),
    )
    .optional(),
});
export type EsimAccessPackage = z.infer<typeof PackageItem>;

const Profile = z.object({
  esimTranNo: z.string(),
  orderNo: z.string(),
  iccid: z.string(),
  ac: z.string(),
  qrCodeUrl: z.string().optional(),
  smdpStatus: z.string(),
  esimStatus: z.string(),
  transactionId: z.string().nullish(),
  totalVolume: z.number().optional(),
  orderUsage: z.number().optional(),
  activateTime: z.string().nullish(),
  expiredTime: z.string().nullish(),
  apn: z.string().nullish(),
  /** The profile's packages, its first one first, then its top-ups (each without the key it was ordered with). */
  packageList: z.array(z.object({ packageCode: z.string() })).optional(),
});
type Profile = z.infer<typeof Profile>;

/**
 * One profile's usage. The reference's example puts the list directly in `obj`; the published clients read
 * `obj.esimUsageList` (ADR 0195): both are read (issue 28, defect 2). Bytes.
 */
const UsageItem = z.object({
  esimTranNo: z.string(),
  dataUsage: z.number().optional(),
  usedVolume: z.number().optional(),
  totalData: z.number().optional(),
  lastUpdateTime: z.string().nullish(),
});
const UsageAnswer = z.union([
  z.array(UsageItem),
  z.object({ esimUsageList: z.array(UsageItem) }).transform((o) => o.esimUsageList),
]);

const ERRORS: Record<string, { code: string; retryable: boolean }> = {
  "200007": { code: "INSUFFICIENT_BALANCE", retryable: false },
  "200011": { code: "OUT_OF_STOCK", retryable: false },
  "310241": { code: "PACKAGE_NOT_FOUND", retryable: false },
  "310243": { code: "PACKAGE_NOT_FOUND", retryable: false },
  "200005": { code: "PRICE_CHANGED", retryable: true },
  "200006": { code: "PRICE_CHANGED", retryable: true },
  "310272": { code: "ORDER_NOT_FOUND", retryable: false },
  "310403": { code: "PROFILE_NOT_FOUND", retryable: false },
  "200002": { code: "NOT_ALLOWED", retryable: false },
  "101003": { code: "AUTH_FAILED", retryable: false },
  "101001": { code: "AUTH_FAILED", retryable: true },
  "000101": { code: "AUTH_FAILED", retryable: false },
  "900001": { code: "SUPPLIER_UNAVAILABLE", retryable: true },
  "000001": { code: "SUPPLIER_UNAVAILABLE", retryable: true },
};

class EsimAccessError extends SupplierError {
  readonly supplierCode: string;
  constructor(supplierCode: string, message: string) {
    const mapped = ERRORS[supplierCode] ?? { code: `ESIMACCESS_${supplierCode}`, retryable: false };
    super(mapped.code, `eSIM Access ${supplierCode}: ${message}`, { retryable: mapped.retryable });
    this.supplierCode = supplierCode;
  }
}

/** esimStatus → the store's package state. */
function packageState(p: Profile): PackageState {
  switch (p.esimStatus) {
    case "IN_USE":
      return "ACTIVE";
    case "USED_UP":
      return "USED_UP";
    case "USED_EXPIRED":
    case "UNUSED_EXPIRED":
      return "EXPIRED";
    case "CANCEL":
    case "REVOKED":
      return "CANCELLED";
    default:
      return "NOT_STARTED";
  }
}

/** smdpStatus (SM-DP+ events) → whether the profile reached a phone. */
function profileState(p: Profile): SupplierProfileState {
  if (p.esimStatus === "CANCEL" || p.esimStatus === "REVOKED") return "CANCELLED";
  return p.smdpStatus === "RELEASED" ? "RELEASED" : "INSTALLED";
}

function parseLpa(ac: string) {
  const match = /^LPA:1\$([^$]+)\$([^$]*)/.exec(ac);
  if (!match)
    throw new SupplierError("BAD_PROFILE", "eSIM Access answered an activation code we cannot read");
  return { smdpAddress: match[1]!, matchingId: match[2]! };
}

export function createEsimAccessSupplier(options: EsimAccessOptions): EsimSupplier & {
  catalogue(): Promise<SupplierPackage[]>;
  packages(): Promise<EsimAccessPackage[]>;
  profileOf(iccid: string): Promise<Profile>;
  topUpOffers(iccid: string): Promise<SupplierTopUpOffer[]>;
  registerWebhook(url: string): Promise<void>;
} {
  const doFetch = options.fetch ?? fetch;
  const now = options.clock ?? Date.now;
  const rate = options.ratePerSecond ?? 8;
  const maxRetryAfter = options.maxRetryAfterMs ?? 2000;
  const base = options.baseUrl.replace(/\/+$/, "");
  // The account's 8 a second, shared by every adapter of the account in this process (defect 10).
  const bucket = { key: `esimaccess:${base}:${options.accessCode}`, rule: { limit: rate, windowMs: 1000 } };

  /** Keeps to the account's rate: at most `rate` calls a second. */
  async function slot() {
    return takeToken([bucket], {
      maxWaitMs: options.maxRateWaitMs ?? 10_000,
      clock: now,
      supplier: "eSIM Access",
      windows: options.rateWindows,
    });
  }

  async function call(path: string, payload: Record<string, unknown>, retried = false): Promise<unknown> {
    const taken = await slot();
    const body = JSON.stringify(payload);
    const timestamp = String(now());
    const requestId = randomUUID().replace(/-/g, "");
    let response: Response;
    try {
      response = await doFetch(`${base}/api/v1/open/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "RT-AccessCode": options.accessCode,
          "RT-Timestamp": timestamp,
          "RT-RequestID": requestId,
          "RT-Signature": esimAccessSignature(options.secret, {
            timestamp,
            requestId,
            accessCode: options.accessCode,
            body,
          }),
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new SupplierError("SUPPLIER_UNAVAILABLE", `eSIM Access unreachable: ${(error as Error).message}`);
    } finally {
      await taken.answered();
    }
    if (response.status === 429) {
      const wait = retryAfterMs(response.headers.get("retry-after"), now()) ?? 1000;
      await holdOff([bucket.key], now() + wait, { windows: options.rateWindows, clock: now });
      if (!retried && wait <= maxRetryAfter) {
        await sleep(wait);
        return call(path, payload, true);
      }
      throw new SupplierError("RATE_LIMITED", "eSIM Access: too many requests", { retryAfterMs: wait });
    }
    if (response.status >= 500)
      throw new SupplierError("SUPPLIER_UNAVAILABLE", `eSIM Access answered HTTP ${response.status}`);
    const parsed = Envelope.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SupplierError("SUPPLIER_UNAVAILABLE", "eSIM Access answered no envelope");
    const envelope = parsed.data;
    if (envelope.success !== true && envelope.success !== "true")
      throw new EsimAccessError(envelope.errorCode ?? "000001", envelope.errorMsg ?? "failed");
    return envelope.obj;
  }

  async function packageByCode(code: string, type: "BASE" | "TOPUP" = "BASE") {
    const obj = z
      .object({ packageList: z.array(PackageItem) })
      .parse(await call("package/list", { locationCode: "", type, packageCode: code, iccid: "" }));
    const found = obj.packageList.find((p) => p.packageCode === code);
    if (!found)
      throw new SupplierError("PACKAGE_NOT_FOUND", `eSIM Access has no package ${code}`, {
        retryable: false,
      });
    return found;
  }

  async function query(filter: Record<string, unknown>): Promise<Profile[]> {
    const obj = z
      .object({ esimList: z.array(Profile) })
      .parse(await call("esim/query", { ...filter, pager: { pageNum: 1, pageSize: 50 } }));
    return obj.esimList;
  }

  async function profileOf(iccid: string): Promise<Profile> {
    const [found] = await query({ iccid });
    if (!found)
      throw new SupplierError("PROFILE_NOT_FOUND", `eSIM Access has no profile ${iccid}`, {
        retryable: false,
      });
    return found;
  }

  /**
   * Sends a call that eSIM Access makes idempotent by its transactionId (esim/order, esim/topup). When the answer
   * is lost (a 5xx, a dropped connection) the order may stand, so the same call is asked once more at once: it
   * answers the order already placed instead of placing another (issue 28, defect 1).
   */
  async function idempotent(send: () => Promise<unknown>): Promise<unknown> {
    try {
      return await send();
    } catch (error) {
      // Only a lost answer: an error the supplier answered (900001 busy, …) placed nothing.
      const lost =
        error instanceof SupplierError &&
        !(error instanceof EsimAccessError) &&
        error.retryable &&
        error.code === "SUPPLIER_UNAVAILABLE";
      if (!lost) throw error;
      return send();
    }
  }

  /** The TOPUP_ packages eSIM Access lists for this profile (package/list with type TOPUP and the ICCID). */
  async function topUpPackages(iccid: string): Promise<EsimAccessPackage[]> {
    const obj = z
      .object({ packageList: z.array(PackageItem) })
      .parse(await call("package/list", { type: "TOPUP", iccid }));
    return obj.packageList;
  }

  function toOffer(p: EsimAccessPackage): SupplierTopUpOffer {
    return {
      packageCode: p.packageCode,
      dataMb: Math.round(p.volume / MB),
      validityDays: p.durationUnit === "MONTH" ? p.duration * 30 : p.duration,
      // USD × 10,000 → US cents.
      costUsdCents: Math.round(p.price / 100),
    };
  }

  function toProfile(p: Profile): SupplierProfile {
    const { smdpAddress, matchingId } = parseLpa(p.ac);
    return {
      iccid: p.iccid,
      smdpAddress,
      matchingId,
      confirmationCode: null,
      apn: { name: p.apn || "", username: null, password: null },
    };
  }

  return {
    name: "esimaccess",

    async provision(plan: SupplierPlan, idempotencyKey: string, provisionOptions = {}) {
      let orderNo = provisionOptions.reference;
      if (!orderNo) {
        const code = plan.packageCode ?? plan.productCode;
        const pkg = await packageByCode(code);
        const placed = z.object({ orderNo: z.string() }).parse(
          await idempotent(() =>
            call("esim/order", {
              transactionId: idempotencyKey,
              amount: pkg.price,
              packageInfoList: [{ packageCode: pkg.packageCode, count: 1, price: pkg.price }],
            }),
          ),
        );
        orderNo = placed.orderNo;
      }
      let list: Profile[];
      try {
        list = await query({ orderNo });
      } catch (error) {
        if (error instanceof EsimAccessError && error.supplierCode === "200010")
          throw new SupplierPendingError(orderNo);
        throw error;
      }
      const [allocated] = list;
      if (!allocated) throw new SupplierPendingError(orderNo);
      const profile = toProfile(allocated);
      if (!profile.apn.name) profile.apn.name = "internet";
      return { profile, packageId: allocated.esimTranNo };
    },

    async topUp(iccid, plan, idempotencyKey) {
      const code = plan.packageCode ?? plan.productCode;
      const listed = await topUpPackages(iccid);
      // Only a package eSIM Access lists as a top-up for this profile is ordered (defect 9): the one named, or —
      // for a plan that names its base package — that package's TOPUP_ package, or one of the same data and days.
      const offer =
        listed.find((p) => p.packageCode === code) ??
        (code.startsWith("TOPUP_")
          ? undefined
          : (listed.find((p) => p.packageCode === `TOPUP_${code}`) ??
            listed.find((p) => {
              const o = toOffer(p);
              return o.dataMb === plan.dataMb && o.validityDays === plan.validityDays;
            })));
      if (!offer)
        throw new SupplierError("PACKAGE_NOT_FOUND", `eSIM Access lists no top-up ${code} for ${iccid}`, {
          retryable: false,
        });
      const done = z.object({ transactionId: z.string() }).parse(
        await idempotent(() =>
          call("esim/topup", {
            iccid,
            packageCode: offer.packageCode,
            transactionId: idempotencyKey,
            amount: offer.price,
          }),
        ),
      );
      return { packageId: `topup:${done.transactionId}` };
    },

    async topUpOffers(iccid) {
      return (await topUpPackages(iccid)).map(toOffer);
    },

    async registerWebhook(url) {
      try {
        await call("webhook/save", { webhook: url });
      } catch (error) {
        if (error instanceof SupplierError && !error.retryable && error.code !== "AUTH_FAILED")
          throw new SupplierError("WEBHOOK_REFUSED", error.message, { retryable: false });
        throw error;
      }
    },

    async usage(iccid): Promise<SupplierUsage> {
      const profile = await profileOf(iccid);
      const list = UsageAnswer.parse(
        await call("esim/usage/query", { esimTranNoList: [profile.esimTranNo] }),
      );
      const usage = list.find((u) => u.esimTranNo === profile.esimTranNo);
      const activatedAt = profile.activateTime ? new Date(profile.activateTime) : null;
      const expiresAt = profile.expiredTime ? new Date(profile.expiredTime) : null;
      const updated = usage?.lastUpdateTime ? new Date(usage.lastUpdateTime.replace(/\+0000$/, "Z")) : null;
      const reportedAt = updated && !Number.isNaN(updated.getTime()) ? updated : new Date(now());
      return {
        iccid,
        profileState: profileState(profile),
        reportedAt,
        // eSIM Access reports one running total per profile: the base package carries it (ADR 0195).
        packages: [
          {
            packageId: profile.esimTranNo,
            state: packageState(profile),
            usedMb: Math.floor((usage?.dataUsage ?? usage?.usedVolume ?? profile.orderUsage ?? 0) / MB),
            activatedAt,
            expiresAt,
          },
        ],
      };
    },

    async cancel(target): Promise<SupplierCancellation> {
      if (!("iccid" in target))
        throw new SupplierError("NOT_SUPPORTED", "eSIM Access cancels whole profiles only", {
          retryable: false,
        });
      const profile = await profileOf(target.iccid);
      if (profile.esimStatus === "CANCEL")
        return { outcome: "CANCELLED", cancelledAt: new Date(now()), alreadyCancelled: true };
      try {
        await call("esim/cancel", { esimTranNo: profile.esimTranNo });
      } catch (error) {
        if (error instanceof EsimAccessError && error.supplierCode === "200002") {
          const again = await profileOf(target.iccid);
          if (again.esimStatus === "CANCEL")
            return { outcome: "CANCELLED", cancelledAt: new Date(now()), alreadyCancelled: true };
          return {
            outcome: "NOT_CANCELLABLE",
            reason: again.smdpStatus === "RELEASED" ? "PACKAGE_STARTED" : "PROFILE_INSTALLED",
          };
        }
        throw error;
      }
      return { outcome: "CANCELLED", cancelledAt: new Date(now()), alreadyCancelled: false };
    },

    async orders(): Promise<SupplierOrderRecord[]> {
      // esim/query with only a pager lists every profile; its answer gives no order time or price, so every
      // allocated profile is read and the caller decides (ADR 0365). Orders not yet allocated are not listed.
      const records: SupplierOrderRecord[] = [];
      const pageSize = 100;
      for (let pageNum = 1; pageNum <= 1000; pageNum += 1) {
        const obj = z
          .object({ esimList: z.array(Profile), pager: z.object({ total: z.number() }).optional() })
          .parse(await call("esim/query", { pager: { pageNum, pageSize } }));
        for (const p of obj.esimList)
          records.push({
            reference: p.orderNo,
            key: p.transactionId ?? null,
            iccids: [p.iccid],
            costUsdCents: null,
            createdAt: null,
            active: profileState(p) !== "CANCELLED",
            ...(p.packageList ? { unkeyedTopUps: Math.max(0, p.packageList.length - 1) } : {}),
          });
        const total = obj.pager?.total ?? 0;
        if (obj.esimList.length < pageSize || pageNum * pageSize >= total) break;
      }
      return records;
    },

    async balance() {
      const obj = z.object({ balance: z.number() }).parse(await call("balance/query", {}));
      // USD × 10,000 → US cents.
      return { amountMinor: Math.floor(obj.balance / 100), currency: "USD" };
    },

    async catalogue(): Promise<SupplierPackage[]> {
      const list = await this.packages();
      return list.map(
        (p): SupplierPackage => ({
          packageCode: p.packageCode,
          title: p.name,
          countries: p.location.split(",").filter((c) => /^[A-Z]{2}$/.test(c)),
          operators: (p.locationNetworkList ?? []).map((l) => ({
            country: l.locationCode ?? p.location,
            names: (l.operatorList ?? []).map((o) => o.operatorName),
            network: (l.operatorList ?? []).some((o) => o.networkType?.includes("5G"))
              ? ("5G" as const)
              : ("4G" as const),
          })),
          dataMb: Math.round(p.volume / MB),
          validityDays: p.durationUnit === "MONTH" ? p.duration * 30 : p.duration,
          // USD × 10,000 → US cents.
          costUsdCents: Math.round(p.price / 100),
          recommendedRetail:
            p.retailPrice && p.retailPrice > 0
              ? { USD: Math.round(p.retailPrice / 100) }
              : ({} as Record<string, number>),
        }),
      );
    },

    async packages() {
      const obj = z
        .object({ packageList: z.array(PackageItem) })
        .parse(await call("package/list", { locationCode: "", type: "BASE", packageCode: "", iccid: "" }));
      return obj.packageList;
    },

    profileOf,
  };
}
