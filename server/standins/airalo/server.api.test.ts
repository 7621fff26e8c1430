import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standinForFile } from "../../../test/standins.ts";

// The Airalo stand-in over plain HTTP, against the Partner API v2 documents (docs/testing/supplier-standins.md):
// no store code is involved.

const SECRET = "airalo-test-secret";
const standin = standinForFile("airalo", {
  AIRALO_CLIENT_ID: "airalo-test-client",
  AIRALO_CLIENT_SECRET: SECRET,
  STANDIN_RATE_PER_SECOND: "1000",
});

let token = "";
const auth = () => ({ authorization: `Bearer ${token}`, accept: "application/json" });

async function call(
  method: string,
  path: string,
  body?: FormData | string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${standin.url}${path}`, {
    method,
    headers: { ...auth(), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

async function order(description: string, packageId = "moshi-moshi-30days-3gb") {
  const answer = await call(
    "POST",
    "/v2/orders",
    form({ quantity: "1", package_id: packageId, description }),
  );
  expect(answer.status).toBe(200);
  return answer.json.data as { id: number; sims: { iccid: string }[] };
}

interface Received {
  method: string;
  body: string;
  signature: string | undefined;
}

/** A partner webhook endpoint: answers HEAD with `headStatus`, records every request. */
function receiver(headStatus: number) {
  const received: Received[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({
      method: request.method ?? "",
      body: Buffer.concat(chunks).toString("utf8"),
      signature: request.headers["airalo-signature"] as string | undefined,
    });
    response.writeHead(request.method === "HEAD" ? headStatus : 200);
    response.end();
  });
  return {
    received,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hook`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  const answer = await fetch(`${standin.url}/v2/token`, {
    method: "POST",
    body: form({ client_id: "airalo-test-client", client_secret: SECRET, grant_type: "client_credentials" }),
  });
  token = (await answer.json()).data.access_token;
});

describe("GET /v2/balance", () => {
  it("names the field availableBalance, under balances with a name", async () => {
    const answer = await call("GET", "/v2/balance");
    expect(answer.json).toEqual({
      data: {
        balances: { name: "balance", availableBalance: { amount: expect.any(Number), currency: "USD" } },
      },
      meta: { message: "success" },
    });
    expect(answer.json.data.balances.available_balance).toBeUndefined();
  });
});

describe("POST /v2/orders", () => {
  it("reads multipart/form-data only: a JSON body is the documented missing-fields error, with no code", async () => {
    const answer = await call(
      "POST",
      "/v2/orders",
      JSON.stringify({ quantity: 1, package_id: "moshi-moshi-30days-3gb", description: "json-order" }),
      { "content-type": "application/json" },
    );
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      data: { quantity: "The quantity field is required.", package_id: "The package id field is required." },
      meta: { message: "the parameter is invalid" },
    });
    const state = await standin.control<{
      orderCalls: { route: string; contentType: string; description: string | null; status: number }[];
      ordersByDescription: Record<string, number>;
    }>("state");
    expect(state.orderCalls.at(-1)).toEqual({
      route: "POST /v2/orders",
      contentType: "application/json",
      description: null,
      status: 422,
    });
    expect(state.ordersByDescription["json-order"]).toBeUndefined();
  });

  it("answers an invalid package_id as a validation error without a numeric code", async () => {
    const answer = await call("POST", "/v2/orders", form({ quantity: "1", package_id: "no-such-package" }));
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      data: { package_id: "The selected package is invalid." },
      meta: { message: "the parameter is invalid" },
    });
    expect(answer.json.code).toBeUndefined();
  });

  it("places a multipart order, records its content type and counts it by description", async () => {
    const placed = await order("count-me");
    expect(placed.sims).toHaveLength(1);
    const state = await standin.control<{
      orderCalls: { contentType: string; status: number }[];
      ordersByDescription: Record<string, number>;
    }>("state");
    expect(state.orderCalls.at(-1)!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(state.orderCalls.at(-1)!.status).toBe(200);
    expect(state.ordersByDescription["count-me"]).toBe(1);
  });
});

describe("GET /v2/orders and /v2/orders/{id}", () => {
  it("gives the sims only when include asks for them, and filters descriptions with a like search", async () => {
    const placed = await order("line-7");
    await order("line-77");
    const bare = await call("GET", "/v2/orders?filter[description]=line-7");
    expect(bare.json.data.map((o: { description: string }) => o.description).sort()).toEqual([
      "line-7",
      "line-77",
    ]);
    expect(bare.json.data[0].sims).toBeUndefined();
    expect(bare.json.meta).toMatchObject({ message: "success", current_page: 1, total: 2 });
    const withSims = await call("GET", "/v2/orders?filter[description]=line-7&include=sims");
    const mine = withSims.json.data.find((o: { id: number }) => o.id === placed.id);
    expect(mine.sims[0].iccid).toBe(placed.sims[0]!.iccid);
    expect(mine.user).toBeUndefined();
    expect(mine.price).toMatch(/^\d+\.\d{2}$/);

    const one = await call("GET", `/v2/orders/${placed.id}`);
    expect(one.json.data.sims).toBeUndefined();
    const oneWithSims = await call("GET", `/v2/orders/${placed.id}?include=sims,status`);
    expect(oneWithSims.json.data.sims).toHaveLength(1);
    expect(oneWithSims.json.data.status).toEqual({ name: "Completed", slug: "completed" });
  });
});

describe("POST /v2/refund", () => {
  it("takes only the documented reasons; another is 422 in the validation shape", async () => {
    const placed = await order("refund-me");
    const iccids = JSON.stringify([placed.sims[0]!.iccid]);
    const bad = await call("POST", "/v2/refund", form({ iccids, reason: "CHANGED_MIND" }));
    expect(bad.status).toBe(422);
    expect(bad.json.meta).toEqual({ message: "the parameter is invalid" });
    expect(bad.json.data.reason).toMatch(/^The selected reason is invalid\. .*INSTALLATION_FAILURE.*OTHERS$/);
    const others = await call("POST", "/v2/refund", form({ iccids, reason: "OTHERS" }));
    expect(others.status).toBe(422);
    expect(Object.keys(others.json.data)).toEqual(["notes"]);
    const good = await call("POST", "/v2/refund", form({ iccids, reason: "TRIP_CANCELLATION" }));
    expect(good.status).toBe(202);
    expect(good.json.data).toEqual({ refund_id: expect.any(String), created_at: expect.any(String) });

    await standin.control("refund-edition", { edition: "2024" });
    try {
      const old = await call("POST", "/v2/refund", form({ iccids, reason: "TRIP_CANCELLATION" }));
      expect(old.status).toBe(422);
      expect(old.json).toEqual({
        data: [],
        meta: {
          message:
            "The selected reason is invalid. It must be one of the following: INVALID_ACTIVATION, DUPLICATE_ORDER, SERVICE_ISSUES, OTHERS",
        },
      });
      const json = await call(
        "POST",
        "/v2/refund",
        JSON.stringify({ iccids: [placed.sims[0]!.iccid], reason: "SERVICE_ISSUES" }),
        {
          "content-type": "text/plain",
        },
      );
      expect(json.status).toBe(202);
    } finally {
      await standin.control("refund-edition", { edition: "current" });
    }
  });
});

describe("notifications", () => {
  const refusing = receiver(405);
  const taking = receiver(200);
  let refusingUrl = "";
  let takingUrl = "";
  beforeAll(async () => {
    refusingUrl = await refusing.start();
    takingUrl = await taking.start();
  });
  afterAll(async () => {
    await refusing.close();
    await taking.close();
    await standin.control("webhook", { url: null });
  });

  it("checks the URL with HEAD at opt-in and refuses one that does not answer 200", async () => {
    const refused = await call(
      "POST",
      "/v2/notifications/opt-in",
      JSON.stringify({ type: "webhook_low_data", webhook_url: refusingUrl }),
      { "content-type": "application/json" },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.meta).toEqual({ message: "the parameter is invalid" });
    expect(refusing.received.map((r) => r.method)).toEqual(["HEAD"]);

    const accepted = await call(
      "POST",
      "/v2/notifications/opt-in",
      JSON.stringify({ type: "webhook_low_data", webhook_url: takingUrl }),
      { "content-type": "application/json" },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.json.data.notification).toEqual({ type: "webhook_low_data", contact_point: takingUrl });
    const details = await call("GET", "/v2/notifications/opt-in");
    expect(details.json.data.notification.contact_point).toBe(takingUrl);
  });

  it("sends signed low-data notifications to the opted-in URL, and none after opt-out", async () => {
    const placed = await order("low-data");
    const iccid = placed.sims[0]!.iccid;
    await standin.control("usage", { iccid, usedMb: 3 * 1024 * 0.8 });
    const posts = taking.received.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    const body = JSON.parse(posts[0]!.body);
    expect(body).toEqual({
      level: "75%",
      package_name: "moshi-moshi-30days-3gb",
      remaining_percentage: 20,
      iccid,
    });
    expect(posts[0]!.signature).toBe(createHmac("sha512", SECRET).update(posts[0]!.body).digest("hex"));

    const out = await call(
      "POST",
      "/v2/notifications/opt-out",
      JSON.stringify({ type: "webhook_low_data" }),
      {
        "content-type": "application/json",
      },
    );
    expect(out.status).toBe(204);
    await standin.control("usage", { iccid, usedMb: 3 * 1024 * 0.95 });
    expect(taking.received.filter((r) => r.method === "POST")).toHaveLength(1);
    expect((await call("GET", "/v2/notifications/opt-in")).status).toBe(404);
  });
});

describe("GET /v2/packages paging", () => {
  afterAll(async () => {
    await standin.control("packages-page-shape", { shape: "array" });
  });

  it("pages a 211-country catalogue in three pages of 100 with the documented meta and links", async () => {
    await standin.control("catalogue", { size: 211 });
    const first = await call("GET", "/v2/packages?limit=100");
    expect(Array.isArray(first.json.data)).toBe(true);
    expect(first.json.data).toHaveLength(100);
    expect(first.json.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 100,
      last_page: 3,
      per_page: "100",
      total: 211,
    });
    expect(first.json.links.prev).toBeNull();
    expect(first.json.links.next).toMatch(/\/v2\/packages\?limit=100&page=2$/);
    const third = await call("GET", "/v2/packages?limit=100&page=3");
    expect(third.json.data).toHaveLength(11);
    expect(third.json.links.next).toBeNull();
  });

  it("serves later pages as an object keyed by the country's index when asked", async () => {
    await standin.control("packages-page-shape", { shape: "indexed" });
    const first = await call("GET", "/v2/packages?limit=100");
    expect(Array.isArray(first.json.data)).toBe(true);
    const second = await call("GET", "/v2/packages?limit=100&page=2");
    expect(Array.isArray(second.json.data)).toBe(false);
    expect(Object.keys(second.json.data)).toHaveLength(100);
    expect(Object.keys(second.json.data)[0]).toBe("100");
    const third = await call("GET", "/v2/packages?limit=100&page=3");
    expect(Object.keys(third.json.data)).toEqual(Array.from({ length: 11 }, (_, i) => String(200 + i)));
  });
});

describe("top-ups", () => {
  it("lists the sim's top-ups and refuses a top-up package that is not among them", async () => {
    const placed = await order("topup-base");
    const iccid = placed.sims[0]!.iccid;
    const list = await call("GET", `/v2/sims/${iccid}/topups`);
    const ids = list.json.data.map((p: { id: string }) => p.id);
    expect(ids).toContain("moshi-moshi-30days-3gb-topup");
    expect(ids).not.toContain("jang-mobile-7days-1gb-topup");
    expect(list.json.meta).toBeUndefined();
    const foreign = await call(
      "POST",
      "/v2/orders/topups",
      form({ iccid, package_id: "jang-mobile-7days-1gb-topup", description: "topup-foreign" }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.json).toEqual({
      data: { package_id: "invalid topup package" },
      meta: { message: "the parameter is invalid" },
    });
    const json = await call(
      "POST",
      "/v2/orders/topups",
      JSON.stringify({ iccid, package_id: "moshi-moshi-30days-3gb-topup" }),
      { "content-type": "application/json" },
    );
    expect(json.status).toBe(422);
    expect(json.json.data).toEqual({
      iccid: "The iccid field is required.",
      package_id: "The package id field is required.",
    });
    const good = await call(
      "POST",
      "/v2/orders/topups",
      form({ iccid, package_id: "moshi-moshi-30days-3gb-topup", description: "topup-good" }),
    );
    expect(good.status).toBe(200);
    expect(good.json.data).toMatchObject({
      type: "topup",
      quantity: "1",
      package_id: "moshi-moshi-30days-3gb-topup",
    });
  });
});

describe("GET /v2/sims/{iccid}/usage", () => {
  afterAll(async () => {
    await standin.control("limits", { usagePerIccidPerMinute: 100 });
  });

  it("limits calls per ICCID with 429 and Retry-After, and counts them", async () => {
    const placed = await order("usage-limit");
    const iccid = placed.sims[0]!.iccid;
    await standin.control("limits", { usagePerIccidPerMinute: 2 });
    expect((await call("GET", `/v2/sims/${iccid}/usage`)).status).toBe(200);
    const second = await call("GET", `/v2/sims/${iccid}/usage`);
    expect(second.json.data).toMatchObject({ total: 3072, remaining: 3072, status: "NOT_ACTIVE" });
    const third = await call("GET", `/v2/sims/${iccid}/usage`);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ message: "Too Many Attempts." });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    const state = await standin.control<{ usageCalls: Record<string, number> }>("state");
    expect(state.usageCalls[iccid]).toBe(3);
  });
});

describe("lost answers", () => {
  it("places the order and answers 504", async () => {
    await standin.control("lose-answer", { route: "POST /v2/orders", mode: "504" });
    const answer = await fetch(`${standin.url}/v2/orders`, {
      method: "POST",
      headers: auth(),
      body: form({ quantity: "1", package_id: "moshi-moshi-30days-3gb", description: "lost-504" }),
    });
    expect(answer.status).toBe(504);
    const state = await standin.control<{ ordersByDescription: Record<string, number> }>("state");
    expect(state.ordersByDescription["lost-504"]).toBe(1);
  });

  it("places a top-up and drops the connection", async () => {
    const placed = await order("drop-base");
    await standin.control("lose-answer", { route: "POST /v2/orders/topups", mode: "drop", holdMs: 50 });
    await expect(
      fetch(`${standin.url}/v2/orders/topups`, {
        method: "POST",
        headers: auth(),
        body: form({
          iccid: placed.sims[0]!.iccid,
          package_id: "moshi-moshi-30days-3gb-topup",
          description: "lost-drop",
        }),
      }),
    ).rejects.toThrow();
    const state = await standin.control<{ ordersByDescription: Record<string, number> }>("state");
    expect(state.ordersByDescription["lost-drop"]).toBe(1);
  });

  it("delays an answer after placing the order", async () => {
    await standin.control("delay", { route: "POST /v2/orders", ms: 300 });
    const started = Date.now();
    await order("delayed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe("POST /v2/token", () => {
  afterAll(async () => {
    await standin.control("limits", { tokenPerMinute: 0 });
  });

  it("keeps the documented 3 tokens a minute per client when the limit is on", async () => {
    await standin.control("limits", { tokenPerMinute: 3 });
    const ask = (clientId: string) =>
      fetch(`${standin.url}/v2/token`, {
        method: "POST",
        body: form({ client_id: clientId, client_secret: SECRET, grant_type: "client_credentials" }),
      });
    for (let i = 0; i < 3; i += 1) expect((await ask("airalo-test-client")).status).toBe(200);
    const fourth = await ask("airalo-test-client");
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another key has its own window (and wrong credentials are still 401).
    expect((await ask("someone-else")).status).toBe(401);
  });
});
