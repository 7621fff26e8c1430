import { Converter } from "opencc-js";
import { normalizeSearchText } from "./search-normalize.ts";

// Help search (ADR 0201): the same normal form as destination search (normalize.ts), with Chinese text kept in
// both scripts, so "安裝" finds a Simplified article and "安装" a Traditional one. OpenCC's Hong Kong variant
// matches the zh_HK catalogue's wording.
// The converters' dictionaries are tries of some 180,000 Maps, about 45 MB of heap: made on first use (a help
// search or an article saved), not when the server starts, so a server that never converts does not carry them
// through every garbage collection (ADR 0295).
let converters: { toTraditional: (text: string) => string; toSimplified: (text: string) => string } | null =
  null;
function convert() {
  converters ??= {
    toTraditional: Converter({ from: "cn", to: "hk" }),
    toSimplified: Converter({ from: "hk", to: "cn" }),
  };
  return converters;
}

const HAS_HAN = /\p{Script=Han}/u;

/** The text and its other Chinese script, de-duplicated. */
export function bothScripts(text: string): string[] {
  if (!HAS_HAN.test(text)) return [text];
  const { toSimplified, toTraditional } = convert();
  return [...new Set([text, toSimplified(text), toTraditional(text)])];
}

/** An article's stored search text: its title, summary and body in the normal form and both scripts. */
export function articleSearchText(parts: { title: string; summary: string; body: string }): string {
  const plain = normalizeSearchText(`${parts.title} ${parts.summary} ${parts.body.replace(/<[^>]*>/g, " ")}`);
  return bothScripts(plain).join(" ");
}

/** A shopper's query as words in the normal form, each with its spellings in both scripts. At most 8 words. */
export function queryWords(query: string): string[][] {
  const normal = normalizeSearchText(query);
  if (normal === "") return [];
  return normal
    .split(" ")
    .slice(0, 8)
    .map((word) => bothScripts(word));
}
