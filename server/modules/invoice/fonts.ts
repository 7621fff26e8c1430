import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Locale } from "../../../core/constants.ts";

// The invoice's fonts (ADR 0120): Noto Sans SC for en_US and zh_CN, Noto Sans TC for zh_HK, so Chinese text
// uses the region's glyph forms. Both cover Latin, digits and the currency symbols. They are read from
// node_modules on the server only (never bundled for the browser) and fontkit embeds a subset of the glyphs
// a document uses, so an invoice stays a few tens of kilobytes.

const require = createRequire(import.meta.url);

const FILES = {
  sc: {
    regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  },
  tc: {
    regular: "@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf",
  },
} as const;

export interface InvoiceFonts {
  regular: Buffer;
  bold: Buffer;
}

// Read once per process (about 10 MB a face); the first invoice in a language pays for it.
const loaded = new Map<keyof typeof FILES, Promise<InvoiceFonts>>();

export function fontsFor(locale: Locale): Promise<InvoiceFonts> {
  const script = locale === "zh_HK" ? "tc" : "sc";
  let fonts = loaded.get(script);
  if (!fonts) {
    const files = FILES[script];
    fonts = Promise.all([
      readFile(require.resolve(files.regular)),
      readFile(require.resolve(files.bold)),
    ]).then(([regular, bold]) => ({ regular, bold }));
    fonts.catch(() => loaded.delete(script));
    loaded.set(script, fonts);
  }
  return fonts;
}
