import { createEsimAccessStandin } from "./server.ts";

// Runs the eSIM Access stand-in as its own process (ADR 0195): tests start it, and so does `npm start` when
// SUPPLIER_PROVIDER=esimaccess names it. Prints one line, `listening <url>`, once it takes requests.

const env = process.env;
const number = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

const standin = createEsimAccessStandin({
  accessCode: env.ESIMACCESS_ACCESS_CODE ?? "standin-access-code",
  secret: env.ESIMACCESS_SECRET ?? "standin-secret",
  balance: number(env.STANDIN_BALANCE, 10_000_000),
  allocateAfterMs: number(env.STANDIN_ALLOCATE_AFTER_MS, 3000),
  allocateAfterQueries: number(env.STANDIN_ALLOCATE_AFTER_QUERIES, 0),
  usageLagMs: number(env.STANDIN_USAGE_LAG_MS, 0),
  ratePerSecond: number(env.STANDIN_RATE_PER_SECOND, 8),
  webhookUrl: env.STANDIN_WEBHOOK_URL || null,
});

const url = await standin.listen(number(env.STANDIN_PORT, 0));
process.stdout.write(`listening ${url}\n`);

const stop = () => {
  void standin.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
