import QRCode from "qrcode";
import { z } from "zod";

/**
 * Where the app QR code and link point (ADR 0142). Operators set APP_DOWNLOAD_URL (an https page that sends
 * each phone to its app store); unset, the development placeholder below is used.
 */
export const DEFAULT_APP_DOWNLOAD_URL = "https://roamly.example/app";

const AppDownloadUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "an http(s) URL")
  .default(DEFAULT_APP_DOWNLOAD_URL);

export function appDownloadUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.APP_DOWNLOAD_URL?.trim() || undefined;
  const parsed = AppDownloadUrl.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid environment: APP_DOWNLOAD_URL must be an http(s) URL`);
  return parsed.data;
}

/** The QR code of `url` as SVG markup, drawn on the server so the page ships no QR code library. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  });
}
