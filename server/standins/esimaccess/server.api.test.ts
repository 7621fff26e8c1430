import { createHmac, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standinForFile } from "../../../test/standins.ts";

// The eSIM Access stand-in over plain HTTP, against the open API documents (docs/testing/supplier-standins.md):
// no store code is involved.

const ACCESS = "ea-test-access";
const SECRET = "ea-test-secret";
const standin = standinForFile("esimaccess", {
  ESIMACCESS_ACCESS_CODE: ACCESS,
  ESIMACCESS_SECRET: SECRET,
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_RATE_PER_SECOND: "1000",
});

/** A signed call as [EA] 2.2 describes: HMAC-SHA256(timestamp + requestId + accessCode + body), hex. */
async function call(path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const requestId = randomUUID().replace(/-/g, "");
  const signature = createHmac("sha256", SECRET)
    .update(timestamp + requestId + ACCESS + raw)
    .digest("hex");
  const response = await fetch(`${standin.url}/api/v1/open/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "RT-AccessCode": ACCESS,
      "RT-Timestamp": timestamp,
      "RT-RequestID": requestId,
      "RT-Signature": signature,
    },
    body: raw,
  });
  const text = await response.text();
  return {
    status: response.status,
    json: (text.startsWith("{") ? JSON.parse(text) : null) as {
      success: boolean;
      errorCode: string | null;
      // biome-ignore lint/suspicious/noExplicitAny: the answers' `obj` shapes differ per endpoint
      obj: any;
    } | null,
  };
}

/** Orders one CKH491 profile and allocates it; answers its esimTranNo and iccid. */
async function profile(transactionId: string) {
  const ordered = await call("esim/order", {
    transactionId,
    packageInfoList: [{ packageCode: "CKH491", count: 1 }],
  });
  expect(ordered.json!.success).toBe(true);
  const allocated = await standin.control<{ profiles: { esimTranNo: string; iccid: string }[] }>("allocate", {
    orderNo: ordered.json!.obj.orderNo,
  });
  return allocated.profiles[0]!;
}

const received: { notifyType: string; content: Record<string, unknown> }[] = [];
const hook: Server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (request.method === "POST") received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
  response.writeHead(200);
  response.end();
});
let hookUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const address = hook.address();
  hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/ea`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

describe("esim/usage/query", () => {
  afterAll(async () => {
    await standin.control("usage-shape", { shape: "list" });
  });

  it("puts the list directly in obj by default (the reference example), or in obj.esimUsageList", async () => {
    const p = await profile("usage-shape-1");
    await standin.control("usage", { esimTranNo: p.esimTranNo, usedBytes: 1000 });
    const direct = await call("esim/usage/query", { esimTranNoList: [p.esimTranNo] });
    expect(Array.isArray(direct.json!.obj)).toBe(true);
    expect(direct.json!.obj[0]).toEqual({
      esimTranNo: p.esimTranNo,
      dataUsage: 1000,
      totalData: 3 * 1_073_741_824,
      lastUpdateTime: expect.stringMatching(/Z$/),
    });
    await standin.control("usage-shape", { shape: "esimUsageList" });
    const listed = await call("esim/usage/query", { esimTranNoList: [p.esimTranNo] });
    expect(listed.json!.obj.esimUsageList[0].esimTranNo).toBe(p.esimTranNo);
  });
});

describe("webhook/save", () => {
  it("registers the URL, checks it with CHECK_HEALTH, then sends the documented notifications there", async () => {
    const saved = await call("webhook/save", { webhook: hookUrl });
    expect(saved.json!.success).toBe(true);
    expect(received.at(-1)).toMatchObject({
      notifyType: "CHECK_HEALTH",
      content: { orderNo: "1234567890", orderStatus: "Test" },
    });
    const p = await profile("webhook-1");
    expect(received.find((n) => n.notifyType === "ORDER_STATUS")?.content).toMatchObject({
      transactionId: "webhook-1",
      orderStatus: "GOT_RESOURCE",
    });
    await standin.control("usage", { esimTranNo: p.esimTranNo, usedBytes: 3 * 1_073_741_824 * 0.85 });
    expect(
      received.filter((n) => n.notifyType === "DATA_USAGE").map((n) => n.content.remainThreshold),
    ).toEqual([0.5, 0.2]);
    expect(received.find((n) => n.notifyType === "ESIM_STATUS")?.content).toMatchObject({
      iccid: p.iccid,
      esimStatus: "IN_USE",
    });
    await standin.control("expiry-notice", { esimTranNo: p.esimTranNo });
    expect(received.at(-1)).toMatchObject({
      notifyType: "VALIDITY_USAGE",
      content: { iccid: p.iccid, remain: 1 },
    });
    const state = await standin.control<{ webhookUrl: string }>("state");
    expect(state.webhookUrl).toBe(hookUrl);
  });
});

describe("top-ups", () => {
  it("lists the TOPUP_ packages for a profile and refuses a top-up package not listed for it", async () => {
    const p = await profile("topup-base-1");
    await standin.control("packages", {
      packages: [
        ...(await call("package/list", {})).json!.obj.packageList.map((x: object) => ({
          ...x,
          type: "BASE",
          stock: null,
        })),
        ...(await call("package/list", { type: "TOPUP" })).json!.obj.packageList.map((x: object) => ({
          ...x,
          type: "TOPUP",
          stock: null,
        })),
        {
          ...(await call("package/list", { type: "TOPUP" })).json!.obj.packageList[0],
          packageCode: "TOPUP_CKH492",
          slug: "JP_10_30_TOPUP",
          type: "TOPUP",
          stock: null,
        },
      ],
    });
    const listed = await call("package/list", { type: "TOPUP", iccid: p.iccid });
    expect(listed.json!.obj.packageList.map((x: { packageCode: string }) => x.packageCode)).toEqual([
      "TOPUP_CKH491",
    ]);
    const foreign = await call("esim/topup", {
      transactionId: "topup-foreign-1",
      iccid: p.iccid,
      packageCode: "TOPUP_CKH492",
    });
    expect(foreign.json).toMatchObject({ success: false, errorCode: "310243" });
    const good = await call("esim/topup", {
      transactionId: "topup-good-1",
      esimTranNo: p.esimTranNo,
      packageCode: "TOPUP_CKH491",
    });
    expect(good.json!.success).toBe(true);
    expect(good.json!.obj.totalVolume).toBe(6 * 1_073_741_824);
    const state = await standin.control<{ topUps: { transactionId: string }[] }>("state");
    expect(state.topUps.map((t) => t.transactionId)).toEqual(["topup-good-1"]);
  });
});

describe("lost answers", () => {
  it("places the order, answers 504, and a retry with the same transactionId finds the same order", async () => {
    await standin.control("lose-answer", { path: "esim/order", mode: "504" });
    const lost = await call("esim/order", {
      transactionId: "lost-order-1",
      packageInfoList: [{ packageCode: "CKH491", count: 1 }],
    });
    expect(lost.status).toBe(504);
    const again = await call("esim/order", {
      transactionId: "lost-order-1",
      packageInfoList: [{ packageCode: "CKH491", count: 1 }],
    });
    expect(again.json!.success).toBe(true);
    const state = await standin.control<{
      orderCalls: Record<string, number>;
      ordersByTransactionId: Record<string, number>;
      orders: { transactionId: string; orderNo: string }[];
    }>("state");
    expect(state.orderCalls["lost-order-1"]).toBe(2);
    expect(state.ordersByTransactionId["lost-order-1"]).toBe(1);
    expect(state.orders.find((o) => o.transactionId === "lost-order-1")!.orderNo).toBe(
      again.json!.obj.orderNo,
    );
  });

  it("applies a top-up and drops the connection", async () => {
    const p = await profile("lost-topup-base");
    await standin.control("lose-answer", { path: "esim/topup", mode: "drop" });
    await expect(
      call("esim/topup", {
        transactionId: "lost-topup-1",
        esimTranNo: p.esimTranNo,
        packageCode: "TOPUP_CKH491",
      }),
    ).rejects.toThrow();
    const state = await standin.control<{ topUps: { transactionId: string }[] }>("state");
    expect(state.topUps.map((t) => t.transactionId)).toContain("lost-topup-1");
  });

  it("delays an answer", async () => {
    await standin.control("delay", { path: "balance/query", ms: 300 });
    const started = Date.now();
    expect((await call("balance/query", {})).json!.success).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe("rate limit", () => {
  afterAll(async () => {
    await standin.control("rate", { ratePerSecond: 1000 });
  });

  it("answers the ninth call within a second with 429 (8 requests per second)", async () => {
    await standin.control("rate", { ratePerSecond: 8 });
    const answers = await Promise.all(Array.from({ length: 9 }, () => call("balance/query", {})));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
  });
});
