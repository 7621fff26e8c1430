import QRCode from "qrcode";

/** A QR symbol as one SVG path of dark modules, for the page to draw (server side only; ADR 0136). */
export interface QrSymbol {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** The quiet zone in modules on every side (ISO/IEC 18004 asks for 4). */
  margin: number;
  /** Dark modules, in module units, already offset by the margin. */
  path: string;
}

export const QR_QUIET_ZONE = 4;

/**
 * The activation code as a QR symbol (error correction M, as eSIM suppliers and Apple's guide use), computed by
 * the `qrcode` library on the server, so the page carries an SVG that any camera can scan before any script runs.
 */
export function qrSymbol(text: string): QrSymbol {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size, data } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      // One horizontal run of dark modules per rectangle keeps the path short.
      const start = x;
      while (x < size && data[y * size + x]) x++;
      parts.push(`M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h-${x - start}z`);
    }
  }
  return { size, margin: QR_QUIET_ZONE, path: parts.join("") };
}
