import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { DEFAULT_APP_DOWNLOAD_URL } from "../../../server/env.ts";
import { appDownloadUrl, qrSvg } from "./app-download.server.ts";

// The rules for the value itself (http(s) only, required in production) are tested in server/env.test.ts.
describe("appDownloadUrl", () => {
  it("reads APP_DOWNLOAD_URL as the server's environment parses it", () => {
    expect(appDownloadUrl({ APP_DOWNLOAD_URL: "https://get.roamly.example/app?src=web" })).toBe(
      "https://get.roamly.example/app?src=web",
    );
    expect(appDownloadUrl({ NODE_ENV: "test" })).toBe(DEFAULT_APP_DOWNLOAD_URL);
    expect(() => appDownloadUrl({ APP_DOWNLOAD_URL: "javascript:alert(1)" })).toThrow(/APP_DOWNLOAD_URL/);
    expect(() => appDownloadUrl({ NODE_ENV: "production" })).toThrow(/APP_DOWNLOAD_URL/);
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

  it("draws a URL once and gives every later request the same markup; another URL gets its own code", async () => {
    const url = "https://get.roamly.example/app";
    const first = qrSvg(url);
    expect(qrSvg(url)).toBe(first);
    const other = "https://get.roamly.example/app?src=banner";
    const svg = await qrSvg(other);
    expect(svg).not.toBe(await first);
    expect(svg).toBe(
      await QRCode.toString(other, {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 4,
        color: { dark: "#000000", light: "#ffffff" },
      }),
    );
    expect(qrSvg(other)).toBe(qrSvg(other));
  });
});
