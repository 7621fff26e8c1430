/** spec 3, 9: search history per kind and per login name (or 'unknown'): at most 10, newest first, no repeats. */
export const HISTORY_LIMIT = 10;
export type HistoryKind = "product" | "order" | "favorites";

export interface HistoryStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function historyKey(kind: HistoryKind, loginName: string | null | undefined): string {
  return `searchHistory:${kind}:${loginName || "unknown"}`;
}

export function readHistory(storage: HistoryStorage, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is string => typeof entry === "string").slice(0, HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Adds a search at the front; an earlier identical search (ignoring case and outer spaces) moves up. */
export function addToHistory(storage: HistoryStorage, key: string, text: string): string[] {
  const entry = text.trim();
  if (!entry) return readHistory(storage, key);
  const same = entry.toLowerCase();
  const next = [entry, ...readHistory(storage, key).filter((old) => old.toLowerCase() !== same)].slice(
    0,
    HISTORY_LIMIT,
  );
  try {
    storage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the history simply is not kept.
  }
  return next;
}

export function clearHistory(storage: HistoryStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // as above
  }
}
