import { NICKNAME_MAX } from "./constants.ts";

export const NICKNAME_ELLIPSIS = "…";

/**
 * Splits text into user-perceived characters (grapheme clusters), so a CJK character, an emoji with skin tone,
 * a flag or a family emoji counts as one and is never cut in half.
 */
let segmenter: Intl.Segmenter | undefined;

export function graphemes(text: string): string[] {
  if (typeof Intl !== "undefined" && typeof Intl.Segmenter === "function") {
    segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
    return Array.from(segmenter.segment(text), (part) => part.segment);
  }
  // Older engines: code points at least keep surrogate pairs together.
  return Array.from(text);
}

/** spec 6: the nickname is cut to 6 characters plus an ellipsis. Surrounding whitespace is dropped first. */
export function shortNickname(nickname: string | null | undefined, max: number = NICKNAME_MAX): string {
  const text = (nickname ?? "").trim();
  const parts = graphemes(text);
  return parts.length > max ? `${parts.slice(0, max).join("").trimEnd()}${NICKNAME_ELLIPSIS}` : text;
}
