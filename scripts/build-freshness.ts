import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What the production build is made from. Besides app/ and core/, the bundles take in public/ (copied as is) and
 * the server/ and db/ modules that route modules import at run time (for example server/env.ts and the order
 * routes), so a change to any of them makes the build stale. Over-including only costs a rebuild; missing one
 * would serve stale code.
 */
export const BUILD_SOURCES = [
  "app",
  "core",
  "public",
  "server",
  "db",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

/** The newest modification time under an entry (0 when it does not exist). */
export function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || child.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** "missing" without a build in buildDir, "stale" when a source is newer than it, else "fresh". */
export function buildState(
  buildDir: string,
  root = process.cwd(),
  sources: readonly string[] = BUILD_SOURCES,
): "missing" | "stale" | "fresh" {
  const stamp = path.join(root, buildDir, "server", "index.js");
  if (!existsSync(stamp)) return "missing";
  const builtAt = statSync(stamp).mtimeMs;
  const sourcesAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return builtAt < sourcesAt ? "stale" : "fresh";
}
