import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import { SANDBOX_WEBHOOK_JOB } from "../../providers/payment/sandbox.ts";
import type { PaymentProvider, PaymentProviderName } from "../../providers/payment/types.ts";
import type { PaymentRepo } from "./repo.ts";

export const FORGET_CUSTOMER_JOB = defineJob(
  "payment.forget-customer",
  z.object({
    provider: z.string().min(1),
    sessionIds: z.array(z.string().min(1)),
    /** The shopper's customers at the provider (saved cards; ADR 0325); absent in jobs queued before them. */
    providerCustomerIds: z.array(z.string().min(1)).default([]),
  }),
);

/**
 * Deleting an account reaches its payments (ADR 0165, issue 14.13): in the deletion's transaction the payment
 * events kept for its payments lose their payloads, and a durable job asks each provider to delete what it
 * keeps about the shopper (Stripe: customers.del), retried with the runner's backoff until the provider answers.
 */
export function createPaymentForgetting(deps: {
  jobs: JobRunner;
  repo: PaymentRepo;
  /** The order module's answer: the ids of the customer's orders, in the deletion's transaction. */
  orderIdsOf: (customerId: string, tx: Database) => Promise<string[]>;
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
}) {
  return {
    async forgetCustomer(customerId: string, executor: Database) {
      const rows = await deps.repo.sessionsOfOrders(await deps.orderIdsOf(customerId, executor), executor);
      const kept = await deps.repo.forgetCustomers(customerId, executor);
      if (rows.length === 0 && kept.length === 0) return;
      const sessionIds = rows.map((row) => row.sessionId);
      // Delivered (or dead) webhook events keep nothing of the purchase; pending ones still have to arrive.
      await deps.jobs.forgetPayloads(
        SANDBOX_WEBHOOK_JOB,
        ["event", "data", "sessionId"],
        sessionIds,
        executor,
      );
      const byProvider = new Map<string, { sessionIds: string[]; providerCustomerIds: string[] }>();
      const of = (provider: string) => {
        const found = byProvider.get(provider) ?? { sessionIds: [], providerCustomerIds: [] };
        byProvider.set(provider, found);
        return found;
      };
      for (const row of rows) of(row.provider).sessionIds.push(row.sessionId);
      for (const row of kept) of(row.provider).providerCustomerIds.push(row.providerCustomerId);
      for (const [provider, ids] of byProvider) {
        if (provider === "free") continue;
        await deps.jobs.enqueue(
          FORGET_CUSTOMER_JOB,
          { provider, ...ids },
          { executor, maxAttempts: 20, dedupeKey: `forget-customer:${provider}:${customerId}` },
        );
      }
    },

    registerJobs(runner: JobRunner) {
      runner.register(FORGET_CUSTOMER_JOB, async (payload) => {
        const provider = deps.providers[payload.provider as PaymentProviderName];
        // A provider this instance no longer has configured cannot be asked; the job fails and waits for it.
        if (!provider) throw new Error(`payment provider ${payload.provider} is not configured`);
        await provider.forgetCustomer(payload.sessionIds, payload.providerCustomerIds);
      });
    },
  };
}
