import { PLAN_CODE_BODY } from "../../../core/ids.ts";
import type { ContentDocument } from "../../../db/schema/content-document.ts";

/**
 * Issue 12 (ADR 0264): an operator writes `{from:JP}` (a destination's lowest plan price) or `{price:JP-1GB-7D}`
 * (one plan's price) in any text of a block, and the page shows it priced in the currency it is shown in.
 */
export const PRICE_TOKEN = new RegExp(`\\{(from|price):(${PLAN_CODE_BODY})\\}`, "g");

/** The distinct price tokens a document's texts hold. */
export function priceTokensIn(json: string): string[] {
  return [...new Set([...json.matchAll(PRICE_TOKEN)].map((match) => match[0]))];
}

/**
 * The document with each token of `prices` written as its text (an unknown code's text is empty, as on the
 * shopper's page). A token `prices` does not name stays as written: the editor's canvas (ADR 0394) prices the
 * draft it opened with, and a token typed since is priced on its next load. Replaced inside the JSON strings: a
 * formatted price has no quote or backslash to escape.
 */
export function withPriceTexts(
  document: ContentDocument,
  prices: Readonly<Record<string, string>>,
): ContentDocument {
  const json = JSON.stringify(document);
  if (!PRICE_TOKEN.test(json)) return document;
  PRICE_TOKEN.lastIndex = 0;
  return JSON.parse(json.replace(PRICE_TOKEN, (token) => prices[token] ?? token)) as ContentDocument;
}
