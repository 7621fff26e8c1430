import { DEFAULT_LOCALE, isLocale } from "../../../core/constants.ts";
import { type MessageKey, translate } from "../../../core/i18n/index.ts";

/*
 * The storefront HTTP client (spec 7, 8; ADR 0022). Framework-free: it runs in the browser, in the native app's
 * web view and in Node (fetch). It adds the spec's headers, retries what is safe to retry, and turns every
 * failure into exactly one visible outcome: a toast, a dialog, or the unauthorized callback.
 */

export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE";

type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];

/** spec 7: the headers every request carries. */
export interface SpecHeaders {
  "x-channel-type": string;
  "x-site-code": string;
  "x-lang": string;
  "x-currency": string;
  [name: string]: string;
}

export interface DialogRequest {
  /** spec 8: 网络异常 for fetch failures, else 系统异常. */
  titleKey: "error.networkTitle" | "error.systemTitle";
  /** Already translated: from the catalogue or the API's translated message. */
  message: string;
}

export type HttpErrorKind = "failed" | "unauthorized" | "network" | "system" | "aborted";

/** Every rejection of the client is an HttpError. status is 0 when no response arrived. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(
    kind: HttpErrorKind,
    message: string,
    options: { status?: number; code?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.kind = kind;
    this.status = options.status ?? 0;
    this.code = options.code ?? kind;
    this.fields = options.fields;
  }
}

export interface HttpClientOptions {
  /** API origin, e.g. "" in the browser (same origin) or "http://127.0.0.1:3000" in Node. */
  baseUrl: string;
  /** spec 7: x-channel-type, x-site-code, x-lang, x-currency (and x-online-shop, x-tenant, x-preview). */
  getHeaders: () => SpecHeaders;
  /** Bearer token for the native app (architecture: the web keeps tokens in HttpOnly cookies). */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  onToast: (message: string) => void;
  onDialog: (dialog: DialogRequest) => void;
  /**
   * spec 8: 401 logs out and, unless the call disabled auto-login, goes to login (or native login inside the
   * app). The request still rejects.
   */
  onUnauthorized: (error: HttpError, context: { autoLogin: boolean }) => void;
  /** Translates catalogue keys; defaults to the locale in the x-lang header. */
  t?: (key: MessageKey, params?: Record<string, string | number>) => string;
  sleep?: (ms: number) => Promise<void>;
  /** Per attempt; a timeout counts as a network failure. Default 20 s. */
  timeoutMs?: number;
  /** Wait before a retry when the server gives no Retry-After. Default 300 ms. */
  retryDelayMs?: number;
  /** Longest Retry-After honoured; a longer one is not retried. Default 3 s. */
  maxRetryAfterMs?: number;
}

export interface RequestOptions {
  /** spec 7: defaults to POST. */
  method?: HttpMethod;
  /** GET/HEAD/OPTIONS: sent as the query string; other methods: the JSON body (a FormData goes as multipart). */
  data?: unknown;
  /** Extra query parameters for any method. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** spec 8: a per-request handler replaces the default toast for a failed response. */
  onFailed?: (error: HttpError) => void;
  /** Overrides the method's retry count (ADR 0022). */
  retry?: number;
  signal?: AbortSignal;
  /** Send the bearer token (default true); static files are fetched without one (spec 7). */
  auth?: boolean;
  /** spec 8: false keeps a 401 from sending the shopper to login (the session is still cleared). */
  autoLogin?: boolean;
  /** Show no toast or dialog (spec 8: tab product fetch failure is silently ignored). Still rejects. */
  silent?: boolean;
}

/** spec 7: automatic retry on these statuses. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Methods that send a body get no automatic retry (spec 7); the rest get one. */
const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const QUERY_METHODS: ReadonlySet<HttpMethod> = new Set(["GET", "HEAD", "OPTIONS"]);

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: "error.badRequest",
  403: "http.forbidden",
  404: "error.notFound",
  405: "error.methodNotAllowed",
  413: "error.payloadTooLarge",
  415: "error.unsupportedMediaType",
  429: "error.rateLimited",
};

export function defaultRetries(method: HttpMethod): number {
  return BODY_METHODS.has(method) ? 0 : 1;
}

/** Seconds or an HTTP date, as milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function buildQuery(params: Record<string, QueryValue> | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The API's failure shape (spec 8): {failed: true, code, message, fields?}. */
function failedBody(
  body: unknown,
): { code?: string; message?: string; fields?: Record<string, string> } | null {
  if (!isRecord(body) || body.failed !== true) return null;
  return {
    code: typeof body.code === "string" ? body.code : undefined,
    message: typeof body.message === "string" ? body.message : undefined,
    fields: isRecord(body.fields) ? (body.fields as Record<string, string>) : undefined,
  };
}

type Attempt =
  | { kind: "response"; response: Response; body: unknown; readable: boolean }
  | { kind: "network"; timedOut: boolean }
  | { kind: "aborted" };

export function createHttpClient(options: HttpClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? 20_000;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 3_000;

  const t =
    options.t ??
    ((key: MessageKey, params?: Record<string, string | number>) => {
      const lang = options.getHeaders()["x-lang"];
      return translate(isLocale(lang) ? lang : DEFAULT_LOCALE, key, params);
    });

  async function attempt(url: string, init: RequestInit, signal?: AbortSignal): Promise<Attempt> {
    // A controller rather than AbortSignal.any/timeout: older iOS web views (before 17.4) lack them.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forward = () => controller.abort();
    signal?.addEventListener("abort", forward);
    try {
      return await read(url, { ...init, signal: controller.signal }, () =>
        signal?.aborted ? { kind: "aborted" } : { kind: "network", timedOut },
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", forward);
    }
  }

  async function read(url: string, init: RequestInit, onThrow: () => Attempt): Promise<Attempt> {
    if (init.signal?.aborted) return onThrow();
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch {
      return onThrow();
    }
    if (init.method === "HEAD" || response.status === 204 || response.status === 205)
      return { kind: "response", response, body: undefined, readable: true };
    let text: string;
    try {
      text = await response.text();
    } catch {
      return onThrow();
    }
    const type = response.headers.get("content-type") ?? "";
    if (text === "") return { kind: "response", response, body: undefined, readable: true };
    if (/[/+]json\b/i.test(type)) {
      try {
        return { kind: "response", response, body: JSON.parse(text), readable: true };
      } catch {
        return { kind: "response", response, body: text, readable: false };
      }
    }
    // A non-JSON body is fine on success (static text); on an error status it is unreadable.
    return { kind: "response", response, body: text, readable: response.ok };
  }

  function retryWait(result: Attempt): number | null {
    if (result.kind === "aborted") return null;
    if (result.kind === "network") return retryDelayMs;
    if (!RETRY_STATUSES.has(result.response.status)) return null;
    const after = parseRetryAfter(result.response.headers.get("retry-after"));
    if (after === null) return retryDelayMs;
    return after <= maxRetryAfterMs ? after : null;
  }

  async function request<T = unknown>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const method = requestOptions.method ?? "POST";
    const headers: Record<string, string> = { accept: "application/json", ...options.getHeaders() };
    const token = requestOptions.auth === false ? null : options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    // Architecture (CSRF): every call carries a custom header a cross-site form or link cannot send; the spec
    // makes some state changes GETs (logout), so GETs carry it too.
    headers["x-requested-with"] = "fetch";

    let query = buildQuery(requestOptions.query);
    let body: string | FormData | undefined;
    if (QUERY_METHODS.has(method)) {
      if (isRecord(requestOptions.data)) {
        const extra = buildQuery(requestOptions.data as Record<string, QueryValue>);
        query = query ? `${query}&${extra.slice(1)}` : extra;
      }
    } else if (typeof FormData !== "undefined" && requestOptions.data instanceof FormData) {
      // spec 7 upload: multipart with the file under 'file'; fetch sets the boundary itself.
      body = requestOptions.data;
    } else if (requestOptions.data !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(requestOptions.data);
    }
    Object.assign(headers, requestOptions.headers);

    const url = `${options.baseUrl}${path}${query && path.includes("?") ? `&${query.slice(1)}` : query}`;
    // Session cookies go only to our own origin; the app authenticates with the bearer token instead.
    const init: RequestInit = { method, headers, body, credentials: "same-origin" };

    let retriesLeft = requestOptions.retry ?? defaultRetries(method);
    let result = await attempt(url, init, requestOptions.signal);
    while (retriesLeft > 0) {
      const wait = retryWait(result);
      if (wait === null) break;
      retriesLeft--;
      await sleep(wait);
      if (requestOptions.signal?.aborted) {
        result = { kind: "aborted" };
        break;
      }
      result = await attempt(url, init, requestOptions.signal);
    }
    return settle<T>(result, requestOptions);
  }

  function fail(error: HttpError, requestOptions: RequestOptions): never {
    if (requestOptions.silent) throw error;
    if (error.kind === "failed") {
      if (requestOptions.onFailed) requestOptions.onFailed(error);
      else options.onToast(error.message);
    } else if (error.kind === "network") {
      options.onDialog({ titleKey: "error.networkTitle", message: error.message });
    } else if (error.kind === "system") {
      options.onDialog({ titleKey: "error.systemTitle", message: error.message });
    }
    throw error;
  }

  function settle<T>(result: Attempt, requestOptions: RequestOptions): T {
    if (result.kind === "aborted") throw new HttpError("aborted", "aborted");
    if (result.kind === "network")
      return fail(
        new HttpError("network", t(result.timedOut ? "http.timeout" : "error.network")),
        requestOptions,
      );

    const { response, body, readable } = result;
    const status = response.status;
    const failed = readable ? failedBody(body) : null;

    if (status === 401) {
      const error = new HttpError("unauthorized", failed?.message ?? t("error.unauthorized"), {
        status,
        code: failed?.code ?? "error.unauthorized",
      });
      options.onUnauthorized(error, { autoLogin: requestOptions.autoLogin !== false });
      throw error;
    }
    if (failed) {
      const error = new HttpError("failed", failed.message ?? t("http.failed"), {
        status,
        code: failed.code ?? "failed",
        fields: failed.fields,
      });
      return fail(error, requestOptions);
    }
    if (status >= 400 && status <= 599) {
      const apiMessage = readable && isRecord(body) && typeof body.message === "string" ? body.message : null;
      if (status >= 500 || !readable) {
        const message = apiMessage ?? (readable ? t("error.internal") : t("http.unreadable", { status }));
        return fail(new HttpError("system", message, { status, code: `http.${status}` }), requestOptions);
      }
      const message = apiMessage ?? t(STATUS_MESSAGES[status] ?? "error.badRequest");
      return fail(new HttpError("failed", message, { status, code: `http.${status}` }), requestOptions);
    }
    if (!readable)
      return fail(new HttpError("system", t("http.unreadable", { status }), { status }), requestOptions);
    return body as T;
  }

  /**
   * spec 8: a list response flagged failed raises 'request error:' plus the message (after the usual toast or
   * per-request handler), so the list hook can keep its previous rows. Lists default to GET.
   */
  async function list<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    try {
      return await request<T>(path, { method: "GET", ...requestOptions });
    } catch (error) {
      if (error instanceof HttpError && error.kind === "failed") {
        throw new HttpError("failed", t("error.requestError", { message: error.message }), {
          status: error.status,
          code: error.code,
          fields: error.fields,
        });
      }
      throw error;
    }
  }

  return {
    request,
    list,
    get: <T = unknown>(path: string, query?: Record<string, QueryValue>, more: RequestOptions = {}) =>
      request<T>(path, { ...more, method: "GET", data: query }),
    post: <T = unknown>(path: string, body?: unknown, more: RequestOptions = {}) =>
      request<T>(path, { ...more, method: "POST", data: body }),
    put: <T = unknown>(path: string, body?: unknown, more: RequestOptions = {}) =>
      request<T>(path, { ...more, method: "PUT", data: body }),
    delete: <T = unknown>(path: string, body?: unknown, more: RequestOptions = {}) =>
      request<T>(path, { ...more, method: "DELETE", data: body }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
