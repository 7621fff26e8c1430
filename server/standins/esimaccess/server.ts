import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { FIXTURE_PACKAGES, type StandinPackage } from "./fixtures.ts";

// A local stand-in of the eSIM Access open API (docs.esimaccess.com), run as its own HTTP process (ADR 0195).
// It shares no code with the store's adapter: a bug shared by both would hide itself. Everything it does follows
// the public documentation: signed JSON POSTs under /api/v1/open/, the {success, errorCode, errorMsg, obj}
// envelope, asynchronous allocation after esim/order, the documented error codes, unsigned webhooks
// ({notifyType, content}), and a balance in USD × 10,000 that runs down with every order.
// Test controls live under /__standin/ (not part of the supplier's API); docs/testing/supplier-standins.md
// lists them.
//
// Documents followed (quoted below as [EA] and [FAQ]):
// [EA] "eSIM Access API — Official Reference (Markdown Version)", a copy of docs.esimaccess.com "updated up to
//      July 2025" (sections 4.1–4.13 endpoints, 5.x webhooks, error code table, "Rate Limit: 8 requests per
//      second"). Its Usage Check field table is read by others as `obj.esimUsageList`, while its example puts
//      the list directly in `obj`; the `usage-shape` control serves either (default: the example).
// [FAQ] esimaccess.com/docs/what-webhook-notifications-do-you-send and esimaccess.com/esim-top-up-with-the-api
//      ("In the Package List endpoint send "type":"TOPUP", and "iccid":"<your_iccid>" ... Review the available
//      package with the TOPUP_ prefix").

export interface EsimAccessStandinOptions {
  accessCode: string;
  secret: string;
  /** USD × 10,000. */
  balance?: number;
  /** Profiles are allocated this long after the order (0: only by queries or the control). */
  allocateAfterMs?: number;
  /** Profiles are allocated at the n-th esim/query of the order (0: never by queries). */
  allocateAfterQueries?: number;
  /** Where the account's webhooks go (webhook/save or the control can change it). */
  webhookUrl?: string | null;
  /** Requests per second the account may make (the docs: 8). */
  ratePerSecond?: number;
  /** usage/query reports figures that are at least this old (the supplier's usage feed lags). */
  usageLagMs?: number;
  packages?: StandinPackage[];
  /** The SM-DP+ address in activation codes. */
  smdpAddress?: string;
}

interface Profile {
  esimTranNo: string;
  orderNo: string;
  transactionId: string;
  iccid: string;
  imsi: string;
  ac: string;
  qrCodeUrl: string;
  smdpStatus: string;
  esimStatus: string;
  packageCode: string;
  totalVolume: number;
  orderUsage: number;
  totalDuration: number;
  durationUnit: string;
  activateTime: string | null;
  expiredTime: string | null;
  /** What usage/query last reported, and when (the feed lags). */
  reported: { usage: number; at: Date };
  topUps: Map<string, { packageCode: string; volume: number; duration: number; price: number }>;
  price: number;
  thresholdsSent: Set<number>;
}

interface Order {
  orderNo: string;
  transactionId: string;
  packageCode: string;
  count: number;
  price: number;
  queries: number;
  createdAt: number;
  profiles: Profile[] | null;
}

class Refusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

const MESSAGES: Record<string, string> = {
  "000101": "Missing mandatory header",
  "000104": "Invalid JSON",
  "000105": "Mandatory params missing",
  "101001": "Timestamp expired",
  "101003": "Signature mismatch",
  "200002": "Operation not allowed due to order status",
  "200005": "Package price error",
  "200006": "Wrong total amount",
  "200007": "Insufficient balance",
  "200008": "Order parameter error",
  "200010": "Profile not yet allocated",
  "200011": "Insufficient available profiles",
  "310241": "packageCode does not exist",
  "310243": "package does not exist",
  "310272": "orderNo does not exist",
  "310403": "ICCID not in the order",
  "900001": "System busy",
};

function refuse(code: string): never {
  throw new Refusal(code, MESSAGES[code] ?? "Error");
}

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

function digits(n: number): string {
  return Array.from({ length: n }, () => String(randomInt(10))).join("");
}

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Failure = { kind: "lose"; mode: "504" | "drop"; holdMs: number } | { kind: "delay"; ms: number };

/** Whether a TOPUP package tops up profiles of this base package (see StandinPackage.topUpFor). */
function topsUp(topUp: StandinPackage, baseCode: string): boolean {
  if (topUp.type !== "TOPUP") return false;
  if (topUp.topUpFor) return topUp.topUpFor.includes(baseCode);
  return topUp.packageCode === `TOPUP_${baseCode}`;
}
const DAY_MS = 86_400_000;

export function createEsimAccessStandin(options: EsimAccessStandinOptions) {
  const packages = new Map((options.packages ?? FIXTURE_PACKAGES).map((p) => [p.packageCode, { ...p }]));
  let balance = options.balance ?? 10_000_000;
  let webhookUrl = options.webhookUrl ?? null;
  let ratePerSecond = options.ratePerSecond ?? 8;
  const allocateAfterMs = options.allocateAfterMs ?? 0;
  const allocateAfterQueries = options.allocateAfterQueries ?? 0;
  const usageLagMs = options.usageLagMs ?? 0;
  const smdp = options.smdpAddress ?? "rsp-eu.redteamobile.com";
  const orders = new Map<string, Order>();
  const byOrderNo = new Map<string, Order>();
  const profiles = new Map<string, Profile>();
  const recent: number[] = [];
  /** Calls refused by the rate limit, and the most calls it let through in any one second (issue 34). */
  let rateLimited = 0;
  let peakPerSecond = 0;
  /** Errors switched on for the next calls of a path, or every n-th call of it. */
  const failNext = new Map<string, string[]>();
  const failEvery = new Map<string, { code: string; every: number; count: number }>();
  const webhooksSent: unknown[] = [];
  /** Lost answers and delays queued per API path ("esim/order", "esim/topup", ...). */
  const failures = new Map<string, Failure[]>();
  /** esim/order calls per transactionId (every call, the idempotent repeats included). */
  const orderCalls: Record<string, number> = {};
  const topUpCalls: Record<string, number> = {};
  /** [EA] 4.12's example (`obj` is the list) or its field table as others read it (`obj.esimUsageList`). */
  let usageShape: "list" | "esimUsageList" = "list";
  let baseUrl = "";
  let sequence = 0;

  const nextNo = () => {
    sequence += 1;
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(2, 14);
    return `${stamp}${String(sequence).padStart(4, "0")}`;
  };

  async function notify(notifyType: string, content: Record<string, unknown>) {
    const body = {
      notifyType,
      eventGenerateTime: iso(new Date()),
      notifyId: randomUUID().replace(/-/g, ""),
      content,
    };
    webhooksSent.push(body);
    if (!webhookUrl) return;
    try {
      await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch {
      // The supplier does not retry a webhook the partner did not take; the partner polls.
    }
  }

  async function allocate(order: Order) {
    if (order.profiles) return;
    const pkg = packages.get(order.packageCode)!;
    order.profiles = [];
    for (let i = 0; i < order.count; i += 1) {
      const iccidBody = `8985224528${digits(8)}`;
      const esimTranNo = nextNo();
      const profile: Profile = {
        esimTranNo,
        orderNo: order.orderNo,
        transactionId: order.transactionId,
        iccid: iccidBody + luhn(iccidBody),
        imsi: `454006${digits(9)}`,
        ac: `LPA:1$${smdp}$${randomBytes(16).toString("hex").toUpperCase()}`,
        qrCodeUrl: `${baseUrl}/qr/${esimTranNo}.png`,
        smdpStatus: "RELEASED",
        esimStatus: "GOT_RESOURCE",
        packageCode: pkg.packageCode,
        totalVolume: pkg.volume,
        orderUsage: 0,
        totalDuration: pkg.duration,
        durationUnit: pkg.durationUnit,
        activateTime: null,
        expiredTime: null,
        reported: { usage: 0, at: new Date() },
        topUps: new Map(),
        price: order.price,
        thresholdsSent: new Set(),
      };
      order.profiles.push(profile);
      profiles.set(esimTranNo, profile);
    }
    // [EA] 5.2 example {orderNo, orderStatus}; [FAQ] example adds transactionId.
    await notify("ORDER_STATUS", {
      orderNo: order.orderNo,
      transactionId: order.transactionId,
      orderStatus: "GOT_RESOURCE",
    });
  }

  function profileView(p: Profile) {
    return {
      esimTranNo: p.esimTranNo,
      orderNo: p.orderNo,
      transactionId: p.transactionId,
      imsi: p.imsi,
      iccid: p.iccid,
      ac: p.ac,
      qrCodeUrl: p.qrCodeUrl,
      smdpStatus: p.smdpStatus,
      esimStatus: p.esimStatus,
      totalVolume: p.totalVolume,
      orderUsage: p.orderUsage,
      totalDuration: p.totalDuration,
      durationUnit: p.durationUnit,
      activateTime: p.activateTime,
      expiredTime: p.expiredTime,
      apn: "roamly.standin",
      packageList: [
        {
          packageCode: p.packageCode,
          duration: packages.get(p.packageCode)?.duration ?? p.totalDuration,
          volume: packages.get(p.packageCode)?.volume ?? p.totalVolume,
          locationCode: packages.get(p.packageCode)?.location ?? "",
        },
        ...[...p.topUps.values()].map((t) => ({
          packageCode: t.packageCode,
          duration: t.duration,
          volume: t.volume,
          locationCode: packages.get(t.packageCode)?.location ?? "",
        })),
      ],
    };
  }

  function findProfile(body: Record<string, unknown>): Profile {
    if (typeof body.esimTranNo === "string") {
      const found = profiles.get(body.esimTranNo);
      if (found) return found;
    }
    if (typeof body.iccid === "string") {
      for (const p of profiles.values()) if (p.iccid === body.iccid) return p;
      refuse("310403");
    }
    if (body.esimTranNo === undefined) refuse("000105");
    refuse("310403");
  }

  function packageView(p: StandinPackage) {
    const { stock: _stock, type: _type, topUpFor: _topUpFor, ...view } = p;
    return view;
  }

  const api: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    async "package/list"(body) {
      const type = body.type === "TOPUP" ? "TOPUP" : "BASE";
      let list = [...packages.values()].filter((p) => p.type === type);
      if (typeof body.locationCode === "string" && body.locationCode)
        list = list.filter((p) => p.location.split(",").includes(body.locationCode as string));
      // [EA] 4.1 filters: type BASE|TOPUP, packageCode, slug, iccid ("for available top-ups"); [FAQ] "send
      // "type":"TOPUP", and "iccid":"<your_iccid>" ... Review the available package with the TOPUP_ prefix".
      if (typeof body.packageCode === "string" && body.packageCode) {
        const code = body.packageCode;
        if (type === "TOPUP") list = list.filter((p) => p.packageCode === code || topsUp(p, code));
        else list = list.filter((p) => p.packageCode === code);
      }
      if (typeof body.slug === "string" && body.slug) list = list.filter((p) => p.slug === body.slug);
      if (type === "TOPUP" && typeof body.iccid === "string" && body.iccid) {
        const profile = findProfile({ iccid: body.iccid });
        list = list.filter((p) => topsUp(p, profile.packageCode));
      }
      return { packageList: list.map(packageView) };
    },

    async "esim/order"(body) {
      const transactionId = body.transactionId;
      const items = body.packageInfoList;
      if (typeof transactionId !== "string" || !transactionId || !Array.isArray(items) || items.length !== 1)
        refuse("000105");
      if (transactionId.length > 50) refuse("200008");
      orderCalls[transactionId] = (orderCalls[transactionId] ?? 0) + 1;
      // The transactionId is the partner's idempotency key: the same id answers with the first order.
      const known = orders.get(transactionId);
      if (known) return { orderNo: known.orderNo, transactionId };
      const item = items[0] as { packageCode?: string; slug?: string; count?: number; price?: number };
      const pkg =
        packages.get(item.packageCode ?? "") ?? [...packages.values()].find((p) => p.slug === item.slug);
      if (pkg?.type !== "BASE") refuse("310241");
      const count = Number(item.count ?? 1);
      if (!Number.isInteger(count) || count < 1) refuse("200008");
      if (item.price !== undefined && item.price !== pkg.price) refuse("200005");
      if (body.amount !== undefined && body.amount !== pkg.price * count) refuse("200006");
      if (pkg.stock !== null && pkg.stock < count) refuse("200011");
      if (balance < pkg.price * count) refuse("200007");
      balance -= pkg.price * count;
      if (pkg.stock !== null) pkg.stock -= count;
      const order: Order = {
        orderNo: `B${nextNo()}`,
        transactionId,
        packageCode: pkg.packageCode,
        count,
        price: pkg.price,
        queries: 0,
        createdAt: Date.now(),
        profiles: null,
      };
      orders.set(transactionId, order);
      byOrderNo.set(order.orderNo, order);
      if (allocateAfterMs > 0) setTimeout(() => void allocate(order), allocateAfterMs).unref();
      return { orderNo: order.orderNo, transactionId };
    },

    async "esim/query"(body) {
      const pager = body.pager as { pageNum?: number; pageSize?: number } | undefined;
      if (!pager || typeof pager.pageNum !== "number" || typeof pager.pageSize !== "number") refuse("000105");
      let list: Profile[];
      if (typeof body.orderNo === "string" && body.orderNo) {
        const order = byOrderNo.get(body.orderNo);
        if (!order) refuse("310272");
        order.queries += 1;
        if (!order.profiles && allocateAfterQueries > 0 && order.queries >= allocateAfterQueries)
          await allocate(order);
        if (!order.profiles) refuse("200010");
        list = order.profiles;
      } else if (body.iccid || body.esimTranNo) list = [findProfile(body)];
      else list = [...profiles.values()];
      const size = Math.min(500, Math.max(1, pager.pageSize));
      const start = (Math.max(1, pager.pageNum) - 1) * size;
      return {
        esimList: list.slice(start, start + size).map(profileView),
        pager: { pageNum: pager.pageNum, pageSize: size, total: list.length },
      };
    },

    async "esim/usage/query"(body) {
      const list = body.esimTranNoList;
      if (!Array.isArray(list) || list.length === 0 || list.length > 10) refuse("000105");
      const now = Date.now();
      const rows = list.map((no) => {
        const p = findProfile({ esimTranNo: String(no) });
        // The feed lags: new figures show only once the last report is older than the lag.
        if (now - p.reported.at.getTime() >= usageLagMs)
          p.reported = { usage: p.orderUsage, at: new Date(now) };
        return {
          esimTranNo: p.esimTranNo,
          dataUsage: p.reported.usage,
          totalData: p.totalVolume,
          lastUpdateTime: iso(p.reported.at),
        };
      });
      // [EA] 4.12 example: `"obj": [ {esimTranNo, dataUsage, totalData, lastUpdateTime} ]`.
      return usageShape === "list" ? rows : { esimUsageList: rows };
    },

    async "esim/topup"(body) {
      if (typeof body.transactionId !== "string" || typeof body.packageCode !== "string") refuse("000105");
      topUpCalls[body.transactionId] = (topUpCalls[body.transactionId] ?? 0) + 1;
      const profile = findProfile(body);
      const existing = profile.topUps.get(body.transactionId);
      if (existing) return topUpView(profile, body.transactionId);
      for (const p of profiles.values())
        if (p !== profile && p.topUps.has(body.transactionId)) refuse("200008");
      const pkg = packages.get(body.packageCode);
      if (pkg?.type !== "TOPUP") refuse("310241");
      // Only a package that package/list {type: "TOPUP", iccid} lists for this profile tops it up; the docs name
      // no error for another one, so the stand-in answers [EA]'s "310243 package does not exist".
      if (!topsUp(pkg, profile.packageCode)) refuse("310243");
      if (["CANCEL", "REVOKED", "USED_EXPIRED", "UNUSED_EXPIRED"].includes(profile.esimStatus))
        refuse("200002");
      if (body.amount !== undefined && body.amount !== pkg.price) refuse("200006");
      if (balance < pkg.price) refuse("200007");
      balance -= pkg.price;
      profile.topUps.set(body.transactionId, {
        packageCode: pkg.packageCode,
        volume: pkg.volume,
        duration: pkg.duration,
        price: pkg.price,
      });
      profile.totalVolume += pkg.volume;
      profile.totalDuration += pkg.duration;
      if (profile.esimStatus === "USED_UP") profile.esimStatus = "IN_USE";
      return topUpView(profile, body.transactionId);
    },

    async "esim/cancel"(body) {
      const profile = findProfile(body);
      // Only an unused profile is refunded: allocated and not yet downloaded.
      if (profile.esimStatus !== "GOT_RESOURCE" || profile.smdpStatus !== "RELEASED") refuse("200002");
      profile.esimStatus = "CANCEL";
      balance += profile.price + [...profile.topUps.values()].reduce((s, t) => s + t.price, 0);
      await notify("ESIM_STATUS", statusContent(profile));
      return null;
    },

    async "balance/query"() {
      return { balance, lastUpdateTime: iso(new Date()) };
    },

    async "webhook/save"(body) {
      if (typeof body.webhook !== "string") refuse("000105");
      webhookUrl = body.webhook;
      await notify("CHECK_HEALTH", { orderNo: "1234567890", orderStatus: "Test" });
      return null;
    },
  };

  function topUpView(profile: Profile, transactionId: string) {
    return {
      transactionId,
      iccid: profile.iccid,
      expiredTime: profile.expiredTime,
      totalVolume: profile.totalVolume,
      totalDuration: profile.totalDuration,
      orderUsage: profile.orderUsage,
    };
  }

  function statusContent(p: Profile) {
    return {
      orderNo: p.orderNo,
      esimTranNo: p.esimTranNo,
      transactionId: p.transactionId,
      iccid: p.iccid,
      esimStatus: p.esimStatus,
      smdpStatus: p.smdpStatus,
    };
  }

  function authenticate(request: IncomingMessage, raw: string) {
    const header = (name: string) => {
      const value = request.headers[name.toLowerCase()];
      return typeof value === "string" ? value : undefined;
    };
    const accessCode = header("RT-AccessCode");
    const timestamp = header("RT-Timestamp");
    const requestId = header("RT-RequestID");
    const signature = header("RT-Signature");
    if (!accessCode || !timestamp || !requestId || !signature) refuse("000101");
    if (!/^\d+$/.test(timestamp)) refuse("000101");
    if (Math.abs(Date.now() - Number(timestamp)) > 5 * 60_000) refuse("101001");
    const expected = createHmac("sha256", options.secret)
      .update(timestamp + requestId + accessCode + raw)
      .digest("hex");
    const given = Buffer.from(signature, "utf8");
    if (
      accessCode !== options.accessCode ||
      given.length !== expected.length ||
      !timingSafeEqual(given, Buffer.from(expected, "utf8"))
    )
      refuse("101003");
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

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function control(path: string, body: Record<string, unknown>): Promise<unknown> {
    switch (path) {
      case "state":
        return {
          balance,
          orders: [...orders.values()].map((o) => ({
            orderNo: o.orderNo,
            transactionId: o.transactionId,
            packageCode: o.packageCode,
            allocated: o.profiles !== null,
          })),
          orderCalls,
          ordersByTransactionId: Object.fromEntries([...orders.keys()].map((t) => [t, 1])),
          topUps: [...profiles.values()].flatMap((p) =>
            [...p.topUps.entries()].map(([transactionId, t]) => ({
              transactionId,
              iccid: p.iccid,
              esimTranNo: p.esimTranNo,
              packageCode: t.packageCode,
            })),
          ),
          topUpCalls,
          webhookUrl,
          usageShape,
          webhooks: webhooksSent,
          rateLimited,
          peakPerSecond,
        };
      case "rate":
        ratePerSecond = Number(body.ratePerSecond);
        recent.length = 0;
        rateLimited = 0;
        peakPerSecond = 0;
        return { ratePerSecond };
      case "balance":
        balance = Number(body.balance);
        return { balance };
      case "webhook":
        webhookUrl = typeof body.url === "string" ? body.url : null;
        return { webhookUrl };
      case "stock": {
        const pkg = packages.get(String(body.packageCode));
        if (!pkg) throw new Refusal("310241", "no such package");
        pkg.stock = body.stock === null ? null : Number(body.stock);
        return packageView(pkg);
      }
      case "packages": {
        // Replace the catalogue (packages appear and disappear).
        packages.clear();
        for (const p of body.packages as StandinPackage[]) packages.set(p.packageCode, { ...p });
        return { count: packages.size };
      }
      case "fail-next": {
        const codes = failNext.get(String(body.path)) ?? [];
        for (let i = 0; i < Number(body.times ?? 1); i += 1) codes.push(String(body.errorCode));
        failNext.set(String(body.path), codes);
        return { queued: codes.length };
      }
      case "usage-shape":
        if (body.shape !== "list" && body.shape !== "esimUsageList")
          throw new Refusal("000105", "shape is list or esimUsageList");
        usageShape = body.shape;
        return { shape: usageShape };
      case "lose-answer": {
        const mode = body.mode === "drop" ? "drop" : "504";
        const list = failures.get(String(body.path)) ?? [];
        for (let i = 0; i < Number(body.times ?? 1); i += 1)
          list.push({ kind: "lose", mode, holdMs: Number(body.holdMs ?? 0) });
        failures.set(String(body.path), list);
        return { queued: list.length };
      }
      case "delay": {
        const list = failures.get(String(body.path)) ?? [];
        for (let i = 0; i < Number(body.times ?? 1); i += 1)
          list.push({ kind: "delay", ms: Number(body.ms) });
        failures.set(String(body.path), list);
        return { queued: list.length };
      }
      case "expiry-notice": {
        // [EA] 5.6 VALIDITY_USAGE: sent when one day of validity remains.
        const profile = findProfile(body);
        await notify("VALIDITY_USAGE", {
          orderNo: profile.orderNo,
          transactionId: profile.transactionId,
          iccid: profile.iccid,
          durationUnit: profile.durationUnit,
          totalDuration: profile.totalDuration,
          expiredTime: profile.expiredTime,
          remain: 1,
        });
        return profileView(profile);
      }
      case "fail-every": {
        if (!body.every) failEvery.delete(String(body.path));
        else
          failEvery.set(String(body.path), {
            code: String(body.errorCode),
            every: Number(body.every),
            count: 0,
          });
        return {};
      }
      case "allocate": {
        const order = byOrderNo.get(String(body.orderNo));
        if (!order) throw new Refusal("310272", "no such order");
        await allocate(order);
        return { profiles: order.profiles!.map(profileView) };
      }
      case "install": {
        const profile = findProfile(body);
        profile.smdpStatus = "ENABLED";
        await notify("SMDP_EVENT", { ...statusContent(profile), eid: `89049032${digits(24)}` });
        return profileView(profile);
      }
      case "usage": {
        const profile = findProfile(body);
        const now = new Date();
        if (!profile.activateTime) {
          profile.activateTime = iso(now);
          profile.expiredTime = iso(new Date(now.getTime() + profile.totalDuration * DAY_MS));
          profile.smdpStatus = "ENABLED";
        }
        profile.orderUsage = Math.min(Number(body.usedBytes), profile.totalVolume);
        const before = profile.esimStatus;
        profile.esimStatus = profile.orderUsage >= profile.totalVolume ? "USED_UP" : "IN_USE";
        // [EA] 5.4 ESIM_STATUS: "Sent when a profile's lifecycle state changes".
        if (profile.esimStatus !== before) await notify("ESIM_STATUS", statusContent(profile));
        const share = profile.orderUsage / profile.totalVolume;
        for (const threshold of [0.5, 0.8, 0.9])
          if (share >= threshold && !profile.thresholdsSent.has(threshold)) {
            profile.thresholdsSent.add(threshold);
            await notify("DATA_USAGE", {
              orderNo: profile.orderNo,
              transactionId: profile.transactionId,
              esimTranNo: profile.esimTranNo,
              iccid: profile.iccid,
              totalVolume: profile.totalVolume,
              orderUsage: profile.orderUsage,
              remain: profile.totalVolume - profile.orderUsage,
              lastUpdateTime: iso(now),
              remainThreshold: Math.round((1 - threshold) * 10) / 10,
            });
          }
        return profileView(profile);
      }
      default:
        throw new Refusal("000105", `unknown control ${path}`);
    }
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://standin");
      const raw = await readBody(request);
      if (url.pathname.startsWith("/__standin/")) {
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        send(response, 200, await control(url.pathname.slice("/__standin/".length), body));
        return;
      }
      if (!url.pathname.startsWith("/api/v1/open/")) return send(response, 404, { success: false });
      const path = url.pathname.slice("/api/v1/open/".length);
      const handler = api[path];
      if (!handler || request.method !== "POST")
        return send(response, 200, {
          success: false,
          errorCode: "000103",
          errorMsg: "Unsupported HTTP method",
        });
      const now = Date.now();
      while (recent.length > 0 && now - recent[0]! >= 1000) recent.shift();
      if (recent.length >= ratePerSecond) {
        rateLimited += 1;
        const wait = Math.max(1, Math.ceil((1000 - (now - recent[0]!)) / 1000));
        return send(
          response,
          429,
          { success: false, errorCode: "900001", errorMsg: "Too many requests" },
          { "retry-after": String(wait) },
        );
      }
      recent.push(now);
      peakPerSecond = Math.max(peakPerSecond, recent.length);
      authenticate(request, raw);
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        refuse("000104");
      }
      const queued = failNext.get(path);
      const next = queued && queued.length > 0 ? queued.shift()! : null;
      // "429" switches on the rate limit's answer for one call.
      if (next === "429")
        return send(
          response,
          429,
          { success: false, errorCode: "900001", errorMsg: "Too many requests" },
          { "retry-after": "1" },
        );
      if (next) refuse(next);
      const every = failEvery.get(path);
      if (every) {
        every.count += 1;
        if (every.count % every.every === 0) refuse(every.code);
      }
      const queuedFailure = failures.get(path);
      const failure = queuedFailure && queuedFailure.length > 0 ? queuedFailure.shift()! : null;
      let answer: Record<string, unknown>;
      try {
        answer = { success: true, errorCode: null, errorMsg: null, obj: await handler(body) };
      } catch (error) {
        if (!(error instanceof Refusal) || !failure) throw error;
        answer = { success: false, errorCode: error.code, errorMsg: error.message, obj: null };
      }
      if (failure?.kind === "delay") await sleep(failure.ms);
      if (failure?.kind === "lose") {
        // The call took effect; its answer is lost on the way back.
        if (failure.holdMs > 0) await sleep(failure.holdMs);
        if (failure.mode === "drop") {
          request.socket.destroy();
          return;
        }
        response.writeHead(504, { "content-type": "text/html" });
        response.end("<html><body><h1>504 Gateway Time-out</h1></body></html>");
        return;
      }
      send(response, 200, answer);
    } catch (error) {
      if (error instanceof Refusal)
        return send(response, 200, {
          success: false,
          errorCode: error.code,
          errorMsg: error.message,
          obj: null,
        });
      send(response, 500, { success: false, errorCode: "000001", errorMsg: "Server error", obj: null });
    }
  });

  return {
    async listen(port = 0, host = "127.0.0.1"): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      const address = server.address();
      if (!address || typeof address === "string") throw new Error("stand-in has no port");
      baseUrl = `http://${host}:${address.port}`;
      return baseUrl;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
