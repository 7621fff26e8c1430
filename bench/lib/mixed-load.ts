import { randomUUID } from "node:crypto";
import http from "node:http";
import { ACCESS_TOKEN_COOKIE } from "../../core/constants.ts";
import { TEST_CARDS } from "../../server/providers/payment/sandbox.ts";
import { BROWSER_HEADERS } from "./load.ts";

/**
 * The mixed load (issue 34, ADR 0349): an open-loop stream of shopper actions at a fixed arrival rate, 70 %
 * anonymous browsing, 20 % signed-in pages, 8 % checkout quotes and 2 % orders placed and paid on the payment
 * sandbox's hosted page (three requests: place, pay, card). Every request's latency counts toward the p95; a
 * request that fails (network error, timeout, or an answer a shopper would not get when all is well) is an
 * error. `findMixedRate` steps the rate up until a step misses (p95 > 200 ms, any error, or the driver falling
 * behind), then bisects between the last step held and the first missed.
 */

export interface MixedTarget {
  /** Where requests go: one store server, or HAProxy in front of several. */
  baseUrl: string;
  /** A signed-in shopper's access token (bench/lib/prepare-db.ts). */
  shopperToken: string;
  planCode: string;
}

export interface StepResult {
  rate: number;
  seconds: number;
  actions: number;
  requests: number;
  /** Completed requests per second over the step. */
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** The first few errors, as "METHOD path: what". */
  errorSamples: string[];
  ordersPaid: number;
  /** Arrivals the driver could not start on time (its own limit on requests in flight). */
  dropped: number;
  held: boolean;
}

export interface MixedResult {
  /** The highest rate held (actions per second), or null when even the first step missed. */
  heldRate: number | null;
  /** Requests per second completed at that rate (an order is three requests). */
  heldRps: number | null;
  steps: StepResult[];
  seconds: number;
}

export const MIXED_P95_MS = 200;
const MAX_IN_FLIGHT = 256;
const TIMEOUT_MS = 10_000;

type Kind = "browse" | "signedIn" | "quote" | "order";
const WEIGHTS: Array<[Kind, number]> = [
  ["browse", 0.7],
  ["signedIn", 0.2],
  ["quote", 0.08],
  ["order", 0.02],
];

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

class Client {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  private readonly base: URL;
  latencies: number[] = [];
  errors = 0;
  errorSamples: string[] = [];

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
  }

  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
    expect: (status: number) => boolean = (status) => status === 200,
  ): Promise<Answer | null> {
    const started = performance.now();
    return new Promise((resolve) => {
      const fail = (what: string) => {
        this.latencies.push(performance.now() - started);
        this.errors++;
        if (this.errorSamples.length < 5) this.errorSamples.push(`${method} ${path}: ${what}`);
        resolve(null);
      };
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const parts: Buffer[] = [];
          response.on("data", (part: Buffer) => parts.push(part));
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            const text = Buffer.concat(parts).toString();
            if (!expect(status)) return fail(`${status} ${text.slice(0, 160)}`);
            this.latencies.push(performance.now() - started);
            resolve({ status, location: String(response.headers.location ?? "") || null, body: text });
          });
          response.on("error", (error) => fail(error.message));
        },
      );
      request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      request.on("error", (error) => fail(error.message));
      request.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The store pages a visitor browses, in the store's three languages. */
function pages(planCode: string) {
  const store = ["/", "/plp?type=COUNTRY", "/plp?type=REGION", `/pdp/${planCode}`];
  return [...store, ...store.map((page) => `/zh_HK${page === "/" ? "" : page}`)];
}

function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

function chooseKind(): Kind {
  let roll = Math.random();
  for (const [kind, weight] of WEIGHTS) {
    if (roll < weight) return kind;
    roll -= weight;
  }
  return "browse";
}

async function action(client: Client, target: MixedTarget, kind: Kind): Promise<boolean> {
  const api = {
    authorization: `Bearer ${target.shopperToken}`,
    "content-type": "application/json",
    "x-currency": "USD",
    "x-lang": "en_US",
  };
  const line = JSON.stringify({ platformProductCode: target.planCode, quantity: 1 });
  switch (kind) {
    case "browse":
      await client.request("GET", pick(pages(target.planCode)), BROWSER_HEADERS);
      return false;
    case "signedIn": {
      const personal = [
        "/ucenter/esim",
        "/ucenter/order/list",
        `/checkout?platformProductCode=${target.planCode}`,
      ];
      const path = pick([...pages(target.planCode).slice(0, 4), ...personal]);
      await client.request("GET", path, {
        ...BROWSER_HEADERS,
        cookie: `${ACCESS_TOKEN_COOKIE}=${target.shopperToken}`,
      });
      return false;
    }
    case "quote":
      await client.request("POST", "/o2ord/v1/customer/checkout/quote", api, line);
      return false;
    case "order": {
      const placed = await client.request(
        "POST",
        "/o2ord/v1/customer/orders",
        { ...api, "idempotency-key": randomUUID() },
        line,
        // 201 placed; 200 is the same order answered to a repeated key (the proxy may send a request twice).
        (status) => status === 201 || status === 200,
      );
      if (!placed) return false;
      const code = (JSON.parse(placed.body) as { code: string }).code;
      const started = await client.request("POST", `/o2pay/v1/customer/orders/${code}/pay`, {
        authorization: api.authorization,
        "x-lang": "en_US",
      });
      if (!started) return false;
      const redirect = new URL((JSON.parse(started.body) as { redirectUrl: string }).redirectUrl);
      const paid = await client.request(
        "POST",
        `${redirect.pathname}${redirect.search}`,
        { "content-type": "application/x-www-form-urlencoded" },
        new URLSearchParams({ number: TEST_CARDS.success, expiry: "12/34", cvc: "123" }).toString(),
        (status) => status === 303,
      );
      return paid !== null;
    }
  }
}

/** One step: `rate` actions a second, evenly spaced, for `seconds`; then waits for what is still in flight. */
export async function runStep(target: MixedTarget, rate: number, seconds: number): Promise<StepResult> {
  const client = new Client(target.baseUrl);
  const started = performance.now();
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<unknown>>();
  let dropped = 0;
  let ordersPaid = 0;
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= MAX_IN_FLIGHT) {
      dropped++;
      continue;
    }
    const running = action(client, target, chooseKind()).then((paid) => {
      if (paid) ordersPaid++;
    });
    inFlight.add(running);
    running.finally(() => inFlight.delete(running));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  client.close();
  const sorted = [...client.latencies].sort((a, b) => a - b);
  const p95Ms = percentile(sorted, 95);
  return {
    rate,
    seconds: elapsed,
    actions: total - dropped,
    requests: sorted.length,
    rps: sorted.length / elapsed,
    p50Ms: percentile(sorted, 50),
    p95Ms,
    p99Ms: percentile(sorted, 99),
    errors: client.errors,
    errorSamples: client.errorSamples,
    ordersPaid,
    dropped,
    held: client.errors === 0 && dropped === 0 && p95Ms <= MIXED_P95_MS,
  };
}

export interface SearchOptions {
  /** The first rate tried (actions a second). */
  startRate: number;
  /** Seconds per step. */
  stepSeconds: number;
  /** At most this many steps, whatever the outcome (keeps the bench's time bounded). */
  maxSteps: number;
  onStep?: (step: StepResult) => void;
}

/**
 * Steps up by half again each time from `startRate` until a step misses, then bisects between the highest rate
 * held and the lowest missed until they are within 10 % or the steps run out. A short pause between steps lets
 * the server drain.
 */
export async function findMixedRate(target: MixedTarget, options: SearchOptions): Promise<MixedResult> {
  const began = performance.now();
  const steps: StepResult[] = [];
  let held: StepResult | null = null;
  let missed: number | null = null;
  let rate = options.startRate;
  while (steps.length < options.maxSteps) {
    const step = await runStep(target, rate, options.stepSeconds);
    steps.push(step);
    options.onStep?.(step);
    if (step.held && (held === null || step.rate > held.rate)) held = step;
    if (!step.held) missed = missed === null ? step.rate : Math.min(missed, step.rate);
    if (missed === null) rate = Math.round(rate * 1.5);
    else {
      const low = held?.rate ?? 0;
      if (missed - low <= Math.max(2, missed * 0.1)) break;
      rate = Math.round((low + missed) / 2);
      if (rate <= 0) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return {
    heldRate: held?.rate ?? null,
    heldRps: held?.rps ?? null,
    steps,
    seconds: (performance.now() - began) / 1000,
  };
}
