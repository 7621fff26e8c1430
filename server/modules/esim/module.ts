import type { Database } from "../../../db/client.ts";
import { defineModule, type Later } from "../../module.ts";
import type { SandboxSupplier } from "../../providers/supplier/sandbox.ts";
import { esimDevRoutes } from "./dev-routes.ts";
import { esimIssueDevRoutes } from "./issue-dev-routes.ts";
import { createEsimRepo } from "./repo.ts";
import { esimRoutes } from "./routes.ts";
import {
  createEsimService,
  ESIM_CANCEL_JOB,
  ESIM_FAILURE_NOTICE_JOB,
  ESIM_PROVISION_JOB,
  ESIM_REFUND_CANCEL_JOB,
  ESIM_USAGE_HINT_JOB,
  ESIM_USAGE_READ_JOB,
  ESIM_USAGE_SYNC_JOB,
  type EsimServiceDeps,
} from "./service.ts";

export type EsimModuleDeps = Omit<
  EsimServiceDeps,
  "repo" | "db" | "refundFailedDelivery" | "onWebhookReceived"
> & {
  db: Database;
  /** The supply module's supplier status: when each supplier's webhook last arrived (ADR 0311). */
  webhooks: { webhookReceived: NonNullable<EsimServiceDeps["onWebhookReceived"]> };
  /** The one refund flow (ADR 0359), built later because it needs this module: a failed delivery is refunded. */
  refunds: Later<{ refundFailedDelivery: NonNullable<EsimServiceDeps["refundFailedDelivery"]> }>;
};

/** eSIM delivery (ADRs 0130-0134): the supplier, provisioning after payment and the usage feed. */
export function createEsimModule(deps: EsimModuleDeps) {
  const { refunds, webhooks, ...rest } = deps;
  const esim = createEsimService({
    ...rest,
    repo: createEsimRepo(deps.db),
    refundFailedDelivery: (orderCode, statusReason) =>
      refunds().refundFailedDelivery(orderCode, statusReason),
    onWebhookReceived: (name) => webhooks.webhookReceived(name),
  });
  esim.registerJobs(deps.jobs);
  return esim;
}

type EsimRouteServices = Parameters<typeof esimRoutes>[1] &
  Parameters<typeof esimDevRoutes>[1] & {
    /** The sandbox supplier's tools (/__dev/esim); null in production unless SANDBOX_TOOLS is on. */
    esimSandbox: SandboxSupplier | null;
    sandbox: { db: Database } | null;
  };

export const esimModule = defineModule<EsimRouteServices>({
  name: "esim",
  jobKinds: [
    ESIM_PROVISION_JOB.kind,
    ESIM_USAGE_SYNC_JOB.kind,
    ESIM_FAILURE_NOTICE_JOB.kind,
    ESIM_CANCEL_JOB.kind,
    ESIM_REFUND_CANCEL_JOB.kind,
    ESIM_USAGE_HINT_JOB.kind,
    ESIM_USAGE_READ_JOB.kind,
  ],
  routes: (app, services) => {
    esimRoutes(app, services);
    if (services.esimSandbox) esimDevRoutes(app, services, services.esimSandbox);
    if (services.sandbox && services.esimSandbox)
      esimIssueDevRoutes(app, services.sandbox.db, services.esimSandbox, services.order);
  },
});
