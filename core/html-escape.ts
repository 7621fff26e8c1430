const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

/**
 * Text or an attribute value written into HTML by hand (the destination picker's tiles, the support e-mail, the
 * sandbox payment page): every character HTML gives a meaning to is escaped. A value without one is returned as it
 * is, without a copy.
 */
export function escapeHtml(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (character) => ENTITIES[character] as string) : value;
}
