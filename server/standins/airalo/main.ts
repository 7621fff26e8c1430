import { createAiraloStandin } from "./server.ts";

// Runs the Airalo stand-in as its own process (ADR 0195): tests start it, and so does `npm start` when
// SUPPLIER_PROVIDER=airalo names it. Prints one line, `listening <url>`, once it takes requests.

const env = process.env;
const standin = createAiraloStandin({
  clientId: env.AIRALO_CLIENT_ID ?? "standin-client",
  clientSecret: env.AIRALO_CLIENT_SECRET ?? "standin-secret",
  balance: env.STANDIN_BALANCE ? Number(env.STANDIN_BALANCE) : 1000,
  ratePerSecond: env.STANDIN_RATE_PER_SECOND ? Number(env.STANDIN_RATE_PER_SECOND) : 20,
  webhookUrl: env.STANDIN_WEBHOOK_URL || null,
});

const url = await standin.listen(env.STANDIN_PORT ? Number(env.STANDIN_PORT) : 0);
process.stdout.write(`listening ${url}\n`);

const stop = () => {
  void standin.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
