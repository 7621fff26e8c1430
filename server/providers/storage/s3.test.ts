import { describe, expect, it } from "vitest";
import { s3Storage } from "./s3.ts";

/** The S3 adapter's requests, seen by a fetch that records them and answers like S3 (path-style, SigV4). */
function recordingS3() {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string | null }[] = [];
  const fetchImpl = (async (input: Request) => {
    const url = new URL(input.url);
    seen.push({ method: input.method, url: input.url, authorization: input.headers.get("authorization") });
    if (input.method === "PUT") objects.set(url.pathname, Buffer.from(await input.arrayBuffer()));
    if (input.method === "DELETE") objects.delete(url.pathname);
    if (input.method === "GET") {
      const body = objects.get(url.pathname);
      return body
        ? new Response(new Uint8Array(body))
        : new Response("<Error><Code>NoSuchKey</Code></Error>", { status: 404 });
    }
    return new Response(null, { status: input.method === "DELETE" ? 204 : 200 });
  }) as typeof fetch;
  return { objects, seen, fetchImpl };
}

describe("the S3-compatible storage", () => {
  const config = {
    endpoint: "https://s3.example.test/",
    bucket: "roamly-media",
    region: "eu-west-1",
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "secret",
  };

  it("puts, gets and deletes objects path-style, every call signed with SigV4", async () => {
    const s3 = recordingS3();
    const storage = s3Storage(config, s3.fetchImpl);
    await storage.put("c1/abc.png", Buffer.from("pixels"), "image/png");
    expect((await storage.get("c1/abc.png"))?.toString()).toBe("pixels");
    await storage.delete("c1/abc.png");
    expect(await storage.get("c1/abc.png")).toBeNull();
    expect(s3.seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      "PUT https://s3.example.test/roamly-media/c1/abc.png",
      "GET https://s3.example.test/roamly-media/c1/abc.png",
      "DELETE https://s3.example.test/roamly-media/c1/abc.png",
      "GET https://s3.example.test/roamly-media/c1/abc.png",
    ]);
    for (const call of s3.seen)
      expect(call.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request/,
      );
  });

  it("refuses a key that is not the server's before calling out", async () => {
    const s3 = recordingS3();
    const storage = s3Storage(config, s3.fetchImpl);
    await expect(storage.get("../other-bucket/x.png")).rejects.toThrow(/invalid storage key/);
    expect(s3.seen).toEqual([]);
  });

  it("reports a failed write", async () => {
    const storage = s3Storage(config, (async () => new Response("denied", { status: 403 })) as typeof fetch);
    await expect(storage.put("a.png", Buffer.from("x"), "image/png")).rejects.toThrow(/answered 403/);
  });
});
