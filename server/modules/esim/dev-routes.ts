import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { issuedIccid, orderCode } from "../../../core/ids.ts";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { SandboxSupplier } from "../../providers/supplier/sandbox.ts";
import type { OrderService } from "../order/service.ts";
import type { EsimService } from "./service.ts";

const UsageBody = z.object({
  iccid: issuedIccid(),
  usedMb: z.number().int().min(0).max(10_000_000),
});

const InstalledBody = z.object({ iccid: issuedIccid() });

const FailuresBody = z.object({
  /** The order whose units should fail; null clears the rule. */
  orderCode: orderCode().nullable(),
  units: z.array(z.number().int().min(0).max(99)).min(1).max(100).default([0]),
  retryable: z.boolean().default(true),
});

/**
 * Sandbox tools (never registered in production unless SANDBOX_TOOLS):
 * - `POST /__dev/esim/usage` sets the sandbox supplier's usage for an ICCID and runs the usage sync for it at
 *   once, answering with the updated eSIM summary.
 * - `POST /__dev/esim/installed` has a phone download the profile at the sandbox supplier (it is then no longer
 *   cancellable) and runs the usage sync for it, answering with the eSIM summary, now INSTALLED (ADR 0168).
 * - `POST /__dev/esim/supplier-failures` makes the sandbox supplier fail to issue some units of one order, every
 *   time (ADR 0150), so a failed multi-unit order can be watched end to end.
 */
export function esimDevRoutes(
  app: FastifyInstance,
  services: { esim: EsimService; order: OrderService },
  sandbox: SandboxSupplier,
) {
  app.post("/__dev/esim/usage", { schema: { body: UsageBody } }, async (request) => {
    const body = parseInput(UsageBody, request.body);
    if (!(await sandbox.setUsage(body.iccid, body.usedMb))) throw new ApiError(404, "esim.dev.noProfile");
    await services.esim.syncUsage({ iccid: body.iccid });
    const summary = await services.esim.summaryByIccid(body.iccid, request.ctx.locale);
    if (!summary) throw new ApiError(404, "esim.notFound");
    return summary;
  });

  app.post("/__dev/esim/installed", { schema: { body: InstalledBody } }, async (request) => {
    const body = parseInput(InstalledBody, request.body);
    // False for an unknown ICCID, and for one already downloaded or cancelled: the summary tells which.
    await sandbox.markInstalled(body.iccid);
    const known = await services.esim.summaryByIccid(body.iccid, request.ctx.locale);
    if (!known) throw new ApiError(404, "esim.notFound");
    await services.esim.syncUsage({ iccid: body.iccid });
    return (await services.esim.summaryByIccid(body.iccid, request.ctx.locale))!;
  });

  app.post("/__dev/esim/supplier-failures", { schema: { body: FailuresBody } }, async (request) => {
    const body = parseInput(FailuresBody, request.body);
    if (body.orderCode === null) {
      sandbox.setFailingKeys(null);
      return { failing: null };
    }
    const order = await services.order.findByCode(body.orderCode);
    if (!order) throw new ApiError(404, "purchase.order.notFound");
    const pattern = new RegExp(`^order:${order.id}:(${body.units.join("|")})$`);
    sandbox.setFailingKeys(pattern, { retryable: body.retryable });
    return { failing: pattern.source, retryable: body.retryable };
  });
}
