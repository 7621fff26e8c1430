import yauzl from "yauzl";

/** Past these a spreadsheet is refused as a zip bomb: real workbooks of the store's size are far smaller. */
export const XLSX_LIMITS = {
  /** The sum of every entry once decompressed. */
  maxUnzippedBytes: 50 * 1024 * 1024,
  maxEntries: 2000,
  /** One entry may not expand more than this many times its compressed size (a zip bomb's signature). */
  maxRatio: 200,
} as const;

export type XlsxVerdict = { ok: true; unzippedBytes: number } | { ok: false; reason: "zipBomb" | "notExcel" };

const REQUIRED = ["[Content_Types].xml", "xl/workbook.xml"];

function open(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error("no zip")) : resolve(zip)),
    ),
  );
}

/**
 * An Excel workbook (.xlsx) is a zip (issue 10): it is opened with yauzl and every entry is really decompressed,
 * counting bytes as they come, so a zip whose headers lie about sizes is caught too (yauzl's validateEntrySizes
 * fails an entry that inflates past its declared size). Refused: past the limits above (zip bomb), encrypted or
 * malformed entries, names with ".." or absolute paths, a macro project, or no workbook part.
 */
export async function checkXlsx(bytes: Buffer, limits = XLSX_LIMITS): Promise<XlsxVerdict> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(bytes);
  } catch {
    return { ok: false, reason: "notExcel" };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, reason: "zipBomb" };
  }
  const seen = new Set<string>();
  let total = 0;
  return new Promise<XlsxVerdict>((resolve) => {
    let settled = false;
    const finish = (verdict: XlsxVerdict) => {
      if (settled) return;
      settled = true;
      zip.close();
      resolve(verdict);
    };
    zip.on("error", () => finish({ ok: false, reason: "notExcel" }));
    zip.on("end", () => {
      const complete = REQUIRED.every((name) => seen.has(name)) && !seen.has("xl/vbaProject.bin");
      finish(complete ? { ok: true, unzippedBytes: total } : { ok: false, reason: "notExcel" });
    });
    zip.on("entry", (entry: yauzl.Entry) => {
      if (settled) return;
      seen.add(entry.fileName);
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        total > limits.maxUnzippedBytes ||
        (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio)
      ) {
        finish({ ok: false, reason: "zipBomb" });
        return;
      }
      if (entry.fileName.endsWith("/")) {
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) {
          finish({ ok: false, reason: entry.isEncrypted() ? "notExcel" : "zipBomb" });
          return;
        }
        let read = 0;
        stream.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > entry.uncompressedSize || read > limits.maxUnzippedBytes) {
            stream.destroy();
            finish({ ok: false, reason: "zipBomb" });
          }
        });
        // validateEntrySizes: an entry that inflates past its declared size errors here ("too many bytes").
        stream.on("error", (failure: Error) =>
          finish({ ok: false, reason: /too many bytes/i.test(failure.message) ? "zipBomb" : "notExcel" }),
        );
        stream.on("end", () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}
