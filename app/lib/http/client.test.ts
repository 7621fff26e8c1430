import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHttpClient, type DialogRequest, type HttpClientOptions, HttpError } from "./client.ts";

// A real HTTP server on a free port: the client is tested over real sockets, not a mocked fetch.
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
const hits = new Map<string, number>();
let server: Server;
let baseUrl: string;

function json(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(payload));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const handler = routes.get(path);
      if (handler) handler(req, res, body);
      else json(res, 404, { failed: true, code: "error.notFound", message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  routes.set("/echo", (req, res, body) =>
    json(res, 200, {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: body ? JSON.parse(body) : null,
    }),
  );
  for (const status of [400, 404, 408, 409, 425, 429, 500, 502, 503, 504]) {
    routes.set(`/status/${status}`, (_req, res) =>
      json(res, status, { failed: true, code: `test.${status}`, message: `API says ${status}` }),
    );
  }
  routes.set("/retry-after-short", (_req, res) =>
    json(res, 503, { failed: true, code: "busy", message: "Busy" }, { "retry-after": "2" }),
  );
  routes.set("/retry-after-long", (_req, res) =>
    json(res, 429, { failed: true, code: "slow", message: "Slow down" }, { "retry-after": "120" }),
  );
  routes.set("/flaky", (_req, res) => {
    if (hits.get("/flaky") === 1) json(res, 502, { failed: true, code: "gw", message: "Bad gateway" });
    else json(res, 200, { ok: true });
  });
  routes.set("/unauthorized", (_req, res) =>
    json(res, 401, { failed: true, code: "error.unauthorized", message: "请先登录" }),
  );
  routes.set("/failed-ok", (_req, res) =>
    json(res, 200, {
      failed: true,
      code: "coupon.used",
      message: "This coupon has already been used",
      fields: { code: "used" },
    }),
  );
  routes.set("/html-500", (_req, res) => {
    res.writeHead(500, { "content-type": "text/html" });
    res.end("<html><body>at Object.<anonymous> (/srv/app/server.js:12:7)</body></html>");
  });
  routes.set("/broken-json", (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{not json");
  });
  routes.set("/list-failed", (_req, res) =>
    json(res, 200, { failed: true, code: "list.x", message: "boom" }),
  );
  routes.set("/list-ok", (req, res) =>
    json(res, 200, { content: [{ id: 1 }], totalElements: 1, numberOfElements: 1, url: req.url }),
  );
  routes.set("/upload", (req, res, body) =>
    json(res, 200, {
      contentType: req.headers["content-type"],
      hasFile: body.includes('name="file"; filename="a.png"'),
      hasExtra: body.includes('name="scope"'),
    }),
  );
  routes.set("/no-content", (_req, res) => {
    res.writeHead(204);
    res.end();
  });
  routes.set("/slow", (_req, res) => {
    setTimeout(() => json(res, 200, { late: true }), 500);
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Recorded {
  toasts: string[];
  dialogs: DialogRequest[];
  unauthorized: { error: HttpError; autoLogin: boolean }[];
  sleeps: number[];
}

let recorded: Recorded;
let token: string | null;

beforeEach(() => {
  hits.clear();
  recorded = { toasts: [], dialogs: [], unauthorized: [], sleeps: [] };
  token = null;
});

function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    baseUrl,
    getHeaders: () => ({
      "x-channel-type": "PC",
      "x-site-code": "O2_PLATFORM__101",
      "x-lang": "zh_CN",
      "x-currency": "HKD",
    }),
    getToken: () => token,
    onToast: (message) => recorded.toasts.push(message),
    onDialog: (dialog) => recorded.dialogs.push(dialog),
    onUnauthorized: (error, { autoLogin }) => recorded.unauthorized.push({ error, autoLogin }),
    sleep: async (ms) => {
      recorded.sleeps.push(ms);
    },
    ...overrides,
  });
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error("expected the request to fail");
}

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

describe("requests (spec 7)", () => {
  it("defaults to POST with a JSON body and the spec headers", async () => {
    token = "tok123";
    const echo = await client().request<Echo>("/echo", { data: { couponCodes: ["A", "B"] } });
    expect(echo.method).toBe("POST");
    expect(echo.body).toEqual({ couponCodes: ["A", "B"] });
    expect(echo.headers["content-type"]).toBe("application/json");
    expect(echo.headers["x-channel-type"]).toBe("PC");
    expect(echo.headers["x-site-code"]).toBe("O2_PLATFORM__101");
    expect(echo.headers["x-lang"]).toBe("zh_CN");
    expect(echo.headers["x-currency"]).toBe("HKD");
    expect(echo.headers.authorization).toBe("Bearer tok123");
    expect(echo.headers["x-requested-with"]).toBe("fetch");
  });

  it("sends GET parameters as a query string, with no body, no CSRF header and no token when logged out", async () => {
    const echo = await client().get<Echo>("/echo", {
      recommendCode: "HOT",
      size: 10,
      maxScore: undefined,
      sourceCountryNames: ["日本", "韩国"],
      flag: false,
    });
    expect(echo.method).toBe("GET");
    const url = new URL(echo.url, "http://x");
    expect(url.searchParams.get("recommendCode")).toBe("HOT");
    expect(url.searchParams.get("size")).toBe("10");
    expect(url.searchParams.has("maxScore")).toBe(false);
    expect(url.searchParams.getAll("sourceCountryNames")).toEqual(["日本", "韩国"]);
    expect(url.searchParams.get("flag")).toBe("false");
    expect(echo.body).toBeNull();
    expect(echo.headers["x-requested-with"]).toBe("fetch");
    expect(echo.headers.authorization).toBeUndefined();
  });

  it("sends PUT and DELETE as JSON bodies with the CSRF header", async () => {
    const put = await client().put<Echo>("/echo", { defaultLanguage: "zh_HK" });
    expect(put).toMatchObject({ method: "PUT", body: { defaultLanguage: "zh_HK" } });
    expect(put.headers["x-requested-with"]).toBe("fetch");
    const del = await client().delete<Echo>("/echo", ["https://cdn/x.png"]);
    expect(del).toMatchObject({ method: "DELETE", body: ["https://cdn/x.png"] });
  });

  it("leaves the token off when a call asks for no auth (static files)", async () => {
    token = "tok123";
    const echo = await client().get<Echo>("/echo", {}, { auth: false });
    expect(echo.headers.authorization).toBeUndefined();
  });

  it("sends a FormData upload as multipart, not JSON (spec 7 upload)", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }), "a.png");
    form.append("scope", "avatar");
    const reply = await client().post<{ contentType: string; hasFile: boolean; hasExtra: boolean }>(
      "/upload",
      form,
    );
    expect(reply.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(reply).toMatchObject({ hasFile: true, hasExtra: true });
  });

  it("resolves an empty 204 as undefined", async () => {
    await expect(client().post("/no-content")).resolves.toBeUndefined();
  });
});

describe("retries (spec 7: 1 for methods without a body, 0 for methods with one)", () => {
  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
    it(`GET ${status} is tried twice, POST ${status} once`, async () => {
      const http = client({ onDialog: () => {}, onToast: () => {} });
      await rejection(http.get(`/status/${status}`));
      expect(hits.get(`/status/${status}`)).toBe(2);
      hits.clear();
      await rejection(http.post(`/status/${status}`));
      expect(hits.get(`/status/${status}`)).toBe(1);
      hits.clear();
      await rejection(http.put(`/status/${status}`));
      await rejection(http.delete(`/status/${status}`));
      expect(hits.get(`/status/${status}`)).toBe(2);
    });
  }

  it("does not retry other errors", async () => {
    await rejection(client().get("/status/400"));
    await rejection(client().get("/status/404"));
    expect(hits.get("/status/400")).toBe(1);
    expect(hits.get("/status/404")).toBe(1);
  });

  it("succeeds when the retry succeeds, showing nothing", async () => {
    await expect(client().get("/flaky")).resolves.toEqual({ ok: true });
    expect(hits.get("/flaky")).toBe(2);
    expect(recorded.toasts).toEqual([]);
    expect(recorded.dialogs).toEqual([]);
    expect(recorded.sleeps).toEqual([300]);
  });

  it("honours a short Retry-After and gives up at once on a long one", async () => {
    await rejection(client().get("/retry-after-short"));
    expect(hits.get("/retry-after-short")).toBe(2);
    expect(recorded.sleeps).toEqual([2000]);
    await rejection(client().get("/retry-after-long"));
    expect(hits.get("/retry-after-long")).toBe(1);
    expect(recorded.sleeps).toEqual([2000]);
  });

  it("lets a call ask for more retries", async () => {
    await rejection(client().post("/status/503", {}, { retry: 2 }));
    expect(hits.get("/status/503")).toBe(3);
  });
});

describe("errors (spec 8)", () => {
  it("calls onUnauthorized on 401 and rejects, without a toast", async () => {
    const error = await rejection(client().get("/unauthorized"));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, code: "error.unauthorized" });
    expect(recorded.unauthorized).toEqual([{ error, autoLogin: true }]);
    expect(recorded.toasts).toEqual([]);
    expect(recorded.dialogs).toEqual([]);
    expect(hits.get("/unauthorized")).toBe(1);
  });

  it("tells onUnauthorized when a call disabled auto-login", async () => {
    const error = await rejection(client().get("/unauthorized", {}, { autoLogin: false }));
    expect(recorded.unauthorized).toEqual([{ error, autoLogin: false }]);
  });

  it("toasts the API's message for a failed flag, even on 200, and rejects with code and fields", async () => {
    const error = await rejection(client().post("/failed-ok"));
    expect(error).toMatchObject({
      kind: "failed",
      status: 200,
      code: "coupon.used",
      message: "This coupon has already been used",
      fields: { code: "used" },
    });
    expect(recorded.toasts).toEqual(["This coupon has already been used"]);
  });

  it("gives a failed response to the per-request handler instead of the toast", async () => {
    const handled: HttpError[] = [];
    const error = await rejection(client().post("/failed-ok", {}, { onFailed: (e) => handled.push(e) }));
    expect(handled).toEqual([error]);
    expect(recorded.toasts).toEqual([]);
  });

  it("toasts an error status's API message", async () => {
    const error = await rejection(client().post("/status/400"));
    expect(error).toMatchObject({ kind: "failed", status: 400, code: "test.400" });
    expect(recorded.toasts).toEqual(["API says 400"]);
  });

  it("shows the 网络异常 dialog when the server cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const http = client({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await rejection(http.post("/anything"));
    expect(error).toMatchObject({ kind: "network", status: 0 });
    expect(recorded.dialogs).toEqual([
      { titleKey: "error.networkTitle", message: "无法连接服务器，请检查网络后重试" },
    ]);
    // a GET is retried once after a network failure; its dialog appears once
    recorded.dialogs = [];
    await rejection(http.get("/anything"));
    expect(recorded.sleeps).toEqual([300]);
    expect(recorded.dialogs).toHaveLength(1);
  });

  it("treats a timeout as a network failure", async () => {
    const error = await rejection(client({ timeoutMs: 100 }).post("/slow"));
    expect(error.kind).toBe("network");
    expect(recorded.dialogs).toEqual([
      { titleKey: "error.networkTitle", message: "服务器响应超时，请检查网络后重试" },
    ]);
  });

  it("shows the 系统异常 dialog for an HTML 500, never the page's text", async () => {
    const error = await rejection(client().post("/html-500"));
    expect(error).toMatchObject({ kind: "system", status: 500 });
    expect(recorded.dialogs).toHaveLength(1);
    expect(recorded.dialogs[0]!.titleKey).toBe("error.systemTitle");
    expect(recorded.dialogs[0]!.message).toBe("服务器返回了无法识别的内容（状态码 500），请稍后再试");
    expect(recorded.dialogs[0]!.message).not.toContain("server.js");
    expect(recorded.toasts).toEqual([]);
  });

  it("toasts the API's translated message for a flagged JSON 5xx instead of a dialog", async () => {
    await rejection(client().post("/status/500"));
    expect(recorded.dialogs).toEqual([]);
    expect(recorded.toasts).toEqual(["API says 500"]);
  });

  it("shows the 系统异常 dialog for unreadable JSON on success", async () => {
    const error = await rejection(client().get("/broken-json"));
    expect(error.kind).toBe("system");
    expect(recorded.dialogs.map((d) => d.titleKey)).toEqual(["error.systemTitle"]);
  });

  it("translates its own messages into the request's language", async () => {
    const english = client({
      getHeaders: () => ({
        "x-channel-type": "PC",
        "x-site-code": "S",
        "x-lang": "en_US",
        "x-currency": "HKD",
      }),
    });
    await rejection(english.post("/html-500"));
    expect(recorded.dialogs[0]!.message).toBe(
      "The server sent an answer we could not read (status 500). Please try again later.",
    );
  });

  it("shows nothing for a silent call but still rejects", async () => {
    await rejection(client().post("/failed-ok", {}, { silent: true }));
    await rejection(client().post("/html-500", {}, { silent: true }));
    expect(recorded.toasts).toEqual([]);
    expect(recorded.dialogs).toEqual([]);
  });

  it("rejects an aborted call quietly", async () => {
    const controller = new AbortController();
    const pending = client().post("/slow", {}, { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error.kind).toBe("aborted");
    expect(recorded.dialogs).toEqual([]);
  });
});

describe("list helper (spec 8)", () => {
  it("raises 'request error:' plus the message for a failed list", async () => {
    const error = await rejection(client().list("/list-failed", { data: { page: "0", size: 20 } }));
    expect(error.message).toBe("request error: boom");
    expect(error.code).toBe("list.x");
  });

  it("returns the list and sends page and size as a query", async () => {
    const page = await client().list<{ content: unknown[]; url: string }>("/list-ok", {
      data: { page: "0", size: 20 },
    });
    expect(page.content).toEqual([{ id: 1 }]);
    expect(page.url).toBe("/list-ok?page=0&size=20");
  });
});
