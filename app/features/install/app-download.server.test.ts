import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { appDownloadUrl, DEFAULT_APP_DOWNLOAD_URL, qrSvg } from "./app-download.server.ts";

describe("appDownloadUrl", () => {
  it("uses APP_DOWNLOAD_URL when set and the placeholder otherwise", () => {
    expect(appDownloadUrl({ APP_DOWNLOAD_URL: "https://get.roamly.example/app?src=web" })).toBe(
      "https://get.roamly.example/app?src=web",
    );
    expect(appDownloadUrl({})).toBe(DEFAULT_APP_DOWNLOAD_URL);
    expect(appDownloadUrl({ APP_DOWNLOAD_URL: "  " })).toBe(DEFAULT_APP_DOWNLOAD_URL);
  });

  it("refuses a value that is not an http(s) URL", () => {
    expect(() => appDownloadUrl({ APP_DOWNLOAD_URL: "javascript:alert(1)" })).toThrow(/APP_DOWNLOAD_URL/);
    expect(() => appDownloadUrl({ APP_DOWNLOAD_URL: "not a url" })).toThrow(/APP_DOWNLOAD_URL/);
  });
});

describe("qrSvg", () => {
  it("draws the URL's QR matrix as SVG with a four-module quiet zone (the browser test decodes it)", async () => {
    const url = "https://get.roamly.example/app?src=web";
    const svg = await qrSvg(url);
    const side = QRCode.create(url, { errorCorrectionLevel: "M" }).modules.size + 8;
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });
});
