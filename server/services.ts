import type { Database } from "../db/client.ts";
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
import { createSharedCache, type SharedCache } from "./infra/cache.ts";
import { type CounterStore, createMemoryCounterStore } from "./infra/counter-store.ts";
import { installSecret } from "./infra/install-secret.ts";
import { createRateLimiter } from "./infra/rate-limit.ts";
import { createJobRunner } from "./jobs/runner.ts";
import { jobStarts } from "./jobs/schedules.ts";
import { createAccountModule } from "./modules/account/module.ts";
import { OWASP_SCRYPT } from "./modules/account/password-hash.ts";
import { createAdminModule } from "./modules/admin/module.ts";
import { createCaptchaModule } from "./modules/captcha/module.ts";
import { createCatalogModule } from "./modules/catalog/module.ts";
import { createSupplyModule } from "./modules/catalog/supply/module.ts";
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

/**
 * Every use case the API and the route loaders reach, built once per process over one database (ADRs 0405, 0416):
 * the shared parts, then each module from its module.ts in dependency order (with the flows it starts), then the
 * flows over them, then the periodic jobs. A module that needs one built after it names it `Later<…>`.
 */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const env = options.env ?? readEnv();
  const production = env.NODE_ENV === "production";
  const sandboxTools = env.SANDBOX_TOOLS ?? !production;
  const publicOrigin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`;
  // ADR 0189: required in production; elsewhere one made for this install and kept in DATA_DIR.
  const codeSecret = env.CODE_HMAC_SECRET ?? installSecret(env.DATA_DIR, "code-hmac");
  // ADRs 0187, 0312: the longest pause before a password is checked on an account under attack.
  const loginSlowingMaxMs = env.LOGIN_SLOWING_MAX_MS ?? (env.NODE_ENV === "test" ? 0 : 4000);
  // The support role's per-currency limit on refunds and store-credit adjustments (ADRs 0225, 0313).
  const supportLimits = parseRefundLimits(env.ADMIN_SUPPORT_REFUND_LIMIT);

  // The shared parts.
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
  const starts = jobStarts(pollMs, options.onJobError);
  const outbox = createOutbox(db, jobs);
  const delivery = createMessageDelivery({
    db,
    email: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : undefined,
    sms: env.SMS_GATEWAY_URL ? createHttpSmsGateway(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN) : undefined,
  });
  delivery.registerJobs(jobs);
  // Uploads (issue 10, ADRs 0210-0211): DATA_DIR/uploads or S3-compatible storage; images re-encoded off-thread.
  const imagePool = createImagePool(1);
  const fileStorage = createFileStorage(env);
  const payments = createPaymentProviders(env, db, jobs);
  // eSIM delivery (ADRs 0130-0134) and the catalogue's supply side go through the configured suppliers.
  const supplier = createSupplier(env, db);
  const identity = createIdentityProviders(env);

  // The modules, in dependency order.
  const captcha = createCaptchaModule({ db, keepAnswersForDev: sandboxTools });
  const uploads = createUploadsModule({ db, storage: fileStorage, images: imagePool, jobs });
  const helpDesk = createHelpModule({ db, outbox, limiter: rateLimiter, uploads });
  const notifications = createNotificationModule({ db, cache });
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
      publicOrigin,
      challengeSecret: env.CODE_HMAC_SECRET ?? installSecret(env.DATA_DIR, "operator-challenge"),
      loginSlowingMaxMs,
      supportLimits,
    },
  });
  const { site, consoleRates } = createSiteModule({ db, cache });
  const { search, consoleWords } = createSearchModule({ db, cache });
  // The catalogue sync, supplier balances and status (ADRs 0197, 0198, 0311), and what a catalogue change clears.
  const supply = createSupplyModule({
    db,
    cache,
    jobs,
    outbox,
    suppliers: supplier.suppliers,
    defaultSupplier: supplier.supplier?.name ?? null,
    publicOrigin,
    thresholds: { esimaccess: env.ESIMACCESS_LOW_BALANCE_CENTS, airalo: env.AIRALO_LOW_BALANCE_CENTS },
    alertEmail: env.OPERATOR_ALERT_EMAIL,
  });
  // The shopper's catalogue, and the console's catalogue, prices and plan sheets (ADRs 0230-0233, 0420).
  const { catalog, productList, catalogConsole, consoleCatalogue, consoleCampaigns } = createCatalogModule({
    db,
    cache,
    search,
    rates: consoleRates,
    catalogueSync: supply.catalogueSync,
    catalogChanges: supply.catalogChanges,
  });
  const recommend = createRecommendModule({ db, catalog, cache });
  // The content blocks, the visual page editor (issue 17) and the editor's action picker (issue 31).
  const { content, pageEditor, linkTargets, pageConsole, consoleNotes } = createContentModule({
    db,
    cache,
    jobs,
    recommend,
    catalog,
    previewSecret: env.CODE_HMAC_SECRET ?? installSecret(env.DATA_DIR, "page-preview"),
  });
  // The operators' public media library (issue 17, ADR 0274): same checks and storage as uploads.
  const media = createMediaModule({ db, storage: fileStorage, images: imagePool, editor: pageEditor });
  // Legal documents, info pages and the footer; the console's content (help articles and notes too, ADR 0420).
  const { pages, contentConsole } = createPagesModule({
    db,
    cache,
    consoleHelp: helpDesk.consoleHelp,
    consoleNotes,
  });
  // Coupons, and the console's marketing: coupons, campaigns and search words (ADRs 0232, 0420).
  const { coupon, marketingConsole, consoleCoupons } = createCouponModule({
    db,
    currencies: site.currencies,
    cache,
    consoleCatalogue,
    consoleCampaigns,
    consoleWords,
    consoleRates,
  });
  // Store credit (issue 11, ADR 0240): the append-only ledger; a daily job expires inactive balances.
  const credit = createCreditModule({ db, jobs, outbox, notifications, accounts: () => account });
  // Invite rewards (issue 11, ADR 0242): the friend's coupon on sign-up, the inviter's credit on completion.
  const { sfb, inviteConsole } = createSfbModule({
    db,
    cache,
    credit,
    coupons: coupon,
    consoleCoupons,
    notifications,
    accounts: () => account,
  });
  const order = createOrderModule({
    db,
    coupons: coupon,
    currencies: site.currencies,
    jobs,
    outbox,
    notifications,
    providers: payments.providers,
    later: () => ({ payments: payment, esims: esim, refunds: refund }),
    // Store credit comes back with an unpaid or refunded order (ADR 0241).
    // Orders paid, refunds and payment-to-eSIM time are counted as the hooks run (ADR 0331).
    hooks: measuredOrderHooks({
      cancelledUnpaid: createOrderCancelledUnpaidFlow({ credit }),
      paid: createOrderPaidFlow({ sfb }),
      completed: createOrderCompletedFlow({ sfb }),
      refunded: createOrderRefundedFlow({ credit, coupon, sfb }),
    }),
    publicOrigin,
  });
  const { reviews, reviewConsole } = createReviewsModule({ db, cache, orders: order });
  const esim = createEsimModule({
    db,
    // A failed delivery is refunded by the one refund flow (ADR 0359).
    refunds: () => refundOrder,
    orders: order,
    jobs,
    outbox,
    notifications,
    catalog,
    currencies: site.currencies,
    supplier: supplier.supplier,
    suppliers: supplier.suppliers,
    webhooks: supply.supplierStatus,
    publicOrigin,
    provisionMaxAttempts: env.ESIM_PROVISION_MAX_ATTEMPTS,
    usageSyncMs: env.ESIM_USAGE_SYNC_MS,
  });
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
  const { account, social, codes } = createAccountModule({
    db,
    cache,
    outbox,
    captcha,
    limiter: rateLimiter,
    tokenTtl: { accessS: env.ACCESS_TOKEN_TTL_S, refreshS: env.REFRESH_TOKEN_TTL_S },
    codeSecret,
    passwordPrivateKey: env.PASSWORD_RSA_PRIVATE_KEY,
    identity,
    // Every module that holds the customer's data forgets it in the deletion's transaction (ADR 0165).
    forget: createAccountForgetFlow({
      payments: paymentForgetting,
      orders: order,
      outbox,
      uploads,
      reviews,
      staffNotes: admin.customerNotes,
    }),
    legal: pages,
    // The invite code a friend arrived with is attached once the account exists (ADR 0242).
    onSignedUp: signedUp.signedUp,
    onSignUpHookError: starts.failed("sfb.attach"),
    // The welcome coupon the home page advertises, in the registration's transaction (issue 12, ADR 0252).
    welcome: signedUp.welcome,
    settings: {
      scrypt: scryptParams(env),
      loginSlowingMaxMs,
      emailRegistrationEnabled: env.REGISTER_EMAIL_ENABLED,
      phoneRegistrationEnabled: env.REGISTER_PHONE_ENABLED,
    },
  });
  const checkout = createCheckoutModule({
    db,
    catalog,
    coupons: coupon,
    currencies: site.currencies,
    orders: order,
    credit,
    esims: esim,
    // The quote flags a total the active card provider cannot charge (ADR 0122).
    paymentMinimum: payments.minimumAmount,
  });
  const region = createRegionModule({ db, cache });
  const invoice = createInvoiceModule({
    orders: order,
    currencies: site.currencies,
    // The bill-to block (ADR 0215): the street, then district, city and region in the invoice's language.
    billingAddress: createInvoiceBillingAddressFlow({ account, region }),
  });
  // Operators' refunds (issue 16, ADR 0225): to the card through the provider, or to store credit.
  const refund = createRefundModule({
    db,
    orders: order,
    credit,
    currencies: site.currencies,
    providers: payments.providers,
    supportLimits,
    outbox,
    publicOrigin,
    jobs,
  });
  // The daily reconciliation with suppliers and payments (issue 29 item 4, ADR 0365).
  const reconcile = createReconcileModule({
    db,
    jobs,
    suppliers: supplier.suppliers,
    providers: payments.providers,
    balances: supply.supplierBalances,
  });
  const lov = createLovModule({ site, catalog, cache });

  // The flows over the modules (server/flows/) that no module starts.
  // A price written into content (ADR 0264): over the catalogue and the shared cache.
  const contentPrice = createContentPriceFlow({ cache, catalog });
  // One refund flow whoever starts it (issue 29, ADR 0336): money, credit, coupons, rewards and the eSIM.
  const refundOrder = createRefundOrderFlow({ db, refund, esim, orders: order, uploads });
  // Expired verification codes and sessions go once an hour, whichever instance runs the slot's job.
  const purge = createPurgeExpiredFlow({ jobs, account, admin, uploads });

  // The periodic jobs' first slots and the start-up tasks, where this instance polls jobs.
  starts.start("credit.expiry-sweep", () => credit.schedule(jobs));
  starts.start("supplier-schedule", () => supply.schedule());
  if (Object.keys(supplier.suppliers).length > 0)
    starts.start(ESIM_USAGE_SYNC_JOB.kind, () => esim.scheduleUsageSync());
  starts.start(ACCOUNT_PURGE_JOB.kind, () => purge.schedule(new Date()));
  starts.start("message.deliver", () => delivery.enqueuePending());
  starts.start(RECONCILE_JOB.kind, () => reconcile.schedule());
  return {
    /** spec 2: the external hosts content links may open (EXTERNAL_LINK_HOSTS; ADR 0216). */
    externalLinkHosts: allowedHostList(env.EXTERNAL_LINK_HOSTS),
    /** The shared cache; app.ts closes it and clears the HTML cache on its invalidations. */
    cache,
    /** What a committed catalogue change clears: its plans and destinations, or everything (ADR 0282). */
    catalogChanges: supply.catalogChanges,
    site,
    catalog,
    /** The console's use cases, each its module's (ADRs 0407, 0420). */
    catalogConsole,
    marketingConsole,
    contentConsole,
    inviteConsole,
    reviewConsole,
    pageConsole,
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
    lov,
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
    catalogueSync: supply.catalogueSync,
    supplierBalances: supply.supplierBalances,
    supplierStatus: supply.supplierStatus,
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
