/**
 * Is this request from a phone's browser (ADR 0143)? The server picks the content variant it renders first from
 * it, and the HTML cache keys by it. "Mobi" is the token every phone browser puts in its user agent and tablets
 * leave out (iPadOS and Android tablets send desktop-class agents); Chromium's low-entropy client hint
 * `Sec-CH-UA-Mobile: ?1` says the same where the agent string is reduced.
 */
export function isPhoneBrowser(
  userAgent: string | null | undefined,
  mobileHint?: string | null | undefined,
): boolean {
  if (mobileHint?.trim() === "?1") return true;
  return !!userAgent && /Mobi/.test(userAgent);
}
