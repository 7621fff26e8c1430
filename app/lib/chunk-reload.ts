import { CHUNK_RELOAD_GUARD_MS } from "../../core/constants.ts";

export const CHUNK_RELOAD_KEY = "roamly.chunkReloadAt";

/**
 * spec 2, 9: a chunk-load failure (usually a deploy replaced the hashed files) reloads the page once; another
 * failure within 10 s does not reload again, so a truly broken asset cannot loop.
 */
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads once per guard window; returns whether it did. */
export function reloadForChunkFailure(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
): boolean {
  let last: number | null = null;
  try {
    const stored = storage.getItem(CHUNK_RELOAD_KEY);
    last = stored === null ? null : Number(stored);
  } catch {
    // Without storage there is no guard, so do not risk a reload loop.
    return false;
  }
  const now = Date.now();
  if (!shouldReloadForChunk(last, now)) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/**
 * Wraps a lazy `import()` for React.lazy. When the chunk fails to load and the page is reloading for it, the
 * vite:preloadError handler has taken the failure over and the import resolves to nothing; rendering that would
 * throw, so the module stays pending instead until the reload replaces the page.
 */
export function whileReloading<T>(load: Promise<T | undefined>): Promise<T> {
  return load.then((module) => module ?? new Promise<T>(() => {}));
}
