import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { afterAll, describe, expect, it } from "vitest";
import { checkContent, detectType, UploadRejected } from "./content.ts";
import { jpegOrientation } from "./image.ts";
import { createImagePool } from "./image-pool.ts";
import { HTML_FILE, makeJpeg, makePng, makeXlsx, makeXlsxBomb, makeZip } from "./test-files.ts";
import { checkXlsx } from "./xlsx.ts";

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(UploadRejected);
  return (error as UploadRejected).reason;
}

describe("a file's type comes from its content", () => {
  it("knows PNG, JPEG and an Excel workbook by their bytes", async () => {
    expect((await detectType(makePng()))?.contentType).toBe("image/png");
    expect((await detectType(makeJpeg()))?.contentType).toBe("image/jpeg");
    expect(await detectType(makeXlsx())).toMatchObject({ kind: "excel", ext: "xlsx" });
  });

  it("refuses HTML, SVG, a plain zip and an empty file, whatever they are called", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await detectType(HTML_FILE)).toBeUndefined();
    expect(await refusal(checkContent(HTML_FILE, ["image", "excel"]))).toBe("type");
    expect(await refusal(checkContent(svg, ["image"]))).toBe("type");
    expect(
      await refusal(checkContent(makeZip([{ name: "a.txt", data: Buffer.from("hi") }]), ["excel"])),
    ).toBe("type");
    expect(await refusal(checkContent(Buffer.alloc(0), ["image"]))).toBe("type");
  });

  it("refuses a kind the purpose does not take: a workbook as a profile picture", async () => {
    expect(await refusal(checkContent(makeXlsx(), ["image"]))).toBe("type");
  });
});

describe("an Excel workbook is checked as a zip", () => {
  it("takes a real workbook as it came", async () => {
    const file = makeXlsx();
    const checked = await checkContent(file, ["excel"]);
    expect(checked.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(checked.bytes.equals(file)).toBe(true);
  });

  it("refuses a zip bomb that declares its size", async () => {
    const bomb = makeXlsxBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(checkContent(bomb, ["excel"]))).toBe("zipBomb");
  });

  it("refuses a zip bomb whose headers lie, once decompressing passes the declared size", async () => {
    expect(await checkXlsx(makeXlsxBomb({ megabytes: 8, lie: true }))).toEqual({
      ok: false,
      reason: "zipBomb",
    });
  });

  it("refuses a workbook with a macro project, or without a workbook part", async () => {
    const file = makeXlsx();
    expect(await checkXlsx(Buffer.concat([file.subarray(0, 10)]))).toEqual({ ok: false, reason: "notExcel" });
    const withMacros = makeZip([
      { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
      { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
      { name: "xl/vbaProject.bin", data: Buffer.from("macro") },
    ]);
    expect(await checkXlsx(withMacros)).toEqual({ ok: false, reason: "notExcel" });
  });
});

describe("an image is re-encoded without its metadata", () => {
  const pool = createImagePool(1);
  afterAll(() => pool.close());

  it("drops a PNG's text chunks and keeps its pixels", async () => {
    const checked = await checkContent(makePng(8, 4, "GPS 22.3193,114.1694"), ["image"]);
    expect(checked.bytes.includes("GPS")).toBe(false);
    expect(checked.bytes.includes("tEXt")).toBe(false);
    const png = PNG.sync.read(checked.bytes);
    expect([png.width, png.height]).toEqual([8, 4]);
    expect([...png.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
  });

  it("drops a JPEG's EXIF and turns it upright as the EXIF said, on the worker pool", async () => {
    const photo = makeJpeg(16, 8, { orientation: 6, secret: "SERIAL-123456" });
    expect(jpegOrientation(photo)).toBe(6);
    const checked = await checkContent(photo, ["image"], { reencode: pool.reencode });
    expect(checked.bytes.includes("Exif")).toBe(false);
    expect(checked.bytes.includes("SERIAL-123456")).toBe(false);
    expect(jpegOrientation(checked.bytes)).toBe(1);
    // Rotated 90° clockwise: 8 wide and 16 high, the red half now on top.
    const image = jpeg.decode(checked.bytes, { useTArray: true });
    expect([image.width, image.height, checked.width, checked.height]).toEqual([8, 16, 8, 16]);
    expect(image.data[0]).toBeGreaterThan(200);
    expect(image.data[2]).toBeLessThan(60);
    const bottom = (15 * 8 + 0) * 4;
    expect(image.data[bottom + 2]).toBeGreaterThan(200);
  });

  it("refuses an image too large to decode safely, before decoding it", async () => {
    const huge = makePng(4, 4);
    huge.writeUInt32BE(60_000, 16); // IHDR width
    huge.writeUInt32BE(60_000, 20); // IHDR height
    expect(await refusal(checkContent(huge, ["image"], { reencode: pool.reencode }))).toBe("dimensions");
  });

  it("refuses a truncated image as unreadable", async () => {
    const cut = makeJpeg(64, 64).subarray(0, 200);
    expect(await refusal(checkContent(cut, ["image"]))).toBe("corrupt");
  });
});
