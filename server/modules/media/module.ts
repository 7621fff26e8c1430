import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import type { ImagePool } from "../uploads/image-pool.ts";
import { createMediaRepo } from "./repo.ts";
import { createMediaService, type MediaDeps } from "./service.ts";

export interface MediaModuleDeps {
  db: Database;
  storage: FileStorage;
  images: ImagePool;
  /** The page editor (content module): the pages that show a file, so one in use is not deleted. */
  editor: { pagesUsing: MediaDeps["pagesUsing"] };
}

/** The operators' public media library (issue 17, ADR 0274): same checks and storage as uploads. */
export function createMediaModule(deps: MediaModuleDeps) {
  return createMediaService({
    repo: createMediaRepo(deps.db),
    storage: deps.storage,
    images: deps.images,
    pagesUsing: (url, tx) => deps.editor.pagesUsing(url, tx),
  });
}

/** Its routes (console endpoints and public file URLs) register with the console's, in admin/register.ts. */
export const mediaModule = defineModule<Record<string, never>>({ name: "media", jobKinds: [] });
