import QRCode from "qrcode";
import { DEFAULT_APP_DOWNLOAD_URL, readEnv } from "../../../server/env.ts";

export { DEFAULT_APP_DOWNLOAD_URL };

let processUrl: string | undefined;

/**
 * Where the app QR code and link point (ADR 0142): APP_DOWNLOAD_URL as server/env.ts parses it, so a bad or
 * (in production) missing value stops the server at start-up rather than failing on this page. The process's
 * value is read once; pass an environment to read that one instead.
 */
export function appDownloadUrl(source?: NodeJS.ProcessEnv): string {
  if (source) return readEnv(source).APP_DOWNLOAD_URL;
  processUrl ??= readEnv().APP_DOWNLOAD_URL;
  return processUrl;
}

/** The last code drawn: one URL per process in practice, so one entry is the whole cache. */
let drawn: { url: string; svg: Promise<string> } | undefined;

/**
 * The QR code of `url` as SVG markup, drawn on the server so the page ships no QR code library. Drawn once
 * for a URL and reused for every request after it.
 */
export function qrSvg(url: string): Promise<string> {
  if (drawn?.url === url) return drawn.svg;
  const svg = QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  });
  const entry = { url, svg };
  drawn = entry;
  // A failed drawing is not kept: the next request tries again.
  svg.catch(() => {
    if (drawn === entry) drawn = undefined;
  });
  return svg;
}
