import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { defineJob, type JobRunner, scheduleNext } from "../../jobs/runner.ts";
import type { PaymentProvider, ProviderCharge } from "../../providers/payment/types.ts";
import type { EsimSupplier, SupplierName, SupplierOrderRecord } from "../../providers/supplier/types.ts";
import type { MismatchRow, NewMismatch, ReconcileRepo } from "./repo.ts";

export type { MismatchRow };

const DAY_MS = 86_400_000;
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The daily reconciliation (issue 29 item 4, ADR 0365); without a day it checks the UTC day before its slot. */
export const RECONCILE_JOB = defineJob("reconcile-day", z.object({ day: Day.optional() }));

const ORDER_KEY = /^order:([0-9a-f-]{36}):(\d+)$/;
const PAID = new Set<string>(["PAID", "FULFILLING", "COMPLETED", "REFUNDING", "REFUNDED"]);

/** The UTC day (YYYY-MM-DD) a time falls in. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
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
}) {
  const { repo, jobs } = deps;

  async function run(day: string, now = new Date()) {
    const from = new Date(`${Day.parse(day)}T00:00:00.000Z`);
    const to = new Date(from.getTime() + DAY_MS);
    const found: NewMismatch[] = [];
    const add = (row: Omit<NewMismatch, "day">) => found.push({ ...row, day });

    // The outside parties first, each over the network, with no transaction open.
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

    // Our paid orders of the day: each unit issued at a supplier, each charge as the provider has it.
    const paid = await repo.paidOrders(from, to);
    for (const order of paid) {
      const unitSuppliers = (unit: number) =>
        new Set([
          ...order.supplierOrders.filter((s) => s.unitIndex === unit).map((s) => s.supplier),
          ...order.esims.filter((e) => e.unitIndex === unit).map((e) => e.supplier),
        ]);
      if (
        !order.topUpIccid &&
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

    // Charges the provider took for an order our books do not hold as paid.
    const allCharges = [...charges.entries()].flatMap(([party, list]) =>
      list.filter((c) => c.created >= from && c.created < to).map((c) => ({ party, charge: c })),
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

    const recorded = await repo.record(found);
    return {
      day,
      checked: { orders: paid.length, suppliers: listings.size, providers: charges.size },
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
