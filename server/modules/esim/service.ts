import { z } from "zod";
import { isLocale, type Locale } from "../../../core/constants.ts";
import {
  appleInstallUrl,
  type EsimDetail,
  type EsimPackage,
  type EsimState,
  type EsimSummary,
  type PackageState,
} from "../../../core/esim.ts";
import { isEsimId, isIccid } from "../../../core/ids.ts";
import { pageList } from "../../../core/lists.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import { defineJob, type JobContext, type JobRunner, scheduleNext } from "../../jobs/runner.ts";
import { formatAmount } from "../../providers/messages/email-template.ts";
import type { MessageSender, OutboundMessage } from "../../providers/messages/outbox.ts";
import {
  type EsimSupplier,
  FAILOVER_CODES,
  type SupplierCancelOptions,
  type SupplierCancelTarget,
  SupplierError,
  type SupplierName,
  SupplierPendingError,
  type SupplierPlan,
  type SupplierTopUpOffer,
} from "../../providers/supplier/types.ts";
import { esimsIssued } from "../../telemetry/metrics.ts";
import type { PlanView } from "../catalog/service.ts";
import type { NotificationRecorder } from "../notification/recorder.ts";
import type { OrderRow, OrderService } from "../order/service.ts";
import type { SiteService } from "../site/service.ts";
import {
  deliveryEmail,
  failureEmail,
  formatData,
  lowDataEmail,
  lpaOf,
  planEndedEmail,
  topUpEmail,
} from "./emails.ts";
import type { EsimListRow, EsimRepo, EsimRow, PackageListRow, PackageWithPlan } from "./repo.ts";
import { createSupplierOrders, MAY_EXIST, type SupplierOrderRow } from "./supplier-orders.ts";

const orderJob = z.object({ orderId: z.uuid() });
export const ESIM_PROVISION_JOB = defineJob("esim-provision", orderJob);
export const ESIM_USAGE_SYNC_JOB = defineJob("esim-usage-sync", z.object({}));
export const ESIM_FAILURE_NOTICE_JOB = defineJob("esim-failure-notice", orderJob);
export const ESIM_CANCEL_JOB = defineJob("esim-cancel-issued", orderJob);
/** Cancels at the supplier what a refunded order's eSIMs were (the refund flow, ADR 0336). */
export const ESIM_REFUND_CANCEL_JOB = defineJob("esim-cancel-refunded", orderJob);
/** Re-reads one eSIM's usage after a supplier's unsigned webhook (ADR 0195). */
export const ESIM_USAGE_HINT_JOB = defineJob("esim-usage-hint", z.object({ iccid: z.string().min(1) }));
/**
 * Reads one eSIM's usage for the sweep (ADR 0309): each eSIM its own job, so a failing one is retried alone
 * (`retry` counts its retries) and never makes the sweep read the others again.
 */
export const ESIM_USAGE_READ_JOB = defineJob(
  "esim-usage-read",
  z.object({ iccid: z.string().min(1), retry: z.number().int().min(0).max(10) }),
);
/** Attempts to cancel a failed order's profiles at the supplier: with the runner's backoff about 2.4 hours. */
export const ESIM_CANCEL_MAX_ATTEMPTS = 12;
const PROVISIONING_FAILED = "esim-provisioning-failed";
/** The share of a package's data at which the customer is told to top up (issue 6). */
export const LOW_DATA_SHARE = 0.8;
/** Polls for an asynchronous supplier's allocation before the unit moves on to the failover (ADR 0195). */
export const ALLOCATION_MAX_POLLS = 40;
/** Wait before the n-th allocation poll: 5 s, 10 s, 20 s … capped at five minutes. */
export function allocationPollMs(poll: number): number {
  return Math.min(300_000, 5_000 * 2 ** Math.max(0, poll - 1));
}

const DAY_MS = 86_400_000;

/**
 * Calls at a unit's first supplier that may end without a final answer (a timeout, a 5xx, a rate limit) before the
 * unit moves to the plan's failover supplier (ADR 0309): four calls, the retries after 2, 4 and 8 s.
 */
export const TRANSIENT_TRIES_BEFORE_FAILOVER = 4;
/** Wait before the n-th retry of a call whose answer was not final: 2 s, 4 s, 8 s … capped at five minutes. */
export function transientRetryMs(tries: number): number {
  return Math.min(300_000, 2_000 * 2 ** Math.max(0, tries - 1));
}
/**
 * Suppliers whose failed call never leaves an order behind: the sandbox records its orders in the store's own
 * database in one transaction, so its error means it holds none (ADR 0309).
 */
const ATOMIC_SUPPLIERS = new Set(["sandbox"]);
/**
 * The least time between two usage reads of one eSIM, by supplier (ADR 0309): Airalo's usage call answers once per
 * 15 minutes per ICCID (96 a day) and caches its figures; eSIM Access limits calls per second only (the adapter
 * keeps to them).
 */
export const USAGE_READ_MIN_MS: Partial<Record<string, number>> = { airalo: 15 * 60_000 };
/** Retries of one eSIM's failed usage read before it waits for the next sweep. */
export const USAGE_READ_RETRIES = 3;

export interface EsimServiceDeps {
  /**
   * The one refund flow's refund of a delivery that failed for good (server/flows/refund-order.ts, ADR 0359),
   * wired by services.ts once the flow exists.
   */
  refundFailedDelivery?: (orderCode: string, statusReason: string) => Promise<unknown>;
  db: Database;
  repo: EsimRepo;
  orders: OrderService;
  jobs: JobRunner;
  outbox: MessageSender;
  /** The default supplier; null when none is configured (production without one): orders then wait in FULFILLING. */
  supplier: EsimSupplier | null;
  /** The store's currencies (amounts in e-mails in the order's currency). */
  currencies?: SiteService["currencies"];
  /** Prices the top-up packages an eSIM may take in the shopper's currency (the catalogue's priced plans). */
  catalog?: {
    priceMany(codes: readonly string[], currencyCode: string, locale: Locale): Promise<PlanView[]>;
  };
  /** Every configured supplier by name: plans may name them (ADR 0196), and eSIMs are served by their issuer. */
  suppliers?: Partial<Record<SupplierName, EsimSupplier>>;
  /** A supplier's webhook arrived: the Suppliers page shows when (the supply module's status; ADR 0311). */
  onWebhookReceived?: (name: SupplierName) => Promise<void>;
  /** The storefront's origin for links in e-mails. */
  publicOrigin: string;
  provisionMaxAttempts: number;
  /** Attempts to cancel a failed order's issued profiles at the supplier (ADR 0151); default 12. */
  cancelMaxAttempts?: number;
  usageSyncMs: number;
  /** The notification centre (ADR 0204): what the store e-mails also lands there. */
  notifications?: NotificationRecorder;
  clock?: () => Date;
}

/** Provisioning failed in a way retrying cannot fix (the top-up target is gone). */
class PermanentFailure extends Error {}

/**
 * Ask the supplier again later: it took the unit's order and has not allocated it yet (ADR 0195), or its answer was
 * not final (ADR 0309). The key names the unit, the supplier and the count, so each wait is its own job.
 */
class AskAgain extends Error {
  readonly delayMs: number;
  readonly key: string;
  constructor(delayMs: number, key: string) {
    super("ask the supplier again later");
    this.delayMs = delayMs;
    this.key = key;
  }
}

/**
 * An order for the unit may exist at a supplier and the store stopped asking (ADR 0309): the order stays
 * FULFILLING, never refunded by the job, and the unit's supplier order shows REVIEW to an operator.
 */
class NeedsReview extends Error {}

const tx$ = (tx: unknown) => tx as Database;
const localeOf = (value: string): Locale => (isLocale(value) ? value : "en_US");

/**
 * Records one issued new-eSIM unit: the eSIM (or the one already on record for that order unit, when a retried
 * job is answered by the supplier's idempotency) and its first package, in one transaction. Shared by the
 * provisioning job and the sandbox's issue tool (ADR 0153), so the two can never record a unit differently.
 */
export async function recordIssuedUnit(
  db: Database,
  repo: EsimRepo,
  supplierName: string,
  input: {
    order: Pick<OrderRow, "id" | "customerId">;
    unit: number;
    plan: SupplierPlan;
    key: string;
    issued: Awaited<ReturnType<EsimSupplier["provision"]>>;
  },
) {
  const { order, unit, plan, key, issued } = input;
  const { profile, packageId } = issued;
  await db.transaction(async (rawTx) => {
    const tx = tx$(rawTx);
    const esim =
      (await repo.insertEsim(
        {
          customerId: order.customerId,
          iccid: profile.iccid,
          supplier: supplierName,
          smdpAddress: profile.smdpAddress,
          matchingId: profile.matchingId,
          confirmationCode: profile.confirmationCode,
          apnName: profile.apn.name,
          apnUsername: profile.apn.username,
          apnPassword: profile.apn.password,
          orderId: order.id,
          unitIndex: unit,
        },
        tx,
      )) ?? (await repo.findByOrderUnit(order.id, unit, tx));
    if (!esim || esim.iccid !== profile.iccid)
      throw new Error(`supplier answered key ${key} with another profile than the one on record`);
    await repo.insertPackage(
      {
        esimId: esim.id,
        orderId: order.id,
        unitIndex: unit,
        platformProductCode: plan.productCode,
        supplierPackageId: packageId,
        dataTotalMb: plan.dataMb,
        validityDays: plan.validityDays,
      },
      tx,
    );
  });
}

/** Android's counterpart of Apple's one-tap link (best effort: Android 15+ with Google's eSIM setup). */
export function androidInstallUrl(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

/**
 * eSIM delivery (issue 6; ADRs 0130-0134): provisioning after payment through the supplier interface, the
 * customer's eSIMs and packages, and the usage feed with its notices.
 */
export function createEsimService(deps: EsimServiceDeps) {
  const { db, repo, orders, jobs, outbox, supplier } = deps;
  const suppliers: Partial<Record<string, EsimSupplier>> = { ...deps.suppliers };
  if (supplier) suppliers[supplier.name] ??= supplier;
  const supplierOrders = createSupplierOrders(db);
  /** The supplier that issued an eSIM serves it (usage, top-ups, cancellation). */
  const supplierOf = (name: string) => suppliers[name] ?? null;
  const clock = deps.clock ?? (() => new Date());
  const origin = deps.publicOrigin;
  const cancelMaxAttempts = deps.cancelMaxAttempts ?? ESIM_CANCEL_MAX_ATTEMPTS;
  /** Packages that no longer count: over, or withdrawn with a refunded order. */
  const gone = (state: PackageState) => state === "EXPIRED" || state === "CANCELLED";

  function planName(pkg: Pick<PackageListRow, "title" | "platformProductCode">, locale: Locale): string {
    return pkg.title[locale] || pkg.title.en_US || pkg.platformProductCode;
  }

  function packageView(pkg: PackageListRow, locale: Locale): EsimPackage {
    return {
      id: pkg.id,
      esimId: pkg.esimId,
      iccid: pkg.iccid,
      orderCode: pkg.orderCode,
      platformProductCode: pkg.platformProductCode,
      planName: planName(pkg, locale),
      state: pkg.state,
      dataTotalMb: pkg.dataTotalMb,
      dataUsedMb: pkg.dataUsedMb,
      validityDays: pkg.validityDays,
      activatedAt: pkg.activatedAt?.toISOString() ?? null,
      expiresAt: pkg.expiresAt?.toISOString() ?? null,
      topUp: pkg.topUp,
    };
  }

  function summaryView(esim: EsimListRow, pkgs: PackageListRow[], locale: Locale): EsimSummary {
    const now = clock();
    const live = pkgs.filter((p) => !gone(p.state));
    const unlimited = live.some((p) => p.dataTotalMb === null);
    const total = unlimited ? null : live.reduce((sum, p) => sum + (p.dataTotalMb ?? 0), 0);
    const used = live.reduce((sum, p) => sum + p.dataUsedMb, 0);
    const active = pkgs.find((p) => p.state === "ACTIVE");
    const next = pkgs.find((p) => p.state === "NOT_STARTED");
    let daysLeft: number | null;
    if (active?.expiresAt)
      daysLeft = Math.max(0, Math.ceil((active.expiresAt.getTime() - now.getTime()) / DAY_MS));
    else if (!pkgs.some((p) => p.activatedAt)) daysLeft = null;
    else daysLeft = next ? next.validityDays : 0;
    return {
      id: esim.id,
      iccid: esim.iccid,
      state: esim.state,
      label: pkgs[0] ? planName(pkgs[0], locale) : esim.iccid,
      packages: pkgs.map((p) => packageView(p, locale)),
      dataTotalMb: total,
      dataUsedMb: used,
      dataLeftMb: total === null ? null : Math.max(0, total - used),
      daysLeft,
      usageUpdatedAt: esim.usageUpdatedAt?.toISOString() ?? null,
      createdAt: esim.createdAt.toISOString(),
    };
  }

  function detailView(esim: EsimRow, pkgs: PackageWithPlan[], locale: Locale): EsimDetail {
    // A cancelled profile (a failed order, a refund: ADRs 0151, 0336) gives out no install data at all: no
    // activation code, no QR, no one-tap links, whoever reads the API.
    if (esim.state === "CANCELLED")
      return {
        ...summaryView(esim, pkgs, locale),
        lpa: "",
        smdpAddress: "",
        matchingId: "",
        confirmationCode: null,
        apn: { name: esim.apnName, username: null, password: null },
        installUrls: { ios: "", android: "" },
      };
    const lpa = lpaOf(esim);
    return {
      ...summaryView(esim, pkgs, locale),
      lpa,
      smdpAddress: esim.smdpAddress,
      matchingId: esim.matchingId,
      confirmationCode: esim.confirmationCode,
      apn: { name: esim.apnName, username: esim.apnUsername, password: esim.apnPassword },
      installUrls: { ios: appleInstallUrl(lpa), android: androidInstallUrl(lpa) },
    };
  }

  async function owned(customerId: string, id: string): Promise<EsimRow> {
    // A malformed id (whoever passed it) is simply not found.
    const esim = isEsimId(id) ? await repo.findEsim(id) : undefined;
    // Another customer's eSIM is "not found": its existence is not disclosed.
    if (!esim || esim.customerId !== customerId) throw new ApiError(404, "esim.notFound");
    return esim;
  }

  async function detail(esim: EsimRow, locale: Locale) {
    return detailView(esim, await repo.packagesOf([esim.id]), locale);
  }

  async function supplierPlan(code: string): Promise<SupplierPlan> {
    const plan = await repo.plan(code);
    if (!plan) throw new PermanentFailure(`plan ${code} not found`);
    return {
      productCode: code,
      dataMb: plan.unlimited ? null : plan.dataMb,
      validityDays: plan.validityDays,
    };
  }

  /** The suppliers that can fulfil the plan, first choice first, each with its package (ADR 0196). */
  async function candidatesFor(
    plan: SupplierPlan,
  ): Promise<{ supplier: EsimSupplier; plan: SupplierPlan; costUsdCents: number | null }[]> {
    const mapped = await supplierOrders.planSuppliers(plan.productCode);
    if (mapped.length === 0) return supplier ? [{ supplier, plan, costUsdCents: null }] : [];
    return mapped
      .filter((row) => suppliers[row.supplier] && !(row as { pausedAt?: Date | null }).pausedAt)
      .map((row) => ({
        supplier: suppliers[row.supplier]!,
        plan: { ...plan, packageCode: row.packageCode },
        costUsdCents: row.costUsdCents,
      }));
  }

  /**
   * One call for a unit at one supplier, and what its answer means (ADR 0309). A refusal means the supplier holds
   * no order (the adapters answer a repeated key with the order it already placed): "next". A lost answer, an
   * unallocated order or an error nobody mapped may have left an order there: ask again with backoff, and when a
   * failover supplier is left, move to it after TRANSIENT_TRIES_BEFORE_FAILOVER calls ("next", the row UNSURE);
   * at the last supplier, after `maxTries` calls the unit waits for an operator (NeedsReview), never a refund.
   * `costUsdCents` is what the order costs at the supplier, stamped when it confirms the order (ADR 0390).
   */
  async function callFor<T>(
    order: OrderRow,
    unit: number,
    name: string,
    row: SupplierOrderRow | undefined,
    more: boolean,
    call: () => Promise<T>,
    costUsdCents: number | null = null,
  ): Promise<T | "next"> {
    try {
      return await call();
    } catch (error) {
      const tag = `esim-provision:${order.id}:${unit}:${name}`;
      if (error instanceof SupplierPendingError) {
        const polls = await supplierOrders.placed(order.id, unit, name, error.reference, costUsdCents);
        if (polls <= ALLOCATION_MAX_POLLS) throw new AskAgain(allocationPollMs(polls), `${tag}:${polls}`);
        await supplierOrders.settle(order.id, unit, name, "REVIEW", "ALLOCATION_TIMEOUT");
        throw new NeedsReview(`${name} has not allocated unit ${unit} of order ${order.id}`);
      }
      const code = error instanceof SupplierError ? error.code : "ERROR";
      const refused = error instanceof SupplierError && (!error.retryable || FAILOVER_CODES.has(error.code));
      if (refused) {
        // A refusal about an order the supplier confirmed to exist does not undo it.
        if (row?.status === "PLACED" || row?.status === "PLACING") {
          await supplierOrders.settle(order.id, unit, name, "REVIEW", code);
          throw new NeedsReview(`${name} refused unit ${unit} of order ${order.id} after taking it: ${code}`);
        }
        await supplierOrders.settle(order.id, unit, name, "FAILED", code);
        return "next";
      }
      // A rate limit is answered before anything is ordered; at the sandbox nothing is ever left behind.
      const uncertain = code !== "RATE_LIMITED" && !ATOMIC_SUPPLIERS.has(name);
      const tries = await supplierOrders.unanswered(order.id, unit, name, code, uncertain);
      const maybe = uncertain || row?.status === "PLACING" || row?.status === "PLACED";
      if (more && tries >= TRANSIENT_TRIES_BEFORE_FAILOVER) {
        await supplierOrders.settle(order.id, unit, name, maybe ? "UNSURE" : "FAILED", code);
        return "next";
      }
      const maxTries = row?.status === "PLACED" ? ALLOCATION_MAX_POLLS : deps.provisionMaxAttempts;
      if (tries >= maxTries) {
        if (maybe) {
          await supplierOrders.settle(order.id, unit, name, "REVIEW", code);
          throw new NeedsReview(
            `${name} gave no final answer for unit ${unit} of order ${order.id}: ${code}`,
          );
        }
        await supplierOrders.settle(order.id, unit, name, "FAILED", code);
        return "next";
      }
      const after = (error as { retryAfterMs?: unknown }).retryAfterMs;
      const wait = Math.max(transientRetryMs(tries), typeof after === "number" ? after : 0);
      throw new AskAgain(wait, `${tag}:${tries}`);
    }
  }

  /**
   * Issues one new-eSIM unit: at the first supplier that has not refused it, reading an order already placed there
   * rather than placing another (ADRs 0196, 0309). Only when every supplier refused is it a failure (a refund);
   * when an order may exist at one of them, an operator decides.
   */
  async function issueUnit(order: OrderRow, unit: number, plan: SupplierPlan) {
    const key = `order:${order.id}:${unit}`;
    const tried = await supplierOrders.ofUnit(order.id, unit);
    if (tried.some((t) => t.status === "REVIEW"))
      throw new NeedsReview(`unit ${unit} of order ${order.id} waits for an operator`);
    const candidates = (await candidatesFor(plan)).filter((c) => {
      const status = tried.find((t) => t.supplier === c.supplier.name)?.status;
      return status !== "FAILED" && status !== "UNSURE";
    });
    for (const [index, candidate] of candidates.entries()) {
      const name = candidate.supplier.name;
      const row = tried.find((t) => t.supplier === name);
      const issued = await callFor(
        order,
        unit,
        name,
        row,
        index < candidates.length - 1,
        () => candidate.supplier.provision(candidate.plan, key, { reference: row?.reference ?? undefined }),
        candidate.costUsdCents,
      );
      if (issued === "next") continue;
      await recordIssuedUnit(db, repo, name, { order, unit, plan: candidate.plan, key, issued });
      await supplierOrders.settle(order.id, unit, name, "ISSUED", null, candidate.costUsdCents);
      esimsIssued.add(1, { supplier: name });
      return;
    }
    await refundableOrReview(order, unit);
    throw new PermanentFailure(`no supplier can deliver ${plan.productCode}`);
  }

  /** Every supplier gave up on the unit: a refund only when none of them may hold an order for it (ADR 0309). */
  async function refundableOrReview(order: OrderRow, unit: number) {
    const open = (await supplierOrders.ofUnit(order.id, unit)).filter((t) => MAY_EXIST.includes(t.status));
    if (open.length === 0) return;
    for (const row of open)
      await supplierOrders.settle(order.id, unit, row.supplier, "REVIEW", row.failure ?? "UNCONFIRMED");
    throw new NeedsReview(`an order for unit ${unit} of order ${order.id} may exist at ${open[0]!.supplier}`);
  }

  /**
   * The supplier's top-up offer that fulfils a store plan (ADR 0309): the offer with the plan's mapped package code
   * (or that code's top-up form, `TOPUP_<code>` at eSIM Access, `<code>-topup` at Airalo), else the one with the
   * plan's data and validity. Null: the supplier does not list the plan as a top-up for the profile.
   */
  function offerFor(
    offers: SupplierTopUpOffer[],
    plan: { dataMb: number | null; validityDays: number },
    packageCode: string | undefined,
  ): SupplierTopUpOffer | null {
    if (packageCode) {
      const named = [packageCode, `TOPUP_${packageCode}`, `${packageCode}-topup`];
      for (const code of named) {
        const offer = offers.find((o) => o.packageCode === code);
        if (offer) return offer;
      }
    }
    return offers.find((o) => o.dataMb === plan.dataMb && o.validityDays === plan.validityDays) ?? null;
  }

  /**
   * The plan to order a top-up with at the eSIM's issuer: the issuer's listed offer (its package code), or null
   * when it lists none for the plan. A supplier that cannot list offers gets the plan's mapped package. With it,
   * what the top-up costs us when known: the offer's price, else the mapping's (ADR 0390).
   */
  async function topUpOfferFor(
    issuer: EsimSupplier,
    target: EsimRow,
    plan: SupplierPlan,
  ): Promise<{ plan: SupplierPlan; costUsdCents: number | null } | null> {
    const mapped = (await supplierOrders.planSuppliers(plan.productCode)).find(
      (row) => row.supplier === issuer.name,
    );
    if (!issuer.topUpOffers)
      return mapped
        ? { plan: { ...plan, packageCode: mapped.packageCode }, costUsdCents: mapped.costUsdCents }
        : { plan, costUsdCents: null };
    const offer = offerFor(await issuer.topUpOffers(target.iccid), plan, mapped?.packageCode);
    return offer
      ? { plan: { ...plan, packageCode: offer.packageCode }, costUsdCents: offer.costUsdCents }
      : null;
  }

  /** One profile (or top-up package) per paid unit; each supplier call carries the unit's idempotency key. */
  async function provisionUnits(order: OrderRow) {
    if (!supplier && Object.keys(suppliers).length === 0) throw new Error("no eSIM supplier configured");
    const plan = await supplierPlan(order.platformProductCode);
    let target: EsimRow | undefined;
    if (order.topUpIccid) {
      target = await repo.findByIccid(order.topUpIccid);
      if (!target || target.customerId !== order.customerId)
        throw new PermanentFailure(`top-up target ${order.topUpIccid} is not the customer's eSIM`);
    }
    for (let unit = 0; unit < order.quantity; unit += 1) {
      if (await repo.packageFor(order.id, unit)) continue;
      const key = `order:${order.id}:${unit}`;
      if (target) {
        // A top-up goes to the supplier that issued the eSIM, with that supplier's package for the plan.
        const issuer = supplierOf(target.supplier);
        if (!issuer) throw new PermanentFailure(`supplier ${target.supplier} is not configured`);
        const row = (await supplierOrders.ofUnit(order.id, unit)).find((t) => t.supplier === issuer.name);
        if (row?.status === "REVIEW") throw new NeedsReview(`top-up unit ${unit} waits for an operator`);
        if (row?.status === "FAILED") {
          await refundableOrReview(order, unit);
          throw new PermanentFailure(`${issuer.name} refused top-up unit ${unit}`);
        }
        // Only a package the issuer lists for this profile (defect 9, ADR 0309), ordered by its package code. A
        // top-up that may already have been placed is asked about again whatever the list says now (the
        // adapter finds it by its key).
        let offer = await topUpOfferFor(issuer, target, plan);
        if (!offer && row && MAY_EXIST.includes(row.status)) offer = { plan, costUsdCents: null };
        if (!offer) {
          await supplierOrders.settle(order.id, unit, issuer.name, "FAILED", "TOPUP_NOT_OFFERED");
          await refundableOrReview(order, unit);
          throw new PermanentFailure(
            `${issuer.name} offers no top-up ${plan.productCode} for ${target.iccid}`,
          );
        }
        const listed = offer;
        const answer = await callFor(
          order,
          unit,
          issuer.name,
          row,
          false,
          () => issuer.topUp(target.iccid, listed.plan, key),
          listed.costUsdCents,
        );
        if (answer === "next") {
          await refundableOrReview(order, unit);
          throw new PermanentFailure(`${issuer.name} refused top-up unit ${unit}`);
        }
        await repo.insertPackage({
          esimId: target.id,
          orderId: order.id,
          unitIndex: unit,
          platformProductCode: plan.productCode,
          supplierPackageId: answer.packageId,
          topUp: true,
          dataTotalMb: plan.dataMb,
          validityDays: plan.validityDays,
        });
        await supplierOrders.settle(order.id, unit, issuer.name, "ISSUED", null, listed.costUsdCents);
        continue;
      }
      await issueUnit(order, unit, plan);
    }
    return target;
  }

  /** Every unit is issued: FULFILLING → COMPLETED and the delivery e-mail, in one transaction. */
  async function complete(order: OrderRow, target: EsimRow | undefined) {
    const locale = localeOf(order.locale);
    const issued = target
      ? []
      : (
          await Promise.all(
            Array.from({ length: order.quantity }, (_, unit) => repo.findByOrderUnit(order.id, unit)),
          )
        ).filter((e): e is EsimRow => Boolean(e));
    const message = target
      ? await topUpEmail(order, target, locale, origin)
      : await deliveryEmail(order, issued, locale, origin);
    await orders.complete(order.id, async (tx) => {
      await outbox.send(message, tx);
      await deps.notifications?.record(
        {
          customerId: order.customerId,
          kind: target ? "TOPUP_DONE" : "ESIM_READY",
          params: { code: order.code, plan: order.planTitle },
          link: target
            ? `/ucenter/eSIM/${target.id}`
            : issued[0]
              ? `/ucenter/eSIM/${issued[0].id}`
              : "/ucenter/eSIM",
          eventKey: `order-delivered:${order.id}`,
        },
        tx,
      );
    });
  }

  /**
   * The last attempt failed: refund the order, withdraw what was issued, tell the shopper. The notice and the
   * cancellation at the supplier are their own durable jobs, queued first, so a worker dying halfway still leaves
   * them to run once the refund started. The refund never waits for the supplier (ADR 0151).
   */
  async function fail(order: OrderRow) {
    await jobs.enqueue(
      ESIM_FAILURE_NOTICE_JOB,
      { orderId: order.id },
      { dedupeKey: `esim-failure-notice:${order.id}` },
    );
    // The one refund flow (ADR 0359): money and store credit back once, the issued profiles withdrawn at once
    // (the shopper's list stops offering them) and cancelled at the supplier by a job queued in the refund's
    // transaction.
    if (!deps.refundFailedDelivery) throw new Error("no refund flow wired for failed deliveries");
    try {
      await deps.refundFailedDelivery(order.code, PROVISIONING_FAILED);
    } catch (error) {
      // Refunded already (an operator got there first) or no longer refundable: nothing more to move.
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** Whether the order's history shows the provisioning refund (else the job is early, or not ours). */
  async function refundedForFailure(order: OrderRow): Promise<boolean> {
    if (order.status === "FULFILLING") throw new Error("refund not started yet; retry later");
    const history = await orders.history(order.id);
    return history.some((h) => h.reason === PROVISIONING_FAILED);
  }

  /**
   * Cancels at the supplier every profile (or top-up package) a failed order issued (ADR 0151). Each answer is
   * recorded once; a rerun only asks about what is still PENDING, and the supplier's cancel is idempotent for a
   * run that died between its call and the record. Retryable errors retry the job; after the last attempt, and
   * for errors retrying cannot fix, the package is recorded FAILED for an operator.
   */
  async function cancelJob(payload: z.infer<typeof orderJob>, context: JobContext) {
    if (!supplier && Object.keys(suppliers).length === 0) throw new Error("no eSIM supplier configured");
    const order = await orders.findById(payload.orderId);
    if (!order || !(await refundedForFailure(order))) return;
    await repo.withdrawOrder(order.id);
    await cancelPending(order, context);
  }

  /**
   * A refunded order's eSIMs (ADR 0336): withdrawn in the refund's transaction, which also queued this job, so
   * it only exists once the refund committed. Asks each supplier as the failed order's job does.
   */
  async function refundCancelJob(payload: z.infer<typeof orderJob>, context: JobContext) {
    if (!supplier && Object.keys(suppliers).length === 0) throw new Error("no eSIM supplier configured");
    const order = await orders.findById(payload.orderId);
    if (!order) return;
    await cancelPending(order, context, { note: "The customer's order was refunded in full by the store." });
  }

  /** Asks the supplier about each package of the order still PENDING cancellation; records each answer once. */
  async function cancelPending(order: OrderRow, context: JobContext, options?: SupplierCancelOptions) {
    const last = context.attempt >= cancelMaxAttempts;
    let retry: unknown;
    for (const pkg of await repo.pendingCancellations(order.id)) {
      const target: SupplierCancelTarget = pkg.topUp
        ? { packageId: pkg.supplierPackageId }
        : { iccid: pkg.iccid };
      try {
        const issuer = supplierOf(pkg.supplier);
        if (!issuer)
          throw new SupplierError("NOT_CONFIGURED", `supplier ${pkg.supplier} is not configured`, {
            retryable: false,
          });
        const answer = await issuer.cancel(target, context.now, options);
        await repo.recordCancellation(
          pkg.id,
          answer.outcome === "CANCELLED"
            ? { status: "CANCELLED", at: answer.cancelledAt }
            : answer.outcome === "REQUESTED"
              ? { status: "REQUESTED", at: answer.requestedAt, note: answer.reference }
              : { status: "REFUSED", at: context.now, note: answer.reason },
        );
      } catch (error) {
        const permanent = error instanceof SupplierError && !error.retryable;
        if (permanent || last) {
          const note = error instanceof SupplierError ? error.code : "ERROR";
          await repo.recordCancellation(pkg.id, { status: "FAILED", at: context.now, note });
        } else retry ??= error;
      }
    }
    if (retry) throw retry;
  }

  async function failureNoticeJob(payload: z.infer<typeof orderJob>) {
    const order = await orders.findById(payload.orderId);
    if (!order || !(await refundedForFailure(order))) return;
    const locale = localeOf(order.locale);
    // Profiles issued before the failure showed in the shopper's list: say they are gone (ADR 0151).
    const cancelled = !order.topUpIccid && (await repo.esimsOfOrder(order.id)).length > 0;
    const currencies = (await deps.currencies?.()) ?? new Map();
    const refund = formatAmount(order.total, order.currencyCode, currencies);
    await outbox.send(await failureEmail(order, { refund, cancelled }, locale, origin));
    await deps.notifications?.record({
      customerId: order.customerId,
      kind: "ORDER_FAILED",
      params: { code: order.code, plan: order.planTitle },
      link: `/ucenter/order/${order.code}`,
      eventKey: `order-failed:${order.id}`,
    });
  }

  async function provisionJob(payload: z.infer<typeof orderJob>, context: JobContext) {
    const order = await orders.findById(payload.orderId);
    if (order?.status !== "FULFILLING") return;
    try {
      const target = await provisionUnits(order);
      await complete(order, target);
    } catch (error) {
      if (error instanceof AskAgain) {
        // Not a failed attempt: the supplier is allocating, or its answer was not final. Ask again later (or
        // sooner, when its webhook says so).
        await jobs.enqueue(
          ESIM_PROVISION_JOB,
          { orderId: order.id },
          {
            runAt: new Date(context.now.getTime() + error.delayMs),
            dedupeKey: error.key,
            maxAttempts: deps.provisionMaxAttempts,
          },
        );
        return;
      }
      // An order may exist at a supplier: the order stays FULFILLING for an operator (ADR 0309).
      if (error instanceof NeedsReview) return;
      const permanent =
        error instanceof PermanentFailure || (error instanceof SupplierError && !error.retryable);
      if (permanent || context.attempt >= deps.provisionMaxAttempts) {
        if (await mayHoldOrders(order)) return;
        await fail(order);
        return;
      }
      throw error;
    }
  }

  /** Whether any supplier may hold an order for one of the order's units (then no automatic refund). */
  async function mayHoldOrders(order: OrderRow): Promise<boolean> {
    const rows = await supplierOrders.ofOrder(order.id);
    const open = rows.filter((t) => MAY_EXIST.includes(t.status));
    for (const row of open)
      if (row.status !== "REVIEW")
        await supplierOrders.settle(
          order.id,
          row.unitIndex,
          row.supplier,
          "REVIEW",
          row.failure ?? "UNCONFIRMED",
        );
    return open.length > 0;
  }

  /**
   * The eSIM's state from its packages and the supplier's word on the profile (ADRs 0130, 0168); a cancelled one
   * stays cancelled (ADR 0151).
   */
  function esimState(
    esim: EsimRow,
    pkgs: { state: PackageState; activatedAt: Date | null }[],
    downloaded: boolean,
  ): EsimState {
    if (esim.state === "CANCELLED") return "CANCELLED";
    if (pkgs.some((p) => p.state === "EXPIRED") && pkgs.every((p) => gone(p.state))) return "EXPIRED";
    if (pkgs.some((p) => p.activatedAt !== null || p.state === "ACTIVE" || p.state === "USED_UP"))
      return "ACTIVE";
    return downloaded || esim.state === "INSTALLED" || esim.installedAt ? "INSTALLED" : "READY";
  }

  /** Pulls one eSIM's usage from the supplier, updates its packages and state, and sends due notices. */
  async function syncOne(esim: EsimRow, now: Date) {
    const issuer = supplierOf(esim.supplier);
    if (!issuer) return;
    // Every call counts against the supplier's per-eSIM limit, answered or not (ADR 0309).
    await repo.updateEsim(esim.id, { usageReadAt: now });
    const usage = await issuer.usage(esim.iccid, now);
    const reported = new Map(usage.packages.map((p) => [p.packageId, p]));
    const pkgs = await repo.packagesOf([esim.id]);
    // Read before the transaction: an embedded database has one connection, which the transaction holds.
    const contacts = new Map<string, string>();
    for (const pkg of pkgs)
      if (!contacts.has(pkg.orderId)) contacts.set(pkg.orderId, await contactOf(pkg.orderId));
    // The shopper may have switched these e-mails off (ADR 0204); the notice still lands in the centre.
    const emailLow = (await deps.notifications?.emailWanted(esim.customerId, "DATA_LOW")) ?? true;
    const emailEnded = (await deps.notifications?.emailWanted(esim.customerId, "PLAN_ENDED")) ?? true;
    // Each package's new state, worked out and its due notices rendered before the transaction (one
    // connection on an embedded database; rendering needs none). Claiming a notice in the transaction decides
    // whether it is sent, so each goes once.
    const updates: {
      pkg: PackageWithPlan;
      state: PackageState;
      usedMb: number;
      activatedAt: Date | null;
      expiresAt: Date | null;
      plan: string;
      used: string;
      total: string;
      low: boolean;
      ended: boolean;
      lowEmail: OutboundMessage | null;
      endedEmail: OutboundMessage | null;
    }[] = [];
    for (const pkg of pkgs) {
      const report = reported.get(pkg.supplierPackageId);
      // A package that is over or was withdrawn by a refund stays so whatever the supplier says.
      let state: PackageState = gone(pkg.state) ? pkg.state : (report?.state ?? pkg.state);
      const expiresAt = report?.expiresAt ?? pkg.expiresAt;
      if (!gone(state) && expiresAt && expiresAt <= now) state = "EXPIRED";
      const usedMb = report?.usedMb ?? pkg.dataUsedMb;
      // A supplier that gives no activation time (Airalo): when the store first saw the package started.
      const started = state === "ACTIVE" || state === "USED_UP" || state === "EXPIRED";
      const activatedAt = report?.activatedAt ?? pkg.activatedAt ?? (report && started ? now : null);
      const locale = localeOf(pkg.orderLocale);
      const plan = planName(pkg, locale);
      const to = contacts.get(pkg.orderId)!;
      const low =
        pkg.dataTotalMb !== null &&
        pkg.dataTotalMb > 0 &&
        usedMb >= pkg.dataTotalMb * LOW_DATA_SHARE &&
        !gone(state);
      // Only a package that ran its course is "ended"; one withdrawn by a refund was never the customer's.
      const ended = state === "EXPIRED" && pkg.state !== "EXPIRED" && activatedAt !== null;
      const used = formatData(usedMb);
      const total = pkg.dataTotalMb === null ? "" : formatData(pkg.dataTotalMb);
      const lowEmail =
        low && emailLow && !pkg.notifiedLowAt
          ? await lowDataEmail({ to, plan, esim, used, total }, locale, origin)
          : null;
      const endedEmail =
        ended && emailEnded && !pkg.notifiedExpiredAt
          ? await planEndedEmail({ to, plan, esim }, locale, origin)
          : null;
      updates.push({
        pkg,
        state,
        usedMb,
        activatedAt,
        expiresAt,
        plan,
        used,
        total,
        low,
        ended,
        lowEmail,
        endedEmail,
      });
    }
    await db.transaction(async (rawTx) => {
      const tx = tx$(rawTx);
      const states: { state: PackageState; activatedAt: Date | null }[] = [];
      for (const {
        pkg,
        state,
        usedMb,
        activatedAt,
        expiresAt,
        plan,
        used,
        total,
        low,
        ended,
        ...mail
      } of updates) {
        states.push({ state, activatedAt });
        await repo.updatePackage(pkg.id, { state, dataUsedMb: usedMb, activatedAt, expiresAt }, tx);
        if (low && (await repo.claimNotice(pkg.id, "low", now, tx))) {
          if (mail.lowEmail) await outbox.send(mail.lowEmail, tx);
          await deps.notifications?.record(
            {
              customerId: esim.customerId,
              kind: "DATA_LOW",
              params: { plan, used, total },
              link: `/ucenter/eSIM/${esim.id}`,
              eventKey: `data-low:${pkg.id}`,
            },
            tx,
          );
        }
        if (ended && (await repo.claimNotice(pkg.id, "expired", now, tx))) {
          if (mail.endedEmail) await outbox.send(mail.endedEmail, tx);
          await deps.notifications?.record(
            {
              customerId: esim.customerId,
              kind: "PLAN_ENDED",
              params: { plan },
              link: `/ucenter/eSIM/${esim.id}`,
              eventKey: `plan-ended:${pkg.id}`,
            },
            tx,
          );
        }
      }
      // The supplier saw the profile downloaded to a phone (ADR 0168): installed, even before any data moves.
      const downloaded = usage.profileState === "INSTALLED";
      const state = esimState(esim, states, downloaded);
      await repo.updateEsim(
        esim.id,
        {
          state,
          usageUpdatedAt: usage.reportedAt,
          ...(downloaded && !esim.installedAt ? { installedAt: now } : {}),
        },
        tx,
      );
    });
  }

  async function contactOf(orderId: string): Promise<string> {
    return (await orders.findById(orderId))!.contactEmail;
  }

  /** Pulls usage for every eSIM still in use (or one ICCID); a failure on one does not stop the rest. */
  async function syncUsage(options: { now?: Date; iccid?: string } = {}) {
    const now = options.now ?? clock();
    const errors: unknown[] = [];
    for (const esim of await repo.liveEsims(options.iccid)) {
      try {
        await syncOne(esim, now);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }

  /** Whether the eSIM's supplier allows another usage read now (its documented per-eSIM limit). */
  function readDue(esim: EsimRow, now: Date): boolean {
    const least = USAGE_READ_MIN_MS[esim.supplier] ?? 0;
    return !esim.usageReadAt || now.getTime() - esim.usageReadAt.getTime() >= least;
  }

  /**
   * The usage sweep (ADR 0309): one read job per eSIM in use whose supplier allows a read now, deduplicated per
   * sweep slot. The sweep itself calls no supplier, so one eSIM's failure never repeats the others' reads.
   */
  async function sweepUsage(now: Date) {
    const slot = Math.floor(now.getTime() / deps.usageSyncMs);
    for (const esim of await repo.liveEsims()) {
      if (!supplierOf(esim.supplier) || !readDue(esim, now)) continue;
      await jobs.enqueue(
        ESIM_USAGE_READ_JOB,
        { iccid: esim.iccid, retry: 0 },
        { dedupeKey: `esim-usage-read:${esim.iccid}:${slot}`, maxAttempts: 1 },
      );
    }
  }

  /**
   * One eSIM's usage read. A failure is retried for this eSIM alone, no sooner than its supplier allows (1, 2, 4
   * minutes, or the supplier's interval when longer), USAGE_READ_RETRIES times; then the next sweep reads it.
   */
  async function usageReadJob(payload: z.infer<typeof ESIM_USAGE_READ_JOB.schema>, context: JobContext) {
    const [esim] = await repo.liveEsims(payload.iccid);
    if (!esim || esim.state === "EXPIRED" || esim.state === "CANCELLED") return;
    if (!readDue(esim, context.now)) return;
    try {
      await syncOne(esim, context.now);
    } catch (error) {
      const permanent = error instanceof SupplierError && !error.retryable;
      if (permanent || payload.retry >= USAGE_READ_RETRIES) return;
      const least = USAGE_READ_MIN_MS[esim.supplier] ?? 0;
      const after = (error as { retryAfterMs?: unknown }).retryAfterMs;
      const wait = Math.max(least, 60_000 * 2 ** payload.retry, typeof after === "number" ? after : 0);
      await jobs.enqueue(
        ESIM_USAGE_READ_JOB,
        { iccid: esim.iccid, retry: payload.retry + 1 },
        {
          runAt: new Date(context.now.getTime() + wait),
          dedupeKey: `esim-usage-read:${esim.iccid}:${context.now.getTime()}:retry:${payload.retry + 1}`,
          maxAttempts: 1,
        },
      );
    }
  }

  /** Enqueues the next usage sync at the next slot boundary (one job per slot, whichever instance asks). */
  async function scheduleUsageSync(now: Date = clock()) {
    await scheduleNext(jobs, ESIM_USAGE_SYNC_JOB, {}, { everyMs: deps.usageSyncMs, key: "esim-usage", now });
  }

  const api = {
    /** The fulfilment seam (ADR 0106): a durable provisioning job per order. */
    async onFulfilling(order: OrderRow) {
      // Without a default supplier only plans that name a configured one are provisioned; the rest wait in
      // FULFILLING (production without a supplier, ADR 0132).
      if (!supplier) {
        const mapped = await supplierOrders.planSuppliers(order.platformProductCode);
        if (!mapped.some((row) => suppliers[row.supplier])) return;
      }
      await jobs.enqueue(
        ESIM_PROVISION_JOB,
        { orderId: order.id },
        { dedupeKey: `esim-provision:${order.id}`, maxAttempts: deps.provisionMaxAttempts },
      );
    },

    registerJobs(runner: JobRunner) {
      runner.register(ESIM_PROVISION_JOB, provisionJob);
      runner.register(ESIM_FAILURE_NOTICE_JOB, failureNoticeJob);
      runner.register(ESIM_CANCEL_JOB, cancelJob);
      runner.register(ESIM_REFUND_CANCEL_JOB, refundCancelJob);
      runner.register(ESIM_USAGE_HINT_JOB, async (payload, context) => {
        await syncUsage({ iccid: payload.iccid, now: context.now });
      });
      runner.register(ESIM_USAGE_READ_JOB, usageReadJob);
      runner.register(ESIM_USAGE_SYNC_JOB, async (_payload, context) => {
        try {
          await sweepUsage(context.now);
        } finally {
          await scheduleUsageSync(context.now);
        }
      });
    },

    scheduleUsageSync,
    syncUsage,

    /**
     * An eSIM Access webhook (ADR 0195). It is not signed, so it is only a hint: an allocated order brings its
     * provisioning job forward, and any event about a profile re-reads that profile through the signed API.
     */
    /**
     * An Airalo webhook (ADR 0195): its signature is checked over the exact bytes; a valid one about a profile
     * re-reads that profile. False when the signature does not hold (or the supplier is not configured).
     */
    async signedSupplierHint(name: SupplierName, rawBody: Buffer, signature: string | undefined) {
      const source = suppliers[name];
      if (!source?.verifyWebhook?.(rawBody, signature)) return false;
      let iccid: unknown;
      try {
        iccid = (JSON.parse(rawBody.toString("utf8")) as { iccid?: unknown }).iccid;
      } catch {
        return true;
      }
      if (isIccid(iccid)) {
        const esim = await repo.findByIccid(iccid);
        if (esim?.supplier === name) await syncUsage({ iccid });
      }
      return true;
    },

    async supplierHint(name: SupplierName, hint: { orderNo?: string; iccid?: string }) {
      if (!suppliers[name]) return false;
      if (hint.orderNo) {
        for (const row of await supplierOrders.byReference(name, hint.orderNo))
          if (row.status === "PLACED")
            await jobs.enqueue(
              ESIM_PROVISION_JOB,
              { orderId: row.orderId },
              {
                dedupeKey: `esim-provision:${row.orderId}:hint:${hint.orderNo}`,
                maxAttempts: deps.provisionMaxAttempts,
              },
            );
      }
      if (hint.iccid) {
        // Unsigned, so at most one re-read per eSIM a minute however many arrive (a flood cannot use up the
        // supplier's rate limit).
        const esim = await repo.findByIccid(hint.iccid);
        if (esim?.supplier === name)
          await jobs.enqueue(
            ESIM_USAGE_HINT_JOB,
            { iccid: hint.iccid },
            { dedupeKey: `esim-usage-hint:${hint.iccid}:${Math.floor(clock().getTime() / 60_000)}` },
          );
      }
      return true;
    },

    async listEsims(customerId: string, query: { page: number; size: number }, locale: Locale) {
      const { rows, total } = await repo.listEsimsWithPackages(customerId, query.page, query.size);
      return pageList(
        rows.map(({ esim, packages }) => summaryView(esim, packages, locale)),
        total,
      );
    },

    async getEsim(customerId: string, id: string, locale: Locale): Promise<EsimDetail> {
      return detail(await owned(customerId, id), locale);
    },

    /** The summary of the eSIM with this ICCID (sandbox tools). */
    async summaryByIccid(iccid: string, locale: Locale): Promise<EsimSummary | null> {
      const esim = await repo.findByIccid(iccid);
      return esim ? summaryView(esim, await repo.packagesOf([esim.id]), locale) : null;
    },

    async listPackages(
      customerId: string,
      query: { state?: PackageState; page: number; size: number },
      locale: Locale,
    ) {
      const { rows, total } = await repo.listPackages(customerId, query.state, query.page, query.size);
      return pageList(
        rows.map((p) => packageView(p, locale)),
        total,
      );
    },

    /** The shopper (or the app bridge) says the profile is on the phone: READY → INSTALLED. */
    async markInstalled(customerId: string, id: string, locale: Locale = "en_US"): Promise<EsimDetail> {
      const esim = await owned(customerId, id);
      if (esim.state === "READY") {
        await repo.updateEsim(esim.id, { state: "INSTALLED", installedAt: clock() });
        return detail((await repo.findEsim(esim.id))!, locale);
      }
      return detail(esim, locale);
    },

    /** Checkout's rule for a top-up: the ICCID is one of the customer's eSIMs and not expired. */
    /**
     * A top-up must name one of the customer's eSIMs that can take one, and (when given) a package that may top
     * it up: a forged or foreign plan code is a 400 (issue 12).
     */
    async checkTopUp(customerId: string, iccid: string, platformProductCode?: string) {
      const esim = await repo.findByIccid(iccid);
      if (!esim || esim.customerId !== customerId)
        throw new ApiError(404, "esim.topUp.notFound", { fields: { topUpIccid: "esim.topUp.notFound" } });
      await assertTopUpable(esim);
      if (platformProductCode === undefined) return;
      const { codes } = await topUpPlanCodes(esim);
      if (!codes.includes(platformProductCode))
        throw new ApiError(400, "esim.topUp.planNotAllowed", {
          fields: { platformProductCode: "esim.topUp.planNotAllowed" },
        });
    },

    /**
     * The top-up packages an eSIM may take (issue 12), priced in the shopper's currency, with the plan it was
     * issued with preselected when it is still on sale.
     */
    async topUpOptions(customerId: string, id: string, currencyCode: string, locale: Locale) {
      const esim = await owned(customerId, id);
      await assertTopUpable(esim);
      const { base, codes } = await topUpPlanCodes(esim);
      const priced = deps.catalog ? await deps.catalog.priceMany(codes, currencyCode, locale) : [];
      const byCode = new Map(priced.map((plan) => [plan.platformProductCode, plan]));
      const packages = codes.flatMap((code) => {
        const plan = byCode.get(code);
        return plan
          ? [
              {
                platformProductCode: plan.platformProductCode,
                title: plan.title,
                dataMb: plan.dataMb,
                unlimited: plan.unlimited,
                dailyHighSpeedMb: plan.dailyHighSpeedMb,
                validityDays: plan.validityDays,
                currencyCode: plan.currencyCode,
                unitPrice: plan.unitPrice,
                displayPrice: plan.displayPrice,
              },
            ]
          : [];
      });
      const preselected = packages.some((p) => p.platformProductCode === base) ? base : null;
      return { esimId: esim.id, iccid: esim.iccid, preselected, packages };
    },
  };

  /** An eSIM that can take a top-up: not over, not cancelled, its own order delivered. */
  async function assertTopUpable(esim: EsimRow) {
    if (esim.state === "EXPIRED")
      throw new ApiError(400, "esim.topUp.expired", { fields: { topUpIccid: "esim.topUp.expired" } });
    if (esim.state === "CANCELLED")
      throw new ApiError(400, "esim.topUp.cancelled", { fields: { topUpIccid: "esim.topUp.cancelled" } });
    // Its own order is still being provisioned and may yet fail and be cancelled with it (ADR 0151).
    const issuing = await orders.findById(esim.orderId);
    if (issuing?.status === "PAID" || issuing?.status === "FULFILLING")
      throw new ApiError(400, "esim.topUp.notReady", { fields: { topUpIccid: "esim.topUp.notReady" } });
  }

  /**
   * The plans that may top an eSIM up (issue 12): on sale for the destination of the plan it was issued with
   * (the same country, region or global coverage), and fulfilled by the supplier that issued it, since a top-up
   * goes to that supplier (a plan with no supplier rows goes to the default supplier, ADR 0196).
   */
  async function topUpPlanCodes(esim: EsimRow): Promise<{ base: string | null; codes: string[] }> {
    const pkgs = await repo.packagesOf([esim.id]);
    const base = (pkgs.find((pkg) => !pkg.topUp) ?? pkgs.at(-1))?.platformProductCode ?? null;
    const plan = base ? await repo.plan(base) : undefined;
    if (!base || !plan) return { base, codes: [] };
    const codes = await repo.onShelfPlanCodes(plan.destinationCode);
    const mapped = new Map<string, Set<string>>();
    for (const row of await supplierOrders.suppliersOfPlans(codes)) {
      const names = mapped.get(row.platformProductCode) ?? new Set<string>();
      names.add(row.supplier);
      mapped.set(row.platformProductCode, names);
    }
    const issuable = (code: string) => {
      const names = mapped.get(code);
      return names ? names.has(esim.supplier) : esim.supplier === supplier?.name;
    };
    const candidates = codes.filter(issuable);
    // Only what the issuer lists as top-ups for this very profile (issue 28, defect 9; ADR 0309).
    const issuer = supplierOf(esim.supplier);
    if (!issuer?.topUpOffers) return { base, codes: candidates };
    let offers: SupplierTopUpOffer[];
    try {
      offers = await issuer.topUpOffers(esim.iccid);
    } catch {
      throw new ApiError(503, "esim.topUp.unavailable");
    }
    const packageCodes = new Map(
      (await supplierOrders.packagesOfPlans(candidates, issuer.name)).map((row) => [
        row.platformProductCode,
        row.packageCode,
      ]),
    );
    const listed: string[] = [];
    for (const code of candidates) {
      const row = await repo.plan(code);
      if (!row) continue;
      const terms = { dataMb: row.unlimited ? null : row.dataMb, validityDays: row.validityDays };
      if (offerFor(offers, terms, packageCodes.get(code))) listed.push(code);
    }
    return { base, codes: listed };
  }

  return {
    ...api,

    /** A supplier's webhook arrived (eSIM Access's whatever it says; Airalo's once its signature holds). */
    async webhookReceived(name: SupplierName) {
      await deps.onWebhookReceived?.(name);
    },

    /**
     * What a refund of the order would meet (ADR 0336): each eSIM (or top-up package) the order paid for, whether
     * it was installed or used as the supplier last reported, and where a cancellation stands. Read from our
     * records (the usage feed), never from the supplier: the console's refund screen offers a refresh.
     */
    async refundState(orderId: string, executor: Database = db): Promise<EsimRefundState[]> {
      const listed = await repo.esimsOfOrder(orderId, executor);
      const rows: EsimRow[] = [];
      for (const e of listed) {
        const row = await repo.findEsim(e.id, executor);
        if (row) rows.push(row);
      }
      const pkgs = (
        await repo.packagesOf(
          rows.map((e) => e.id),
          executor,
        )
      ).filter((p) => p.orderId === orderId);
      return pkgs.map((pkg) => {
        const esim = rows.find((e) => e.id === pkg.esimId)!;
        const used =
          pkg.dataUsedMb > 0 || pkg.activatedAt !== null || !["NOT_STARTED", "CANCELLED"].includes(pkg.state);
        const installed =
          esim.installedAt !== null || ["INSTALLED", "ACTIVE", "EXPIRED"].includes(esim.state);
        return {
          esimId: esim.id,
          iccid: esim.iccid,
          supplier: esim.supplier,
          topUp: pkg.topUp,
          esimState: esim.state,
          packageState: pkg.state,
          installed,
          used,
          dataUsedMb: pkg.dataUsedMb,
          dataTotalMb: pkg.dataTotalMb,
          usedPercent:
            pkg.dataTotalMb && pkg.dataTotalMb > 0
              ? Math.min(100, Math.ceil((pkg.dataUsedMb * 100) / pkg.dataTotalMb))
              : pkg.dataUsedMb > 0
                ? 100
                : 0,
          usageAt: esim.usageUpdatedAt?.toISOString() ?? null,
          supplierCancel: pkg.supplierCancel,
          supplierCancelNote: pkg.supplierCancelNote,
        };
      });
    },

    /**
     * A full refund withdraws what the order paid for (ADR 0336), in the refund's transaction: its packages
     * CANCELLED and due a cancellation at the supplier, the profiles it issued CANCELLED (no QR code, install data
     * or top-up from then on), and the supplier job queued in the same transaction. Nothing here calls a supplier.
     */
    async withdrawForRefund(tx: Database, orderId: string) {
      await repo.withdrawOrder(orderId, tx);
      await jobs.enqueue(
        ESIM_REFUND_CANCEL_JOB,
        { orderId },
        { executor: tx, dedupeKey: `esim-refund-cancel:${orderId}`, maxAttempts: cancelMaxAttempts },
      );
    },

    /** The eSIMs an order issued or topped up (the order detail's `esims`). */
    esimsOfOrder(orderId: string) {
      return repo.esimsOfOrder(orderId);
    },

    // The operator console (issue 16): look-ups by ICCID, the supplier's status on demand, resending the
    // delivery e-mail and cancelling an unused profile. `alongside` writes the audit entry in the same transaction.

    /** An eSIM by ICCID with its packages (English titles), or null. */
    async consoleByIccid(iccid: string) {
      const esim = await repo.findByIccid(iccid);
      if (!esim) return null;
      const order = await orders.findById(esim.orderId);
      return {
        ...detailView(esim, await repo.packagesOf([esim.id]), "en_US"),
        orderCode: order?.code ?? null,
      };
    },

    /** The ids of the orders an eSIM was issued or topped up by (order search by ICCID). */
    async orderIdsOfIccid(iccid: string): Promise<string[]> {
      const esim = await repo.findByIccid(iccid);
      if (!esim) return [];
      const pkgs = await repo.packagesOf([esim.id]);
      return [...new Set([esim.orderId, ...pkgs.map((p) => p.orderId)])];
    },

    /** An order's supplier events for the console's timeline: each profile issued, each cancellation answered. */
    async consoleTimelineOfOrder(orderId: string) {
      const listed = await repo.esimsOfOrder(orderId);
      const events: { at: string; kind: "supplier"; label: string; detail: string }[] = [];
      const esimRows = (await Promise.all(listed.map((e) => repo.findEsim(e.id)))).filter((e): e is EsimRow =>
        Boolean(e),
      );
      for (const pkg of await repo.packagesOf(esimRows.map((e) => e.id))) {
        if (pkg.orderId !== orderId) continue;
        const esim = esimRows.find((e) => e.id === pkg.esimId);
        events.push({
          at: pkg.createdAt.toISOString(),
          kind: "supplier",
          label: pkg.topUp ? "esim.topped-up" : "esim.issued",
          detail: `${esim?.supplier ?? ""} ${pkg.iccid}`.trim(),
        });
        if (pkg.supplierCancel && pkg.supplierCancelAt)
          events.push({
            at: pkg.supplierCancelAt.toISOString(),
            kind: "supplier",
            label: `esim.cancel.${pkg.supplierCancel.toLowerCase()}`,
            detail: pkg.iccid,
          });
      }
      // Supplier orders that did not simply issue: refused, left for the failover, or waiting for an operator
      // because an order may exist at the supplier (ADR 0309).
      for (const row of await supplierOrders.ofOrder(orderId)) {
        if (row.status === "ISSUED") continue;
        events.push({
          at: row.updatedAt.toISOString(),
          kind: "supplier",
          label: `esim.supplier.${row.status.toLowerCase()}`,
          detail: `${row.supplier} unit ${row.unitIndex + 1}${row.reference ? ` ${row.reference}` : ""}${row.failure ? `: ${row.failure}` : ""}`,
        });
      }
      return {
        events,
        esims: esimRows.map((e) => ({ id: e.id, iccid: e.iccid, state: e.state, supplier: e.supplier })),
      };
    },

    /** A customer's eSIMs for the console (first 50). */
    async consoleOfCustomer(customerId: string) {
      const { rows } = await repo.listEsims(customerId, 0, 50);
      return rows.map((e) => ({
        id: e.id,
        iccid: e.iccid,
        state: e.state,
        supplier: e.supplier,
        createdAt: e.createdAt.toISOString(),
      }));
    },

    /** Pulls this eSIM's status and usage from its supplier now, then shows it. */
    async refreshFromSupplier(iccid: string) {
      const esim = await repo.findByIccid(iccid);
      if (!esim) throw new ApiError(404, "error.notFound");
      if (!supplierOf(esim.supplier)) throw new ApiError(503, "adminApi.supplierFailed");
      try {
        await syncOne(esim, clock());
      } catch {
        throw new ApiError(502, "adminApi.supplierFailed");
      }
      return this.consoleByIccid(iccid);
    },

    /** Sends the order's eSIM delivery e-mail again, to the order's contact address. */
    async resendDelivery(orderId: string, alongside: (tx: Database) => Promise<unknown>) {
      const order = await orders.findById(orderId);
      if (!order || order.topUpIccid) throw new ApiError(409, "error.badRequest");
      const issued = (await repo.esimsOfOrder(orderId)).length;
      const units = (
        await Promise.all(
          Array.from({ length: order.quantity }, (_, unit) => repo.findByOrderUnit(order.id, unit)),
        )
      ).filter((e): e is EsimRow => Boolean(e) && e!.state !== "CANCELLED");
      if (issued === 0 || units.length === 0) throw new ApiError(409, "error.badRequest");
      const message = await deliveryEmail(order, units, localeOf(order.locale), origin);
      await db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        await outbox.send(message, tx);
        await alongside(tx);
      });
      return { to: order.contactEmail, esims: units.length };
    },

    /**
     * Retries a failed provisioning (ADR 0383): an order still FULFILLING, never refunded, whose units wait for an
     * operator because a supplier may hold their order (REVIEW, ADR 0309). The units ask their supplier again with
     * the same idempotency key (so a placed order is read, never placed twice) and a new provisioning job runs, in
     * one transaction with `alongside` (run first). 409 when the order has no unit in REVIEW.
     */
    async retryProvisioning(orderId: string, alongside: (tx: Database) => Promise<unknown>) {
      const order = await orders.findById(orderId);
      if (order?.status !== "FULFILLING") throw new ApiError(409, "consoleBulk.notInReview");
      const now = clock();
      const reopened = await db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        // First, so a second caller of the same batch waits for the first and learns it was done.
        await alongside(tx);
        const rows = await supplierOrders.reopenReview(order.id, tx);
        if (rows.length === 0) throw new ApiError(409, "consoleBulk.notInReview");
        await jobs.enqueue(
          ESIM_PROVISION_JOB,
          { orderId: order.id },
          {
            dedupeKey: `esim-provision:${order.id}:operator:${now.getTime()}`,
            maxAttempts: deps.provisionMaxAttempts,
            executor: tx,
          },
        );
        return rows;
      });
      return { units: reopened.map((row) => ({ unit: row.unitIndex, supplier: row.supplier })) };
    },

    /**
     * Cancels an eSIM nobody has installed or used at its supplier, then withdraws it here. Refused (409) once
     * the profile is on a phone or has used data; the supplier's refusal is passed on.
     */
    async cancelUnused(iccid: string, alongside: (tx: Database) => Promise<unknown>) {
      const esim = await repo.findByIccid(iccid);
      if (!esim) throw new ApiError(404, "error.notFound");
      const pkgs = await repo.packagesOf([esim.id]);
      const used = pkgs.some((p) => p.dataUsedMb > 0 || p.activatedAt !== null || p.state !== "NOT_STARTED");
      if (esim.state !== "READY" || esim.installedAt || used)
        throw new ApiError(409, "adminApi.cancelNotAllowed");
      const issuer = supplierOf(esim.supplier);
      if (!issuer) throw new ApiError(503, "adminApi.supplierFailed");
      let answer: Awaited<ReturnType<typeof issuer.cancel>>;
      try {
        answer = await issuer.cancel({ iccid: esim.iccid }, clock());
      } catch {
        throw new ApiError(502, "adminApi.supplierFailed");
      }
      if (answer.outcome === "NOT_CANCELLABLE") throw new ApiError(409, "adminApi.cancelNotAllowed");
      await db.transaction(async (rawTx) => {
        const tx = tx$(rawTx);
        await repo.updateEsim(esim.id, { state: "CANCELLED" }, tx);
        for (const pkg of pkgs) await repo.updatePackage(pkg.id, { state: "CANCELLED" }, tx);
        await alongside(tx);
      });
      return { iccid: esim.iccid, state: "CANCELLED", supplier: answer.outcome };
    },
  };
}

export type EsimService = ReturnType<typeof createEsimService>;

/** One eSIM (or top-up package) an order paid for, as a refund meets it (ADR 0336). */
export interface EsimRefundState {
  esimId: string;
  iccid: string;
  supplier: string;
  topUp: boolean;
  esimState: string;
  packageState: string;
  /** The profile is on a phone (the supplier said so, or a package started). */
  installed: boolean;
  /** The package started or used data. */
  used: boolean;
  dataUsedMb: number;
  dataTotalMb: number | null;
  usedPercent: number;
  usageAt: string | null;
  supplierCancel: string | null;
  supplierCancelNote: string | null;
}
