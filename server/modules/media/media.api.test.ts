import { mkdtempSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES } from "../../../core/media.ts";
import type { ContentDocument } from "../../../db/schema/content-document.ts";
import { setupTestApp } from "../../../test/api.ts";
import { bearer, registerByEmail } from "../account/account-test-kit.ts";
import { auditOf, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { can, ROLES } from "../admin/permissions.ts";
import { HTML_FILE, makeJpeg, makePng } from "../uploads/test-files.ts";

const dataDir = mkdtempSync(join(tmpdir(), "roamly-media-"));
const app = setupTestApp({ DATA_DIR: dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

function upload(fileName: string, bytes: Buffer, as: Record<string, string> = headers) {
  return app.server.inject({
    method: "POST",
    url: "/o2adm/v1/media",
    headers: as,
    payload: { fileName, contentBase64: bytes.toString("base64") },
  });
}

// Issue 17 / ADR 0274: the operators' public media library.
describe("media library", () => {
  it("stores a PNG named .jpg as a PNG, re-encoded, at a public, immutable, content-hashed URL", async () => {
    const original = makePng(12, 6, "GPS 35.0,139.0 secret comment");
    const res = await upload("Autumn banner.jpg", original);
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      contentType: "image/png",
      fileName: "Autumn banner.png",
      width: 12,
      height: 6,
      created: true,
    });
    expect(item.url).toMatch(/^\/media\/library\/[0-9a-f]{64}\.png$/);

    // Served to anyone (no cookie), typed by content, never sniffed, cacheable for a year.
    const served = await app.server.inject({ method: "GET", url: item.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Re-encoded: the same pixels, none of the metadata.
    expect(served.rawPayload.includes(Buffer.from("secret comment"))).toBe(false);
    const decoded = PNG.sync.read(served.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([12, 6]);
    expect(served.rawPayload.length).toBe(item.byteSize);

    // The same picture again is the same URL, and the library lists it once.
    const again = await upload("copy.png", original);
    expect(again.json()).toMatchObject({ url: item.url, created: false });
    const list = await app.server.inject({ method: "GET", url: "/o2adm/v1/media", headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().records.filter((r: { url: string }) => r.url === item.url)).toHaveLength(1);

    // A wrong extension or an unknown hash is a 404.
    expect(
      (await app.server.inject({ method: "GET", url: item.url.replace(".png", ".jpg") })).statusCode,
    ).toBe(404);
    expect(
      (await app.server.inject({ method: "GET", url: `/media/library/${"0".repeat(64)}.png` })).statusCode,
    ).toBe(404);
  });

  it("takes a JPEG and keeps it a JPEG", async () => {
    const res = await upload("photo.jpeg", makeJpeg(16, 8));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contentType: "image/jpeg", width: 16, height: 8 });
    const served = await app.server.inject({ method: "GET", url: res.json().url });
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it("refuses a non-image named .png, an SVG, an over-size file and an empty one, storing nothing", async () => {
    const before = await readdir(join(dataDir, "uploads", "media")).catch(() => [] as string[]);
    const html = await upload("banner.png", HTML_FILE);
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ failed: true, code: "uploads.imageOnly" });
    const svg = await upload(
      "logo.png",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.statusCode).toBe(415);
    // A real PNG padded past spec 5's 5 MB.
    const big = Buffer.concat([makePng(4, 4), Buffer.alloc(MEDIA_MAX_BYTES)]);
    const tooBig = await upload("huge.png", big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ failed: true, code: "uploads.tooLarge" });
    const empty = await upload("empty.png", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const after = await readdir(join(dataDir, "uploads", "media")).catch(() => [] as string[]);
    expect(after).toEqual(before);
  });

  it("refuses a shopper's token and a signed-out caller", async () => {
    const { accessToken } = await registerByEmail(app, "media-shopper@roamly.test");
    for (const as of [
      { ...bearer(accessToken), "x-requested-with": "fetch" },
      { "x-requested-with": "fetch" },
    ]) {
      const res = await upload("a.png", makePng(), as);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ failed: true, code: "adminApi.signInRequired" });
    }
  });

  it("lets only the roles with pages.write upload and delete, and pages.read list", async () => {
    for (const role of ROLES) {
      const as = await operatorHeaders(app, await createOperator(app, role));
      const res = await upload(`${role}.png`, makePng(5, 5 + ROLES.indexOf(role)), as);
      expect(res.statusCode, role).toBe(can(role, "pages.write") ? 200 : 403);
      const list = await app.server.inject({ method: "GET", url: "/o2adm/v1/media", headers: as });
      expect(list.statusCode, role).toBe(can(role, "pages.read") ? 200 : 403);
      if (res.statusCode === 200) {
        const del = await app.server.inject({
          method: "DELETE",
          url: `/o2adm/v1/media/${res.json().hash}`,
          headers: as,
        });
        expect(del.statusCode, role).toBe(200);
      } else {
        const { hash } = (await upload(`by-merch-${role}.png`, makePng(6, 5 + ROLES.indexOf(role)))).json();
        const del = await app.server.inject({
          method: "DELETE",
          url: `/o2adm/v1/media/${hash}`,
          headers: as,
        });
        expect(del.statusCode, role).toBe(403);
      }
    }
  });

  it("refuses to delete an image a page uses, deletes it once unused, and audits both changes", async () => {
    const item = (await upload("hero.png", makePng(20, 10))).json();
    const created = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/pages",
      headers,
      payload: {
        siteCode: "O2_PLATFORM__101",
        lang: "en_US",
        pageType: "LANDING",
        pageCode: "media-hero",
        title: "Hero",
      },
    });
    expect(created.statusCode).toBe(200);
    const page = created.json();
    const document: ContentDocument = structuredClone(page.document);
    document.variants[0]!.components.push({
      componentId: "hero",
      componentCode: "Banner",
      componentName: "Hero",
      positionCode: "10",
      style: {},
      data: { imageUrl: item.url, alt: "Hero" },
      options: "{}",
    });
    const saved = await app.server.inject({
      method: "PUT",
      url: `/o2adm/v1/pages/${page.id}/draft`,
      headers,
      payload: { revision: page.revision, document },
    });
    expect(saved.statusCode).toBe(200);
    const publish = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/pages/${page.id}/publish`,
      headers,
      payload: { revision: saved.json().revision },
    });
    expect(publish.statusCode).toBe(200);

    const refused = await app.server.inject({
      method: "DELETE",
      url: `/o2adm/v1/media/${item.hash}`,
      headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ failed: true, code: "media.inUse" });
    expect(refused.json().message).toContain("media-hero");
    expect((await app.server.inject({ method: "GET", url: item.url })).statusCode).toBe(200);

    // Taken off the page (draft and published), it can go; its URL then answers 404.
    document.variants[0]!.components = document.variants[0]!.components.filter(
      (c) => c.componentId !== "hero",
    );
    const cleared = await app.server.inject({
      method: "PUT",
      url: `/o2adm/v1/pages/${page.id}/draft`,
      headers,
      payload: { revision: saved.json().revision, document },
    });
    await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/pages/${page.id}/publish`,
      headers,
      payload: { revision: cleared.json().revision },
    });
    const deleted = await app.server.inject({
      method: "DELETE",
      url: `/o2adm/v1/media/${item.hash}`,
      headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.server.inject({ method: "GET", url: item.url })).statusCode).toBe(404);
    const again = await app.server.inject({ method: "DELETE", url: `/o2adm/v1/media/${item.hash}`, headers });
    expect(again.statusCode).toBe(404);

    expect((await auditOf(app, "media", item.hash)).map((entry) => entry.action)).toEqual([
      "media.upload",
      "media.delete",
    ]);
  });
});
