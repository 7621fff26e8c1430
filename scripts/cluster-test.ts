import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { customerSessions, customers, esims, operators, orders } from "../db/schema/index.ts";
import { hashPassword } from "../server/modules/account/password-hash.ts";
import { newToken, tokenHash } from "../server/modules/account/session-tokens.ts";
import { OPERATOR_CHALLENGE_COOKIE, OPERATOR_SESSION_COOKIE } from "../server/modules/admin/route.ts";
import { newTotpSecret, totpCode } from "../server/modules/admin/totp.ts";
import { findHaproxy, type RunningHaproxy, startHaproxy } from "../server/ops/haproxy.ts";
import { freePort } from "../server/ops/process-kit.ts";
import { hasRedisServer, type OwnRedis, startOwnRedis } from "../server/ops/redis-server.ts";
import { TEST_CARDS } from "../server/providers/payment/sandbox.ts";
import { buildState } from "./build-freshness.ts";
import { startChosenStandin } from "./supplier-standin.ts";

/**
 * `npm run test:cluster` (issue 34, "The cluster, proven here"; docs/testing/cluster-test.md): on loopback, a
 * PostgreSQL cluster of its own, a Redis server of its own, two web instances and one worker behind HAProxy, the
 * eSIM Access stand-in and the payment sandbox. Under a steady mixed load through HAProxy it kills a web instance,
 * kills and restarts the worker, stops Redis for 20 s, and restarts PostgreSQL, checking after each what a shopper
 * and an operator would notice; at the end it counts orders placed, paid, fulfilled and refunded, none lost, none
 * doubled, and prints them. Exits non-zero on the first broken promise.
 */

const BUILD_DIR = process.env.BUILD_DIR ?? "build-e2e";
const PLAN = "JP-3GB-30D";
const PDP = `/pdp/${PLAN}`;
/** Checkouts each phase places at most (five phases with the warm-up). */
const CHECKOUTS_PER_PHASE = 40;
const OPERATOR_PASSWORD = "Cluster-Console-2026!";
/** Reset once the build (when stale) is done: the run's time is the cluster's, not the build's. */
let started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[cluster ${elapsed()}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Broken extends Error {}
function check(condition: boolean, promise: string, detail = ""): asserts condition {
  if (!condition) throw new Broken(`${promise}${detail ? `\n${detail}` : ""}`);
  say(`ok: ${promise}`);
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Broken(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

const cleanup: (() => Promise<unknown> | unknown)[] = [];
/** Every process's output, printed when the run fails. */
const outputs: { name: string; output: () => string }[] = [];

// ---------------------------------------------------------------------------------------------------------------
// The machine's pieces: PostgreSQL, Redis, the store's processes

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: "utf8", env });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

interface OwnPostgres {
  url: string;
  stop(): void;
  start(): void;
}

/**
 * PostgreSQL refuses to run as root: as root (a CI container), the cluster's folder is given to the machine's
 * `postgres` user and its commands run as that user (runuser).
 */
function asDatabaseUser(command: string, args: string[]): [string, string[]] {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  return root ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

async function startOwnPostgres(dir: string): Promise<OwnPostgres> {
  const port = await freePort();
  const home = path.join(dir, "pg");
  mkdirSync(home);
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o711);
    run("chown", ["postgres:", home]);
  }
  const data = path.join(home, "data");
  const pg = (command: string, args: string[]) => run(...asDatabaseUser(command, args));
  pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const log = path.join(home, "pg.log");
  const start = () => pg("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "30", "start"]);
  const stop = () => pg("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "30", "stop"]);
  start();
  cleanup.push(() => spawnSync(...asDatabaseUser("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])));
  run("psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-U",
    "postgres",
    "-q",
    "-c",
    "create database roamly",
  ]);
  return { url: `postgres://postgres@127.0.0.1:${port}/roamly`, stop, start };
}

interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `server/main.ts` in a role on a given port; resolves once /readyz answers 200. */
async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  outputs.push({ name, output: () => log });
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log}`);
      return (await readiness(base)) === 200;
    },
    120_000,
    `${name} ready`,
  ).catch((error) => {
    throw new Error(`${error}\n${log}`);
  });
  return { name, port, base, child, output: () => log };
}

async function readiness(base: string): Promise<number> {
  return fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.status,
    () => 0,
  );
}

async function readinessBody(base: string): Promise<Record<string, string>> {
  return fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.json() as Promise<Record<string, string>>,
    () => ({}),
  );
}

function kill9(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) return resolve();
    instance.child.once("exit", () => resolve());
    instance.child.kill("SIGKILL");
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shoppers, the operator and the load

interface Shopper {
  id: string;
  token: string;
}

async function makeShoppers(database: DatabaseHandle, count: number): Promise<Shopper[]> {
  const made: Shopper[] = [];
  for (let n = 0; n < count; n += 1) {
    const email = `cluster-${randomUUID()}@example.com`;
    const [customer] = await database.db.insert(customers).values({ email, loginName: email }).returning();
    const token = newToken();
    await database.db.insert(customerSessions).values({
      customerId: customer!.id,
      familyId: randomUUID(),
      accessTokenHash: tokenHash(token),
      refreshTokenHash: tokenHash(newToken()),
      expiresAt: new Date(Date.now() + 3_600_000),
      refreshExpiresAt: new Date(Date.now() + 7_200_000),
    });
    made.push({ id: customer!.id, token });
  }
  return made;
}

interface Sample {
  at: number;
  kind: "browse" | "signed-in" | "checkout";
  ok: boolean;
  detail: string;
}

interface Order {
  code: string;
  placedAt: number;
  paidAt?: number;
  /** What the shopper's client did with it, for a failure's report. */
  steps: string[];
}

function createLoad(base: string, shoppers: Shopper[]) {
  const samples: Sample[] = [];
  const placed = new Map<string, Order>();
  let running = true;

  async function request(
    kind: Sample["kind"],
    url: string,
    init: RequestInit,
    expect: (status: number) => boolean,
  ): Promise<Response | null | undefined> {
    const at = Date.now();
    try {
      const response = await fetch(new URL(url, base), {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      });
      const ok = expect(response.status);
      if (!ok) {
        const body = (await response.text().catch(() => "")).slice(0, 200);
        samples.push({ at, kind, ok, detail: `${init.method ?? "GET"} ${url} → ${response.status} ${body}` });
        // A client tries again after a server error or a lost connection, never after a refusal.
        return response.status >= 500 ? null : undefined;
      }
      samples.push({ at, kind, ok, detail: `${init.method ?? "GET"} ${url} → ${response.status}` });
      return response;
    } catch (error) {
      samples.push({
        at,
        kind,
        ok: false,
        detail: `${init.method ?? "GET"} ${url} → ${(error as Error).message}`,
      });
      return null;
    }
  }

  /**
   * A step a shopper's client repeats (with the same idempotency key) after a server error or a lost connection
   * (null), at most 5 times; a refusal (undefined) ends it.
   */
  async function retried<T>(step: () => Promise<T | null | undefined>): Promise<T | null> {
    for (let attempt = 0; attempt < 5 && running; attempt += 1) {
      const result = await step();
      if (result === undefined) return null;
      if (result !== null) return result;
      await sleep(200 * (attempt + 1));
    }
    return null;
  }

  async function checkout(shopper: Shopper) {
    const key = randomUUID();
    const auth = { authorization: `Bearer ${shopper.token}`, "x-lang": "en_US" };
    const order = await retried(async () => {
      const response = await request(
        "checkout",
        "/o2ord/v1/customer/orders",
        {
          method: "POST",
          headers: {
            ...auth,
            "content-type": "application/json",
            "idempotency-key": key,
            "x-currency": "HKD",
          },
          // Each checkout names its own contact address: placing the same request again while the last one's
          // payment is still being confirmed returns that open order (issue 12), which is then no longer payable.
          body: JSON.stringify({
            platformProductCode: PLAN,
            quantity: 1,
            contactEmail: `buyer-${key}@example.com`,
          }),
        },
        (status) => status === 201 || status === 200,
      );
      return response ? ((await response.json()) as { code: string }) : response;
    });
    if (!order) return;
    if (!placed.has(order.code))
      placed.set(order.code, { code: order.code, placedAt: Date.now(), steps: [] });
    const steps = placed.get(order.code)!.steps;
    steps.push(`placed with key ${key} (${samples.length})`);
    const session = await retried(async () => {
      const response = await request(
        "checkout",
        `/o2pay/v1/customer/orders/${order.code}/pay`,
        { method: "POST", headers: auth },
        (status) => status === 200,
      );
      return response ? ((await response.json()) as { redirectUrl: string }) : response;
    });
    steps.push(session ? `payment started (${samples.length})` : `payment refused (${samples.length})`);
    if (!session) {
      // Why the store refused to take the payment, for the failure's report.
      const seen = await fetch(new URL(`/o2ord/v1/customer/orders/${order.code}`, base), { headers: auth })
        .then((r) => r.text())
        .catch((error) => String(error));
      samples.push({
        at: Date.now(),
        kind: "checkout",
        ok: true,
        detail: `order ${order.code}: ${seen.slice(0, 120)} — ${steps.join("; ")}`,
      });
      return;
    }
    const target = new URL(session.redirectUrl, base);
    const paid = await retried(() =>
      request(
        "checkout",
        `${target.pathname}${target.search}`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ number: TEST_CARDS.success, expiry: "12/34", cvc: "123" }).toString(),
        },
        (status) => status === 303,
      ),
    );
    steps.push(paid ? `paid (${samples.length})` : `card refused (${samples.length})`);
    if (paid) placed.get(order.code)!.paidAt = Date.now();
  }

  async function signedIn(shopper: Shopper) {
    // A redirect here would be the login page: the session was lost.
    const response = await request(
      "signed-in",
      "/my/order/list",
      { headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${shopper.token}` } },
      (status) => status === 200,
    );
    await response?.body?.cancel();
  }

  async function browse() {
    const pages = ["/", PDP, "/pdp/KR-3GB-30D", "/zh_HK", "/zh_CN/pdp/JP-3GB-30D"];
    const page = pages[Math.floor(Math.random() * pages.length)]!;
    const response = await request("browse", page, {}, (status) => status === 200);
    await response?.body?.cancel();
  }

  // Four shoppers' clients, each pausing between steps: about 70 % browsing, 20 % signed-in pages, 10 % checkouts.
  async function client(shopper: Shopper) {
    while (running) {
      const roll = Math.random();
      if (roll < 0.7) await browse();
      else if (roll < 0.9) await signedIn(shopper);
      else if (checkouts < allowed) {
        checkouts += 1;
        await checkout(shopper);
      } else await browse();
      await sleep(40);
    }
  }
  // Bounded in count as well as time: on a fast machine an unbounded 10 % would place hundreds of orders.
  let checkouts = 0;
  let allowed = CHECKOUTS_PER_PHASE;
  const clients = shoppers.map((shopper) => client(shopper));

  return {
    samples,
    placed,
    /** A new phase: up to CHECKOUTS_PER_PHASE more checkouts. */
    nextPhase() {
      allowed = checkouts + CHECKOUTS_PER_PHASE;
    },
    async stop() {
      running = false;
      await Promise.all(clients);
    },
    /** The samples of requests started in [from, to). */
    between(from: number, to = Number.POSITIVE_INFINITY) {
      return samples.filter((sample) => sample.at >= from && sample.at < to);
    },
  };
}

function failures(samples: Sample[]) {
  return samples.filter((sample) => !sample.ok);
}

function describeFailures(samples: Sample[]) {
  return samples
    .filter((sample) => !sample.ok || sample.detail.startsWith("order "))
    .slice(0, 10)
    .map((sample) => `  ${sample.kind}: ${sample.detail}`)
    .join("\n");
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const phaseTimes: Record<string, number> = {};
  if (buildState(BUILD_DIR) !== "fresh") {
    say(`building into ${BUILD_DIR} (not counted in the run's time)…`);
    run("npm", ["run", "build"], { ...process.env, BUILD_DIR });
    started = Date.now();
  }
  const setupStarted = Date.now();
  const haproxyBinary = findHaproxy();
  if (!hasRedisServer()) {
    throw new Broken(
      "redis-server is not installed: the cluster test stops a Redis of its own (apt-get install redis-server)",
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-cluster-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));

  const postgres = await startOwnPostgres(dir);
  const redis: OwnRedis = await startOwnRedis();
  cleanup.push(() => redis.close());
  say(`PostgreSQL ${postgres.url}, Redis ${redis.url}`);
  run(process.execPath, ["scripts/migrate.ts"], { ...process.env, DATABASE_URL: postgres.url });
  const database = await openDatabase({ databaseUrl: postgres.url, poolSize: 4 });
  cleanup.push(() => database.close());
  say("migrated and seeded");

  const proxyPort = await freePort();
  const origin = `http://127.0.0.1:${proxyPort}`;
  // The eSIM Access stand-in, with a package for every plan on sale; its webhooks come in through HAProxy.
  const standinEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SUPPLIER_PROVIDER: "esimaccess",
    ESIMACCESS_BASE_URL: "standin",
    PORT: String(proxyPort),
    STANDIN_ALLOCATE_AFTER_MS: "500",
    // Enough credit at the supplier for every order of the run: running out would refund orders by design.
    STANDIN_BALANCE: "1000000000",
  };
  const standin = await startChosenStandin(standinEnv);
  if (!standin) throw new Error("the stand-in did not start");
  cleanup.push(() => standin.stop());
  await standin.afterStart({ database });
  say("stand-in up; starting web1, web2 and the worker");
  const standinUrl = standinEnv.ESIMACCESS_BASE_URL!;

  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    CACHE_NAMESPACE: `cluster-${randomUUID()}`,
    DATA_DIR: path.join(dir, "data"),
    BUILD_DIR,
    LOG_LEVEL: "warn",
    PUBLIC_ORIGIN: origin,
    APP_DOWNLOAD_URL: "https://roamly.example/app",
    CODE_HMAC_SECRET: randomBytes(24).toString("hex"),
    TRUST_PROXY: "loopback",
    SANDBOX_TOOLS: "true",
    IDENTITY_MODE: "sandbox",
    PAYMENT_PROVIDER: "sandbox",
    PAYMENT_SANDBOX_SECRET: randomBytes(24).toString("hex"),
    PAYMENT_SANDBOX_CHAOS: "none",
    SUPPLIER_PROVIDER: "esimaccess",
    ESIMACCESS_BASE_URL: standinUrl,
    ESIMACCESS_ACCESS_CODE: standinEnv.ESIMACCESS_ACCESS_CODE!,
    ESIMACCESS_SECRET: standinEnv.ESIMACCESS_SECRET!,
    JOBS_POLL_MS: "200",
    OTEL_EXPORTER_OTLP_ENDPOINT: "",
    METRICS_PORT: "",
    METRICS_TOKEN: "",
  };
  const webPorts = [await freePort(), await freePort()];
  const [web1, web2, worker0] = await Promise.all([
    startInstance("web1", webPorts[0]!, { ...env, ROLE: "web" }),
    startInstance("web2", webPorts[1]!, { ...env, ROLE: "web" }),
    startInstance("worker", await freePort(), { ...env, ROLE: "worker" }),
  ]);
  let worker = worker0;
  const webs = [web1!, web2!];
  const proxy: RunningHaproxy = await startHaproxy(
    webs.map((web) => ({ port: web.port, name: web.name })),
    { binary: haproxyBinary, port: proxyPort, checkIntervalMs: 300, fall: 2, rise: 2 },
  );
  cleanup.push(() => proxy.stop());
  outputs.push({ name: "haproxy", output: proxy.output });
  // Warm both instances' renderers before the load, so a first render's compile is not counted as slowness.
  for (const web of webs)
    for (const page of ["/", PDP]) await fetch(`${web.base}${page}`).then((r) => r.text());
  say("instances up and warm");
  const shoppers = await makeShoppers(database, 4);
  const operatorCookie = await signInOperator(database, origin);
  phaseTimes.setup = Date.now() - setupStarted;
  say(`cluster up: HAProxy ${origin} → web1 :${web1!.port}, web2 :${web2!.port}; worker :${worker.port}`);

  const load = createLoad(origin, shoppers);
  cleanup.push(() => load.stop());
  await sleep(4_000);
  check(
    failures(load.between(0)).length === 0,
    "the warm-up load had no failures",
    describeFailures(load.samples),
  );

  load.nextPhase();
  // 1. kill -9 one web instance.
  {
    const phaseStart = Date.now();
    const killedAt = Date.now();
    await kill9(web1!);
    await until(() => !inRotation(proxy, "web1"), 10_000, "HAProxy noticing web1 is down");
    const noticedAt = Date.now();
    say(`web1 killed; HAProxy took it out after ${noticedAt - killedAt} ms`);
    await sleep(5_000);
    const window = load.between(killedAt);
    const afterNotice = load.between(noticedAt);
    const failed = failures(window).length;
    check(
      failed <= window.length / 100,
      `at most 1 % of requests failed after the kill (${failed} of ${window.length})`,
      describeFailures(window),
    );
    check(
      failures(afterNotice).length === 0,
      `no request failed once HAProxy noticed (${afterNotice.length} requests)`,
      describeFailures(afterNotice),
    );
    const signedIn = afterNotice.filter((sample) => sample.kind === "signed-in");
    check(
      signedIn.length > 0 && signedIn.every((sample) => sample.ok),
      `every signed-in page on web2 stayed signed in (${signedIn.length} pages)`,
    );
    phaseTimes["web kill"] = Date.now() - phaseStart;
  }
  // Back to two instances for what follows: web1 starts again while the worker phase runs.
  const web1Back = startInstance("web1", web1!.port, { ...env, ROLE: "web" });
  web1Back.catch(() => undefined);

  load.nextPhase();
  // 2. kill -9 the worker, start it again: every paid order has its eSIM within 60 s, none twice.
  {
    const phaseStart = Date.now();
    await kill9(worker);
    say("worker killed");
    await sleep(2_000);
    worker = await startInstance("worker", worker.port, { ...env, ROLE: "worker" });
    const restartedAt = Date.now();
    const paidBefore = [...load.placed.values()].filter((order) => order.paidAt).map((order) => order.code);
    await until(
      async () => (await unfulfilled(database, paidBefore)).length === 0,
      60_000,
      "every order paid before the worker's restart fulfilled",
    );
    check(
      true,
      `all ${paidBefore.length} orders paid so far have their eSIM, ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the worker restarted`,
    );
    phaseTimes["worker kill"] = Date.now() - phaseStart;
  }

  load.nextPhase();
  // 3. Redis stopped for 20 s: the store keeps selling; after it returns a price change shows on both in 2 s.
  webs[0] = await web1Back;
  await until(() => inRotation(proxy, "web1"), 10_000, "HAProxy taking web1 back");
  {
    const phaseStart = Date.now();
    const paidBefore = [...load.placed.values()].filter((order) => order.paidAt).length;
    await redis.stop();
    const stoppedAt = Date.now();
    say("Redis stopped");
    await sleep(20_000);
    const during = load.between(stoppedAt);
    const paidDuring = [...load.placed.values()].filter((order) => order.paidAt).length - paidBefore;
    check(
      failures(during).length === 0,
      `no request failed while Redis was down (${during.length} requests)`,
      describeFailures(during),
    );
    check(paidDuring > 0, `orders were placed and paid while Redis was down (${paidDuring})`);
    for (const web of webs) {
      const body = await readinessBody(web.base);
      check(
        body.redis === "down",
        `${web.name} stayed ready without Redis (/readyz: ${JSON.stringify(body)})`,
      );
    }
    await redis.start();
    say("Redis back");
    await until(
      async () => {
        const bodies = await Promise.all(webs.map((web) => readinessBody(web.base)));
        return bodies.every((body) => body.redis === "up" && body.cache === "shared");
      },
      15_000,
      "both web instances sharing their caches through Redis again",
    );
    const price = 100_000 + Math.floor(Math.random() * 800_000);
    const shown = `"price":"${(price / 100).toFixed(2)}"`;
    const changedAt = Date.now();
    const change = await fetch(`${origin}/o2adm/v1/catalog/plans/${PLAN}/prices`, {
      method: "PUT",
      headers: { cookie: operatorCookie, "x-requested-with": "fetch", "content-type": "application/json" },
      body: JSON.stringify({ prices: [{ currencyCode: "HKD", unitPrice: price, displayPrice: null }] }),
    });
    check(
      change.status === 200,
      `the console changed ${PLAN}'s HKD price (${change.status})`,
      await change.text(),
    );
    const seenAt: Record<string, number> = {};
    await until(
      async () => {
        for (const web of webs) {
          if (seenAt[web.name]) continue;
          const html = await fetch(`${web.base}${PDP}`).then((r) => r.text());
          if (html.includes(shown)) seenAt[web.name] = Date.now() - changedAt;
        }
        return Object.keys(seenAt).length === webs.length;
      },
      3_000,
      "the new price on both web instances",
    );
    check(
      seenAt.web1! <= 2_000 && seenAt.web2! <= 2_000,
      `the new price showed on web1 after ${seenAt.web1} ms and on web2 after ${seenAt.web2} ms`,
    );
    phaseTimes["redis stop"] = Date.now() - phaseStart;
  }

  load.nextPhase();
  // 4. PostgreSQL restarted: the instances reconnect by themselves, /readyz goes 503 and back.
  {
    const phaseStart = Date.now();
    postgres.stop();
    say("PostgreSQL stopped");
    const instances = [...webs, worker];
    let statuses: number[] = [];
    await until(
      async () => {
        statuses = await Promise.all(instances.map((i) => readiness(i.base)));
        return statuses.every((s) => s === 503);
      },
      10_000,
      "every instance answering /readyz 503",
    ).catch((error) => {
      throw new Broken(
        `${error.message} (${instances.map((i, n) => `${i.name} ${statuses[n]}`).join(", ")})`,
      );
    });
    check(true, "every instance answered /readyz 503 while PostgreSQL was down");
    // Down long enough for HAProxy to take the web instances out, as a real restart would be.
    await until(() => webs.every((web) => !inRotation(proxy, web.name)), 10_000, "HAProxy taking both out");
    postgres.start();
    const startedAt = Date.now();
    await until(
      async () => (await Promise.all(instances.map((i) => readiness(i.base)))).every((s) => s === 200),
      20_000,
      "every instance answering /readyz 200 again",
    );
    check(
      true,
      `every instance answered /readyz 200 again ${Date.now() - startedAt} ms after PostgreSQL started`,
    );
    await until(
      () => webs.every((web) => inRotation(proxy, web.name)),
      10_000,
      "HAProxy taking both web instances back",
    );
    const settledAt = Date.now();
    await sleep(3_000);
    const after = load.between(settledAt);
    check(
      failures(after).length === 0,
      `no request failed after the reconnect (${after.length} requests)`,
      describeFailures(after),
    );
    phaseTimes["postgres restart"] = Date.now() - phaseStart;
  }

  await load.stop();
  // The counts: every order paid has its eSIM, none twice, none lost.
  const allPlaced = [...load.placed.values()];
  const paidCodes = allPlaced.filter((order) => order.paidAt).map((order) => order.code);
  await until(
    async () => (await unfulfilled(database, paidCodes)).length === 0,
    60_000,
    "every paid order fulfilled at the end",
  ).catch(() => undefined);
  const rows = await database.db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.customerId,
        shoppers.map((shopper) => shopper.id),
      ),
    );
  const issued = await database.db
    .select()
    .from(esims)
    .where(
      inArray(
        esims.orderId,
        rows.map((row) => row.id),
      ),
    );
  const perLine = new Map<string, number>();
  for (const esim of issued)
    perLine.set(
      `${esim.orderId}:${esim.unitIndex}`,
      (perLine.get(`${esim.orderId}:${esim.unitIndex}`) ?? 0) + 1,
    );
  const state = (await (
    await fetch(`${standinUrl}/__standin/state`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    })
  ).json()) as { orders: { transactionId: string }[] };
  const supplierPerLine = new Map<string, number>();
  for (const supplierOrder of state.orders) {
    const line = supplierOrder.transactionId.replace(/^order:/, "");
    supplierPerLine.set(line, (supplierPerLine.get(line) ?? 0) + 1);
  }
  const paidStatuses = new Set(["PAID", "FULFILLING", "COMPLETED", "REFUNDING", "REFUNDED"]);
  const paidRows = rows.filter((row) => paidStatuses.has(row.status));
  const counts = {
    placed: rows.length,
    paid: paidRows.length,
    fulfilled: rows.filter((row) => row.status === "COMPLETED").length,
    refunded: rows.filter((row) => row.status === "REFUNDED" || row.status === "REFUNDING").length,
    // Paid by the shopper (the sandbox answered) but not paid in the store, or paid and neither fulfilled nor refunded.
    lost:
      paidCodes.filter((code) => !paidRows.some((row) => row.code === code)).length +
      paidRows.filter((row) => row.status !== "COMPLETED" && row.status !== "REFUNDED").length,
    // An order line with two eSIMs, or with two orders at the supplier.
    doubled:
      [...perLine.values()].filter((n) => n > 1).length +
      [...supplierPerLine.values()].filter((n) => n > 1).length,
    "supplier orders": state.orders.length,
    "eSIMs issued": issued.length,
    requests: load.samples.length,
    "failed requests": failures(load.samples).length,
  };
  console.log("\n==== cluster test counts ====");
  for (const [name, value] of Object.entries(counts)) console.log(`  ${name.padEnd(18)} ${value}`);
  console.log("==== phase times ====");
  for (const [name, ms] of Object.entries(phaseTimes))
    console.log(`  ${name.padEnd(18)} ${(ms / 1000).toFixed(1)} s`);
  check(counts.placed > 0 && counts.paid > 0, "orders were placed and paid");
  check(counts.lost === 0, "no paid order was lost");
  check(counts.doubled === 0, "no order line was fulfilled twice");
  check(
    state.orders.length === issued.length,
    `every supplier order is an issued eSIM (${state.orders.length} supplier orders, ${issued.length} eSIMs)`,
  );
}

/** Whether HAProxy sends to the instance now: it starts with every server in, and logs each change. */
function inRotation(proxy: RunningHaproxy, name: string): boolean {
  const changes = proxy.output().match(new RegExp(`web/${name} is (UP|DOWN)`, "g")) ?? [];
  return !changes.at(-1)?.endsWith("DOWN");
}

async function unfulfilled(database: DatabaseHandle, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await database.db.select().from(orders).where(inArray(orders.code, codes));
  return codes.filter((code) => {
    const row = rows.find((r) => r.code === code);
    return !row || (row.status !== "COMPLETED" && row.status !== "REFUNDED");
  });
}

/** An operator (merchandiser) made in the database, signed in through both console steps through HAProxy. */
async function signInOperator(database: DatabaseHandle, origin: string): Promise<string> {
  const email = `cluster-${Date.now()}@ops.roamly.test`;
  const secret = newTotpSecret();
  await database.db.insert(operators).values({
    email,
    displayName: "Cluster operator",
    role: "merchandiser",
    status: "ACTIVE",
    passwordHash: await hashPassword(OPERATOR_PASSWORD, { logN: 10, r: 8, p: 1 }),
    totpSecret: secret,
  });
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .find((cookie) => cookie.startsWith(`${name}=`));
  const login = await fetch(`${origin}/o2adm/v1/auth/login`, {
    method: "POST",
    headers: { "x-requested-with": "fetch", "content-type": "application/json" },
    body: JSON.stringify({ email, password: OPERATOR_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`operator login: ${login.status} ${await login.text()}`);
  const totp = await fetch(`${origin}/o2adm/v1/auth/totp`, {
    method: "POST",
    headers: {
      "x-requested-with": "fetch",
      "content-type": "application/json",
      cookie: cookieOf(login, OPERATOR_CHALLENGE_COOKIE)!,
    },
    body: JSON.stringify({ code: totpCode(secret, Date.now()) }),
  });
  if (totp.status !== 200) throw new Error(`operator TOTP: ${totp.status} ${await totp.text()}`);
  return cookieOf(totp, OPERATOR_SESSION_COOKIE)!;
}

let status = 0;
try {
  await main();
  console.log(`\ncluster test passed in ${elapsed()}`);
} catch (error) {
  status = 1;
  console.error(
    `\ncluster test FAILED after ${elapsed()}: ${error instanceof Broken ? error.message : (error as Error).stack}`,
  );
  for (const { name, output } of outputs)
    console.error(`\n---- ${name} (last lines) ----\n${output().slice(-3000)}`);
} finally {
  for (const step of cleanup.reverse()) {
    try {
      await step();
    } catch {
      // Best effort: the run's verdict is already decided.
    }
  }
}
process.exit(status);
