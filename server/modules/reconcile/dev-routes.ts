import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { ReconcileService } from "./service.ts";
import { utcDay } from "./service.ts";

const RunBody = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** The run's clock (now by default): a time past the grace period finds an order paid moments ago (ADR 0390). */
  at: z.iso.datetime({ offset: true }).optional(),
});

/**
 * Sandbox tool (never registered in production unless SANDBOX_TOOLS): `POST /__dev/reconcile` runs the daily
 * reconciliation now for a UTC day (today by default) instead of waiting for its nightly slot (ADR 0365), with its
 * clock at `at` when given (ADR 0390).
 */
export function reconcileDevRoutes(app: FastifyInstance, services: { reconcile: ReconcileService }) {
  app.post("/__dev/reconcile", { schema: { body: RunBody } }, async (request) => {
    const body = parseInput(RunBody, request.body ?? {});
    return services.reconcile.run(body.day ?? utcDay(new Date()), body.at ? new Date(body.at) : new Date());
  });
}
