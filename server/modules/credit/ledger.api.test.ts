import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { creditEntries, customerNotifications, messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { shopper } from "../checkout/purchase-test-kit.ts";
import { createCreditRepo } from "./repo.ts";
import { addMonths, applyCredit, createCreditService } from "./service.ts";

// Issue 11, ADR 0240: the store-credit ledger.

const app = setupTestApp();
const DAY = 86_400_000;

function inTx<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
  return app.database.db.transaction((raw) => fn(raw as unknown as Database));
}

/** A ledger service whose clock the test sets. */
function ledgerAt(now: () => Date, notices: unknown[] = []) {
  return createCreditService({
    db: app.database.db,
    repo: createCreditRepo(app.database.db),
    clock: now,
    onExpiryNotice: async (notice) => {
      notices.push(notice);
    },
  });
}

describe("store credit ledger", () => {
  it("derives the balance from its entries, and a grant with the same key is one entry", async () => {
    const who = await shopper(app);
    const credit = app.services.credit;
    const grant = {
      customerId: who.id,
      amountMinor: 5000,
      kind: "EARNED" as const,
      reason: "sfb.inviterReward",
      source: "sfb:test",
      idempotencyKey: `test:${who.id}:grant`,
    };
    const first = await inTx((tx) => credit.grant(tx, grant));
    const again = await inTx((tx) => credit.grant(tx, grant));
    expect(first.created).toBe(true);
    expect(again).toEqual({ entry: first.entry, created: false });
    const balance = await credit.balance(app.database.db, who.id);
    expect(balance).toMatchObject({
      balanceMinor: 5000,
      spendableMinor: 5000,
      heldMinor: 0,
      currencyCode: "HKD",
    });
    const history = await credit.history(who.id, 0, 10);
    expect(history.totalElements).toBe(1);
    expect(history.content[0]).toMatchObject({
      kind: "EARNED",
      amountMinor: 5000,
      reason: "sfb.inviterReward",
    });
  });

  it("keeps earned credit out of the spendable balance until its hold period ends", async () => {
    const who = await shopper(app);
    let now = new Date();
    const credit = ledgerAt(() => now);
    await inTx((tx) =>
      credit.grant(tx, {
        customerId: who.id,
        amountMinor: 3000,
        kind: "EARNED",
        reason: "sfb.inviterReward",
        source: "sfb:hold",
        idempotencyKey: `test:${who.id}:held`,
        availableAt: new Date(now.getTime() + 14 * DAY),
      }),
    );
    expect(await credit.balance(app.database.db, who.id)).toMatchObject({
      balanceMinor: 3000,
      spendableMinor: 0,
      heldMinor: 3000,
    });
    await expect(
      inTx((tx) => credit.spend(tx, { customerId: who.id, amountMinor: 1, orderId: crypto.randomUUID() })),
    ).rejects.toMatchObject({ status: 409, code: "credit.insufficient" });
    now = new Date(now.getTime() + 15 * DAY);
    expect(await credit.balance(app.database.db, who.id)).toMatchObject({
      spendableMinor: 3000,
      heldMinor: 0,
    });
  });

  it("adjusts either way with a reason, never below zero, and clamps a clawback to what is left", async () => {
    const who = await shopper(app);
    const credit = app.services.credit;
    const adjust = (amountMinor: number, key: string, clampToBalance = false) =>
      inTx((tx) =>
        credit.adjust(tx, {
          customerId: who.id,
          amountMinor,
          reason: "operator.goodwill",
          source: "operator:test",
          idempotencyKey: `test:${who.id}:${key}`,
          note: "late delivery",
          clampToBalance,
        }),
      );
    await adjust(2000, "up");
    await expect(adjust(-2500, "too-far")).rejects.toMatchObject({ status: 422, code: "credit.belowZero" });
    await adjust(-500, "down");
    expect((await credit.balance(app.database.db, who.id)).balanceMinor).toBe(1500);
    const clawed = await adjust(-9999, "clawback", true);
    expect(clawed?.entry.amountMinor).toBe(-1500);
    expect((await credit.balance(app.database.db, who.id)).balanceMinor).toBe(0);
    expect(await adjust(-1, "nothing-left", true)).toBeNull();
  });

  it("gives back what an order took when it is released or refunded, once", async () => {
    const who = await shopper(app);
    const credit = app.services.credit;
    await inTx((tx) =>
      credit.grant(tx, {
        customerId: who.id,
        amountMinor: 4000,
        kind: "EARNED",
        reason: "operator.goodwill",
        source: "operator:test",
        idempotencyKey: `test:${who.id}:seed`,
      }),
    );
    const unpaid = crypto.randomUUID();
    const refunded = crypto.randomUUID();
    await inTx((tx) => credit.spend(tx, { customerId: who.id, amountMinor: 1000, orderId: unpaid }));
    await inTx((tx) => credit.spend(tx, { customerId: who.id, amountMinor: 2500, orderId: refunded }));
    // A retried spend for the same order is the same entry.
    await inTx((tx) => credit.spend(tx, { customerId: who.id, amountMinor: 2500, orderId: refunded }));
    expect((await credit.balance(app.database.db, who.id)).balanceMinor).toBe(500);
    await inTx((tx) => credit.release(tx, unpaid));
    await inTx((tx) => credit.release(tx, unpaid));
    await inTx((tx) => credit.refund(tx, refunded));
    await inTx((tx) => credit.refund(tx, refunded));
    expect((await credit.balance(app.database.db, who.id)).balanceMinor).toBe(4000);
    const kinds = (await credit.history(who.id, 0, 10)).content.map((e) => e.kind);
    expect(kinds.sort()).toEqual(["EARNED", "REFUNDED", "RELEASED", "SPENT", "SPENT"]);
    // An order that used no credit gives nothing back.
    expect(await inTx((tx) => credit.refund(tx, crypto.randomUUID()))).toBeNull();
  });

  it("never lets racing spends overdraw the balance", async () => {
    const who = await shopper(app);
    const credit = app.services.credit;
    await inTx((tx) =>
      credit.grant(tx, {
        customerId: who.id,
        amountMinor: 5000,
        kind: "EARNED",
        reason: "operator.goodwill",
        source: "operator:test",
        idempotencyKey: `test:${who.id}:race`,
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        inTx((tx) =>
          credit.spend(tx, { customerId: who.id, amountMinor: 1000, orderId: crypto.randomUUID() }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect((await credit.balance(app.database.db, who.id)).balanceMinor).toBe(0);
  });

  it("expires the whole balance after 12 months without activity, with a notice 30 days before", async () => {
    const who = await shopper(app);
    const start = new Date("2026-01-10T08:00:00Z");
    let now = start;
    const notices: { customerId: string; balanceMinor: number; expiresAt: Date }[] = [];
    const credit = ledgerAt(() => now, notices as unknown[]);
    await inTx((tx) =>
      credit.grant(tx, {
        customerId: who.id,
        amountMinor: 1200,
        kind: "EARNED",
        reason: "operator.goodwill",
        source: "operator:test",
        idempotencyKey: `test:${who.id}:old`,
      }),
    );
    const mine = () => notices.filter((n) => n.customerId === who.id);
    // 10 months on: nothing yet.
    await credit.sweepExpiry(addMonths(start, 10));
    expect(mine()).toHaveLength(0);
    // 29 days before the end: one notice, however often the sweep runs.
    now = new Date(addMonths(start, 12).getTime() - 29 * DAY);
    await credit.sweepExpiry(now);
    expect(mine()).toEqual([
      expect.objectContaining({ balanceMinor: 1200, expiresAt: addMonths(start, 12) }),
    ]);
    expect((await credit.balance(app.database.db, who.id)).balanceMinor).toBe(1200);
    // A day after the 12 months: expired, once.
    now = new Date(addMonths(start, 12).getTime() + DAY);
    await credit.sweepExpiry(now);
    await credit.sweepExpiry(now);
    const balance = await credit.balance(app.database.db, who.id);
    expect(balance).toMatchObject({ balanceMinor: 0, expiresAt: null });
    const expired = (await credit.history(who.id, 0, 10)).content.filter((e) => e.kind === "EXPIRED");
    expect(expired).toEqual([
      expect.objectContaining({ amountMinor: -1200, reason: "credit.inactive12Months" }),
    ]);
  });

  it("is append-only: the database refuses to change or remove an entry", async () => {
    const who = await shopper(app);
    const { entry } = await inTx((tx) =>
      app.services.credit.grant(tx, {
        customerId: who.id,
        amountMinor: 100,
        kind: "EARNED",
        reason: "operator.goodwill",
        source: "operator:test",
        idempotencyKey: `test:${who.id}:fixed`,
      }),
    );
    await expect(
      app.database.db.update(creditEntries).set({ amountMinor: 999 }).where(eq(creditEntries.id, entry.id)),
    ).rejects.toThrow();
    await expect(app.database.db.execute(sql`delete from store_credit_entry`)).rejects.toThrow();
    expect((await app.services.credit.balance(app.database.db, who.id)).balanceMinor).toBe(100);
  });

  it("converts at checkout with the store's rates, never taking more than the balance", () => {
    const hkd = { code: "HKD", minorDigits: 2, rateFromBase: "1" };
    const usd = { code: "USD", minorDigits: 2, rateFromBase: "0.128" };
    // HK$50 is US$6.40: all of it applies to a US$7.70 order.
    expect(applyCredit(5000, 770, usd, hkd)).toEqual({ appliedMinor: 640, debitMinor: 5000 });
    // HK$100 covers a US$7.70 order whole and takes its HKD equivalent.
    expect(applyCredit(10_000, 770, usd, hkd)).toEqual({ appliedMinor: 770, debitMinor: 6016 });
    expect(applyCredit(0, 770, usd, hkd)).toEqual({ appliedMinor: 0, debitMinor: 0 });
  });

  it("the expiry notice reaches the notification centre and the shopper's e-mail, once", async () => {
    const who = await shopper(app);
    await inTx((tx) =>
      app.services.credit.grant(tx, {
        customerId: who.id,
        amountMinor: 800,
        kind: "EARNED",
        reason: "operator.goodwill",
        source: "operator:test",
        idempotencyKey: `test:${who.id}:notice`,
      }),
    );
    const at = new Date(addMonths(new Date(), 12).getTime() - 20 * DAY);
    await app.services.credit.sweepExpiry(at);
    await app.services.credit.sweepExpiry(at);
    await app.services.jobs.drain(at);
    const notices = await app.database.db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, who.id));
    expect(notices).toEqual([expect.objectContaining({ kind: "CREDIT_EXPIRING" })]);
    const mail = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, who.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain("HK$8.00");
  });
});
