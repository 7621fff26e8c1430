import { type ChildProcess, spawn } from "node:child_process";

/**
 * Every process and scratch resource the bench creates is registered here, so that a normal end, an error or
 * Ctrl-C all leave nothing behind: children get SIGTERM (SIGKILL after 5 s), then cleanups run in reverse.
 */
const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void> | void> = [];

export interface Spawned {
  child: ChildProcess;
  /** The last few kilobytes of the child's stdout and stderr, for error messages. */
  output(): string;
}

export function spawnTracked(
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  keepChars = 4_000,
): Spawned {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = `${tail}${chunk.toString()}`.slice(-keepChars);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("error", (error) => keep(Buffer.from(`[${label}] ${error.message}\n`)));
  children.add(child);
  child.once("exit", () => children.delete(child));
  return { child, output: () => tail };
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Waits for a child to exit by itself; rejects with its output when it fails or outlives the timeout. */
export function waitForExit(spawned: Spawned, label: string, timeoutMs: number): Promise<string> {
  const { child } = spawned;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${label} took longer than ${timeoutMs / 1000} s:\n${spawned.output()}`));
    }, timeoutMs);
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      if (code === 0) resolve(spawned.output());
      else reject(new Error(`${label} failed (${code ?? signal}):\n${spawned.output()}`));
    };
    if (!isRunning(child)) done(child.exitCode, child.signalCode);
    else child.once("exit", done);
  });
}

export function onCleanup(task: () => Promise<void> | void) {
  cleanups.push(task);
}

let cleaning: Promise<void> | null = null;

export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    for (const task of cleanups.reverse()) {
      try {
        await task();
      } catch (error) {
        console.error(`cleanup failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing scratch data…`);
    cleanupAll().finally(() => process.exit(130));
  });
}
// Last resort when the process dies some other way: no orphaned servers.
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Runs a bench tool's `main`: a failure is printed as its message (or handed to `onError`) and sets a failing exit
 * code, and every child process is stopped either way.
 */
export async function runTool(
  main: () => Promise<void>,
  onError: (error: unknown) => void = (error) =>
    console.error(error instanceof Error ? error.message : error),
): Promise<void> {
  try {
    await main();
  } catch (error) {
    onError(error);
    process.exitCode = 1;
  } finally {
    await cleanupAll();
  }
}
