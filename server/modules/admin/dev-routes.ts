import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseInput } from "../../http/validate.ts";
import { ROLES } from "./permissions.ts";
import type { AdminService } from "./service.ts";

const NewOperator = z.object({
  email: z.email().max(254),
  displayName: z.string().trim().min(1).max(64),
  role: z.enum(ROLES),
  password: z.string().min(12).max(128),
});

/**
 * Sandbox tools only (registered with the other /__dev tools; never in production unless SANDBOX_TOOLS is on):
 * `POST /__dev/admin/operators` makes an active operator and returns its TOTP secret, so browser tests sign in
 * with real codes computed from it, as an authenticator app would.
 */
export function adminDevRoutes(
  app: FastifyInstance,
  services: { admin: AdminService; sandbox: object | null },
) {
  if (!services.sandbox) return;
  app.post("/__dev/admin/operators", { schema: { body: NewOperator } }, async (request) => {
    const input = parseInput(NewOperator, request.body);
    return services.admin.createActiveOperator(input);
  });
}
