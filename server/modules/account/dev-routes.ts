import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { VerificationCodes } from "./verification-codes.ts";

const ExpireCodes = z.object({ to: z.string().trim().min(1).max(300) });

/**
 * Sandbox tools only (registered when services.sandbox is set): `POST /__dev/codes/expire {to}` ages the live
 * codes sent to an e-mail or E.164 phone (as /__dev/outbox names it) so they are expired, letting tests and
 * developers see the expired-code path without waiting 10 minutes.
 */
export function accountDevRoutes(app: FastifyInstance, codes: VerificationCodes) {
  app.post("/__dev/codes/expire", { schema: { body: ExpireCodes } }, async (request) => {
    const { to } = parseInput(ExpireCodes, request.body ?? {});
    return { expired: await codes.expireLive(to) };
  });
}
