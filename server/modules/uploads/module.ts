import type { Database } from "../../../db/client.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import { defineModule } from "../../module.ts";
import type { FileStorage } from "../../providers/storage/index.ts";
import type { ImagePool } from "./image-pool.ts";
import { createUploadRepo } from "./repo.ts";
import { uploadRoutes } from "./routes.ts";
import { createUploadService, UPLOAD_FILES_DELETE_JOB } from "./service.ts";

export interface UploadsModuleDeps {
  db: Database;
  storage: FileStorage;
  images: ImagePool;
  jobs: JobRunner;
}

/** Uploads (issue 10, ADRs 0210-0211): DATA_DIR/uploads or S3-compatible storage; images re-encoded off-thread. */
export function createUploadsModule(deps: UploadsModuleDeps) {
  return createUploadService({
    repo: createUploadRepo(deps.db),
    storage: deps.storage,
    images: deps.images,
    jobs: deps.jobs,
  });
}

export const uploadsModule = defineModule<Parameters<typeof uploadRoutes>[1]>({
  name: "uploads",
  jobKinds: [UPLOAD_FILES_DELETE_JOB.kind],
  routes: (app, services) => uploadRoutes(app, services),
});
