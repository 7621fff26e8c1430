import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { ConsoleNotes } from "../content/console.ts";
import type { ConsoleHelp } from "../help/console.ts";
import { createConsolePages } from "./console.ts";
import { createContentConsole } from "./console-service.ts";
import { createPagesRepo } from "./repo.ts";
import { pagesRoutes } from "./routes.ts";
import { createPagesService } from "./service.ts";

export interface PagesModuleDeps {
  db: Database;
  /** The footer is a shared-cache entry (ADR 0399). */
  cache: SharedCache;
  /** The help module's articles and the content module's notes, which the content console edits (ADR 0420). */
  consoleHelp: ConsoleHelp;
  consoleNotes: ConsoleNotes;
}

/**
 * Legal documents, info pages and the footer; and the console's content use cases over them, help articles and
 * notes (issue 16, ADRs 0234, 0420), each with its transaction, audit entry and cache clearing.
 */
export function createPagesModule(deps: PagesModuleDeps) {
  const { db, cache } = deps;
  return {
    pages: createPagesService(createPagesRepo(db), cache),
    contentConsole: createContentConsole({
      db,
      pages: createConsolePages(),
      help: deps.consoleHelp,
      notes: deps.consoleNotes,
      cache,
    }),
  };
}

export const pagesModule = defineModule<Parameters<typeof pagesRoutes>[1]>({
  name: "pages",
  jobKinds: [],
  routes: (app, services) => pagesRoutes(app, services),
});
