import { NICKNAME_MAX } from "../../../core/constants.ts";

/**
 * spec 6: the nickname is cut to 6 characters plus an ellipsis. Characters are grapheme clusters, so a CJK
 * character, an emoji or a flag counts as one and is never split.
 */
export function cutNickname(name: string, max = NICKNAME_MAX): string {
  const graphemes = Array.from(graphemeSegmenter().segment(name.trim()));
  if (graphemes.length <= max) return name.trim();
  return `${graphemes
    .slice(0, max)
    .map((g) => g.segment)
    .join("")}…`;
}

let segmenter: Intl.Segmenter | undefined;

/** One segmenter for every call: making one costs more than cutting a name (each signed-in page cuts one). */
function graphemeSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return segmenter;
}
