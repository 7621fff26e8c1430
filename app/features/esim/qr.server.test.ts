import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrSymbol } from "./qr.server.ts";

/** Paints the symbol's path (only M…h…v1h-…z runs) into RGBA pixels, `scale` pixels per module. */
function rasterise(symbol: ReturnType<typeof qrSymbol>, scale = 4) {
  const side = (symbol.size + symbol.margin * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w] of symbol.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++) {
        const at = (py * side + px) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
  }
  return { pixels, side };
}

describe("qrSymbol", () => {
  it("draws a symbol a QR reader decodes back to the activation code", () => {
    const lpa = "LPA:1$smdp.sandbox.example.com$K2-1A2B3C-4D5E6F";
    const symbol = qrSymbol(lpa);
    expect(symbol.margin).toBe(4);
    const { pixels, side } = rasterise(symbol);
    expect(jsQR(pixels, side, side)?.data).toBe(lpa);
  });

  it("a different code gives a different symbol", () => {
    expect(qrSymbol("LPA:1$a.example$X").path).not.toBe(qrSymbol("LPA:1$a.example$Y").path);
  });
});
