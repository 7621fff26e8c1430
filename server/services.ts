import type { Database } from "../db/client.ts";
import { type Env, readEnv } from "./env.ts";
import { type CounterStore, createMemoryCounterStore } from "./infra/counter-store.ts";
import { createRateLimiter } from "./infra/rate-limit.ts";
import { createJobRunner } from "./jobs/runner.ts";
import { OWASP_SCRYPT } from "./modules/account/password-hash.ts";
import { createPasswordTransport } from "./modules/account/password-transport.ts";
import { createAccountRepo } from "./modules/account/repo.ts";
import { createAccountService } from "./modules/account/service.ts";
import { createSessions } from "./modules/account/sessions.ts";
import { createSocialLogin } from "./modules/account/social.ts";
import { createVerificationCodes } from "./modules/account/verification-codes.ts";
import { createCaptchaRepo } from "./modules/captcha/repo.ts";
import { createCaptchaService } from "./modules/captcha/service.ts";
import { createCampaignGate } from "./modules/catalog/campaign-gate.ts";
import { createProductListService } from "./modules/catalog/product-list.ts";
import { createProductListRepo } from "./modules/catalog/product-list-repo.ts";
import { createCatalogRepo } from "./modules/catalog/repo.ts";
import { createCatalogService } from "./modules/catalog/service.ts";
import { createCheckoutService } from "./modules/checkout/service.ts";
import { createContentRepo } from "./modules/content/repo.ts";
import { createContentService } from "./modules/content/service.ts";
import { createCouponRepo } from "./modules/coupon/repo.ts";
import { createCouponService } from "./modules/coupon/service.ts";
import { createEsimRepo } from "./modules/esim/repo.ts";
import { createEsimService, ESIM_USAGE_SYNC_JOB } from "./modules/esim/service.ts";
import { createHelpRepo } from "./modules/help/repo.ts";
import { createHelpService } from "./modules/help/service.ts";
import { createSupportDesk } from "./modules/help/support.ts";
import { createInvoiceService } from "./modules/invoice/service.ts";
import { createLovService } from "./modules/lov/service.ts";
import { createNotificationRepo } from "./modules/notification/repo.ts";
import { createNotificationService } from "./modules/notification/service.ts";
import { createOrderRepo } from "./modules/order/repo.ts";
import { createOrderService } from "./modules/order/service.ts";
import { createPagesRepo } from "./modules/pages/repo.ts";
import { createPagesService } from "./modules/pages/service.ts";
import { createFreePayments } from "./modules/payment/free.ts";
import { createPaymentService } from "./modules/payment/service.ts";
import { createRecommendRepo } from "./modules/recommend/repo.ts";
import { createRecommendService } from "./modules/recommend/service.ts";
import { createRegionRepo } from "./modules/region/repo.ts";
import { createRegionService } from "./modules/region/service.ts";
import { createSearchRepo } from "./modules/search/repo.ts";
import { createSearchService } from "./modules/search/service.ts";
import { createSiteRepo } from "./modules/site/repo.ts";
import { createSiteService } from "./modules/site/service.ts";
import { createIdentityProviders } from "./providers/identity/index.ts";
import { createOutbox } from "./providers/messages/outbox.ts";
import { createPaymentProviders } from "./providers/payment/index.ts";
import { createSupplier } from "./providers/supplier/index.ts";

export interface ServiceOptions {
  env?: Env;
  /** Rate-limit counters: Redis when REDIS_URL is set (app.ts), in memory otherwise. */
  counterStore?: CounterStore;
  /** A failed job attempt (it is retried with backoff); app.ts logs it. */
  onJobError?: (error: unknown, job: { id: string; kind: string; attempt: number }) => void;
}

/** scrypt cost (ADR 0061): OWASP's 2^17 unless PASSWORD_SCRYPT_LOG_N says otherwise; 2^10 under NODE_ENV=test. */
function scryptParams(env: Env) {
  const logN = env.PASSWORD_SCRYPT_LOG_N ?? (env.NODE_ENV === "test" ? 10 : OWASP_SCRYPT.logN);
  if (env.NODE_ENV === "production" && logN < OWASP_SCRYPT.logN) {
    throw new Error(
      `PASSWORD_SCRYPT_LOG_N=${logN} is below the OWASP minimum (${OWASP_SCRYPT.logN}) in production`,
    );
  }
  return { ...OWASP_SCRYPT, logN };
}

/** Every use case the API and the route loaders reach, built once per process over one database. */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const env = options.env ?? readEnv();
  const production = env.NODE_ENV === "production";
  const sandboxTools = env.SANDBOX_TOOLS ?? !production;
  const rateLimiter = createRateLimiter(options.counterStore ?? createMemoryCounterStore());
  const outbox = createOutbox(db);
  const captcha = createCaptchaService(createCaptchaRepo(db), { keepAnswersForDev: sandboxTools });
  const accountRepo = createAccountRepo(db);
  const sessions = createSessions(accountRepo, {
    accessS: env.ACCESS_TOKEN_TTL_S,
    refreshS: env.REFRESH_TOKEN_TTL_S,
  });
  const codes = createVerificationCodes(accountRepo, outbox, rateLimiter);
  const pages = createPagesService(createPagesRepo(db));
  const notifications = createNotificationService(createNotificationRepo(db));
  const account = createAccountService({
    repo: accountRepo,
    sessions,
    codes,
    captcha,
    transport: createPasswordTransport(db, env.PASSWORD_RSA_PRIVATE_KEY),
    limiter: rateLimiter,
    termsVersionInForce: (locale, executor) => pages.termsVersionInForce(locale, executor),
    settings: {
      scrypt: scryptParams(env),
      emailRegistrationEnabled: env.REGISTER_EMAIL_ENABLED,
      phoneRegistrationEnabled: env.REGISTER_PHONE_ENABLED,
    },
  });
  const identity = createIdentityProviders(env);
  const social = createSocialLogin({
    repo: accountRepo,
    accounts: account,
    codes,
    providers: identity.providers,
    clients: identity.clients,
    limiter: rateLimiter,
  });
  const site = createSiteService(createSiteRepo(db));
  const catalogRepo = createCatalogRepo(db);
  const catalog = createCatalogService(catalogRepo);
  const search = createSearchService(createSearchRepo(db));
  const productList = createProductListService({
    repo: createProductListRepo(db),
    catalogRepo,
    search,
    campaigns: createCampaignGate(db),
  });
  const recommend = createRecommendService(createRecommendRepo(db), catalog);
  const content = createContentService(createContentRepo(db), recommend);
  // Purchase (ADRs 0100-0106): one durable job runner; app.ts starts and stops it.
  const jobs = createJobRunner({
    db,
    pollMs: env.JOBS_POLL_MS ?? (env.NODE_ENV === "test" ? 0 : 1000),
    onError: options.onJobError,
  });
  const payments = createPaymentProviders(env, db, jobs);
  // Zero-total orders are paid without a charge (ADR 0121); refunding one only records it.
  payments.providers.free = createFreePayments(db, (paymentId) => order.markRefunded("free", paymentId));
  const coupon = createCouponService(db, createCouponRepo(db));
  const orderRepo = createOrderRepo(db);
  const order = createOrderService({
    db,
    repo: orderRepo,
    coupons: coupon,
    jobs,
    outbox,
    notifications,
    providers: payments.providers,
    // eSIM delivery plugs into the fulfilment seam (ADR 0106) and fills the order detail's eSIMs.
    onFulfilling: (row) => esim.onFulfilling(row),
    esimsOfOrder: (orderId) => esim.esimsOfOrder(orderId),
  });
  order.registerJobs(jobs);
  // eSIM delivery (ADRs 0130-0134): the supplier, provisioning after payment and the usage feed.
  const supplier = createSupplier(env, db);
  const esim = createEsimService({
    db,
    repo: createEsimRepo(db),
    orderRepo,
    orders: order,
    jobs,
    outbox,
    notifications,
    supplier: supplier.supplier,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
    provisionMaxAttempts: env.ESIM_PROVISION_MAX_ATTEMPTS,
    usageSyncMs: env.ESIM_USAGE_SYNC_MS,
  });
  esim.registerJobs(jobs);
  if (supplier.supplier && (env.JOBS_POLL_MS ?? (env.NODE_ENV === "test" ? 0 : 1000)) > 0)
    esim
      .scheduleUsageSync()
      .catch((error) => options.onJobError?.(error, { id: "", kind: ESIM_USAGE_SYNC_JOB, attempt: 0 }));
  const checkout = createCheckoutService({
    db,
    catalog,
    coupons: coupon,
    orders: order,
    orderRepo,
    jobs,
    esims: esim,
    // The quote flags a total the active card provider cannot charge (ADR 0122).
    paymentMinimum: (currencyCode, rates) =>
      payments.providers[payments.active]?.minimumAmount(currencyCode, rates) ?? null,
  });
  const invoice = createInvoiceService({ orders: order, coupons: coupon });
  const payment = createPaymentService({
    db,
    orderRepo,
    orders: order,
    providers: payments.providers,
    active: payments.active,
    currencies: () => coupon.currencies(),
  });
  return {
    site,
    catalog,
    search,
    productList,
    recommend,
    content,
    pages,
    help: createHelpService(createHelpRepo(db)),
    notifications,
    support: createSupportDesk({ outbox, limiter: rateLimiter }),
    lov: createLovService(site, catalog),
    region: createRegionService(createRegionRepo(db)),
    account,
    social,
    captcha,
    rateLimiter,
    outbox,
    jobs,
    coupon,
    order,
    checkout,
    payment,
    esim,
    /** The sandbox eSIM supplier's tools (/__dev/esim); null in production unless SANDBOX_TOOLS is on. */
    esimSandbox: sandboxTools ? supplier.sandbox : null,
    invoice,
    /** The sandbox payment provider (hosted page, webhooks); null when it is not the active provider. */
    sandboxPayments: payments.sandbox,
    /** Sandbox tools behind /__dev routes; null in production unless SANDBOX_TOOLS switches them on. */
    sandbox: sandboxTools ? { identity: identity.sandbox, codes, db } : null,
  };
}

export type Services = ReturnType<typeof createServices>;
