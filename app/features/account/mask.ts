/** Account info shows contacts masked (spec 2 /my/userInfo): enough to recognise, not to copy. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

export function maskPhone(phone: string | null | undefined, telCode?: string | null): string | null {
  if (!phone) return null;
  const tail = phone.slice(-4);
  const masked = `${"*".repeat(Math.max(0, Math.min(phone.length - 4, 7)))}${tail}`;
  return telCode ? `+${telCode} ${masked}` : masked;
}
