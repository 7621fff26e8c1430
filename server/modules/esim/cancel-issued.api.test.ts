import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EsimDetail, EsimSummary } from "../../../core/esim.ts";
import { translate } from "../../../core/i18n/index.ts";
import {
  esimPackages,
  jobs,
  messageOutbox,
  sandboxPaymentSessions,
  sandboxSupplierPackages,
  sandboxSupplierProfiles,
} from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import type { SupplierCancellation } from "../../providers/supplier/types.ts";
import {
  getAs,
  issuedTo,
  orderRow,
  place,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { ESIM_REFUND_CANCEL_JOB } from "./service.ts";

// ADRs 0150-0151: when a multi-unit order fails after its last retry, the profiles already issued for it are cancelled
// at the (real, database-backed) sandbox supplier by a durable job, the order is refunded without waiting for
// the supplier, and the shopper's list shows them cancelled with nothing to install.

const app = setupTestApp();
const HOUR = 3_600_000;

beforeAll(async () => {
  await pricePlan(app);
});

let watched: { mockRestore(): void } | null = null;

afterEach(() => {
  watched?.mockRestore();
  watched = null;
  app.services.esimSandbox!.setFailureRate(0);
  app.services.esimSandbox!.setFailingKeys(null);
});

/** The clock the jobs run on: every drain is one step further, so each retry of a job gets its own turn. */
let step = 0;
const nextDrain = () => {
  step += 1;
  return app.services.jobs.drain(new Date(Date.now() + step * HOUR));
};

/** Drains until the paid order is past FULFILLING (the provisioning job's last attempt refunds it). */
async function untilRefunded(code: string) {
  const before = ["PENDING_PAYMENT", "PAID", "FULFILLING"];
  for (let round = 0; round < 20 && before.includes((await orderRow(app, code)).status); round += 1)
    await nextDrain();
  return orderRow(app, code);
}

async function pay(who: Shopper, body: Record<string, unknown>, lang = "en_US") {
  const code = await placeAndPay(app, who, body, { lang });
  // The webhook, fulfilment and the first provisioning attempt, before the clock jumps ahead.
  await settle(app);
  return code;
}

async function atSupplier(iccid: string) {
  const [profile] = await app.database.db
    .select()
    .from(sandboxSupplierProfiles)
    .where(eq(sandboxSupplierProfiles.iccid, iccid));
  const packages = await app.database.db
    .select()
    .from(sandboxSupplierPackages)
    .where(eq(sandboxSupplierPackages.iccid, iccid));
  return { profile: profile!, packages };
}

async function packagesOfOrder(orderId: string) {
  return app.database.db
    .select()
    .from(esimPackages)
    .where(eq(esimPackages.orderId, orderId))
    .orderBy(esimPackages.unitIndex);
}

/** Every answer the supplier gave to a cancellation (the real sandbox, watched, not replaced). */
function watchCancellations(): { iccid: string | undefined; answer: SupplierCancellation }[] {
  const { supplier } = app.services.esimSandbox!;
  const answers: { iccid: string | undefined; answer: SupplierCancellation }[] = [];
  const original = supplier.cancel.bind(supplier);
  watched = vi.spyOn(supplier, "cancel").mockImplementation(async (target, asOf) => {
    const answer = await original(target, asOf);
    answers.push({ iccid: "iccid" in target ? target.iccid : undefined, answer });
    return answer;
  });
  return answers;
}

describe("a multi-unit order that fails after its last retry", () => {
  it("is refunded, and its two issued profiles are cancelled at the supplier exactly once though the job runs twice", async () => {
    const who = await shopper(app);
    const answers = watchCancellations();
    // The supplier cannot issue the third unit of any order, on every attempt.
    app.services.esimSandbox!.setFailingKeys(/:2$/);
    const code = await pay(who, { quantity: 3 });
    const order = await untilRefunded(code);
    expect(order.status).toMatch(/^REFUND(ING|ED)$/);
    await nextDrain();
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    const [session] = await app.database.db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.orderCode, code));
    expect(session!.refundedAmount).toBe(order.total);

    const issued = await issuedTo(app, who);
    expect(issued.map((e) => [e.unitIndex, e.state])).toEqual([
      [0, "CANCELLED"],
      [1, "CANCELLED"],
    ]);
    for (const esim of issued) {
      const supplierSide = await atSupplier(esim.iccid);
      expect(supplierSide.profile.state).toBe("CANCELLED");
      expect(supplierSide.packages.map((p) => p.state)).toEqual(["CANCELLED"]);
      const feed = await app.services.esimSandbox!.supplier.usage(esim.iccid);
      expect(feed.profileState).toBe("CANCELLED");
    }
    const recorded = await packagesOfOrder(order.id);
    expect(recorded.map((p) => [p.unitIndex, p.state, p.supplierCancel])).toEqual([
      [0, "CANCELLED", "CANCELLED"],
      [1, "CANCELLED", "CANCELLED"],
    ]);
    expect(answers.map((a) => [a.iccid, a.answer.outcome])).toEqual(
      issued.map((e) => [e.iccid, "CANCELLED"]),
    );
    expect(answers.every((a) => a.answer.outcome === "CANCELLED" && !a.answer.alreadyCancelled)).toBe(true);

    // The job runs again (a duplicate, and a replay of the original): nothing is asked of the supplier twice.
    const cancelledAt = await Promise.all(
      issued.map(async (e) => (await atSupplier(e.iccid)).profile.cancelledAt),
    );
    await app.services.jobs.enqueue(
      ESIM_REFUND_CANCEL_JOB,
      { orderId: order.id },
      { dedupeKey: `again:${order.id}` },
    );
    await app.database.db
      .update(jobs)
      .set({ status: "PENDING", runAt: new Date() })
      .where(
        and(eq(jobs.kind, ESIM_REFUND_CANCEL_JOB.kind), eq(jobs.dedupeKey, `esim-refund-cancel:${order.id}`)),
      );
    expect(await nextDrain()).toBeGreaterThanOrEqual(2);
    expect(answers).toHaveLength(2);
    for (const [i, esim] of issued.entries())
      expect((await atSupplier(esim.iccid)).profile.cancelledAt).toEqual(cancelledAt[i]);
    expect((await packagesOfOrder(order.id)).map((p) => p.supplierCancelAt)).toEqual(cancelledAt);

    // The shopper was told once; the list shows both cancelled, and nothing offers to install or top them up.
    const mail = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, who.email));
    const told = mail.filter((m) => m.subject === translate("en_US", "esim.email.failedSubject", { code }));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(translate("en_US", "esim.email.failedCancelled"));
    expect(mail.filter((m) => m.subject.startsWith("Your eSIM is ready"))).toHaveLength(0);
    const list = await getAs(app, who, "/o2esim/v1/customer/esims");
    const content = list.json().content as EsimSummary[];
    expect(content.map((e) => e.state)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(content.flatMap((e) => e.packages.map((p) => p.state))).toEqual(["CANCELLED", "CANCELLED"]);
    expect(content.every((e) => e.dataTotalMb === 0 && e.dataLeftMb === 0)).toBe(true);
    const installed = await app.server.inject({
      method: "POST",
      url: `/o2esim/v1/customer/esims/${issued[0]!.id}/installed`,
      headers: { ...who.headers, "x-requested-with": "fetch" },
    });
    expect((installed.json() as EsimDetail).state).toBe("CANCELLED");
    const topUp = await place(app, who, { topUpIccid: issued[0]!.iccid }, { lang: "zh_HK" });
    expect(topUp.statusCode).toBe(400);
    expect(topUp.json()).toMatchObject({ failed: true, code: "esim.topUp.cancelled" });
    expect(topUp.json().message).toBe("該 eSIM 已隨訂單退款取消，無法增值，請購買新的 eSIM。");
    // The usage job no longer follows them.
    await app.services.esim.syncUsage();
    expect((await issuedTo(app, who)).map((e) => e.usageUpdatedAt)).toEqual([null, null]);
  });

  it("refunds without waiting for an unreachable supplier, then cancels once it answers, a run that died halfway included", async () => {
    const who = await shopper(app);
    const sandbox = app.services.esimSandbox!;
    sandbox.setFailingKeys(/:2$/);
    const code = await pay(who, { quantity: 3 });
    await nextDrain();
    expect((await orderRow(app, code)).status).toBe("FULFILLING");
    expect(await issuedTo(app, who)).toHaveLength(2);
    // While its order may still fail, an issued eSIM takes no top-up (it could be cancelled with the order).
    const early = await place(
      app,
      who,
      { topUpIccid: (await issuedTo(app, who))[0]!.iccid },
      { lang: "zh_CN" },
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: "esim.topUp.notReady",
      message: "该 eSIM 的订单仍在处理中，请几分钟后再充值。",
    });

    // The supplier goes down: the order is still refunded, and the shopper's eSIMs are withdrawn at once.
    sandbox.setFailureRate(1);
    const order = await untilRefunded(code);
    await nextDrain();
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    const issued = await issuedTo(app, who);
    expect(issued.map((e) => e.state)).toEqual(["CANCELLED", "CANCELLED"]);
    expect((await packagesOfOrder(order.id)).map((p) => p.supplierCancel)).toEqual(["PENDING", "PENDING"]);
    for (const esim of issued) expect((await atSupplier(esim.iccid)).profile.state).toBe("RELEASED");
    const [job] = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `esim-refund-cancel:${order.id}`));
    expect(job!.status).toBe("PENDING");
    expect(job!.attempts).toBeGreaterThan(0);

    // An earlier run reached the supplier for the first profile and died before recording the answer.
    sandbox.setFailureRate(0);
    const died = await sandbox.supplier.cancel({ iccid: issued[0]!.iccid });
    expect(died).toMatchObject({ outcome: "CANCELLED", alreadyCancelled: false });
    const answers = watchCancellations();
    await nextDrain();

    expect(
      answers.map((a) => [
        a.iccid,
        a.answer.outcome,
        "alreadyCancelled" in a.answer && a.answer.alreadyCancelled,
      ]),
    ).toEqual([
      [issued[0]!.iccid, "CANCELLED", true],
      [issued[1]!.iccid, "CANCELLED", false],
    ]);
    const recorded = await packagesOfOrder(order.id);
    expect(recorded.map((p) => p.supplierCancel)).toEqual(["CANCELLED", "CANCELLED"]);
    expect(recorded[0]!.supplierCancelAt).toEqual(died.outcome === "CANCELLED" ? died.cancelledAt : null);
    for (const esim of issued) expect((await atSupplier(esim.iccid)).profile.state).toBe("CANCELLED");
  });

  it("cannot cancel a profile already downloaded to a phone: the refund stands and the refusal is recorded", async () => {
    const who = await shopper(app);
    const sandbox = app.services.esimSandbox!;
    sandbox.setFailingKeys(/:1$/);
    const code = await pay(who, { quantity: 2 });
    await nextDrain();
    const [first] = await issuedTo(app, who);
    expect(await sandbox.markInstalled(first!.iccid)).toBe(true);

    const order = await untilRefunded(code);
    await nextDrain();
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    const [pkg] = await packagesOfOrder(order.id);
    expect(pkg).toMatchObject({
      state: "CANCELLED",
      supplierCancel: "REFUSED",
      supplierCancelNote: "PROFILE_INSTALLED",
    });
    expect((await atSupplier(first!.iccid)).profile.state).toBe("INSTALLED");
    expect((await issuedTo(app, who))[0]!.state).toBe("CANCELLED");
  });

  it("cancels by the supplier's package reference a top-up package issued for a failed top-up order, leaving the eSIM", async () => {
    const who = await shopper(app);
    const sandbox = app.services.esimSandbox!;
    await pay(who, { quantity: 1 });
    await nextDrain();
    const [esim] = await issuedTo(app, who);
    expect(esim!.state).toBe("READY");

    sandbox.setFailingKeys(/:1$/);
    const code = await pay(who, { quantity: 2, topUpIccid: esim!.iccid });
    const order = await untilRefunded(code);
    await nextDrain();
    expect((await orderRow(app, code)).status).toBe("REFUNDED");

    const [topUp] = await packagesOfOrder(order.id);
    expect(topUp).toMatchObject({ topUp: true, state: "CANCELLED", supplierCancel: "CANCELLED" });
    const supplierSide = await atSupplier(esim!.iccid);
    expect(supplierSide.profile.state).toBe("RELEASED");
    expect(supplierSide.packages.find((p) => p.id === topUp!.supplierPackageId)!.state).toBe("CANCELLED");
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(detail.state).toBe("READY");
    expect(detail.packages.map((p) => [p.topUp, p.state])).toEqual([
      [false, "NOT_STARTED"],
      [true, "CANCELLED"],
    ]);
    expect(detail.dataTotalMb).toBe(detail.packages[0]!.dataTotalMb);
  });
});

describe("the sandbox supplier's failure tool", () => {
  it("targets one order's units, and refuses a malformed (400) or unknown (404) order code", async () => {
    const dev = (payload: unknown) =>
      app.server.inject({
        method: "POST",
        url: "/__dev/esim/supplier-failures",
        headers: { "x-requested-with": "fetch" },
        payload: payload as Record<string, unknown>,
      });
    expect((await dev({ orderCode: "not an order" })).statusCode).toBe(400);
    expect((await dev({ orderCode: "ORD000000ZZZZZZZZ", units: [1] })).statusCode).toBe(404);

    const who = await shopper(app);
    const placed = await place(app, who, { quantity: 2 });
    const code = placed.json().code as string;
    const set = await dev({ orderCode: code, units: [1], retryable: false });
    expect(set.statusCode).toBe(200);
    const order = await orderRow(app, code);
    const plan = { productCode: "JP-3GB-30D", dataMb: 3072, validityDays: 30 };
    const { supplier } = app.services.esimSandbox!;
    await expect(supplier.provision(plan, `order:${order.id}:1`)).rejects.toMatchObject({
      code: "PROVISIONING_FAILED",
      retryable: false,
    });
    await expect(supplier.provision(plan, `order:${order.id}:0`)).resolves.toBeTruthy();
    expect((await dev({ orderCode: null })).statusCode).toBe(200);
    await expect(supplier.provision(plan, `order:${order.id}:1`)).resolves.toBeTruthy();
  });
});

describe("the sandbox supplier's cancel", () => {
  it("refuses an unknown ICCID or package for good, is idempotent, and a cancelled profile takes no top-up", async () => {
    const { supplier } = app.services.esimSandbox!;
    await expect(supplier.cancel({ iccid: "8985201000000000009" })).rejects.toMatchObject({
      code: "PROFILE_NOT_FOUND",
      retryable: false,
    });
    await expect(supplier.cancel({ packageId: "pkg_unknown" })).rejects.toMatchObject({
      code: "PACKAGE_NOT_FOUND",
      retryable: false,
    });

    const plan = { productCode: "JP-3GB-30D", dataMb: 3072, validityDays: 30 };
    const { profile } = await supplier.provision(plan, `sandbox-test:${Date.now()}:cancel`);
    expect((await supplier.usage(profile.iccid)).profileState).toBe("RELEASED");
    const first = await supplier.cancel({ iccid: profile.iccid }, new Date("2026-01-01T00:00:00Z"));
    const again = await supplier.cancel({ iccid: profile.iccid }, new Date("2026-01-02T00:00:00Z"));
    expect(first).toEqual({
      outcome: "CANCELLED",
      cancelledAt: new Date("2026-01-01T00:00:00Z"),
      alreadyCancelled: false,
    });
    expect(again).toEqual({
      outcome: "CANCELLED",
      cancelledAt: new Date("2026-01-01T00:00:00Z"),
      alreadyCancelled: true,
    });
    const feed = await supplier.usage(profile.iccid);
    expect(feed.profileState).toBe("CANCELLED");
    expect(feed.packages.map((p) => p.state)).toEqual(["CANCELLED"]);
    await expect(
      supplier.topUp(profile.iccid, plan, `sandbox-test:${Date.now()}:topup`),
    ).rejects.toMatchObject({
      code: "PROFILE_CANCELLED",
    });
    expect(await app.services.esimSandbox!.markInstalled(profile.iccid)).toBe(false);
  });

  it("refuses to cancel a package that has started", async () => {
    const { supplier, setUsage } = app.services.esimSandbox!;
    const plan = { productCode: "JP-3GB-30D", dataMb: 3072, validityDays: 30 };
    const { profile, packageId } = await supplier.provision(plan, `sandbox-test:${Date.now()}:started`);
    expect(await setUsage(profile.iccid, 10)).toBe(true);
    expect(await supplier.cancel({ packageId })).toEqual({
      outcome: "NOT_CANCELLABLE",
      reason: "PACKAGE_STARTED",
    });
    expect(await supplier.cancel({ iccid: profile.iccid })).toEqual({
      outcome: "NOT_CANCELLABLE",
      reason: "PROFILE_INSTALLED",
    });
    expect((await supplier.usage(profile.iccid)).profileState).toBe("INSTALLED");
  });
});
