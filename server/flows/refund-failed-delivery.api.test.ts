import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../core/i18n/index.ts";
import { messageOutbox, orderStatusHistory, sandboxPaymentSessions } from "../../db/schema/index.ts";
import { setupTestApp } from "../../test/api.ts";
import {
  issuedTo,
  orderRow,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
} from "../modules/checkout/purchase-test-kit.ts";

// Issue 29 item 1, ADR 0359: a delivery that fails for good is refunded by the one refund flow, like an
// operator's or a shopper's refund: one refund row (starter DELIVERY), the card refunded once through the payment
// provider, the order REFUNDED with the failure as the history's reason, the shopper told once (by the failure
// e-mail, which says the money is coming back), and a rerun or a racing call refunding nothing twice.

const app = setupTestApp();
const HOUR = 3_600_000;

beforeAll(async () => {
  await pricePlan(app);
});

afterEach(() => {
  app.services.esimSandbox!.setFailureRate(0);
});

describe("a failed delivery uses the one refund flow", () => {
  it("refunds the card once through the flow, however often it is asked, and tells the shopper once", async () => {
    const who = await shopper(app);
    app.services.esimSandbox!.setFailureRate(1);
    const code = await placeAndPay(app, who);
    for (let hour = 0; hour < 12; hour += 1) await settle(app, hour * HOUR + 60_000);
    const order = await orderRow(app, code);
    expect(order.status).toBe("REFUNDED");

    // The job ran again, and an operator's screen asked at the same time: nothing more moves.
    const again = await Promise.all(
      [0, 1, 2].map(() => app.services.refundOrder.refundFailedDelivery(code, "esim-provisioning-failed")),
    );
    expect(again).toEqual([null, null, null]);

    const refunds = await app.services.refund.ofOrder(order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      starter: "DELIVERY",
      amount: order.total,
      destination: "CARD",
      status: "SUCCEEDED",
    });
    const [session] = await app.database.db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.orderCode, code));
    expect(session!.refundedAmount).toBe(order.total);
    const history = await app.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.some((h) => h.reason === "esim-provisioning-failed")).toBe(true);
    expect(await issuedTo(app, who)).toHaveLength(0);

    const mails = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, who.email));
    const failed = translate("en_US", "esim.email.failedSubject", { code });
    expect(mails.filter((m) => m.subject === failed)).toHaveLength(1);
    expect(mails.filter((m) => m.subject.startsWith("Refund of"))).toHaveLength(0);
  });
});
