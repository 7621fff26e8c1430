import type { Database } from "../db/client.ts";
import { createConsoleMerch } from "./console-merch.ts";
import { type Env, readEnv } from "./env.ts";
import { createAccountForgetFlow } from "./flows/account-forget.ts";
import { createAccountSignedUpFlow } from "./flows/account-signed-up.ts";
import { createContentPriceFlow } from "./flows/content-price.ts";
import { createInvoiceBillingAddressFlow } from "./flows/invoice-billing-address.ts";
import { createOrderCancelledUnpaidFlow } from "./flows/order-cancelled-unpaid.ts";
import { createOrderCompletedFlow } from "./flows/order-completed.ts";
import { createOrderPaidFlow } from "./flows/order-paid.ts";
import { createOrderRefundedFlow } from "./flows/order-refunded.ts";
import { ACCOUNT_PURGE_JOB, createPurgeExpiredFlow } from "./flows/purge-expired.ts";
import { createRefundOrderFlow } from "./flows/refund-order.ts";
import { allowedHostList } from "./http/site-origin.ts";
import { createSharedCache, isCatalogTag, type SharedCache } from "./infra/cache.ts";
import { type CounterStore, createMemoryCounterStore } from "./infra/counter-store.ts";
import { installSecret } from "./infra/install-secret.ts";
import { createRateLimiter } from "./infra/rate-limit.ts";
import { createJobRunner } from "./jobs/runner.ts";
import { createAccountModule } from "./modules/account/module.ts";
import { OWASP_SCRYPT } from "./modules/account/password-hash.ts";
import { createPasswordTransport } from "./modules/account/password-transport.ts";
import { createAccountRepo } from "./modules/account/repo.ts";
import { createSessionCache, watchedAccountRepo } from "./modules/account/session-cache.ts";
import { createSessions } from "./modules/account/sessions.ts";
import { createSocialLogin } from "./modules/account/social.ts";
import { createVerificationCodes } from "./modules/account/verification-codes.ts";
import { createAdminModule } from "./modules/admin/module.ts";
import { createCaptchaModule } from "./modules/captcha/module.ts";
import { createCatalogInvalidation } from "./modules/catalog/cache-invalidation.ts";
import { createCatalogModule } from "./modules/catalog/module.ts";
import { createSupplierBalances } from "./modules/catalog/supply/balance.ts";
import { createCatalogueSync } from "./modules/catalog/supply/service.ts";
import { createSupplierStatus } from "./modules/catalog/supply/sync-log.ts";
import { createCheckoutModule } from "./modules/checkout/module.ts";
import { createContentModule } from "./modules/content/module.ts";
import { createCouponModule } from "./modules/coupon/module.ts";
import { createCreditModule } from "./modules/credit/module.ts";
import { createEsimModule } from "./modules/esim/module.ts";
import { ESIM_USAGE_SYNC_JOB } from "./modules/esim/service.ts";
import { createHelpModule } from "./modules/help/module.ts";
import { createInvoiceModule } from "./modules/invoice/module.ts";
import { createLovModule } from "./modules/lov/module.ts";
import { createMediaModule } from "./modules/media/module.ts";
import { createNotificationModule } from "./modules/notification/module.ts";
import { createOrderModule } from "./modules/order/module.ts";
import type { PaymentAnomaly } from "./modules/order/service.ts";
import { createPagesModule } from "./modules/pages/module.ts";
import { createPaymentModule } from "./modules/payment/module.ts";
import { createRecommendModule } from "./modules/recommend/module.ts";
import { createReconcileModule } from "./modules/reconcile/module.ts";
import { RECONCILE_JOB } from "./modules/reconcile/service.ts";
import { createRefundModule } from "./modules/refund/module.ts";
import { parseRefundLimits } from "./modules/refund/service.ts";
import { createRegionModule } from "./modules/region/module.ts";
import { createReviewsModule } from "./modules/reviews/module.ts";
import { createSearchModule } from "./modules/search/module.ts";
import { createSfbModule } from "./modules/sfb/module.ts";
import { createSiteModule } from "./modules/site/module.ts";
import { createImagePool } from "./modules/uploads/image-pool.ts";
import { createUploadsModule } from "./modules/uploads/module.ts";
import { createIdentityProviders } from "./providers/identity/index.ts";
import { createMessageDelivery } from "./providers/messages/delivery.ts";
import { createSmtpTransport } from "./providers/messages/email-transport.ts";
import { createOutbox } from "./providers/messages/outbox.ts";
import { createHttpSmsGateway } from "./providers/messages/sms-gateway.ts";
import { createPaymentProviders } from "./providers/payment/index.ts";
import { createFileStorage } from "./providers/storage/index.ts";
import { createSupplier } from "./providers/supplier/index.ts";
import { measuredOrderHooks } from "./telemetry/business.ts";

export interface ServiceOptions {
  env?: Env;
  /** Rate-limit counters: Redis when REDIS_URL is set (app.ts), in memory otherwise. */
  counterStore?: CounterStore;
  /** A failed job attempt (it is retried with backoff); app.ts logs it. */
  onJobError?: (error: unknown, job: { id: string; kind: string; attempt: number }) => void;
  /** A signed payment that does not match its order was recorded (ADR 0191): alert operators. */
  onPaymentAnomaly?: (anomaly: PaymentAnomaly) => void;
  /** The shared cache (ADR 0176); default one over REDIS_URL, or in this process without it. */
  cache?: SharedCache;
  /** Jobs of dead workers put back to run at start-up; app.ts logs it. */
  onJobsRecovered?: (count: number) => void;
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
  const cache =
    options.cache ?? createSharedCache({ redisUrl: env.REDIS_URL, namespace: env.CACHE_NAMESPACE });
  const rateLimiter = createRateLimiter(options.counterStore ?? createMemoryCounterStore());
  // One durable job runner for every background task (ADRs 0100, 0177, 0178); app.ts starts and stops it.
  // A web instance (ROLE=web, ADR 0327) enqueues but never polls nor schedules: 0 turns both off.
  const pollMs = env.ROLE === "web" ? 0 : (env.JOBS_POLL_MS ?? (env.NODE_ENV === "test" ? 0 : 1000));
  const jobs = createJobRunner({
    db,
    pollMs,
    leaseMs: env.JOBS_LEASE_MS,
    concurrency: env.JOB_CONCURRENCY,
    onError: options.onJobError,
    onRecovered: options.onJobsRecovered,
  });
  const outbox = createOutbox(db, jobs);
  const delivery = createMessageDelivery({
    db,
    email: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : undefined,
    sms: env.SMS_GATEWAY_URL ? createHttpSmsGateway(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN) : undefined,
  });
  delivery.registerJobs(jobs);
  // ADRs 0187, 0312: the longest pause before a password is checked on an account under attack.
  const loginSlowingMaxMs = env.LOGIN_SLOWING_MAX_MS ?? (env.NODE_ENV === "test" ? 0 : 4000);
  const captcha = createCaptchaModule({ db, keepAnswersForDev: sandboxTools });
  // Session lookups are kept a few seconds; every write that changes one drops it on every instance (ADR 0283).
  const sessionCache = createSessionCache(cache);
  const accountRepo = watchedAccountRepo(createAccountRepo(db), sessionCache);
  const sessions = createSessions(
    accountRepo,
    { accessS: env.ACCESS_TOKEN_TTL_S, refreshS: env.REFRESH_TOKEN_TTL_S },
    sessionCache,
  );
  // ADR 0189: required in production; elsewhere one made for this install and kept in DATA_DIR.
  const codeSecret = env.CODE_HMAC_SECRET ?? installSecret(env.DATA_DIR, "code-hmac");
  const codes = createVerificationCodes(accountRepo, outbox, rateLimiter, codeSecret);
  const pages = createPagesModule({ db, cache });
  // Uploads (issue 10, ADRs 0210-0211): DATA_DIR/uploads or S3-compatible storage; images re-encoded off-thread.
  const imagePool = createImagePool(1);
  const fileStorage = createFileStorage(env);
  const uploads = createUploadsModule({ db, storage: fileStorage, images: imagePool, jobs });
  const notifications = createNotificationModule({ db, cache });
  const reviews = createReviewsModule({ db, cache, findOrder: (code) => order.findByCode(code) });
  // The support role's per-currency limit on refunds and store-credit adjustments (ADRs 0225, 0313).
  const supportLimits = parseRefundLimits(env.ADMIN_SUPPORT_REFUND_LIMIT);
  // The operator console's realm (issue 16, ADR 0221): its own sessions, TOTP and audit log.
  const admin = createAdminModule({
    db,
    outbox,
    limiter: rateLimiter,
    captcha,
    settings: {
      scrypt: scryptParams(env),
      idleTimeoutS: env.ADMIN_IDLE_TIMEOUT_S,
      maxSessionS: env.ADMIN_SESSION_MAX_S,
      invitationTtlS: env.ADMIN_INVITATION_TTL_S,
      publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
      challengeSecret: env.CODE_HMAC_SECRET ?? installSecret(env.DATA_DIR, "operator-challenge"),
      loginSlowingMaxMs,
      supportLimits,
    },
  });
  const site = createSiteModule({ db, cache });
  const search = createSearchModule({ db });
  const { catalog, productList } = createCatalogModule({ db, cache, search });
  // A price written into content (ADR 0264): the content price flow, over the catalogue and the shared cache.
  const contentPrice = createContentPriceFlow({ cache, catalog });
  const recommend = createRecommendModule({ db, catalog, cache });
  // The content blocks, the visual page editor (issue 17) and the editor's action picker (issue 31).
  const { content, pageEditor, linkTargets } = createContentModule({
    db,
    cache,
    jobs,
    recommend,
    catalog,
    previewSecret: env.CODE_HMAC_SECRET ?? installSecret(env.DATA_DIR, "page-preview"),
  });
  // The operators' public media library (issue 17, ADR 0274): same checks and storage as uploads.
  const media = createMediaModule({
    db,
    storage: fileStorage,
    images: imagePool,
    pagesUsing: (url, tx) => pageEditor.pagesUsing(url, tx),
  });
  const payments = createPaymentProviders(env, db, jobs);
  const coupon = createCouponModule({ db, currencies: site.currencies, cache });
  // Store credit (issue 11, ADR 0240): the append-only ledger; a daily job expires inactive balances.
  const credit = createCreditModule({
    db,
    jobs,
    outbox,
    notifications,
    contactOf: (customerId) => account.contactOf(customerId),
  });
  // Invite rewards (issue 11, ADR 0242): the friend's coupon on sign-up, the inviter's credit on completion.
  const sfb = createSfbModule({
    db,
    cache,
    credit,
    coupons: coupon,
    contactOf: (customerId) => account.contactOf(customerId),
    notifications,
  });
  if (pollMs > 0)
    credit
      .schedule(jobs)
      .catch((error) => options.onJobError?.(error, { id: "", kind: "credit.expiry-sweep", attempt: 0 }));
  const order = createOrderModule({
    db,
    coupons: coupon,
    currencies: site.currencies,
    jobs,
    outbox,
    notifications,
    providers: payments.providers,
    // An unpaid order's open payment sessions are the payment module's to close before it is cancelled.
    closePayments: (orderId) => payment.closeOpenSessions(orderId),
    // eSIM delivery plugs into the fulfilment seam (ADR 0106) and fills the order detail's eSIMs.
    onFulfilling: (row) => esim.onFulfilling(row),
    esimsOfOrder: (orderId) => esim.esimsOfOrder(orderId),
    refundsOfOrder: (orderId) => refund.ofOrder(orderId),
    // Store credit comes back with an unpaid or refunded order (ADR 0241).
    // Orders paid, refunds and payment-to-eSIM time are counted as the hooks run (ADR 0331).
    hooks: measuredOrderHooks({
      cancelledUnpaid: createOrderCancelledUnpaidFlow({ credit }),
      paid: createOrderPaidFlow({ sfb }),
      completed: createOrderCompletedFlow({ sfb }),
      refunded: createOrderRefundedFlow({ credit, coupon, sfb }),
    }),
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
  });
  // eSIM delivery (ADRs 0130-0134): the supplier, provisioning after payment and the usage feed.
  const supplier = createSupplier(env, db);
  // A failed delivery is refunded by the one refund flow (ADR 0359), made below from this very service.
  const failedDeliveries: { refund?: (orderCode: string, statusReason: string) => Promise<unknown> } = {};
  const esim = createEsimModule({
    refundFailedDelivery: (orderCode, statusReason) => {
      if (!failedDeliveries.refund) throw new Error("the refund flow is not wired yet");
      return failedDeliveries.refund(orderCode, statusReason);
    },
    db,
    orders: order,
    jobs,
    outbox,
    notifications,
    catalog,
    currencies: site.currencies,
    supplier: supplier.supplier,
    suppliers: supplier.suppliers,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
    provisionMaxAttempts: env.ESIM_PROVISION_MAX_ATTEMPTS,
    usageSyncMs: env.ESIM_USAGE_SYNC_MS,
  });
  // The catalogue sync (ADR 0197): supplier packages to plans, hourly and on demand.
  // A synced, published, paused or resumed plan reaches the store at once, on every instance (ADR 0176).
  const catalogChanges = createCatalogInvalidation(db, cache);
  const onCatalogueChanged = (planCodes?: string[]) =>
    planCodes ? catalogChanges.plansChanged(planCodes) : catalogChanges.everything();
  // Each supplier's last sync, balance check and webhook state, for the console (issue 28, ADR 0311).
  const supplierStatus = createSupplierStatus({
    db,
    jobs,
    suppliers: supplier.suppliers,
    defaultSupplier: supplier.supplier?.name ?? null,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
    balances: () => supplierBalances.latest(),
  });
  const catalogueSync = createCatalogueSync({
    db,
    jobs,
    suppliers: supplier.suppliers,
    onCatalogueChanged,
    log: supplierStatus,
    defaultSupplier: supplier.supplier?.name ?? null,
  });
  catalogueSync.registerJobs(jobs);
  // Supplier balances (ADR 0198): low balance alerts operators and pauses the plans only that supplier fulfils.
  const supplierBalances = createSupplierBalances({
    db,
    jobs,
    outbox,
    suppliers: supplier.suppliers,
    defaultSupplier: supplier.supplier?.name ?? null,
    thresholds: { esimaccess: env.ESIMACCESS_LOW_BALANCE_CENTS, airalo: env.AIRALO_LOW_BALANCE_CENTS },
    alertEmail: env.OPERATOR_ALERT_EMAIL,
    onCatalogueChanged,
    log: supplierStatus,
  });
  supplierBalances.registerJobs(jobs);
  if (Object.values(supplier.suppliers).some((s) => s?.catalogue) && pollMs > 0)
    Promise.all([catalogueSync.schedule(), supplierBalances.schedule()]).catch((error) =>
      options.onJobError?.(error, { id: "", kind: "supplier-schedule", attempt: 0 }),
    );
  if (Object.keys(supplier.suppliers).length > 0 && pollMs > 0)
    esim
      .scheduleUsageSync()
      .catch((error) => options.onJobError?.(error, { id: "", kind: ESIM_USAGE_SYNC_JOB.kind, attempt: 0 }));
  const { payment, forgetting: paymentForgetting } = createPaymentModule({
    db,
    jobs,
    orders: order,
    providers: payments.providers,
    active: payments.active,
    currencies: site.currencies,
    onPaymentAnomaly: options.onPaymentAnomaly,
  });
  const signedUp = createAccountSignedUpFlow({ coupon, sfb });
  const account = createAccountModule({
    repo: accountRepo,
    sessions,
    codes,
    captcha,
    transport: createPasswordTransport(db, env.PASSWORD_RSA_PRIVATE_KEY),
    limiter: rateLimiter,
    // Every module that holds the customer's data forgets it in the deletion's transaction (ADR 0165).
    forget: createAccountForgetFlow({
      payments: paymentForgetting,
      orders: order,
      outbox,
      uploads,
      reviews,
      staffNotes: admin.customerNotes,
    }),
    termsVersionInForce: (locale, executor) => pages.termsVersionInForce(locale, executor),
    // The invite code a friend arrived with is attached once the account exists (ADR 0242).
    onSignedUp: signedUp.signedUp,
    onSignUpHookError: (error) => options.onJobError?.(error, { id: "", kind: "sfb.attach", attempt: 0 }),
    // The welcome coupon the home page advertises, in the registration's transaction (issue 12, ADR 0252).
    welcome: signedUp.welcome,
    settings: {
      scrypt: scryptParams(env),
      loginSlowingMaxMs,
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
  // Expired verification codes and sessions go once an hour, whichever instance runs the slot's job.
  const purge = createPurgeExpiredFlow({ jobs, account, admin, uploads });
  if (pollMs > 0) {
    purge
      .schedule(new Date())
      .catch((error) => options.onJobError?.(error, { id: "", kind: ACCOUNT_PURGE_JOB.kind, attempt: 0 }));
    delivery
      .enqueuePending()
      .catch((error) => options.onJobError?.(error, { id: "", kind: "message.deliver", attempt: 0 }));
  }
  const checkout = createCheckoutModule({
    db,
    catalog,
    coupons: coupon,
    currencies: site.currencies,
    orders: order,
    credit,
    esims: esim,
    // The quote flags a total the active card provider cannot charge (ADR 0122).
    paymentMinimum: (currencyCode, rates) =>
      payments.providers[payments.active]?.minimumAmount(currencyCode, rates) ?? null,
  });
  const region = createRegionModule({ db, cache });
  const invoice = createInvoiceModule({
    orders: order,
    currencies: site.currencies,
    // The bill-to block (ADR 0215): the street, then district, city and region in the invoice's language.
    billingAddress: createInvoiceBillingAddressFlow({ account, region }),
  });
  // A change published from the console on any instance reaches this one's in-process copies too (ADR 0230).
  cache.onInvalidate((tags) => {
    if (tags.some(isCatalogTag)) search.refreshSoon();
  });
  /** The console's merchandising side (issue 16; ADRs 0230-0234): each part writes its own module's tables. */
  const merch = createConsoleMerch(db);

  // Operators' refunds (issue 16, ADR 0225): to the card through the provider, or to store credit.
  const refund = createRefundModule({
    db,
    orders: order,
    credit,
    currencies: site.currencies,
    providers: payments.providers,
    supportLimits,
    outbox,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
    jobs,
  });
  // One refund flow whoever starts it (issue 29, ADR 0336): money, credit, coupons, rewards and the eSIM.
  const refundOrder = createRefundOrderFlow({ db, refund, esim, orders: order, uploads });
  // The daily reconciliation with suppliers and payments (issue 29 item 4, ADR 0365).
  const reconcile = createReconcileModule({
    db,
    jobs,
    suppliers: supplier.suppliers,
    providers: payments.providers,
    readBalance: (name, now) => supplierBalances.check(name, now),
  });
  if (pollMs > 0)
    reconcile
      .schedule()
      .catch((error) => options.onJobError?.(error, { id: "", kind: RECONCILE_JOB.kind, attempt: 0 }));
  failedDeliveries.refund = refundOrder.refundFailedDelivery;
  const helpDesk = createHelpModule({ db, outbox, limiter: rateLimiter, uploads });
  return {
    /** spec 2: the external hosts content links may open (EXTERNAL_LINK_HOSTS; ADR 0216). */
    externalLinkHosts: allowedHostList(env.EXTERNAL_LINK_HOSTS),
    merch,
    /** The shared cache; app.ts closes it and clears the HTML cache on its invalidations. */
    cache,
    /** What a committed catalogue change clears: its plans and destinations, or everything (ADR 0282). */
    catalogChanges,
    site,
    catalog,
    contentPrice,
    search,
    productList,
    recommend,
    content,
    pageEditor,
    linkTargets,
    media,
    pages,
    help: helpDesk.help,
    reviews,
    notifications,
    support: helpDesk.support,
    uploads,
    /** The image re-encoding workers; app.ts closes them. */
    imagePool,
    lov: createLovModule({ site, catalog, cache }),
    region,
    account,
    /** The operator console's realm: operators, sessions, invitations, audit log (issue 16). */
    admin,
    refund,
    refundOrder,
    reconcile,
    social,
    captcha,
    rateLimiter,
    outbox,
    /** Delivers the outbox over SMTP and the SMS gateway as jobs; app.ts closes it. */
    delivery,
    jobs,
    coupon,
    credit,
    sfb,
    order,
    checkout,
    payment,
    esim,
    catalogueSync,
    supplierBalances,
    supplierStatus,
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
