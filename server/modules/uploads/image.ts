import jpeg from "jpeg-js";
import { PNG } from "pngjs";

/** Past these an image is refused before it is decoded (a decompression bomb would otherwise fill memory). */
export const IMAGE_LIMITS = { maxMegapixels: 40, maxSide: 12_000 } as const;

export type ImageMime = "image/jpeg" | "image/png";
export interface CleanImage {
  bytes: Buffer;
  width: number;
  height: number;
}

export class ImageRejected extends Error {
  readonly reason: "dimensions" | "corrupt";
  constructor(reason: "dimensions" | "corrupt") {
    super(`image ${reason}`);
    this.reason = reason;
  }
}

function checkSize(width: number, height: number) {
  if (!(width > 0 && height > 0)) throw new ImageRejected("corrupt");
  const tooLarge =
    width > IMAGE_LIMITS.maxSide ||
    height > IMAGE_LIMITS.maxSide ||
    width * height > IMAGE_LIMITS.maxMegapixels * 1e6;
  if (tooLarge) throw new ImageRejected("dimensions");
}

/** The EXIF orientation (1-8) of a JPEG, read from its APP1 segment; 1 when it has none. */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    const length = view.getUint16(offset + 2);
    if (marker === 0xda) break; // start of scan: no more metadata segments
    const exif = offset + 4;
    if (
      marker === 0xe1 &&
      length >= 16 &&
      view.getUint32(exif) === 0x45786966 &&
      view.getUint16(exif + 4) === 0
    ) {
      const tiff = exif + 6;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      if (ifd + 2 > bytes.length) return 1;
      const count = view.getUint16(ifd, little);
      for (let i = 0; i < count; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > bytes.length) return 1;
        if (view.getUint16(entry, little) === 0x0112) {
          const value = view.getUint16(entry + 8, little);
          return value >= 1 && value <= 8 ? value : 1;
        }
      }
      return 1;
    }
    offset += 2 + length;
  }
  return 1;
}

/** Turns RGBA pixels upright for an EXIF orientation, since the re-encoded file carries no EXIF. */
export function orient(pixels: Uint8Array, width: number, height: number, orientation: number) {
  if (orientation <= 1 || orientation > 8) return { data: pixels, width, height };
  const swap = orientation >= 5;
  const outWidth = swap ? height : width;
  const outHeight = swap ? width : height;
  const out = new Uint8Array(pixels.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let dx = x;
      let dy = y;
      switch (orientation) {
        case 2:
          dx = width - 1 - x;
          break;
        case 3:
          dx = width - 1 - x;
          dy = height - 1 - y;
          break;
        case 4:
          dy = height - 1 - y;
          break;
        case 5:
          dx = y;
          dy = x;
          break;
        case 6:
          dx = height - 1 - y;
          dy = x;
          break;
        case 7:
          dx = height - 1 - y;
          dy = width - 1 - x;
          break;
        case 8:
          dx = y;
          dy = width - 1 - x;
          break;
      }
      const from = (y * width + x) * 4;
      const to = (dy * outWidth + dx) * 4;
      out.set(pixels.subarray(from, from + 4), to);
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}

function pngSize(bytes: Buffer) {
  // The IHDR chunk is always first: width and height at bytes 16 and 20.
  if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") throw new ImageRejected("corrupt");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Re-encodes an image from its decoded pixels (issue 10), in pure JavaScript (pngjs, jpeg-js): what comes out
 * holds only pixels, so EXIF (GPS position, camera serial), XMP, comments, ICC text and anything appended or
 * smuggled into the file (an HTML or script polyglot) are gone. A JPEG is turned upright first, as its EXIF said.
 */
export function reencodeImage(bytes: Buffer, mime: ImageMime): CleanImage {
  try {
    if (mime === "image/png") {
      const { width, height } = pngSize(bytes);
      checkSize(width, height);
      const png = PNG.sync.read(bytes);
      const out = PNG.sync.write(png, { colorType: 6 });
      return { bytes: out, width: png.width, height: png.height };
    }
    const decoded = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: IMAGE_LIMITS.maxMegapixels,
      maxMemoryUsageInMB: 512,
    });
    checkSize(decoded.width, decoded.height);
    const upright = orient(decoded.data, decoded.width, decoded.height, jpegOrientation(bytes));
    const out = jpeg.encode({ data: upright.data, width: upright.width, height: upright.height }, 88);
    return { bytes: out.data, width: upright.width, height: upright.height };
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    const message = error instanceof Error ? error.message : "";
    throw new ImageRejected(
      /maxResolutionInMP|maxMemoryUsage|exceeded/i.test(message) ? "dimensions" : "corrupt",
    );
  }
}
