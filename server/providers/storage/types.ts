/**
 * Where uploaded files live (architecture: file storage): a folder under DATA_DIR by default, S3-compatible
 * object storage when configured. Keys are made by the server, never by a client: lower-case letters, digits,
 * "-", "_" and "/" between parts, and one extension ("ab/c1d2….png").
 */
export interface FileStorage {
  readonly kind: "folder" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_-]{0,63}){0,3}\.[a-z0-9]{1,8}$/;

/** Refuses a key that is not one of ours, so no key can climb out of the folder or the bucket ("../"). */
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
