// The store's own clock for operators (issue 29 item 5, ADR 0360): times an operator types are wall-clock times
// in the store's time zone, stored as UTC instants. Pure Intl arithmetic, the same in the browser and on the server.

/** Where the store keeps its office hours: Hong Kong (its base currency is HKD). */
export const STORE_TIME_ZONE = "Asia/Hong_Kong";

/** A datetime-local value: "2026-12-01T09:30" (seconds optional). */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(epochMs: number, timeZone: string) {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(epochMs))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** A datetime-local value read in `timeZone`, as the instant it names; null when it is not one. */
export function zonedToInstant(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) return null;
  // Two passes settle a time next to an offset change (summer time).
  let instant = asUtc - offsetAt(asUtc, timeZone);
  const second = offsetAt(instant, timeZone);
  if (asUtc - second !== instant) instant = asUtc - second;
  return new Date(instant);
}

/** An instant as a datetime-local value in `timeZone` ("2026-12-01T09:30"); "" for none. */
export function instantToZoned(iso: string | Date | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const epoch = new Date(iso).getTime();
  if (Number.isNaN(epoch)) return "";
  const w = wallClock(epoch, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The zone's short name for operators ("GMT+8"), in the operator's language. */
export function zoneLabel(timeZone: string, language: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat(language.replace("_", "-"), { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}
