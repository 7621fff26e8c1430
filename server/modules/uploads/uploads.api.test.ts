import { mkdtempSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import jpeg from "jpeg-js";
import { afterAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../../core/uploads.ts";
import { customerUploads } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { latestMessage } from "../account/account-test-kit.ts";
import { type Shopper, shopper } from "../checkout/purchase-test-kit.ts";
import { HTML_FILE, makeJpeg, makePng, makeXlsx, makeXlsxBomb } from "./test-files.ts";

const dataDir = mkdtempSync(join(tmpdir(), "roamly-uploads-"));
const app = setupTestApp({ DATA_DIR: dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const UPLOAD = "/o2cum/v1/customer/files";

function multipart(name: string, bytes: Buffer, field = "file", type = "application/octet-stream") {
  const boundary = `----roamly${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  who: Shopper,
  name: string,
  bytes: Buffer,
  options: { purpose?: string; lang?: string; type?: string } = {},
) {
  const body = multipart(name, bytes, "file", options.type);
  return app.server.inject({
    method: "POST",
    url: `${UPLOAD}${options.purpose ? `?purpose=${options.purpose}` : ""}`,
    headers: { ...who.headers, "content-type": body.contentType, "x-lang": options.lang ?? "en_US" },
    payload: body.payload,
  });
}

async function storedFiles(who: Shopper) {
  const folder = join(dataDir, "uploads", "c", who.id);
  const files = await readdir(folder).catch(() => [] as string[]);
  const rows = await app.database.db
    .select()
    .from(customerUploads)
    .where(eq(customerUploads.customerId, who.id));
  return { files, rows };
}

async function expectNothingStored(who: Shopper) {
  expect(await storedFiles(who)).toEqual({ files: [], rows: [] });
}

describe("uploading (spec 7: POST multipart, the file under 'file')", () => {
  it("stores an image re-encoded and answers its mediaUrl, which only its owner can open", async () => {
    const who = await shopper(app);
    const reply = await upload(
      who,
      "Screenshot 2026-11-24.jpg",
      makeJpeg(32, 16, { secret: "GPS-22.3,114.1" }),
      {
        lang: "zh_CN",
      },
    );
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      message: "文件上传成功！",
      contentType: "image/jpeg",
      width: 32,
      height: 16,
    });
    expect(body.mediaUrl).toMatch(/^\/o2cum\/v1\/customer\/files\/[0-9a-f]{32}\.jpg$/);

    const file = await app.server.inject({ method: "GET", url: body.mediaUrl, headers: who.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toMatch(/^inline; filename="Screenshot 2026-11-24\.jpg"/);
    expect(file.rawPayload.includes("GPS-22.3")).toBe(false);
    expect(jpeg.decode(file.rawPayload).width).toBe(32);

    const stranger = await shopper(app);
    const other = await app.server.inject({ method: "GET", url: body.mediaUrl, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    const anonymous = await app.server.inject({ method: "GET", url: body.mediaUrl });
    expect(anonymous.statusCode).toBe(401);
  });

  it("serves an Excel workbook as a download with its name", async () => {
    const who = await shopper(app);
    const reply = await upload(who, "eSIMs 十一月.xlsx", makeXlsx());
    expect(reply.statusCode).toBe(200);
    const file = await app.server.inject({ method: "GET", url: reply.json().mediaUrl, headers: who.headers });
    expect(file.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(file.headers["content-disposition"]).toContain("attachment;");
    expect(file.headers["content-disposition"]).toContain(
      "filename*=UTF-8''eSIMs%20%E5%8D%81%E4%B8%80%E6%9C%88.xlsx",
    );
  });

  it("asks for a login", async () => {
    const body = multipart("a.png", makePng());
    const reply = await app.server.inject({
      method: "POST",
      url: UPLOAD,
      headers: { "content-type": body.contentType, "x-requested-with": "fetch" },
      payload: body.payload,
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe("the five refusals of issue 10: the spec's message or a 4xx, and nothing stored", () => {
  it("a 5 MB + 1 byte file: '上传文件大小不能超过5M！'", async () => {
    const who = await shopper(app);
    const big = Buffer.concat([makePng(), Buffer.alloc(UPLOAD_MAX_BYTES + 1 - makePng().length)]);
    expect(big.length).toBe(5_242_881);
    const reply = await upload(who, "big.png", big, { lang: "zh_CN" });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({
      failed: true,
      code: "uploads.tooLarge",
      message: "上传文件大小不能超过5M！",
    });
    await expectNothingStored(who);
  });

  it("a .png that is really an HTML file", async () => {
    const who = await shopper(app);
    const reply = await upload(who, "cat.png", HTML_FILE, { type: "image/png", lang: "zh_HK" });
    expect(reply.statusCode).toBe(415);
    expect(reply.json()).toMatchObject({ failed: true, code: "uploads.badType" });
    expect(reply.json().message).toContain("只能上載圖片");
    await expectNothingStored(who);
  });

  it("an .xlsx zip bomb", async () => {
    const who = await shopper(app);
    const reply = await upload(who, "report.xlsx", makeXlsxBomb());
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ failed: true, code: "uploads.zipBomb" });
    const lying = await upload(who, "report.xlsx", makeXlsxBomb({ megabytes: 60, lie: true }));
    expect(lying.statusCode).toBe(422);
    await expectNothingStored(who);
  });

  it("an 11th file over the count limit: '上传数量不得超过10'", async () => {
    const who = await shopper(app);
    for (let i = 0; i < 10; i++) expect((await upload(who, `shot-${i}.png`, makePng())).statusCode).toBe(200);
    const eleventh = await upload(who, "shot-10.png", makePng(), { lang: "zh_CN" });
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual({ failed: true, code: "uploads.tooMany", message: "上传数量不得超过10" });
    const stored = await storedFiles(who);
    expect([stored.files.length, stored.rows.length]).toEqual([10, 10]);
  });

  it("uploads sent at the same time cannot pass the count limit together", async () => {
    const who = await shopper(app);
    for (let i = 0; i < 8; i++) expect((await upload(who, `shot-${i}.png`, makePng())).statusCode).toBe(200);
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) => upload(who, `race-${i}.png`, makePng())),
    );
    expect(racing.map((reply) => reply.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    const stored = await storedFiles(who);
    expect([stored.files.length, stored.rows.length]).toEqual([10, 10]);
  });

  it("deleting another customer's file: 404, and the file stays", async () => {
    const owner = await shopper(app);
    const { mediaUrl } = (await upload(owner, "mine.png", makePng())).json();
    const thief = await shopper(app);
    const reply = await app.server.inject({
      method: "DELETE",
      url: UPLOAD,
      headers: { ...thief.headers, "x-lang": "zh_CN" },
      payload: [mediaUrl],
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ failed: true, code: "uploads.notFound" });
    // All or nothing: with one of the thief's own files in the list, still nothing goes.
    const own = (await upload(thief, "own.png", makePng())).json().mediaUrl;
    const mixed = await app.server.inject({
      method: "DELETE",
      url: UPLOAD,
      headers: thief.headers,
      payload: [own, mediaUrl],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await storedFiles(owner)).files).toHaveLength(1);
    expect((await storedFiles(thief)).files).toHaveLength(1);
    const file = await app.server.inject({ method: "GET", url: mediaUrl, headers: owner.headers });
    expect(file.statusCode).toBe(200);
  });
});

describe("deleting and the profile picture", () => {
  it("deletes the caller's own files (spec 7 DELETE with an array of mediaUrl)", async () => {
    const who = await shopper(app);
    const first = (await upload(who, "a.png", makePng())).json().mediaUrl;
    const second = (await upload(who, "b.xlsx", makeXlsx())).json().mediaUrl;
    const reply = await app.server.inject({
      method: "DELETE",
      url: UPLOAD,
      headers: who.headers,
      payload: [first, second],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true });
    await expectNothingStored(who);
    expect((await app.server.inject({ method: "GET", url: first, headers: who.headers })).statusCode).toBe(
      404,
    );
  });

  it("a profile picture takes images only, up to 2 MB ('[file]大小为…MB，超过最大限制…MB'), and replaces the old one", async () => {
    const who = await shopper(app);
    const workbook = await upload(who, "me.xlsx", makeXlsx(), { purpose: "avatar" });
    expect(workbook.statusCode).toBe(415);
    expect(workbook.json().code).toBe("uploads.imageOnly");
    const large = Buffer.concat([makePng(), Buffer.alloc(3 * 1024 * 1024)]);
    const tooLarge = await upload(who, "holiday.png", large, { purpose: "avatar", lang: "zh_CN" });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe("holiday大小为3MB，超过最大限制2MB");
    await expectNothingStored(who);

    const first = (await upload(who, "me.png", makePng(), { purpose: "avatar" })).json().mediaUrl;
    expect(await app.services.uploads.avatarOf(who.id)).toBe(first);
    const second = (await upload(who, "me2.jpg", makeJpeg(), { purpose: "avatar" })).json().mediaUrl;
    expect(await app.services.uploads.avatarOf(who.id)).toBe(second);
    const stored = await storedFiles(who);
    expect(stored.files).toEqual([second.split("/").pop()]);
    // Profile pictures do not count against the pending-upload limit.
    expect(stored.rows.map((row) => row.usedFor)).toEqual(["avatar"]);
  });
});

describe("the support form's attachment", () => {
  it("sends the message with the image inline to the support inbox, and the file can no longer be deleted", async () => {
    const who = await shopper(app);
    const { mediaUrl } = (await upload(who, "settings.png", makePng(8, 4, "secret"))).json();
    const reply = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/help/support",
      headers: who.headers,
      payload: {
        email: who.email,
        topic: "installing",
        message: "The eSIM does not show up in settings.",
        attachments: [mediaUrl],
      },
    });
    expect(reply.statusCode).toBe(200);
    const mail = (await latestMessage(app, "support@roamly.example")) as { body: string; html?: string };
    expect(mail.body).toContain("Attachment: settings.png (image/png");
    expect(mail.html).toContain("data:image/png;base64,");
    const remove = await app.server.inject({
      method: "DELETE",
      url: UPLOAD,
      headers: who.headers,
      payload: [mediaUrl],
    });
    expect(remove.statusCode).toBe(409);
    // Used once: the same attachment cannot be sent again.
    const again = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/help/support",
      headers: who.headers,
      payload: {
        email: who.email,
        topic: "other",
        message: "Sending the same file again.",
        attachments: [mediaUrl],
      },
    });
    expect(again.statusCode).toBe(400);
  });

  it("refuses another customer's file as an attachment, and attachments from a visitor", async () => {
    const owner = await shopper(app);
    const { mediaUrl } = (await upload(owner, "x.png", makePng())).json();
    const other = await shopper(app);
    const payload = {
      email: other.email,
      topic: "other",
      message: "Look at this file please.",
      attachments: [mediaUrl],
    };
    const stolen = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/help/support",
      headers: other.headers,
      payload,
    });
    expect(stolen.statusCode).toBe(400);
    const visitor = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/help/support",
      headers: { "x-requested-with": "fetch" },
      payload,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe("housekeeping", () => {
  it("deletes pending uploads no form used within a day, and keeps the rest", async () => {
    const who = await shopper(app);
    const stale = (await upload(who, "old.png", makePng())).json().mediaUrl as string;
    const fresh = (await upload(who, "new.png", makePng())).json().mediaUrl as string;
    const avatar = (await upload(who, "me.png", makePng(), { purpose: "avatar" })).json().mediaUrl as string;
    const staleId = stale.split("/").pop()!.split(".")[0]!;
    await app.database.db
      .update(customerUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(customerUploads.customerId, who.id));
    await app.database.db
      .update(customerUploads)
      .set({ createdAt: new Date() })
      .where(eq(customerUploads.id, fresh.split("/").pop()!.split(".")[0]!));
    await app.services.uploads.purgeStale();
    const stored = await storedFiles(who);
    expect(stored.files.sort()).toEqual([avatar, fresh].map((url) => url.split("/").pop()).sort());
    expect(stored.rows.map((row) => row.id)).not.toContain(staleId);
  });

  it("forgets a deleted account's files: rows in its transaction, files by a job after", async () => {
    const who = await shopper(app);
    await upload(who, "a.png", makePng());
    await upload(who, "me.png", makePng(), { purpose: "avatar" });
    await app.database.db.transaction((tx) => app.services.uploads.forget(who.id, tx as never));
    expect((await storedFiles(who)).rows).toEqual([]);
    await app.services.jobs.drain();
    await expectNothingStored(who);
  });
});
