import type { Database } from "../../../db/client.ts";
import type { Env } from "../../env.ts";
import { installSecret } from "../../infra/install-secret.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import { measuredCalls } from "../../telemetry/calls.ts";
import { parseSandboxChaos } from "./chaos.ts";
import {
  createSandboxPayments,
  SANDBOX_SETTLE_JOB,
  SANDBOX_WEBHOOK_JOB,
  type SandboxPayments,
} from "./sandbox.ts";
import { createStripePayments } from "./stripe.ts";
import type { CurrencyRates, PaymentProvider, PaymentProviderName } from "./types.ts";

/** The per-install secret the sandbox signs its webhooks with (ADR 0191). */
export const SANDBOX_SECRET_NAME = "payment-sandbox-webhook";

/**
 * Picks the payment providers (architecture: outside parties): the sandbox outside production, Stripe in
 * production, unless PAYMENT_PROVIDER says otherwise. Stripe is configured whenever its keys are set, so its
 * webhooks keep working for sessions started before a switch.
 */
export function createPaymentProviders(env: Env, db: Database, jobs: JobRunner) {
  const active: PaymentProviderName =
    env.PAYMENT_PROVIDER ?? (env.NODE_ENV === "production" ? "stripe" : "sandbox");
  const providers: Partial<Record<PaymentProviderName, PaymentProvider>> = {};
  let sandbox: SandboxPayments | null = null;
  if (active === "sandbox") {
    const chaos = parseSandboxChaos(env.PAYMENT_SANDBOX_CHAOS, env.NODE_ENV);
    sandbox = createSandboxPayments({
      db,
      jobs,
      secret: env.PAYMENT_SANDBOX_SECRET ?? installSecret(env.DATA_DIR, SANDBOX_SECRET_NAME),
      publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : "",
      asyncDelayMs: env.PAYMENT_SANDBOX_ASYNC_DELAY_MS,
      chaos: {
        duplicate: chaos.duplicate,
        outOfOrder: chaos.outOfOrder,
        delayMs: env.PAYMENT_SANDBOX_WEBHOOK_DELAY_MS,
      },
    });
    const deliver = sandbox.deliverWebhook;
    jobs.register(SANDBOX_WEBHOOK_JOB, (payload) => deliver(payload));
    const settle = sandbox.settle;
    jobs.register(SANDBOX_SETTLE_JOB, (payload) => settle(payload.sessionId));
    providers.sandbox = measuredCalls("payment", "sandbox", sandbox.provider);
  }
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
    // Every call to a payment provider is measured and traced (ADR 0331).
    providers.stripe = measuredCalls(
      "payment",
      "stripe",
      createStripePayments({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        host: base?.hostname,
        port: base?.port ? Number(base.port) : undefined,
        protocol: base ? (base.protocol === "http:" ? "http" : "https") : undefined,
      }),
    );
  }
  return {
    active,
    providers,
    sandbox,
    /** The smallest total the active card provider charges in a currency (ADRs 0122, 0149); null when none. */
    minimumAmount: (currencyCode: string, rates: CurrencyRates) =>
      providers[active]?.minimumAmount(currencyCode, rates) ?? null,
  };
}
