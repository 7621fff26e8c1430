import type { Database } from "../../db/client.ts";
import type { AccountServiceDeps } from "../modules/account/service.ts";
import type { AdminService } from "../modules/admin/service.ts";
import type { OrderService } from "../modules/order/service.ts";
import type { createPaymentForgetting } from "../modules/payment/forget-customer.ts";
import type { ReviewService } from "../modules/reviews/service.ts";
import type { UploadService } from "../modules/uploads/service.ts";
import type { Outbox } from "../providers/messages/outbox.ts";

/**
 * An account is deleted (ADRs 0063, 0165): every module that holds the customer's data forgets it, in the
 * deletion's transaction, which the account module opens (its sessions end and its row is anonymised there too).
 * - payments clear what they keep and queue the provider's forgetting after the commit;
 * - orders give up their contacts and hand back the addresses they were sent to;
 * - the messages sent to any of those addresses are deleted;
 * - uploads go (rows now, files by a job after the commit);
 * - reviews stay, without the customer (ADR 0265);
 * - operators' notes about the customer go (ADR 0361).
 */
export function createAccountForgetFlow(deps: {
  payments: Pick<ReturnType<typeof createPaymentForgetting>, "forgetCustomer">;
  orders: Pick<OrderService, "forgetCustomer">;
  outbox: Pick<Outbox, "forget">;
  uploads: Pick<UploadService, "forget">;
  reviews: Pick<ReviewService, "forgetCustomer">;
  staffNotes: Pick<AdminService["customerNotes"], "forget">;
}): AccountServiceDeps["forget"] {
  return {
    payments: (customerId: string, tx: Database) => deps.payments.forgetCustomer(customerId, tx),
    orders: (customerId: string, tx: Database) => deps.orders.forgetCustomer(customerId, tx),
    messages: (addresses: string[], tx: Database) => deps.outbox.forget(addresses, tx),
    uploads: (customerId: string, tx: Database) => deps.uploads.forget(customerId, tx),
    reviews: (customerId: string, tx: Database) => deps.reviews.forgetCustomer(customerId, tx),
    staffNotes: (customerId: string, tx: Database) => deps.staffNotes.forget(customerId, tx),
  };
}
