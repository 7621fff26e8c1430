import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import type { SfbService } from "./service.ts";

const RulesPatch = z.object({
  enabled: z.boolean().optional(),
  inviterRewardMinor: z.number().int().min(0).max(1_000_000).optional(),
  monthlyCap: z.number().int().min(0).max(1000).optional(),
  holdDays: z.number().int().min(0).max(365).optional(),
});

/**
 * Sandbox tools only: `POST /__dev/sfb/rules` changes the invite programme's rules as an operator would (the
 * browser test sets the hold period to 0 days to spend a reward at once, then puts it back).
 */
export function sfbDevRoutes(app: FastifyInstance, services: { sandbox: object | null; sfb: SfbService }) {
  if (!services.sandbox) return;
  app.post("/__dev/sfb/rules", { schema: { body: RulesPatch } }, async (request) => {
    const patch = parseInput(RulesPatch, request.body);
    return services.sfb.updateRules(patch);
  });
}
