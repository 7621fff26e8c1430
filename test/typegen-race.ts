import fs from "node:fs/promises";
import path from "node:path";

/**
 * ADR 0307: React Router's Vite plugin starts a type generator with every development server, and that generator
 * first deletes `.react-router/types` and then writes it again. The API suites start a development server per file,
 * two files at a time, in the one project folder: one worker's delete met the other's writes ("ENOTEMPTY, rmdir"
 * or "ENOENT, open .../+server-build.d.ts"), an unhandled rejection that failed a whole CI run while every test
 * passed. In the test workers the delete is skipped: the generator then only writes, the same files with the same
 * content, which two workers can do at once. `npm run typecheck` still starts from a clean folder.
 */
const TYPES = path.resolve(".react-router/types");
const MARK = Symbol.for("roamly.typegen-race");
const holder = fs as unknown as Record<string | symbol, unknown>;

if (!holder[MARK]) {
  holder[MARK] = true;
  const remove = fs.rm;
  holder.rm = (target: Parameters<typeof fs.rm>[0], options?: Parameters<typeof fs.rm>[1]) =>
    path.resolve(String(target)) === TYPES ? Promise.resolve() : remove(target, options);
}
