import { AwsClient } from "aws4fetch";
import { assertStorageKey, type FileStorage } from "./types.ts";

export interface S3Config {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com, an R2 or MinIO endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO): three calls signed with AWS Signature V4 by
 * aws4fetch, path-style (`endpoint/bucket/key`) so any S3-compatible service works. Objects stay private; the
 * store serves them itself after its own checks, as it does from the folder.
 */
export function s3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
  const base = `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`;
  const call = async (method: "PUT" | "GET" | "DELETE", key: string, init: RequestInit = {}) => {
    assertStorageKey(key);
    const signed = await client.sign(`${base}/${key}`, { method, ...init });
    return fetchImpl(signed);
  };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const response = await call("PUT", key, {
        body: new Uint8Array(bytes),
        headers: { "content-type": contentType, "content-length": String(bytes.byteLength) },
      });
      if (!response.ok) throw new Error(`S3 PUT ${key} answered ${response.status}`);
    },
    async get(key) {
      const response = await call("GET", key);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await call("DELETE", key);
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 DELETE ${key} answered ${response.status}`);
    },
  };
}
