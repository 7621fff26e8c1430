import { z } from "zod";
import { SUPPLIER_NAMES } from "../core/esim-supplier.ts";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.ts";

/** Where the app QR code and its link point outside production (ADR 0142). */
export const DEFAULT_APP_DOWNLOAD_URL = "https://roamly.example/app";

// House style: no .env to copy. Every variable is parsed here, with a development default.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // --- Roles (issue 34, ADR 0327) ---
  /**
   * What this process does: "web" serves HTTP and enqueues jobs but runs none; "worker" runs the jobs, the
   * schedules and message delivery and serves only /healthz and /readyz; "all" (the default) does both.
   */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  // --- end roles ---
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  BUILD_DIR: z.string().default("build"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the shared cache's keys, tags and channel in Redis: every instance of one shop uses the same. */
  CACHE_NAMESPACE: z.string().min(1).default("roamly"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Observability (ADRs 0331, 0332). Prometheus reads /metrics on METRICS_PORT (its own listener, on METRICS_HOST,
   * default HOST), or on the main port only with `Authorization: Bearer METRICS_TOKEN`; with neither, metrics
   * are kept in memory and served nowhere.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(32).optional(),
  /** Traces go to this OTLP/HTTP collector (the standard variable; `/v1/traces` is appended). Unset: no traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("roamly"),
  /** The site's own origin ("https://shop.example"). Required in production (ADR 0186). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /**
   * Without PUBLIC_ORIGIN (outside production), the Host names whose requests render with their own origin;
   * any other Host renders as localhost. Comma list; "*.example.test" matches subdomains (ADR 0186).
   */
  ALLOWED_HOSTS: z.string().default("localhost,127.0.0.1,[::1]"),
  /**
   * spec 2: the other sites a content link may lead to (comma list, "*.example.com" for subdomains); every other
   * external link is refused. Inside the app they open through the bridge's openWebPage (ADR 0216).
   */
  EXTERNAL_LINK_HOSTS: z.string().default(""),
  /** Proxies trusted for X-Forwarded-*: off (default), a hop count, or a CIDR list (ADR 0185). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      const parsed = parseTrustProxy(raw);
      if (typeof parsed === "object" && !Array.isArray(parsed)) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Key of the HMAC over verification codes (ADR 0189): at least 32 characters, required in production; unset
   * elsewhere means a secret generated once per install and kept in DATA_DIR.
   */
  CODE_HMAC_SECRET: z.string().min(32).optional(),
  SSR_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Byte budget of the anonymous HTML cache, least recently used out first (ADR 0179). */
  SSR_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_048_576)
    .default(64 * 1024 * 1024),
  /**
   * The /__dev sandbox tools (outbox reader, captcha answers, test identity issuer). On by default outside
   * production; production gets them only when switched on explicitly (the browser tests do, ADR 0094).
   */
  SANDBOX_TOOLS: z.stringbool().optional(),
  // Accounts (ADR 0060-0069).
  /** scrypt cost as log2(N); unset means 17 (OWASP), or 10 under NODE_ENV=test to keep the suite fast. */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).optional(),
  /** PEM (PKCS#8) RSA key for password transport; unset means one kept in the database. */
  PASSWORD_RSA_PRIVATE_KEY: z.string().optional(),
  /** Longest pause before a password is checked on an account under attack; unset means 4000, or 0 under test (ADR 0187). */
  LOGIN_SLOWING_MAX_MS: z.coerce.number().int().min(0).max(30_000).optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(60).default(7200),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 3600),
  REGISTER_EMAIL_ENABLED: z.stringbool().default(true),
  // The operator console (issue 16, ADR 0221).
  /** An operator session ends after this long without a request (a shopper's lasts far longer). */
  ADMIN_IDLE_TIMEOUT_S: z.coerce.number().int().min(60).default(1800),
  /** An operator session ends this long after sign-in, however active. */
  ADMIN_SESSION_MAX_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(12 * 3600),
  /** How long an operator's invitation link stays valid. */
  ADMIN_INVITATION_TTL_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(72 * 3600),
  /**
   * The most the support role may refund in one order, per currency, in minor units: "HKD=50000,USD=6500".
   * A currency not listed cannot be refunded by support; finance and owners have no limit (ADR 0225).
   */
  ADMIN_SUPPORT_REFUND_LIMIT: z
    .string()
    .default("HKD=50000,USD=6500,CNY=45000,EUR=6000,GBP=5000,JPY=1000000"),
  REGISTER_PHONE_ENABLED: z.stringbool().default(true),
  /** smtp://user:pass@host:port; when set, a worker delivers the outbox's e-mails. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Roamly eSIM <no-reply@roamly.example>"),
  /** HTTPS endpoint of an SMS gateway (JSON {to, body}, bearer SMS_GATEWAY_TOKEN); unset keeps SMS in the outbox. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** "sandbox" (default outside production) or "live"; production uses the sandbox only when set explicitly. */
  IDENTITY_MODE: z.enum(["sandbox", "live"]).optional(),
  GOOGLE_CLIENT_IDS: z.string().default("sandbox-google-client"),
  APPLE_CLIENT_IDS: z.string().default("sandbox-apple-client"),
  FACEBOOK_APP_ID: z.string().default("sandbox-facebook-app"),
  FACEBOOK_APP_SECRET: z.string().optional(),
  // Purchase (ADRs 0100-0106).
  /** Job runner poll interval; unset means 1000 ms, or 0 (tests drive the runner) under NODE_ENV=test. */
  JOBS_POLL_MS: z.coerce.number().int().min(0).optional(),
  /** How long a running job's lease lasts (renewed every third of it while the job runs; ADR 0177). */
  JOBS_LEASE_MS: z.coerce.number().int().min(3_000).default(30_000),
  /** Jobs one instance runs at once (its lanes; ADR 0316). Default 8; issue 34, ADR 0335. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** "sandbox" (default outside production) or "stripe" (default in production). */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
  /** The sandbox's webhook signing secret; unset means one generated for this install in DATA_DIR (ADR 0191). */
  PAYMENT_SANDBOX_SECRET: z.string().min(32).optional(),
  /** "duplicate", "out-of-order", each alone or "=rate", or "none"; unset is 20% each in development (ADR 0167). */
  PAYMENT_SANDBOX_CHAOS: z.string().default(""),
  /** A slow provider: webhooks leave this long after the payment. */
  PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** How long after the shopper approves a late (asynchronous) Alipay/WeChat Pay payment it settles (ADR 0323). */
  PAYMENT_SANDBOX_ASYNC_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  /** Send sandbox webhooks over HTTP to this URL instead of in-process to the app's own endpoint. */
  PAYMENT_SANDBOX_WEBHOOK_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API host (stripe-mock, the tests' stand-in); unset means api.stripe.com. */
  STRIPE_API_BASE: z.string().url().optional(),
  // eSIM delivery (ADRs 0130-0134).
  /**
   * The default eSIM supplier (ADR 0195): "sandbox" (the default outside production), "esimaccess" or "airalo".
   * Production uses none unless one is named (paid orders then wait in FULFILLING); a named one needs its
   * credentials, or the server refuses to start. Plans may name other configured suppliers (ADR 0196).
   */
  SUPPLIER_PROVIDER: z.enum(SUPPLIER_NAMES).optional(),
  /** eSIM Access open API (docs.esimaccess.com): https://api.esimaccess.com, or the stand-in's URL. */
  ESIMACCESS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ESIMACCESS_ACCESS_CODE: z.string().optional(),
  ESIMACCESS_SECRET: z.string().optional(),
  /** Below this balance (US cents) eSIM Access is "low": operators are alerted, its sole plans paused (ADR 0198). */
  ESIMACCESS_LOW_BALANCE_CENTS: z.coerce.number().int().min(0).default(5000),
  /** Airalo Partner API v2: https://partners-api.airalo.com, or the stand-in's URL. */
  AIRALO_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AIRALO_CLIENT_ID: z.string().optional(),
  AIRALO_CLIENT_SECRET: z.string().optional(),
  /** Below this balance (US cents) Airalo is "low" (ADR 0198). */
  AIRALO_LOW_BALANCE_CENTS: z.coerce.number().int().min(0).default(5000),
  /** Where supplier alerts (low balance) are e-mailed; unset: they are only recorded. */
  OPERATOR_ALERT_EMAIL: z.email().optional(),
  /** Each sandbox supplier call waits this long; unset means 3000 ms, or 0 under NODE_ENV=test. */
  SUPPLIER_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Share (0..1) of sandbox supplier calls that fail. */
  SUPPLIER_SANDBOX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
  SUPPLIER_SANDBOX_SMDP: z.string().default("smdp.sandbox.roamly.example"),
  SUPPLIER_SANDBOX_CONFIRMATION_CODES: z.stringbool().default(false),
  /** A sandbox profile starts using data this long after issue; unset means 15 minutes, or never under test. */
  SUPPLIER_SANDBOX_ACTIVATE_AFTER_MS: z.coerce.number().int().min(0).optional(),
  SUPPLIER_SANDBOX_USAGE_MB_PER_HOUR: z.coerce.number().int().min(0).default(60),
  /** Provisioning attempts (with the job runner's backoff) before the order is refunded. */
  ESIM_PROVISION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** How often the usage job pulls the supplier's usage feed. */
  ESIM_USAGE_SYNC_MS: z.coerce.number().int().min(10_000).default(600_000),
  // Install help (ADR 0142).
  /**
   * The page the app QR code (/app_installation_qrcode) and its link open, which sends each phone to its app
   * store: an absolute http(s) URL. Required in production; unset elsewhere means DEFAULT_APP_DOWNLOAD_URL.
   */
  APP_DOWNLOAD_URL: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }))
    .optional(),
  // Uploads (issue 10, ADR 0210): a folder under DATA_DIR unless S3-compatible storage is named.
  /** An S3-compatible service's origin (AWS S3, R2, MinIO); with UPLOADS_S3_BUCKET it replaces the folder. */
  UPLOADS_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  UPLOADS_S3_BUCKET: z.string().min(3).max(63).optional(),
  UPLOADS_S3_REGION: z.string().default("us-east-1"),
  UPLOADS_S3_ACCESS_KEY_ID: z.string().optional(),
  UPLOADS_S3_SECRET_ACCESS_KEY: z.string().optional(),
});

/** Every variable the server reads (deploy/artifacts.test.ts checks the deploy files name no other). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** The rules across variables, and the defaults that depend on NODE_ENV. */
const EnvRules = EnvSchema.superRefine((env, ctx) => {
  // The placeholder printed as a QR code would send real shoppers nowhere: production must name the page.
  if (env.NODE_ENV === "production" && env.APP_DOWNLOAD_URL === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["APP_DOWNLOAD_URL"],
      message: "required when NODE_ENV=production (the app download page the QR code opens, ADR 0142)",
    });
  // Without it the page's links would follow whatever Host a request names (ADR 0186).
  if (env.NODE_ENV === "production" && env.PUBLIC_ORIGIN === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_ORIGIN"],
      message: "required when NODE_ENV=production (the site's own origin, ADR 0186)",
    });
  if (env.NODE_ENV === "production" && env.CODE_HMAC_SECRET === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["CODE_HMAC_SECRET"],
      message: "required when NODE_ENV=production (the key verification codes are hashed with, ADR 0189)",
    });
  // The public port never serves metrics without the token (ADR 0332).
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    ctx.addIssue({
      code: "custom",
      path: ["METRICS_PORT"],
      message: "must differ from PORT (the metrics listener is not public; ADR 0332)",
    });
  // Separate web and worker processes share one database: PGlite serves one process only (ADR 0327).
  if (env.ROLE !== "all" && env.DATABASE_URL === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_URL"],
      message: `required when ROLE=${env.ROLE} (web and worker processes share one PostgreSQL, ADR 0327)`,
    });
  // A supplier without its credentials cannot sell anything: refuse to start, naming the variable (issue 13).
  const needs: Record<string, string[]> = {
    esimaccess: ["ESIMACCESS_BASE_URL", "ESIMACCESS_ACCESS_CODE", "ESIMACCESS_SECRET"],
    airalo: ["AIRALO_BASE_URL", "AIRALO_CLIENT_ID", "AIRALO_CLIENT_SECRET"],
  };
  for (const name of (env.SUPPLIER_PROVIDER && needs[env.SUPPLIER_PROVIDER]) || [])
    if (!env[name as keyof typeof env])
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `required when SUPPLIER_PROVIDER=${env.SUPPLIER_PROVIDER} (the supplier's credentials, ADR 0195)`,
      });
  // Half an S3 configuration would silently keep files on one instance's disk: refuse to start instead.
  if (env.UPLOADS_S3_ENDPOINT || env.UPLOADS_S3_BUCKET)
    for (const name of [
      "UPLOADS_S3_ENDPOINT",
      "UPLOADS_S3_BUCKET",
      "UPLOADS_S3_ACCESS_KEY_ID",
      "UPLOADS_S3_SECRET_ACCESS_KEY",
    ] as const)
      if (!env[name])
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "required for S3-compatible upload storage (ADR 0210)",
        });
}).transform((env) => ({ ...env, APP_DOWNLOAD_URL: env.APP_DOWNLOAD_URL ?? DEFAULT_APP_DOWNLOAD_URL }));

export type Env = z.infer<typeof EnvRules>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvRules.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${detail}`);
  }
  return parsed.data;
}
