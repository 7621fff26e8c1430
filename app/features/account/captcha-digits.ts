/**
 * spec 5: captcha digits are obfuscated before sending (ADR 0064): digit i goes as (answer[i] + key[i]) mod 10,
 * with the obfuscationKey that came with the image. The server's revealDigits undoes it.
 */
export function obfuscateDigits(plain: string, key: string): string {
  if (!key) return plain;
  return [...plain].map((d, i) => String((Number(d) + Number(key[i % key.length])) % 10)).join("");
}
