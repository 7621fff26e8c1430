/**
 * The production server's V8 old-space limit (ADR 0145). V8 sizes its heap from the machine's memory, not the
 * container's, and grows it lazily: under uncached load the store reached 393 MB RSS with nothing retained, where
 * a 160 MB old space held it near 230 MB. `npm start` and `npm run serve` therefore start Node with
 * `--max-old-space-size` unless the operator chose otherwise:
 * - a `--max-old-space-size` already in NODE_OPTIONS or on the node command line wins;
 * - else MAX_OLD_SPACE_MB: a number of megabytes, or `0` for V8's own default;
 * - else DEFAULT_MAX_OLD_SPACE_MB on PostgreSQL (DATABASE_URL set). With PGlite the database lives in the same
 *   heap, and that limit halved cached throughput through garbage collection, so V8 sizes it.
 */
export const DEFAULT_MAX_OLD_SPACE_MB = 192;
/** Below this the 10,000-plan catalogue and a burst of uncached renders do not fit; a typo is refused. */
export const MIN_OLD_SPACE_MB = 96;

const FLAG = /(^|\s)--max-old-space-size(=|\s|$)/;

/** The flag to start Node with, or null to leave V8's sizing alone. Throws on an unusable MAX_OLD_SPACE_MB. */
export function heapLimitFlag(
  env: Record<string, string | undefined>,
  execArgv: readonly string[],
): string | null {
  if (FLAG.test(env.NODE_OPTIONS ?? "") || execArgv.some((arg) => arg.startsWith("--max-old-space-size"))) {
    return null;
  }
  const raw = env.MAX_OLD_SPACE_MB?.trim();
  if (raw === undefined || raw === "") {
    return env.DATABASE_URL ? `--max-old-space-size=${DEFAULT_MAX_OLD_SPACE_MB}` : null;
  }
  if (raw === "0") return null;
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < MIN_OLD_SPACE_MB) {
    throw new Error(
      `MAX_OLD_SPACE_MB must be 0 or a whole number of megabytes ≥ ${MIN_OLD_SPACE_MB}, not "${raw}"`,
    );
  }
  return `--max-old-space-size=${mb}`;
}

/**
 * Restarts this very process (same pid, same stdio, same arguments) with the heap limit when it was started
 * without one. Where the platform cannot replace a process image (Windows), it goes on with V8's default.
 */
export function applyHeapLimit(): void {
  const flag = heapLimitFlag(process.env, process.execArgv);
  if (flag === null) return;
  if (typeof process.execve !== "function" || process.platform === "win32") {
    console.warn(
      `Cannot restart with ${flag} here: start node with it (or set NODE_OPTIONS) to size the heap.`,
    );
    return;
  }
  process.execve(process.execPath, [process.execPath, flag, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
  } as Record<string, string>);
}
