import { crc32, deflateRawSync } from "node:zlib";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/** Files for the upload tests: real images with metadata, real and hostile workbooks, made in memory. */

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Declare this uncompressed size instead of the real one (a zip bomb whose headers lie). */
  declaredSize?: number;
}

/** A zip with deflated entries (the format .xlsx uses), written by hand so a test can make its headers lie. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const sheet = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

function xlsxEntries(sheetData: Buffer, declaredSize?: number): ZipEntry[] {
  return [
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(RELS) },
    { name: "xl/workbook.xml", data: Buffer.from(WORKBOOK) },
    { name: "xl/_rels/workbook.xml.rels", data: Buffer.from(WORKBOOK_RELS) },
    { name: "xl/worksheets/sheet1.xml", data: sheetData, declaredSize },
  ];
}

/** A small, valid workbook with one inline-string cell. */
export function makeXlsx(): Buffer {
  const row = '<row r="1"><c r="A1" t="inlineStr"><is><t>ICCID</t></is></c></row>';
  return makeZip(xlsxEntries(Buffer.from(sheet(row))));
}

/**
 * A workbook whose sheet inflates to `megabytes` MB (default 64, over the 50 MB limit) from a few hundred KB.
 * With `lie`, the headers declare a 1 KB sheet, so only really decompressing it shows the bomb.
 */
export function makeXlsxBomb(options: { megabytes?: number; lie?: boolean } = {}): Buffer {
  const padding = Buffer.alloc((options.megabytes ?? 64) * 1024 * 1024, 0x20);
  return makeZip(xlsxEntries(padding, options.lie ? 1024 : undefined));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `width` x `height` (red left half, blue right half), with `text` in a tEXt chunk when given. */
export function makePng(width = 8, height = 4, text?: string): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const left = x < width / 2;
      png.data[i] = left ? 255 : 0;
      png.data[i + 1] = 0;
      png.data[i + 2] = left ? 0 : 255;
      png.data[i + 3] = 255;
    }
  const bytes = PNG.sync.write(png);
  if (!text) return bytes;
  // After the signature (8) and IHDR (25): a tEXt chunk, as cameras and editors write.
  return Buffer.concat([
    bytes.subarray(0, 33),
    pngChunk("tEXt", Buffer.from(`Comment\0${text}`, "latin1")),
    bytes.subarray(33),
  ]);
}

/**
 * A JPEG of `width` x `height` (red left half, blue right half) with an EXIF segment carrying `orientation`
 * and the text `secret` (as a GPS position or a camera serial would be).
 */
export function makeJpeg(
  width = 16,
  height = 8,
  options: { orientation?: number; secret?: string } = {},
): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const left = x < width / 2;
      data[i] = left ? 255 : 0;
      data[i + 2] = left ? 0 : 255;
      data[i + 3] = 255;
    }
  const encoded = jpeg.encode({ data, width, height }, 95).data;
  // TIFF, little-endian, one IFD entry: Orientation (0x0112, SHORT, 1 value).
  const tiff = Buffer.alloc(26);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(options.orientation ?? 1, 18);
  tiff.writeUInt32LE(0, 22);
  const payload = Buffer.concat([
    Buffer.from("Exif\0\0", "latin1"),
    tiff,
    Buffer.from(options.secret ?? "", "latin1"),
  ]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([encoded.subarray(0, 2), app1, payload, encoded.subarray(2)]);
}

/** An HTML page, to be sent under an image's name. */
export const HTML_FILE = Buffer.from('<!doctype html><html><body><script>alert("x")</script></body></html>');
