import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { folderStorage } from "./folder.ts";
import { createFileStorage } from "./index.ts";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "roamly-storage-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("the folder storage", () => {
  it("stores, reads back and deletes a file", async () => {
    const storage = folderStorage(join(root, "uploads"));
    await storage.put("c1/abc.png", Buffer.from("pixels"), "image/png");
    expect((await storage.get("c1/abc.png"))?.toString()).toBe("pixels");
    expect(await readdir(join(root, "uploads", "c1"))).toEqual(["abc.png"]);
    await storage.delete("c1/abc.png");
    expect(await storage.get("c1/abc.png")).toBeNull();
    await storage.delete("c1/abc.png");
  });

  it("replaces a file whole, leaving no partial file behind", async () => {
    const storage = folderStorage(root);
    await storage.put("a.xlsx", Buffer.from("one"), "x");
    await storage.put("a.xlsx", Buffer.from("two"), "x");
    expect((await storage.get("a.xlsx"))?.toString()).toBe("two");
    expect(await readdir(root)).toEqual(["a.xlsx"]);
  });

  it("refuses any key that could leave the folder or is not one of the server's", async () => {
    const storage = folderStorage(join(root, "uploads"));
    for (const key of [
      "../secret.png",
      "a/../../b.png",
      "/etc/passwd",
      "a\\b.png",
      "A.png",
      "a/.png",
      "a",
      "a.png/",
    ])
      await expect(storage.put(key, Buffer.from("x"), "image/png")).rejects.toThrow(/invalid storage key/);
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/invalid storage key/);
    await expect(stat(join(root, "secret.png"))).rejects.toThrow();
  });

  it("is the default: DATA_DIR/uploads, unless S3 is configured", async () => {
    const storage = createFileStorage({ DATA_DIR: root, UPLOADS_S3_REGION: "us-east-1" });
    expect(storage.kind).toBe("folder");
    await storage.put("x.png", Buffer.from("1"), "image/png");
    expect(await readdir(join(root, "uploads"))).toEqual(["x.png"]);
    const s3 = createFileStorage({
      DATA_DIR: root,
      UPLOADS_S3_REGION: "auto",
      UPLOADS_S3_ENDPOINT: "http://127.0.0.1:9",
      UPLOADS_S3_BUCKET: "media",
      UPLOADS_S3_ACCESS_KEY_ID: "id",
      UPLOADS_S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(s3.kind).toBe("s3");
  });
});
