import { createStripeStandin } from "./server.ts";

// Runs the Stripe stand-in as its own process (ADRs 0195, 0326). Prints one line, `listening <url>`, once it takes
// requests. docs/testing/stripe-standin.md lists the variables and the controls.

const env = process.env;
const number = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

const standin = createStripeStandin({
  secretKey: env.STRIPE_SECRET_KEY || "sk_test_standin",
  webhookSecret: env.STRIPE_WEBHOOK_SECRET || "whsec_standin",
  webhookUrl: env.STANDIN_WEBHOOK_URL || null,
  ratePerSecond: number(env.STANDIN_RATE_PER_SECOND, 25),
  accountMethods: env.STANDIN_ACCOUNT_METHODS ? env.STANDIN_ACCOUNT_METHODS.split(",") : undefined,
});

const url = await standin.listen(number(env.STANDIN_PORT, 0));
process.stdout.write(`listening ${url}\n`);

const stop = () => {
  void standin.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
