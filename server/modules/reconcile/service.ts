import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { defineJob, type JobRunner, scheduleNext } from "../../jobs/runner.ts";
import type { PaymentProvider, ProviderCharge } from "../../providers/payment/types.ts";
import type { EsimSupplier, SupplierName, SupplierOrderRecord } from "../../providers/supplier/types.ts";
import type { MismatchRow, NewMismatch, ReconcileRepo } from "./repo.ts";

export type { MismatchRow };

const DAY_MS = 86_400_000;
/**
 * How long after its payment an order may still be waiting for its eSIM before it reads as paid but not issued
 * (ADR 0390): a run finds it only once this long has passed, and each run looks this far back into the day before,
 * so an order paid just before midnight is checked by the next run, after its eSIM came.
 */
export const ISSUE_GRACE_MS = 30 * 60_000;
/** A balance drop may differ from our books by 2 cents (each reading's rounding) and a cent per movement. */
const BALANCE_TOLERANCE_MINOR = 2;
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The daily reconciliation (issue 29 item 4, ADR 0365); without a day it checks the UTC day before its slot. */
export const RECONCILE_JOB = defineJob("reconcile-day", z.object({ day: Day.optional() }));

const ORDER_KEY = /^order:([0-9a-f-]{36}):(\d+)$/;
const PAID = new Set<string>(["PAID", "FULFILLING", "COMPLETED", "REFUNDING", "REFUNDED"]);

/** The UTC day (YYYY-MM-DD) a time falls in. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * One supplier's balance check in a run: "ok" or the kind recorded, with the drop our books expect and the one the
 * readings show; or why it could not be checked.
 */
export interface BalanceCheck {
  supplier: SupplierName;
  outcome:
    | "ok"
    | "BALANCE_MISMATCH"
    | "BALANCE_CREDIT"
    | "no-readings"
    | "unread"
    | "other-currency"
    | "cost-unknown";
  expectedMinor?: number;
  actualMinor?: number;
}

/** What one mismatch looks like to the console. */
export interface MismatchView {
  id: string;
  kind: MismatchRow["kind"];
  day: string;
  party: string;
  orderCode: string | null;
  reference: string | null;
  oursMinor: number | null;
  theirsMinor: number | null;
  currency: string | null;
  foundAt: string;
  resolvedAt: string | null;
  resolutionNote: string | null;
}

function view(row: MismatchRow): MismatchView {
  return {
    id: row.id,
    kind: row.kind,
    day: row.day,
    party: row.party,
    orderCode: row.orderCode,
    reference: row.reference,
    oursMinor: row.oursMinor,
    theirsMinor: row.theirsMinor,
    currency: row.currency,
    foundAt: row.foundAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolutionNote: row.resolutionNote,
  };
}

/**
 * Reconciliation with the suppliers and the payment provider (issue 29 item 4, ADR 0365). Once a day it reads each
 * supplier's order listing and each provider's charges over the network (no transaction open), compares them with
 * our orders, payments, refunds and eSIMs, and records every mismatch under a key that makes a second finding of
 * the same thing a no-op.
 */
export function createReconcileService(deps: {
  db: Database;
  repo: ReconcileRepo;
  jobs: JobRunner;
  suppliers: Partial<Record<SupplierName, EsimSupplier>>;
  providers: Partial<Record<string, PaymentProvider>>;
  /** Reads a supplier's balance now and keeps the reading (the balance check's own; ADR 0390). */
  readBalance?: (name: SupplierName, now: Date) => Promise<unknown>;
}) {
  const { repo, jobs } = deps;

  async function run(day: string, now = new Date()) {
    const from = new Date(`${Day.parse(day)}T00:00:00.000Z`);
    const to = new Date(from.getTime() + DAY_MS);
    const found: NewMismatch[] = [];
    const add = (row: Omit<NewMismatch, "day">) => found.push({ ...row, day });
    const settled = new Date(now.getTime() - ISSUE_GRACE_MS);
    const earliest = new Date(from.getTime() - ISSUE_GRACE_MS);

    // The outside parties first, each over the network, with no transaction open. A balance reading at the start
    // closes the day when no later one does yet (a run of today); one that fails leaves the readings there are.
    const unread = new Set<SupplierName>();
    for (const [name, supplier] of Object.entries(deps.suppliers) as [SupplierName, EsimSupplier][])
      if (supplier.balance && deps.readBalance)
        await deps.readBalance(name, now).catch(() => unread.add(name));
    const listings = new Map<SupplierName, SupplierOrderRecord[]>();
    for (const [name, supplier] of Object.entries(deps.suppliers) as [SupplierName, EsimSupplier][])
      if (supplier.orders) listings.set(name, await supplier.orders(from));
    // A charge may be created a little before the order is paid: two days back still finds it.
    const charges = new Map<string, ProviderCharge[]>();
    for (const [name, provider] of Object.entries(deps.providers))
      if (provider?.charges)
        charges.set(name, await provider.charges({ from: new Date(from.getTime() - 2 * DAY_MS), to }));

    const issuedKeys = new Set<string>();
    for (const records of listings.values()) for (const r of records) if (r.key) issuedKeys.add(r.key);

    // Our paid orders of the day (and of the grace period before it): each unit issued at a supplier, each charge
    // as the provider has it. A unit is only looked for once the grace period after its payment has passed.
    const paid = await repo.paidOrders(earliest, to);
    for (const order of paid) {
      const fresh = order.paidAt !== null && order.paidAt > settled;
      if (
        order.topUpIccid &&
        !fresh &&
        listings.size > 0 &&
        order.status !== "REFUNDED" &&
        order.status !== "REFUNDING"
      )
        for (let unit = 0; unit < order.quantity; unit += 1) {
          // A top-up goes to the supplier that issued the profile; its listing shows the top-up under its key
          // (Airalo), or only counts the profile's top-ups (eSIM Access): then the count must cover what our
          // books issued, this unit among them.
          const party = order.topUpTarget?.supplier as SupplierName | undefined;
          if (!party || !listings.has(party)) continue;
          const key = `order:${order.id}:${unit}`;
          if (issuedKeys.has(key)) continue;
          const profile = listings
            .get(party)!
            .find((r) => r.unkeyedTopUps !== undefined && r.iccids.includes(order.topUpIccid!));
          const ours = order.supplierOrders.some(
            (s) => s.unitIndex === unit && s.supplier === party && s.status === "ISSUED",
          );
          if (profile && ours && profile.unkeyedTopUps! >= (order.topUpTarget?.topUps ?? 0)) continue;
          add({
            key: `PAID_NOT_ISSUED:${order.id}:${unit}`,
            kind: "PAID_NOT_ISSUED",
            party: `supplier.${party}`,
            orderCode: order.code,
            reference: key,
            oursMinor: order.total,
            currency: order.currencyCode,
            detail: { unit, status: order.status, topUp: order.topUpIccid },
          });
        }
      const unitSuppliers = (unit: number) =>
        new Set([
          ...order.supplierOrders.filter((s) => s.unitIndex === unit).map((s) => s.supplier),
          ...order.esims.filter((e) => e.unitIndex === unit).map((e) => e.supplier),
        ]);
      if (
        !order.topUpIccid &&
        !fresh &&
        listings.size > 0 &&
        order.status !== "REFUNDED" &&
        order.status !== "REFUNDING"
      )
        for (let unit = 0; unit < order.quantity; unit += 1) {
          const named = [...unitSuppliers(unit)] as SupplierName[];
          // Only what a supplier with a listing fulfils (or would: the first one listed) can be checked.
          const party =
            named.find((n) => listings.has(n)) ?? (named.length === 0 ? [...listings.keys()][0] : null);
          if (!party || issuedKeys.has(`order:${order.id}:${unit}`)) continue;
          add({
            key: `PAID_NOT_ISSUED:${order.id}:${unit}`,
            kind: "PAID_NOT_ISSUED",
            party: `supplier.${party}`,
            orderCode: order.code,
            reference: `order:${order.id}:${unit}`,
            oursMinor: order.total,
            currency: order.currencyCode,
            detail: { unit, status: order.status },
          });
        }
      for (const payment of order.payments) {
        const list = charges.get(payment.provider);
        if (!list || !payment.providerPaymentId) continue;
        const charge = list.find((c) => c.paymentId === payment.providerPaymentId);
        if (!charge) {
          add({
            key: `ISSUED_NOT_PAID:payment:${payment.providerPaymentId}`,
            kind: "ISSUED_NOT_PAID",
            party: `payment.${payment.provider}`,
            orderCode: order.code,
            reference: payment.providerPaymentId,
            oursMinor: payment.amount,
            theirsMinor: 0,
            currency: payment.currencyCode,
            detail: { status: order.status },
          });
          continue;
        }
        if (charge.amount !== order.total || charge.currencyCode !== order.currencyCode)
          add({
            key: `AMOUNT_DIFFERS:charge:${charge.paymentId}:${order.total}:${charge.amount}`,
            kind: "AMOUNT_DIFFERS",
            party: `payment.${payment.provider}`,
            orderCode: order.code,
            reference: charge.paymentId,
            oursMinor: order.total,
            theirsMinor: charge.amount,
            currency: charge.currencyCode,
            detail: { what: "charge", ourCurrency: order.currencyCode },
          });
        if (charge.amountRefunded !== order.cardRefunded)
          add({
            key: `AMOUNT_DIFFERS:refund:${charge.paymentId}:${order.cardRefunded}:${charge.amountRefunded}`,
            kind: "AMOUNT_DIFFERS",
            party: `payment.${payment.provider}`,
            orderCode: order.code,
            reference: charge.paymentId,
            oursMinor: order.cardRefunded,
            theirsMinor: charge.amountRefunded,
            currency: charge.currencyCode,
            detail: { what: "refund" },
          });
      }
    }

    // Charges the provider took for an order our books do not hold as paid, once its webhook had time to come.
    const allCharges = [...charges.entries()].flatMap(([party, list]) =>
      list
        .filter((c) => c.created >= earliest && c.created < to && c.created <= settled)
        .map((c) => ({ party, charge: c })),
    );
    const byCode = new Map(
      (
        await repo.ordersByCodes(
          [...new Set(allCharges.map((c) => c.charge.orderCode ?? ""))].filter(Boolean),
        )
      ).map((o) => [o.code, o]),
    );
    for (const { party, charge } of allCharges) {
      const order = charge.orderCode ? byCode.get(charge.orderCode) : undefined;
      if (order && PAID.has(order.status)) continue;
      add({
        key: `PAID_NOT_ISSUED:charge:${charge.paymentId}`,
        kind: "PAID_NOT_ISSUED",
        party: `payment.${party}`,
        orderCode: order?.code ?? null,
        reference: charge.paymentId,
        theirsMinor: charge.amount,
        currency: charge.currencyCode,
        detail: { status: order?.status ?? null, providerOrderCode: charge.orderCode },
      });
    }

    // Supplier orders our books do not hold as a paid order's unit.
    const keyed = [...listings.entries()].flatMap(([party, records]) =>
      records.map((r) => ({ party, record: r })),
    );
    const ids = new Set<string>();
    for (const { record } of keyed) {
      const match = record.key ? ORDER_KEY.exec(record.key) : null;
      if (match) ids.add(match[1]!);
    }
    const ours = new Map((await repo.ordersByIds([...ids])).map((o) => [o.id, o]));
    for (const { party, record } of keyed) {
      const match = record.key ? ORDER_KEY.exec(record.key) : null;
      const order = match ? ours.get(match[1]!) : undefined;
      if (order && PAID.has(order.status) && Number(match![2]) < order.quantity) continue;
      add({
        key: `ISSUED_NOT_PAID:${party}:${record.reference}`,
        kind: "ISSUED_NOT_PAID",
        party: `supplier.${party}`,
        orderCode: order?.code ?? null,
        reference: record.reference,
        theirsMinor: record.costUsdCents,
        currency: record.costUsdCents === null ? null : "USD",
        detail: { key: record.key, iccid: record.iccids[0] ?? null, status: order?.status ?? null },
      });
    }

    // Refunded in full, yet the profile still works at the supplier.
    for (const order of await repo.refundedOrders(from, to))
      for (const esim of order.esims) {
        const supplier = deps.suppliers[esim.supplier as SupplierName];
        if (!supplier) continue;
        const usage = await supplier.usage(esim.iccid, now);
        const live = usage.packages.some((p) => p.state !== "EXPIRED" && p.state !== "USED_UP");
        if (usage.profileState === "CANCELLED" || !live) continue;
        add({
          key: `REFUNDED_STILL_ACTIVE:${esim.iccid}`,
          kind: "REFUNDED_STILL_ACTIVE",
          party: `supplier.${esim.supplier}`,
          orderCode: order.code,
          reference: esim.iccid,
          detail: { profileState: usage.profileState },
        });
      }

    // Each supplier's balance: the drop between the readings that bracket the day against what our books say it
    // paid (orders confirmed, at their cost) and got back (cancellations) between them (ADR 0390).
    const balances: BalanceCheck[] = [];
    for (const [name, supplier] of Object.entries(deps.suppliers) as [SupplierName, EsimSupplier][]) {
      if (!supplier.balance) continue;
      const bracket = await repo.bracketingReadings(name, from, to);
      if (!bracket) {
        balances.push({ supplier: name, outcome: unread.has(name) ? "unread" : "no-readings" });
        continue;
      }
      const { start, end } = bracket;
      if (start.currency !== "USD" || end.currency !== "USD") {
        balances.push({ supplier: name, outcome: "other-currency" });
        continue;
      }
      const moves = await repo.balanceMovements(name, start.takenAt, end.takenAt);
      if (moves.unknown > 0) {
        balances.push({ supplier: name, outcome: "cost-unknown" });
        continue;
      }
      const expected = moves.costs - moves.credits;
      const actual = start.amountMinor - end.amountMinor;
      const tolerance = BALANCE_TOLERANCE_MINOR + moves.orders + moves.cancellations;
      const outcome =
        actual - expected > tolerance
          ? "BALANCE_MISMATCH"
          : expected - actual > tolerance
            ? "BALANCE_CREDIT"
            : "ok";
      balances.push({ supplier: name, outcome, expectedMinor: expected, actualMinor: actual });
      if (outcome === "ok") continue;
      add({
        key: `${outcome}:${name}:${day}`,
        kind: outcome,
        party: `supplier.${name}`,
        reference: `${start.takenAt.toISOString()}/${end.takenAt.toISOString()}`,
        oursMinor: expected,
        theirsMinor: actual,
        currency: "USD",
        detail: {
          startMinor: start.amountMinor,
          endMinor: end.amountMinor,
          orders: moves.orders,
          costsMinor: moves.costs,
          cancellations: moves.cancellations,
          creditsMinor: moves.credits,
        },
      });
    }

    const recorded = await repo.record(found);
    return {
      day,
      checked: { orders: paid.length, suppliers: listings.size, providers: charges.size },
      balances,
      recorded: recorded.map(view),
    };
  }

  async function schedule(now = new Date()) {
    await scheduleNext(jobs, RECONCILE_JOB, {}, { everyMs: DAY_MS, key: "reconcile", now });
  }

  return {
    run,
    schedule,
    async list(filter: { open: boolean }) {
      return {
        mismatches: (await repo.list({ ...filter, limit: 500 })).map(view),
        open: await repo.openCount(),
      };
    },
    openCount: () => repo.openCount(),
    /**
     * Marks a mismatch resolved with the operator's note; `audit` records it in the same transaction. null: no such
     * mismatch; "resolved": it already was.
     */
    async resolve(
      operatorId: string,
      id: string,
      note: string,
      audit: (tx: unknown, before: MismatchView, after: MismatchView) => Promise<void>,
    ) {
      const before = await repo.byId(id);
      if (!before) return null;
      return deps.db.transaction(async (tx) => {
        const row = await repo.resolve(tx, id, operatorId, note, new Date());
        if (!row) return "resolved" as const;
        await audit(tx, view(before), view(row));
        return view(row);
      });
    },
    registerJobs(runner: JobRunner) {
      runner.register(RECONCILE_JOB, async (payload, context) => {
        try {
          await run(payload.day ?? utcDay(new Date(context.now.getTime() - DAY_MS)), context.now);
        } finally {
          if (!payload.day) await schedule(context.now);
        }
      });
    },
  };
}

export type ReconcileService = ReturnType<typeof createReconcileService>;
