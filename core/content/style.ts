/**
 * A content block's box style (ADR 0011): the one allow-list of properties and values, applied when a page is saved
 * (so the published file the native app reads holds nothing else; issue 32 item 8) and again when the web renders.
 * A number is px. A string must match its property's value pattern: lengths, colours and keywords only, so nothing
 * that can fetch (`url(`), run (`expression(`), or end a declaration or a style element (`;`, `}`, `<`) passes.
 */
const LENGTH = String.raw`(?:0|-?(?:\d+|\d*\.\d+)(?:px|%|em|rem|vw|vh)|auto)`;
const LENGTHS = new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`);
const ONE_LENGTH = new RegExp(`^${LENGTH}$`);
const NUMBER = String.raw`-?(?:\d+|\d*\.\d+)%?`;
const COLOR = new RegExp(
  "^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|[a-z]{3,20}|" +
    String.raw`(?:rgba?|hsla?)\(\s*${NUMBER}(?:deg)?(?:\s*[,/ ]\s*${NUMBER}){2,3}\s*\))$`,
  "i",
);

const STYLE_VALUES: Record<string, RegExp> = {
  width: ONE_LENGTH,
  height: ONE_LENGTH,
  margin: LENGTHS,
  padding: LENGTHS,
  background: COLOR,
  borderRadius: LENGTHS,
  fontSize: ONE_LENGTH,
  fontWeight: /^(?:normal|bold|lighter|bolder|[1-9]00)$/,
  color: COLOR,
  textAlign: /^(?:left|right|center|justify|start|end)$/,
};

/** The properties a box style may set. */
export const BOX_STYLE_KEYS: readonly string[] = Object.keys(STYLE_VALUES);

/** Whether one style value is allowed for its property. */
export function isSafeStyleValue(key: string, value: unknown): value is string | number {
  if (!Object.hasOwn(STYLE_VALUES, key)) return false;
  if (typeof value === "number") return Number.isFinite(value) && Math.abs(value) <= 100_000;
  if (typeof value !== "string" || value.length > 64) return false;
  return STYLE_VALUES[key]!.test(value.trim());
}

/** The allowed part of a box style: every other property and every value outside its pattern dropped. */
export function safeBoxStyle(style: unknown): Record<string, string | number> {
  const kept: Record<string, string | number> = {};
  if (style === null || typeof style !== "object") return kept;
  for (const [key, value] of Object.entries(style)) {
    if (isSafeStyleValue(key, value)) kept[key] = typeof value === "string" ? value.trim() : value;
  }
  return kept;
}
