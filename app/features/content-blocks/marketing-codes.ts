/**
 * spec 3: local storage holds a parameter object with marketingCodes (ADR 0074: key "parameter", JSON
 * `{"marketingCodes": string[]}`). The custom title container reads it (spec 4).
 */
export const PARAMETER_KEY = "parameter";

export function hasMarketingCode(
  targetCode: string,
  storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage,
): boolean {
  if (!targetCode || !storage) return false;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PARAMETER_KEY) ?? "null");
    const codes =
      parsed && typeof parsed === "object" ? (parsed as { marketingCodes?: unknown }).marketingCodes : null;
    return Array.isArray(codes) && codes.includes(targetCode);
  } catch {
    return false;
  }
}

const MAX_CODES = 20;

/**
 * Remembers a campaign the shopper entered (a /plp?marketingCode= link whose campaign is live), newest first,
 * without duplicates, keeping any other fields of the stored parameter object.
 */
export function rememberMarketingCode(
  code: string,
  storage: Pick<Storage, "getItem" | "setItem"> | undefined = globalThis.localStorage,
): void {
  if (!code || !storage) return;
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PARAMETER_KEY) ?? "null");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      stored = parsed as Record<string, unknown>;
  } catch {
    // A damaged value is replaced.
  }
  const previous = Array.isArray(stored.marketingCodes)
    ? stored.marketingCodes.filter((c): c is string => typeof c === "string" && c !== code)
    : [];
  try {
    storage.setItem(
      PARAMETER_KEY,
      JSON.stringify({ ...stored, marketingCodes: [code, ...previous].slice(0, MAX_CODES) }),
    );
  } catch {
    // Storage full or blocked (private mode): the custom title simply stays hidden.
  }
}
