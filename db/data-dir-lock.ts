import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite runs inside one process: two processes opening one data folder would corrupt it. Whoever opens the
 * folder writes its pid here; another process that finds a live pid refuses, naming it (ADR 0328).
 */
export const DATA_DIR_LOCK_FILE = "roamly.pid";

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `the embedded database in ${path.resolve(dir)} is open in process ${pid} (the running store?). ` +
        "PGlite serves one process at a time: stop the store first, then run this again. " +
        "With PostgreSQL (DATABASE_URL) this works while the store runs.",
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Claims `dir` for this process, or throws DataDirInUseError; the returned function releases it. */
export function claimDataDir(dir: string): () => void {
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  let holder = Number.NaN;
  try {
    holder = Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    // No lock file: free.
  }
  // A dead holder (kill -9, a crash) left the file behind: the folder is free again.
  if (Number.isInteger(holder) && holder !== process.pid && alive(holder))
    throw new DataDirInUseError(dir, holder);
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, "utf8"), 10) === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
