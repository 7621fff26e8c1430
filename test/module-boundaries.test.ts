import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema/index.ts";
import {
  type BoundaryRules,
  checkCompositionRoot,
  checkFile,
  checkRepository,
  importsOf,
  ownerOf,
  sourceFiles,
} from "./module-boundaries.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each table's one owner (ADR 0172): the module, provider or folder whose code writes it. */
const OWNERS: Record<string, string[]> = {
  account: [
    "customers",
    "customerSocialIdentities",
    "customerSessions",
    "verificationCodes",
    "serverKeyPairs",
  ],
  captcha: ["captchas"],
  region: ["addressRegions"],
  catalog: [
    "continents",
    "destinations",
    "destinationCountries",
    "continentDestinations",
    "planLabels",
    "plans",
    "planPrices",
    "planCoverage",
    "categories",
    "categoryDestinations",
    "campaigns",
    "campaignTargets",
    "media",
    // The supply side of the catalogue (server/modules/catalog/supply, ADRs 0196-0198).
    "planSuppliers",
    "pricingRules",
    "priceRoundings",
    "supplierBalances",
    "supplierBalanceReadings",
    "supplierPausedPlans",
    // Each supplier's last sync, balance check and webhook state (issue 28, ADR 0311).
    "supplierStatus",
  ],
  recommend: ["recommendLists", "recommendItems"],
  content: ["contentPages", "contentPageVersions", "contentPageSchedules", "notes", "liveRooms"],
  search: ["hotWords", "specificWords", "searchTerms", "searchIndexState"],
  esim: ["esims", "esimPackages", "esimSupplierOrders"],
  coupon: ["coupons", "customerCoupons", "couponUsage", "couponCustomerUsage", "couponScopes"],
  order: ["orders", "orderStatusHistory"],
  // Store credit (issue 11, ADR 0240): the append-only ledger; adjustments waiting for approval (ADR 0313).
  credit: ["creditEntries", "creditAdjustmentRequests"],
  // Invite rewards (issue 11, ADR 0242).
  sfb: ["inviteCodes", "invites", "inviteDecisions", "inviteSettings"],
  // Ratings and reviews of plans (issue 12, ADR 0265).
  reviews: ["planReviews"],
  // The operator realm (issue 16): operators, their sessions, and the append-only audit log.
  admin: [
    "operators",
    "operatorSessions",
    "operatorInvitations",
    "auditLog",
    "orderNotes",
    "customerNotes",
    "consoleSavedViews",
    "consoleBulkItems",
  ],
  // Operators' refunds of paid orders, to the card or to store credit (issue 16, ADR 0225).
  reconcile: ["reconciliationMismatches"],
  refund: ["orderRefunds", "refundPolicies", "refundRequests"],
  payment: ["payments", "paymentEvents", "paymentAnomalies", "paymentCustomers"],
  site: ["sites", "siteLanguages", "currencies"],
  jobs: ["jobs"],
  pages: ["legalDocuments", "infoPages", "footerContents"],
  help: ["helpArticles", "helpFeedback", "helpWords"],
  notification: ["customerNotifications", "notificationPreferences"],
  uploads: ["customerUploads"],
  // The operators' public media library (issue 17, ADR 0274).
  media: ["mediaAssets"],
  "providers/messages": ["messageOutbox"],
  "providers/payment": ["sandboxPaymentSessions", "sandboxSavedCards"],
  // The suppliers' request windows, shared by every process (issue 34, ADR 0334).
  "providers/supplier": ["sandboxSupplierProfiles", "sandboxSupplierPackages", "supplierRateWindows"],
};

/**
 * Reads across the line, each joined in the reader's own queries for a reason; the reader never writes them.
 * Anything else a module needs from another goes through that module's service.
 */
const READS: BoundaryRules["reads"] = {
  catalog: {
    currencies: "a plan is priced only in a currency the store has enabled (one lookup with the plan)",
  },
  coupon: {
    plans: "a coupon's scope names plans; the wallet and the quote check them in the coupon query",
    destinations: "a coupon's scope names destinations, checked in the same query",
  },
  esim: {
    orders: "the purchased-packages list shows each package's order code and language in one paged query",
    plans: "the purchased-packages list shows each package's plan title in the same query",
    planSuppliers: "provisioning reads which supplier packages fulfil a plan, in failover order (ADR 0196)",
  },
  order: {
    customers: "the console's one search (issue 29) matches an order by its customer's e-mail, name or phone",
    plans: "and by its plan's title in any language, in the same paged query",
    destinations: "and by its destination's name in any language",
    esims: "and by its eSIMs' ICCIDs or supplier (a filter), so the page and its total agree",
  },
  reconcile: {
    orders:
      "the daily reconciliation (ADR 0365) compares the day's paid and refunded orders with the outside parties",
    payments: "and each order's provider payment with the provider's charge",
    orderRefunds: "and the card part refunded with what the provider says it refunded",
    esims: "and which eSIMs a refunded order holds, to ask their supplier whether they still work",
    esimSupplierOrders:
      "and which supplier each unit was ordered from, and when and for how much its balance paid (ADR 0390)",
    esimPackages: "and which packages were cancelled at the supplier, whose cost its balance credits back",
    supplierBalanceReadings: "and the balance readings that bracket the day (ADR 0390)",
  },
  recommend: {
    plans: "a recommend list is plans and destinations, read in one query per list (warm render budget)",
    destinations: "as plans",
    categoryDestinations: "a category's recommend list reads its destinations in the same query",
  },
  search: {
    destinations: "the search index is built from destination names",
    destinationCountries: "and from the countries a destination covers",
  },
  "providers/payment": { currencies: "the sandbox hosted page shows the amount with the store's currency" },
};

/**
 * Another module's service a route file takes (ADR 0405): each for a reason. The console's support desk is the
 * one page that shows an order across modules (issue 29); issue 33 item 1 moves its use cases into services.
 */
const SUPPORT_DESK = "the support desk's order page shows and acts on the order across modules (issue 29)";
const ROUTE_SERVICES: Record<string, Record<string, string>> = {
  "server/modules/account/routes.ts": {
    region: "the billing address form names its region, city and district",
  },
  "server/modules/recommend/routes.ts": { site: "a recommend list is priced in the shopper's currency" },
  "server/modules/checkout/dev-routes.ts": {
    order: "the sandbox expires an unpaid order at once (ADR 0114)",
  },
  "server/modules/esim/dev-routes.ts": { order: "the sandbox supplier's tools find the order they act on" },
  "server/modules/esim/issue-dev-routes.ts": { order: "the sandbox issues eSIMs for an order" },
  "server/modules/admin/support-routes.ts": Object.fromEntries(
    ["account", "catalog", "coupon", "credit", "esim", "order", "payment", "reconcile", "refund", "site"].map(
      (m) => [m, SUPPORT_DESK],
    ),
  ),
};

/**
 * The shared parts server/services.ts builds besides modules and flows (ADR 0416): each for a reason. Anything else
 * it creates is a module's own part and belongs in that module's factory.
 */
const SHARED_PARTS: Record<string, string> = {
  createSharedCache: "the one shared cache (ADR 0176)",
  createMemoryCounterStore: "rate-limit counters without Redis",
  createRateLimiter: "one limiter over the counters for every module",
  createJobRunner: "the one durable job runner (ADRs 0100, 0177)",
  createOutbox: "the one message outbox every module sends through",
  createMessageDelivery: "delivers the outbox over the transports below",
  createSmtpTransport: "e-mail transport (providers)",
  createHttpSmsGateway: "SMS transport (providers)",
  createImagePool: "the image re-encoding workers uploads and media share",
  createFileStorage: "the file storage uploads and media share",
  createPaymentProviders: "the payment providers (outside parties)",
  createSupplier: "the eSIM suppliers (outside parties)",
  createIdentityProviders: "the identity providers (outside parties)",
};

const RULES: BoundaryRules = {
  routeServices: ROUTE_SERVICES,
  owners: Object.fromEntries(
    Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((table) => [table, owner])),
  ),
  reads: READS,
  sqlOwners: Object.fromEntries(
    Object.entries(OWNERS).flatMap(([owner, tables]) =>
      tables.map((table) => [getTableName((schema as unknown as Record<string, Table>)[table]!), owner]),
    ),
  ),
};

describe("module boundaries (ADR 0172)", () => {
  it("gives every table in db/schema exactly one owner", () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, Table))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(RULES.owners).sort()).toEqual(tables);
    const listed = Object.values(OWNERS).flat();
    expect(listed.length).toBe(new Set(listed).size);
  });

  it("holds in the repository: no foreign repo, no foreign table written, no arrow from core/ or db/ up", () => {
    expect(checkRepository(ROOT, ["server", "app", "core", "db", "test", "scripts", "bench"], RULES)).toEqual(
      [],
    );
  });

  it("declares only reads that happen, so the list stays an honest map of the joins", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(ROOT, ["server", "app"])) {
      if (/\.test\.tsx?$|-test-kit\.ts$/.test(file)) continue;
      for (const statement of importsOf(readFileSync(path.join(ROOT, file), "utf8"))) {
        if (!statement.specifier.includes("db/schema/") || statement.typeOnly) continue;
        for (const name of statement.names) used.add(`${ownerOf(file)}:${name}`);
      }
    }
    const declared = Object.entries(READS).flatMap(([owner, tables]) =>
      Object.keys(tables).map((table) => `${owner}:${table}`),
    );
    expect(declared.filter((read) => !used.has(read))).toEqual([]);
  });

  it("finds another module's repo imported, even for a type", () => {
    const source = 'import type { OrderRepo } from "../order/repo.ts";\n';
    expect(checkFile("server/modules/esim/service.ts", source, RULES)).toEqual([
      {
        file: "server/modules/esim/service.ts",
        rule: "foreign-repo",
        detail: "imports server/modules/order/repo.ts",
      },
    ]);
    expect(
      checkFile(
        "app/features/orders/orders.server.ts",
        source.replace("../", "../../../server/modules/"),
        RULES,
      ),
    ).toHaveLength(1);
    expect(
      checkFile("server/modules/order/service.ts", 'import { createOrderRepo } from "./repo.ts";\n', RULES),
    ).toEqual([]);
  });

  it("finds a foreign table imported, and a declared read that writes", () => {
    const foreign = 'import {\n  customers,\n  orders,\n} from "../../../db/schema/index.ts";\n';
    expect(checkFile("server/modules/account/repo.ts", foreign, RULES)).toEqual([
      {
        file: "server/modules/account/repo.ts",
        rule: "foreign-table",
        detail: "imports orders, owned by order",
      },
    ]);
    const writes = `import { esims, orders } from "../../../db/schema/index.ts";\nawait tx.update(orders).set({});\n`;
    expect(checkFile("server/modules/esim/repo.ts", writes, RULES)).toEqual([
      {
        file: "server/modules/esim/repo.ts",
        rule: "writes-foreign-table",
        detail: "writes orders, owned by order",
      },
    ]);
  });

  it("finds a foreign table written in raw SQL, and lets the owner write its own", () => {
    const source =
      "await tx.execute(sql`\n  insert into job (kind, payload) select 'x', '{}'`);\n" +
      "await db.execute(sql`update customer_order set expires_at = now() where code = 'A'`);\n" +
      "await db.execute(sql`select 1 from job j where j.kind = 'x'`);\n";
    expect(checkFile("server/providers/messages/delivery.ts", source, RULES).map((v) => v.detail)).toEqual([
      "writes job in SQL, owned by jobs",
      "writes customer_order in SQL, owned by order",
    ]);
    expect(
      checkFile("server/jobs/runner.ts", "await db.execute(sql`update job set run_at = now()`);", RULES),
    ).toEqual([]);
  });

  it("finds core/ importing from db/, even for a type, while db/ may use core/'s rules", () => {
    const source = 'import type { OrderStatus } from "../db/schema/index.ts";\n';
    expect(checkFile("core/order-tabs.ts", source, RULES).map((v) => v.detail)).toEqual([
      "imports db/schema/index.ts",
    ]);
    expect(
      checkFile(
        "db/schema/orders.ts",
        'import { ORDER_STATUSES } from "../../core/order-status.ts";\n',
        RULES,
      ),
    ).toEqual([]);
  });

  it("finds core/ or db/ importing from server/ or app/", () => {
    const source =
      'import type { Services } from "../server/services.ts";\nconst x = await import("../app/root.tsx");\n';
    expect(checkFile("core/money.ts", source, RULES).map((v) => v.detail)).toEqual([
      "imports server/services.ts",
      "imports app/root.tsx",
    ]);
  });

  it("finds a module or flow importing the composition root, and a route file taking another module's service", () => {
    const root = 'import type { Services } from "../../services.ts";\n';
    expect(checkFile("server/modules/order/routes.ts", root, RULES).map((v) => v.rule)).toEqual([
      "composition-root",
    ]);
    expect(
      checkFile("server/flows/order-paid.ts", 'import type { Services } from "../services.ts";\n', RULES),
    ).toHaveLength(1);
    const foreign = 'import type { SfbService } from "../sfb/service.ts";\n';
    expect(checkFile("server/modules/order/routes.ts", foreign, RULES)).toEqual([
      {
        file: "server/modules/order/routes.ts",
        rule: "route-foreign-service",
        detail: "imports server/modules/sfb/service.ts",
      },
    ]);
    expect(checkFile("server/modules/order/service.ts", foreign, RULES)).toEqual([]);
    expect(
      checkFile(
        "server/modules/recommend/routes.ts",
        'import type { SiteService } from "../site/service.ts";\n',
        RULES,
      ),
    ).toEqual([]);
  });

  it("finds a module's own code importing a flow, which only its routes and module.ts may use", () => {
    const flow = 'import type { RefundOrderFlow } from "../../flows/refund-order.ts";\n';
    expect(checkFile("server/modules/refund/service.ts", flow, RULES).map((v) => v.rule)).toEqual([
      "module-imports-flow",
    ]);
    expect(checkFile("server/modules/refund/routes.ts", flow, RULES)).toEqual([]);
  });

  it("finds a route file taking another module's service through a type of it, unless listed", () => {
    const status = 'import type { SupplierStatusService } from "../catalog/supply/sync-log.ts";\n';
    expect(checkFile("server/modules/esim/routes.ts", status, RULES)).toEqual([
      {
        file: "server/modules/esim/routes.ts",
        rule: "route-foreign-service",
        detail: "imports server/modules/catalog/supply/sync-log.ts",
      },
    ]);
    const inline =
      'import { supplierWebhookPath, type SupplierStatusService } from "../catalog/supply/sync-log.ts";\n';
    expect(checkFile("server/modules/esim/routes.ts", inline, RULES)).toHaveLength(1);
    const helper = 'import { supplierWebhookPath } from "../catalog/supply/sync-log.ts";\n';
    expect(checkFile("server/modules/esim/routes.ts", helper, RULES)).toEqual([]);
    const listed = 'import type { SupplierBalances } from "../catalog/supply/balance.ts";\n';
    expect(checkFile("server/modules/admin/support-routes.ts", listed, RULES)).toEqual([]);
  });

  it("keeps services.ts a list of modules and flows: no other part created, no closure written there", () => {
    const services = readFileSync(path.join(ROOT, "server/services.ts"), "utf8");
    expect(checkCompositionRoot(services, SHARED_PARTS)).toEqual([]);
    const closures = [
      'import { createOrderModule } from "./modules/order/module.ts";',
      'import { createSessions } from "./modules/account/sessions.ts";',
      "export function createServices(db: Database) {",
      "  const sessions = createSessions(repo);",
      "  const reviews = createReviewsModule({ findOrder: (code) => order.findByCode(code) });",
      "  cache.onInvalidate(() => {",
      "    search.refreshSoon();",
      "  });",
      "  const order = createOrderModule({ later: () => ({ esims: esim }) });",
      '  starts.start("x", () => purge.schedule(new Date()));',
      "}",
    ].join("\n");
    expect(checkCompositionRoot(closures, SHARED_PARTS)).toEqual([
      "createSessions is neither a module's nor a flow's factory (./modules/account/sessions.ts)",
      "createReviewsModule is neither a module's nor a flow's factory (local)",
      "a closure with parameters: (code) => order.findByCode(code) });",
      "a closure longer than one line: () => {",
    ]);
  });

  it("gives every module a module.ts that services.ts builds from and routes.ts lists", () => {
    const modules = readdirSync(path.join(ROOT, "server/modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const services = readFileSync(path.join(ROOT, "server/services.ts"), "utf8");
    const routes = readFileSync(path.join(ROOT, "server/routes.ts"), "utf8");
    const missing = modules.filter(
      (m) =>
        !existsSync(path.join(ROOT, `server/modules/${m}/module.ts`)) ||
        !services.includes(`./modules/${m}/module.ts`) ||
        !routes.includes(`./modules/${m}/module.ts`),
    );
    expect(missing).toEqual([]);
  });

  it("reads names, aliases and type-only imports", () => {
    expect(importsOf('import { a as b, type C, d } from "./x.ts";\nexport { e } from "./y.ts";\n')).toEqual([
      { specifier: "./x.ts", names: ["a", "d"], typeOnly: false },
      { specifier: "./y.ts", names: ["e"], typeOnly: false },
    ]);
  });
});
