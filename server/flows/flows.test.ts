import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import type { OrderRow } from "../modules/order/service.ts";
import { createAccountForgetFlow } from "./account-forget.ts";
import { createAccountSignedUpFlow } from "./account-signed-up.ts";
import { createOrderCancelledUnpaidFlow } from "./order-cancelled-unpaid.ts";
import { createOrderCompletedFlow } from "./order-completed.ts";
import { createOrderPaidFlow } from "./order-paid.ts";
import { createOrderRefundedFlow } from "./order-refunded.ts";

// The named flows (ADR 0405) as compositions: which module steps each runs, in which order, in the caller's
// transaction, and that a failing step fails the flow (so the caller's transaction rolls back every step). What
// each step does to the database is checked end to end by the modules' API tests (sfb, credit, delete-account).

const tx = { marker: "the caller's transaction" } as unknown as Database;
const order = { id: "order-1", customerId: "customer-1", code: "R1" } as OrderRow;

function recorder() {
  const calls: string[] = [];
  const step =
    (name: string, answer: unknown = undefined) =>
    async (...args: unknown[]) => {
      calls.push(
        `${name}(${args.map((a) => (a === tx ? "tx" : a === order ? "order" : String(a))).join(", ")})`,
      );
      return answer;
    };
  return { calls, step };
}

describe("order flows", () => {
  it("runs the refunded order's steps in order, each in the caller's transaction", async () => {
    const { calls, step } = recorder();
    const flow = createOrderRefundedFlow({
      credit: { refund: step("credit.refund") as never },
      coupon: { refunded: step("coupon.refunded") as never },
      sfb: { orderRefunded: step("sfb.orderRefunded") as never },
    });
    await flow(tx, order);
    expect(calls).toEqual([
      "credit.refund(tx, order-1)",
      "coupon.refunded(tx, order)",
      "sfb.orderRefunded(tx, order)",
    ]);
  });

  it("fails the refunded order's flow when a step fails, and runs no later step", async () => {
    const { calls, step } = recorder();
    const flow = createOrderRefundedFlow({
      credit: { refund: step("credit.refund") as never },
      coupon: {
        refunded: async () => {
          throw new Error("coupon store down");
        },
      },
      sfb: { orderRefunded: step("sfb.orderRefunded") as never },
    });
    await expect(flow(tx, order)).rejects.toThrow("coupon store down");
    expect(calls).toEqual(["credit.refund(tx, order-1)"]);
  });

  it("releases credit on an unpaid cancel, and notes paid and completed orders with the invite", async () => {
    const { calls, step } = recorder();
    await createOrderCancelledUnpaidFlow({ credit: { release: step("credit.release") as never } })(tx, order);
    await createOrderPaidFlow({ sfb: { orderPaid: step("sfb.orderPaid") as never } })(tx, order);
    await createOrderCompletedFlow({ sfb: { orderCompleted: step("sfb.orderCompleted") as never } })(
      tx,
      order,
    );
    expect(calls).toEqual([
      "credit.release(tx, order-1)",
      "sfb.orderPaid(tx, order)",
      "sfb.orderCompleted(tx, order)",
    ]);
  });
});

describe("account flows", () => {
  it("has every module that holds a customer's data forget it in the deletion's transaction", async () => {
    const { calls, step } = recorder();
    const forget = createAccountForgetFlow({
      payments: { forgetCustomer: step("payments.forgetCustomer") as never },
      orders: { forgetCustomer: step("orders.forgetCustomer", ["a@example.com"]) as never },
      outbox: { forget: step("outbox.forget") as never },
      uploads: { forget: step("uploads.forget") as never },
      reviews: { forgetCustomer: step("reviews.forgetCustomer") as never },
      staffNotes: { forget: step("staffNotes.forget") as never },
    });
    await forget.payments("c1", tx);
    expect(await forget.orders("c1", tx)).toEqual(["a@example.com"]);
    await forget.messages(["a@example.com"], tx);
    await forget.uploads?.("c1", tx);
    await forget.reviews?.("c1", tx);
    await forget.staffNotes?.("c1", tx);
    expect(calls).toEqual([
      "payments.forgetCustomer(c1, tx)",
      "orders.forgetCustomer(c1, tx)",
      "outbox.forget(a@example.com, tx)",
      "uploads.forget(c1, tx)",
      "reviews.forgetCustomer(c1, tx)",
      "staffNotes.forget(c1, tx)",
    ]);
  });

  it("grants the welcome coupons in the sign-up's transaction and attaches the invite after it", async () => {
    const { calls, step } = recorder();
    const flow = createAccountSignedUpFlow({
      coupon: { grantWelcome: step("coupon.grantWelcome", ["W1"]) as never },
      sfb: { attach: step("sfb.attach", { attached: true, reason: "ok" }) as never },
    });
    expect(await flow.welcome("c1", tx)).toEqual(["W1"]);
    const customer = { id: "c1", email: null, phone: null, internationalTelCode: null, nickName: null };
    await flow.signedUp(customer, "INVITE1");
    expect(calls).toEqual(["coupon.grantWelcome(c1, tx)", "sfb.attach([object Object], INVITE1)"]);
  });
});
