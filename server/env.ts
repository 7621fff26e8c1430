import { z } from "zod";

/** Where the app QR code and its link point outside production (ADR 0142). */
export const DEFAULT_APP_DOWNLOAD_URL = "https://roamly.example/app";

// House style: no .env to copy. Every variable is parsed here, with a development default.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default(".data"),
  BUILD_DIR: z.string().default("build"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the shared cache's keys, tags and channel in Redis: every instance of one shop uses the same. */
  CACHE_NAMESPACE: z.string().min(1).default("roamly"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_ORIGIN: z.string().url().optional(),
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
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(60).default(7200),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 3600),
  REGISTER_EMAIL_ENABLED: z.stringbool().default(true),
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
  /** "sandbox" (default outside production) or "stripe" (default in production). */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).default("sandbox-webhook-signing-secret"),
  /** "duplicate", "out-of-order", each alone or "=rate", or "none"; unset is 20% each in development (ADR 0167). */
  PAYMENT_SANDBOX_CHAOS: z.string().default(""),
  /** A slow provider: webhooks leave this long after the payment. */
  PAYMENT_SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Send sandbox webhooks over HTTP to this URL instead of in-process to the app's own endpoint. */
  PAYMENT_SANDBOX_WEBHOOK_URL: z.string().url().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API host (stripe-mock, the tests' stand-in); unset means api.stripe.com. */
  STRIPE_API_BASE: z.string().url().optional(),
  // eSIM delivery (ADRs 0130-0134).
  /** "sandbox" (the default outside production; production needs it set explicitly until a real adapter exists). */
  SUPPLIER_PROVIDER: z.enum(["sandbox"]).optional(),
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
});

/** The rules across variables, and the defaults that depend on NODE_ENV. */
const EnvRules = EnvSchema.superRefine((env, ctx) => {
  // The placeholder printed as a QR code would send real shoppers nowhere: production must name the page.
  if (env.NODE_ENV === "production" && env.APP_DOWNLOAD_URL === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["APP_DOWNLOAD_URL"],
      message: "required when NODE_ENV=production (the app download page the QR code opens, ADR 0142)",
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
