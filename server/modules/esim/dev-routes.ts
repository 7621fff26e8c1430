import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError } from "../../http/errors.ts";
import { apiLocale } from "../../http/request-info.ts";
import { parseInput } from "../../http/validate.ts";
import type { SandboxSupplier } from "../../providers/supplier/sandbox.ts";
import type { Services } from "../../services.ts";

const UsageBody = z.object({
  iccid: z.string().regex(/^89\d{17,18}$/),
  usedMb: z.number().int().min(0).max(10_000_000),
});

/**
 * Sandbox tool (never registered in production unless SANDBOX_TOOLS): sets the sandbox supplier's usage for an
 * ICCID and runs the usage sync for it at once, answering with the updated eSIM summary.
 */
export function esimDevRoutes(app: FastifyInstance, services: Services, sandbox: SandboxSupplier) {
  app.post("/__dev/esim/usage", async (request) => {
    const body = parseInput(UsageBody, request.body);
    if (!(await sandbox.setUsage(body.iccid, body.usedMb))) throw new ApiError(404, "esim.dev.noProfile");
    await services.esim.syncUsage({ iccid: body.iccid });
    const summary = await services.esim.summaryByIccid(body.iccid, apiLocale(request));
    if (!summary) throw new ApiError(404, "esim.notFound");
    return summary;
  });
}
