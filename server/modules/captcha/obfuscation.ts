/**
 * spec 5: captcha digits are obfuscated before sending (ADR 0064). Each captcha comes with an obfuscationKey
 * of as many random digits as the answer; the browser sends digit i as (answer[i] + key[i]) mod 10. This keeps
 * the typed answer out of URLs and logs in clear; it is not encryption (the key travels with the image).
 */
export function obfuscateDigits(plain: string, key: string): string {
  return [...plain].map((d, i) => String((Number(d) + Number(key[i % key.length])) % 10)).join("");
}

export function revealDigits(obfuscated: string, key: string): string {
  return [...obfuscated].map((d, i) => String((Number(d) - Number(key[i % key.length]) + 10) % 10)).join("");
}
