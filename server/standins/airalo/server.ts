import { createHmac, randomBytes, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AiraloStandinCountry, type AiraloStandinPackage, fixtureCountries } from "./fixtures.ts";

// A local stand-in of Airalo's Partner API v2 (the OpenAPI export and partner docs), run as its own HTTP process
// (ADR 0195). It shares no code with the store's adapter. It follows the docs: client-credentials tokens from
// POST /v2/token (form data), bearer auth on every other call, paged GET /v2/packages by country with operators,
// coverages, net and recommended retail prices, synchronous POST /v2/orders that answers the sims at once,
// usage, top-ups, refunds reviewed by hand, the balance, 422 errors with numeric codes ({code, reason}), 429 with
// Retry-After, and webhooks signed with `airalo-signature` (hex HMAC-SHA512 of the body, keyed with the secret).
// Test controls live under /__standin/.

export interface AiraloStandinOptions {
  clientId: string;
  clientSecret: string;
  /** USD. */
  balance?: number;
  tokenTtlSeconds?: number;
  ratePerSecond?: number;
  webhookUrl?: string | null;
  countries?: AiraloStandinCountry[];
}

interface Sim {
  iccid: string;
  packageId: string;
  orderId: number;
  lpa: string;
  matchingId: string;
  totalMb: number;
  remainingMb: number;
  day: number;
  status: "NOT_ACTIVE" | "ACTIVE" | "FINISHED" | "EXPIRED";
  expiredAt: string | null;
  topUps: { orderId: number; packageId: string; amount: number; price: number }[];
  price: number;
  recycled: boolean;
  levelsSent: Set<string>;
}

interface Order {
  id: number;
  code: string;
  packageId: string;
  quantity: number;
  type: "sim" | "topup";
  description: string;
  price: number;
  createdAt: string;
  sims: string[];
}

class Refusal {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const REASONS: Record<number, string> = {
  11: "Insufficient Airalo Credit: your balance does not cover this order.",
  13: "The requested operator is currently undergoing maintenance. Please try again later.",
  23: "The requested top-up has been disabled by the operator.",
  33: "Insufficient stock of eSIMs remaining. Please try again later.",
  34: "The requested eSIM package is invalid or it is currently out of stock. Please try again later.",
  43: "Bad request. Please check your input and try again.",
  53: "Something went wrong on our side.",
  73: "The eSIM has been recycled.",
};

const business = (code: number): never => {
  throw new Refusal(422, { code, reason: REASONS[code] ?? "Error" });
};

const stamp = (date = new Date()) => date.toISOString().slice(0, 19).replace("T", " ");

function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function createAiraloStandin(options: AiraloStandinOptions) {
  let countries = options.countries ?? fixtureCountries();
  let balance = options.balance ?? 1000;
  let ratePerSecond = options.ratePerSecond ?? 20;
  let webhookUrl = options.webhookUrl ?? null;
  const ttl = options.tokenTtlSeconds ?? 86_400;
  const tokens = new Map<string, number>();
  const orders: Order[] = [];
  const sims = new Map<string, Sim>();
  const refunds: { refund_id: string; iccids: string[]; reason: string; status: "PENDING" | "APPROVED" }[] =
    [];
  const recent: number[] = [];
  const failNext = new Map<string, number[]>();
  const webhooks: unknown[] = [];
  let tokenRequests = 0;
  let nextOrderId = 9000;

  function allPackages(): {
    pkg: AiraloStandinPackage;
    country: AiraloStandinCountry;
    operator: AiraloStandinCountry["operators"][number];
  }[] {
    return countries.flatMap((country) =>
      country.operators.flatMap((operator) => operator.packages.map((pkg) => ({ pkg, country, operator }))),
    );
  }

  function findPackage(id: string) {
    return allPackages().find((p) => p.pkg.id === id);
  }

  function publicPackage(p: AiraloStandinPackage) {
    const { stock: _stock, ...rest } = p;
    return rest;
  }

  function orderView(order: Order) {
    const found = findPackage(order.packageId);
    return {
      id: order.id,
      code: order.code,
      currency: "USD",
      package_id: order.packageId,
      quantity: order.quantity,
      type: order.type,
      description: order.description,
      esim_type: "Prepaid",
      validity: found?.pkg.day ?? 0,
      package: found ? `${found.operator.title}-${found.pkg.data}` : order.packageId,
      data: found?.pkg.data ?? "",
      price: order.price,
      created_at: order.createdAt,
      manual_installation: "<p>Settings → Cellular → Add eSIM</p>",
      qrcode_installation: "<p>Scan the QR code</p>",
      sims: order.sims.map((iccid) => {
        const sim = sims.get(iccid)!;
        return {
          id: Number(iccid.slice(-6)),
          created_at: order.createdAt,
          iccid,
          lpa: sim.lpa,
          imsis: null,
          matching_id: sim.matchingId,
          qrcode: `LPA:1$${sim.lpa}$${sim.matchingId}`,
          qrcode_url: `https://sandbox.airalo.com/qr?expires=1&id=${iccid}`,
          airalo_code: null,
          apn_type: found?.operator.apn_type ?? "automatic",
          apn_value: found?.operator.apn_value ?? null,
          is_roaming: found?.operator.is_roaming ?? true,
          confirmation_code: null,
          direct_apple_installation_url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$${sim.lpa}$${sim.matchingId}`,
        };
      }),
    };
  }

  async function notify(body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    webhooks.push(body);
    if (!webhookUrl) return;
    const signature = createHmac("sha512", options.clientSecret).update(raw).digest("hex");
    try {
      await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "airalo-signature": signature },
        body: raw,
      });
    } catch {
      // Airalo retries notifications on its side; the stand-in drops an undelivered one.
    }
  }

  async function readForm(request: IncomingMessage, raw: Buffer): Promise<Record<string, string>> {
    const type = request.headers["content-type"] ?? "";
    if (type.includes("application/json")) {
      const parsed = JSON.parse(raw.toString("utf8") || "{}") as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : String(v)]),
      );
    }
    if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
      const out: Record<string, string> = {};
      for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
      return out;
    }
    return {};
  }

  function requireToken(request: IncomingMessage) {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer (.+)$/.exec(header);
    const expires = match ? tokens.get(match[1]!) : undefined;
    if (!expires || expires < Date.now())
      throw new Refusal(401, { data: [], meta: { message: "Unauthenticated." } });
  }

  function issueSim(packageId: string, orderId: number, amount: number, day: number, price: number): string {
    const body = `89852000${String(randomInt(10 ** 10)).padStart(10, "0")}`;
    const iccid = body + luhn(body);
    sims.set(iccid, {
      iccid,
      packageId,
      orderId,
      lpa: "lpa.airalo.com",
      matchingId: randomBytes(10).toString("hex").toUpperCase(),
      totalMb: amount,
      remainingMb: amount,
      day,
      status: "NOT_ACTIVE",
      expiredAt: null,
      topUps: [],
      price,
      recycled: false,
      levelsSent: new Set(),
    });
    return iccid;
  }

  async function handle(
    method: string,
    url: URL,
    request: IncomingMessage,
    raw: Buffer,
  ): Promise<[number, unknown]> {
    const path = url.pathname;
    if (method === "POST" && path === "/v2/token") {
      tokenRequests += 1;
      const form = await readForm(request, raw);
      if (form.grant_type !== "client_credentials")
        throw new Refusal(422, {
          data: { grant_type: "The grant type field is required." },
          meta: { message: "the parameter is invalid" },
        });
      if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret)
        throw new Refusal(401, { data: [], meta: { message: "Client authentication failed" } });
      const token = randomBytes(24).toString("base64url");
      tokens.set(token, Date.now() + ttl * 1000);
      return [
        200,
        {
          data: { token_type: "Bearer", expires_in: ttl, access_token: token },
          meta: { message: "success" },
        },
      ];
    }
    requireToken(request);
    const key = `${method} ${path.replace(/\/sims\/\d+\//, "/sims/{iccid}/")}`;
    const queued = failNext.get(key);
    const next = queued && queued.length > 0 ? queued.shift()! : null;
    // 429 switches on the rate limit's answer for one call.
    if (next === 429)
      throw new Refusal(429, { data: [], meta: { message: "Too Many Attempts." } }, { "retry-after": "1" });
    if (next !== null) business(next);

    if (method === "GET" && path === "/v2/packages") {
      const limit = Math.max(1, Number(url.searchParams.get("limit") ?? "50"));
      const page = Math.max(1, Number(url.searchParams.get("page") ?? "1"));
      const withTopUps = url.searchParams.get("include") === "topup";
      const countryFilter = url.searchParams.get("filter[country]");
      const list = countries
        .filter((c) => !countryFilter || c.country_code === countryFilter)
        .map((c) => ({
          ...c,
          operators: c.operators.map((o) => ({
            ...o,
            packages: o.packages.filter((p) => withTopUps || p.type === "sim").map(publicPackage),
          })),
        }));
      const lastPage = Math.max(1, Math.ceil(list.length / limit));
      const base = `${url.origin}/v2/packages?limit=${limit}`;
      return [
        200,
        {
          data: list.slice((page - 1) * limit, page * limit),
          links: {
            first: `${base}&page=1`,
            last: `${base}&page=${lastPage}`,
            prev: page > 1 ? `${base}&page=${page - 1}` : null,
            next: page < lastPage ? `${base}&page=${page + 1}` : null,
          },
          meta: {
            current_page: page,
            last_page: lastPage,
            per_page: limit,
            total: list.length,
            message: "success",
          },
        },
      ];
    }

    if (method === "POST" && path === "/v2/orders") {
      const form = await readForm(request, raw);
      const quantity = Number(form.quantity ?? "1");
      const found = findPackage(form.package_id ?? "");
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 50) business(43);
      if (found?.pkg.type !== "sim") business(34);
      const { pkg } = found!;
      if (pkg.stock !== null && pkg.stock < quantity) business(33);
      if (balance < pkg.net_price * quantity) business(11);
      balance = Math.round((balance - pkg.net_price * quantity) * 100) / 100;
      if (pkg.stock !== null) pkg.stock -= quantity;
      nextOrderId += 1;
      const id = nextOrderId;
      const order: Order = {
        id,
        code: `${new Date().toISOString().slice(0, 10).replace(/-/g, "")}-${id}`,
        packageId: pkg.id,
        quantity,
        type: "sim",
        description: form.description ?? "",
        price: pkg.net_price * quantity,
        createdAt: stamp(),
        sims: [],
      };
      for (let i = 0; i < quantity; i += 1)
        order.sims.push(issueSim(pkg.id, id, pkg.amount, pkg.day, pkg.net_price));
      orders.push(order);
      return [200, { data: orderView(order), meta: { message: "success" } }];
    }

    if (method === "GET" && path === "/v2/orders") {
      const description = url.searchParams.get("filter[description]");
      const list = orders.filter((o) => description === null || o.description === description);
      return [200, { data: list.map(orderView), meta: { message: "success", total: list.length } }];
    }

    const simPath = /^\/v2\/sims\/(\d+)\/(usage|topups)$/.exec(path);
    if (method === "GET" && simPath) {
      const sim = sims.get(simPath[1]!);
      if (!sim) throw new Refusal(404, { data: [], meta: { message: "The eSIM does not exist." } });
      if (simPath[2] === "usage")
        return [
          200,
          {
            data: {
              remaining: sim.remainingMb,
              total: sim.totalMb,
              expired_at: sim.expiredAt,
              is_unlimited: false,
              status: sim.status,
              remaining_voice: 0,
              remaining_text: 0,
              total_voice: 0,
              total_text: 0,
            },
            meta: { message: "success" },
          },
        ];
      const base = findPackage(sim.packageId);
      const offers = base ? base.operator.packages.filter((p) => p.type === "topup") : [];
      return [200, { data: offers.map(publicPackage), meta: { message: "success" } }];
    }

    if (method === "POST" && path === "/v2/orders/topups") {
      const form = await readForm(request, raw);
      const sim = sims.get(form.iccid ?? "");
      if (!sim) business(43);
      if (sim!.recycled) business(73);
      const found = findPackage(form.package_id ?? "");
      if (found?.pkg.type !== "topup") business(34);
      const { pkg } = found!;
      if (sim!.status === "EXPIRED") business(23);
      if (balance < pkg.net_price) business(11);
      balance = Math.round((balance - pkg.net_price) * 100) / 100;
      nextOrderId += 1;
      const id = nextOrderId;
      sim!.topUps.push({ orderId: id, packageId: pkg.id, amount: pkg.amount, price: pkg.net_price });
      sim!.totalMb += pkg.amount;
      sim!.remainingMb += pkg.amount;
      if (sim!.status === "FINISHED") sim!.status = "ACTIVE";
      const order: Order = {
        id,
        code: `${new Date().toISOString().slice(0, 10).replace(/-/g, "")}-${id}`,
        packageId: pkg.id,
        quantity: 1,
        type: "topup",
        description: form.description ?? "",
        price: pkg.net_price,
        createdAt: stamp(),
        sims: [],
      };
      orders.push(order);
      return [200, { data: { ...orderView(order), sims: undefined }, meta: { message: "success" } }];
    }

    if (method === "POST" && path === "/v2/refund") {
      const form = await readForm(request, raw);
      let iccids: string[] = [];
      try {
        iccids = JSON.parse(form.iccids ?? "[]") as string[];
      } catch {
        business(43);
      }
      if (iccids.length === 0 || !form.reason) business(43);
      for (const iccid of iccids) {
        const sim = sims.get(iccid);
        if (!sim) business(43);
        if (sim!.status !== "NOT_ACTIVE") business(43);
      }
      const known = refunds.find((r) => r.iccids.join() === iccids.join());
      const refund = known ?? {
        refund_id: `RF-${randomBytes(4).toString("hex")}`,
        iccids,
        reason: form.reason!,
        status: "PENDING" as const,
      };
      if (!known) refunds.push(refund);
      return [
        202,
        {
          data: { refund_id: refund.refund_id, created_at: stamp() },
          meta: { message: "Refund request received and is pending review." },
        },
      ];
    }

    if (method === "GET" && path === "/v2/balance")
      return [
        200,
        {
          data: { balances: { available_balance: { amount: balance, currency: "USD" } } },
          meta: { message: "success" },
        },
      ];

    throw new Refusal(404, { data: [], meta: { message: "Not found." } });
  }

  async function control(path: string, body: Record<string, unknown>): Promise<unknown> {
    switch (path) {
      case "state":
        return {
          balance,
          tokenRequests,
          orders: orders.map((o) => ({ id: o.id, description: o.description, type: o.type, sims: o.sims })),
          refunds,
          webhooks,
        };
      case "balance":
        balance = Number(body.balance);
        return { balance };
      case "rate":
        ratePerSecond = Number(body.ratePerSecond);
        recent.length = 0;
        return { ratePerSecond };
      case "webhook":
        webhookUrl = typeof body.url === "string" ? body.url : null;
        return { webhookUrl };
      case "expire-tokens":
        tokens.clear();
        return {};
      case "stock": {
        const found = findPackage(String(body.packageId));
        if (!found) throw new Refusal(404, { message: "no such package" });
        found.pkg.stock = body.stock === null ? null : Number(body.stock);
        return {};
      }
      case "countries":
        countries = body.countries as AiraloStandinCountry[];
        return { count: countries.length };
      case "fail-next": {
        const codes = failNext.get(String(body.route)) ?? [];
        codes.push(Number(body.code));
        failNext.set(String(body.route), codes);
        return { queued: codes.length };
      }
      case "usage": {
        const sim = sims.get(String(body.iccid));
        if (!sim) throw new Refusal(404, { message: "no such sim" });
        if (sim.status === "NOT_ACTIVE") {
          sim.status = "ACTIVE";
          sim.expiredAt = stamp(new Date(Date.now() + sim.day * 86_400_000));
        }
        sim.remainingMb = Math.max(0, sim.totalMb - Number(body.usedMb));
        if (sim.remainingMb === 0) sim.status = "FINISHED";
        const used = 1 - sim.remainingMb / sim.totalMb;
        for (const [share, level] of [
          [0.75, "75%"],
          [0.9, "90%"],
        ] as const)
          if (used >= share && !sim.levelsSent.has(level)) {
            sim.levelsSent.add(level);
            await notify({
              level,
              iccid: sim.iccid,
              type: "data",
              remaining_mb: sim.remainingMb,
              package_id: sim.packageId,
            });
          }
        return { status: sim.status, remaining: sim.remainingMb };
      }
      case "approve-refund": {
        const refund = refunds.find((r) => r.refund_id === body.refundId);
        if (!refund) throw new Refusal(404, { message: "no such refund" });
        if (refund.status === "PENDING") {
          refund.status = "APPROVED";
          for (const iccid of refund.iccids) {
            const sim = sims.get(iccid)!;
            sim.recycled = true;
            balance = Math.round((balance + sim.price) * 100) / 100;
          }
        }
        return refund;
      }
      default:
        throw new Refusal(404, { message: `unknown control ${path}` });
    }
  }

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "standin"}`);
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      if (url.pathname.startsWith("/__standin/")) {
        const body = raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
        return send(response, 200, await control(url.pathname.slice("/__standin/".length), body));
      }
      const now = Date.now();
      while (recent.length > 0 && now - recent[0]! >= 1000) recent.shift();
      if (recent.length >= ratePerSecond) {
        const wait = Math.max(1, Math.ceil((1000 - (now - recent[0]!)) / 1000));
        return send(
          response,
          429,
          { data: [], meta: { message: "Too Many Attempts." } },
          { "retry-after": String(wait) },
        );
      }
      recent.push(now);
      const [status, body] = await handle(request.method ?? "GET", url, request, raw);
      send(response, status, body);
    } catch (error) {
      if (error instanceof Refusal) return send(response, error.status, error.body, error.headers);
      send(response, 500, { data: [], meta: { message: "Server Error" } });
    }
  });

  return {
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("stand-in has no port");
      return `http://${host}:${address.port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
