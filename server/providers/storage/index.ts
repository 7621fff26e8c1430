import { join } from "node:path";
import { folderStorage } from "./folder.ts";
import { s3Storage } from "./s3.ts";
import type { FileStorage } from "./types.ts";

export type { FileStorage } from "./types.ts";
export { assertStorageKey } from "./types.ts";

export interface StorageEnv {
  DATA_DIR: string;
  UPLOADS_S3_ENDPOINT?: string;
  UPLOADS_S3_BUCKET?: string;
  UPLOADS_S3_REGION: string;
  UPLOADS_S3_ACCESS_KEY_ID?: string;
  UPLOADS_S3_SECRET_ACCESS_KEY?: string;
}

/** S3-compatible storage when its endpoint and bucket are set (with credentials), else DATA_DIR/uploads. */
export function createFileStorage(env: StorageEnv): FileStorage {
  if (env.UPLOADS_S3_ENDPOINT && env.UPLOADS_S3_BUCKET) {
    if (!env.UPLOADS_S3_ACCESS_KEY_ID || !env.UPLOADS_S3_SECRET_ACCESS_KEY) {
      throw new Error("UPLOADS_S3_ENDPOINT needs UPLOADS_S3_ACCESS_KEY_ID and UPLOADS_S3_SECRET_ACCESS_KEY");
    }
    return s3Storage({
      endpoint: env.UPLOADS_S3_ENDPOINT,
      bucket: env.UPLOADS_S3_BUCKET,
      region: env.UPLOADS_S3_REGION,
      accessKeyId: env.UPLOADS_S3_ACCESS_KEY_ID,
      secretAccessKey: env.UPLOADS_S3_SECRET_ACCESS_KEY,
    });
  }
  return folderStorage(join(env.DATA_DIR, "uploads"));
}
