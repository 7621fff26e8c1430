import type { FastifyInstance } from "fastify";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import type { InviteConsole } from "./console-service.ts";

// Invite-reward settings in the console (issue 11 "operators can set them, with safe defaults"; issue 16
// Marketing; ADR 0235). Each endpoint is its contract (console-contract.ts, ADR 0407), with the bounds that keep a
// typo from giving money away; the use case is the invite console's (console-service.ts), which the sfb module
// builds (ADR 0420).

export function consoleInviteRoutes(app: FastifyInstance, services: { inviteConsole: InviteConsole }) {
  const invite = services.inviteConsole;

  adminRoute(app, api.getInviteSettings, () => invite.rules());
  adminRoute(app, api.saveInviteSettings, ({ operator, body }) => invite.save(operator, body));
}
