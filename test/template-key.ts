import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The key of the test database template (test/global-setup.ts): a hash of everything that decides its content, so
 * a run whose schema and seed did not change reuses the last one, and any change builds a new one.
 * - every file in the migrations folder (the schema as applied);
 * - the seed's source, followed through its relative imports (schema, core rules it uses), so editing a seed
 *   file or anything it reads changes the key, while unrelated code does not;
 * - the lock file (the PGlite and driver versions write the data);
 * - the UTC hour: the seed places live rooms around the moment it runs (live from an hour ago to two hours
 *   ahead), so a template is never used more than an hour after it was made.
 */
export interface TemplateInputs {
  root: string;
  /** Folders hashed whole, relative to root. */
  folders: readonly string[];
  /** Source files whose relative imports are followed, relative to root. */
  entries: readonly string[];
  /** Single files hashed as they are, relative to root (a missing one counts as empty). */
  files: readonly string[];
  now: Date;
}

export const TEMPLATE_INPUTS: Omit<TemplateInputs, "root" | "now"> = {
  folders: ["db/migrations"],
  entries: ["db/seed/index.ts", "db/client.ts"],
  files: ["package-lock.json"],
};

const IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function filesIn(folder: string): string[] {
  if (!existsSync(folder)) return [];
  if (!statSync(folder).isDirectory()) return [folder];
  return readdirSync(folder).flatMap((name) => filesIn(path.join(folder, name)));
}

/** A source file and every file it reaches through relative imports. */
function importClosure(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1] as string));
    }
  }
  return [...seen];
}

export function templateKey(inputs: TemplateInputs): string {
  const { root } = inputs;
  const files = new Set([
    ...inputs.folders.flatMap((folder) => filesIn(path.join(root, folder))),
    ...importClosure(inputs.entries.map((entry) => path.join(root, entry))),
    ...inputs.files.map((file) => path.join(root, file)),
  ]);
  const hash = createHash("sha256");
  hash.update(inputs.now.toISOString().slice(0, 13));
  for (const file of [...files].sort()) {
    hash.update(`\u0000${path.relative(root, file)}\u0000`);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}
