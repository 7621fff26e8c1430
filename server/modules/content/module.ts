import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import { defineModule } from "../../module.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { RecommendService } from "../recommend/service.ts";
import { createConsoleNotes } from "./console.ts";
import { createContentConsole } from "./console-service.ts";
import { contentDevRoutes } from "./dev-routes.ts";
import { createPageEditor, PAGE_SWITCH_JOB } from "./editor.ts";
import { createEditorRepo } from "./editor-repo.ts";
import { createLinkTargets } from "./link-targets.ts";
import { createContentRepo } from "./repo.ts";
import { contentRoutes } from "./routes.ts";
import { createContentService } from "./service.ts";

export interface ContentModuleDeps {
  db: Database;
  cache: SharedCache;
  jobs: JobRunner;
  recommend: RecommendService;
  catalog: CatalogService;
  previewSecret: string;
}

export function createContentModule(deps: ContentModuleDeps) {
  const { db, cache } = deps;
  const repo = createContentRepo(db);
  const content = createContentService(repo, deps.recommend, cache);
  // The visual page editor (issue 17): drafts, versions, publishing and signed preview links.
  const pageEditor = createPageEditor(createEditorRepo(db), cache, {
    previewSecret: deps.previewSecret,
    jobs: deps.jobs,
  });
  // The editor's action picker (issue 31): destinations, plans, landing pages and notes by name.
  const linkTargets = createLinkTargets({ catalog: deps.catalog, repo, pages: pageEditor });
  // The page editor's console use cases (ADRs 0415, 0420), and the console's notes, which the pages module's
  // content console edits.
  const pageConsole = createContentConsole({ pageEditor, linkTargets });
  return { content, pageEditor, linkTargets, pageConsole, consoleNotes: createConsoleNotes() };
}

export const contentModule = defineModule<Parameters<typeof contentRoutes>[1]>({
  name: "content",
  jobKinds: [PAGE_SWITCH_JOB.kind],
  routes: (app, services, { sandbox }) => {
    contentRoutes(app, services);
    if (sandbox) contentDevRoutes(app, services);
  },
});
