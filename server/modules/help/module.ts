import type { Database } from "../../../db/client.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import { defineModule } from "../../module.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import type { UploadService } from "../uploads/service.ts";
import { createConsoleHelp } from "./console.ts";
import { createHelpRepo } from "./repo.ts";
import { helpRoutes } from "./routes.ts";
import { createHelpService } from "./service.ts";
import { createSupportDesk } from "./support.ts";

/** The help centre, and the support desk that mails a shopper's question with their uploads attached. */
export interface HelpModuleDeps {
  db: Database;
  outbox: MessageSender;
  limiter: RateLimiter;
  uploads: UploadService;
}

export function createHelpModule(deps: HelpModuleDeps) {
  return {
    help: createHelpService(createHelpRepo(deps.db)),
    support: createSupportDesk({
      db: deps.db,
      outbox: deps.outbox,
      limiter: deps.limiter,
      uploads: deps.uploads,
    }),
    /** The console's help articles, which the content console edits (ADR 0420). */
    consoleHelp: createConsoleHelp(),
  };
}

export const helpModule = defineModule<Parameters<typeof helpRoutes>[1]>({
  name: "help",
  jobKinds: [],
  routes: (app, services) => helpRoutes(app, services),
});
