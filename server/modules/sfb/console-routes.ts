import type { FastifyInstance } from "fastify";
import type { Merch } from "../../console-merch.ts";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import { createInviteConsole } from "./console-service.ts";
import type { SfbService } from "./service.ts";

// Invite-reward settings in the console (issue 11 "operators can set them, with safe defaults"; issue 16
// Marketing; ADR 0235). Each endpoint is its contract (console-contract.ts, ADR 0407), with the bounds that keep a
// typo from giving money away; the use case is the invite console's (console-service.ts).

export function consoleInviteRoutes(
  app: FastifyInstance,
  services: { merch: Pick<Merch, "coupons" | "db">; sfb: SfbService },
) {
  const { merch, sfb } = services;
  const invite = createInviteConsole({ db: merch.db, sfb, coupons: merch.coupons });

  adminRoute(app, api.getInviteSettings, () => invite.rules());
  adminRoute(app, api.saveInviteSettings, ({ operator, body }) => invite.save(operator, body));
}
