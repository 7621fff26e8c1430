import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/*
 * The module boundaries (docs/contributing.md, ADR 0172), checked over the source text so a reviewer can
 * repeat each rule with grep:
 * - no file of server/ or app/ outside server/modules/<m>/ imports <m>'s repo (repo.ts, *-repo.ts), even for
 *   a type; server/services.ts wires them (as benchmarks and test harnesses may);
 * - a module imports only the tables it owns, except reads it declares, and it never writes those;
 * - raw SQL (`insert into t`, `update t … set`, `delete from t`) writes only tables the file's owner owns;
 * - nothing in core/ imports from db/, server/ or app/, and nothing in db/ from server/ or app/ (issue 33);
 * - modules and flows never import the composition root (server/services.ts): each takes what it needs (ADR 0405);
 * - a route file imports no other module's service (server/modules/<x>/service.ts), nor any type of another
 *   module (how a route takes a service: `SupplierBalances`, `SupplierStatusService`), unless the rules list why;
 * - only route files and module.ts of a module import a flow (server/flows/): flows sit above modules;
 * - server/services.ts lists modules (ADR 0416): it calls no `create…` but a module's or flow's factory or a listed
 *   shared part, and writes no closure of its own: a `() => module` for one built later, on one line, at most.
 */

export interface Violation {
  file: string;
  rule:
    | "foreign-repo"
    | "foreign-table"
    | "writes-foreign-table"
    | "writes-foreign-table-sql"
    | "layering"
    | "composition-root"
    | "route-foreign-service"
    | "module-imports-flow";
  detail: string;
}

export interface ImportStatement {
  specifier: string;
  /** The names it imports (`x as y` gives x); empty for a side-effect or namespace import. */
  names: string[];
  typeOnly: boolean;
}

const IMPORT = /^(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s+"([^"]+)";?/gm;

/** The specifiers a source file imports a type from: `import type …`, or `{ …, type X }`. */
export function typeImportsOf(source: string): Set<string> {
  const found = new Set<string>();
  for (const match of source.matchAll(IMPORT)) {
    if (match[1] || /[{,]\s*type\s+\w/.test(match[2] ?? "")) found.add(match[3]!);
  }
  return found;
}
const BARE_OR_DYNAMIC = /(?:^import\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\))/gm;

/** Every static, re-exporting, side-effect and dynamic import of a source file. */
export function importsOf(source: string): ImportStatement[] {
  const found: ImportStatement[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const clause = match[2] ?? "";
    const braces = /\{([\s\S]*)\}/.exec(clause)?.[1] ?? "";
    const names = braces
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part.length > 0 && !part.startsWith("type "))
      .map((part) => part.split(/\s+as\s+/)[0]!.trim());
    found.push({ specifier: match[3]!, names, typeOnly: Boolean(match[1]) });
  }
  for (const match of source.matchAll(BARE_OR_DYNAMIC)) {
    found.push({ specifier: (match[1] ?? match[2])!, names: [], typeOnly: false });
  }
  return found;
}

/** Where a file belongs: a module ("order"), a provider ("providers/payment"), or its top folder. */
export function ownerOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "server" && parts[1] === "modules" && parts.length > 3) return parts[2]!;
  if (parts[0] === "server" && parts[1] === "providers" && parts.length > 3) return `providers/${parts[2]}`;
  if (parts[0] === "server" && parts.length > 2) return parts[1]!;
  return parts[0]!;
}

/** server/services.ts wires every module; a benchmark, script or test harness may wire one the same way. */
const composesRepos = (file: string) => file === "server/services.ts" || !/^(?:server|app)\//.test(file);

/** Tests, seeds, benchmarks and scripts set up and inspect rows directly; the table rules are for the product. */
const isHarness = (file: string) =>
  /\.test\.tsx?$|-test-kit\.ts$/.test(file) || !/^(?:server|app)\//.test(file);
const isRepoFile = (file: string) => /^server\/modules\/[^/]+\/(?:[^/]+-)?repo\.ts$/.test(file);
const isSchemaFile = (file: string) => file.startsWith("db/schema/");

export interface BoundaryRules {
  /** Every table (its export name in db/schema) and the one module, provider or folder that owns it. */
  owners: Record<string, string>;
  /** Reads across the line a module declares: owner → table → why it reads the table in its own queries. */
  reads: Record<string, Record<string, string>>;
  /** Every table's SQL name and its owner, for raw SQL. */
  sqlOwners: Record<string, string>;
  /** Other modules' services a route file takes: route file → module → why (ADR 0405). */
  routeServices?: Record<string, Record<string, string>>;
}

/** A file that registers HTTP routes: routes.ts, *-routes.ts, or register.ts of a module. */
export const isRouteFile = (file: string) =>
  /^server\/modules\/.+\/(?:[^/]+-)?routes\.ts$|^server\/modules\/[^/]+\/register\.ts$/.test(file);

const RAW_WRITE =
  /\b(?:insert\s+into|delete\s+from|update)\s+"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?[a-z_]+)?\s+(?:set|\(|values|select|where|using|returning)\b/gi;

/** The tables a source file writes in raw SQL (its sql`…` templates), by SQL name. */
export function rawWrites(source: string): string[] {
  const found = new Set<string>();
  for (const template of source.matchAll(/sql`([^`]*)`/g)) {
    for (const match of template[1]!.matchAll(RAW_WRITE)) found.add(match[1]!.toLowerCase());
  }
  return [...found];
}

function resolve(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** The violations of one source file (path relative to the repository root, with forward slashes). */
export function checkFile(file: string, source: string, rules: BoundaryRules): Violation[] {
  const violations: Violation[] = [];
  const owner = ownerOf(file);
  const typeSources = isRouteFile(file) ? typeImportsOf(source) : new Set<string>();
  for (const statement of importsOf(source)) {
    const target = resolve(file, statement.specifier);
    if (!target) continue;
    const upward = file.startsWith("core/") ? /^(?:server|app|db)\// : /^(?:server|app)\//;
    if ((file.startsWith("core/") || file.startsWith("db/")) && upward.test(target)) {
      violations.push({ file, rule: "layering", detail: `imports ${target}` });
    }
    if (/^server\/(?:modules|flows)\//.test(file) && target === "server/services.ts" && !isHarness(file)) {
      violations.push({ file, rule: "composition-root", detail: `imports ${target}` });
    }
    const service =
      /^server\/modules\/([^/]+)\/service\.ts$/.exec(target)?.[1] ??
      (typeSources.has(statement.specifier) ? /^server\/modules\/([^/]+)\//.exec(target)?.[1] : undefined);
    if (isRouteFile(file) && service && service !== owner && !rules.routeServices?.[file]?.[service]) {
      violations.push({ file, rule: "route-foreign-service", detail: `imports ${target}` });
    }
    if (
      target.startsWith("server/flows/") &&
      file.startsWith("server/modules/") &&
      !isRouteFile(file) &&
      !file.endsWith("/module.ts") &&
      !isHarness(file)
    ) {
      violations.push({ file, rule: "module-imports-flow", detail: `imports ${target}` });
    }
    if (isRepoFile(target) && ownerOf(target) !== owner && !composesRepos(file)) {
      violations.push({ file, rule: "foreign-repo", detail: `imports ${target}` });
    }
    if (!isSchemaFile(target) || statement.typeOnly || isHarness(file)) continue;
    for (const name of statement.names) {
      const tableOwner = rules.owners[name];
      if (!tableOwner || tableOwner === owner) continue;
      if (!rules.reads[owner]?.[name]) {
        violations.push({ file, rule: "foreign-table", detail: `imports ${name}, owned by ${tableOwner}` });
        continue;
      }
      const write = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${name}\\s*\\)`);
      if (write.test(source)) {
        violations.push({
          file,
          rule: "writes-foreign-table",
          detail: `writes ${name}, owned by ${tableOwner}`,
        });
      }
    }
  }
  if (!isHarness(file)) {
    for (const table of rawWrites(source)) {
      const tableOwner = rules.sqlOwners[table];
      if (tableOwner && tableOwner !== owner) {
        violations.push({
          file,
          rule: "writes-foreign-table-sql",
          detail: `writes ${table} in SQL, owned by ${tableOwner}`,
        });
      }
    }
  }
  return violations;
}

/** The TypeScript sources under the given folders of the repository, relative to it. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "migrations") walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(child);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

export function checkRepository(root: string, folders: string[], rules: BoundaryRules): Violation[] {
  return sourceFiles(root, folders).flatMap((file) =>
    checkFile(file, readFileSync(path.join(root, file), "utf8"), rules),
  );
}

/**
 * What server/services.ts may call and write (ADR 0416): a `create…` is a module's factory (its module.ts), a
 * flow's (server/flows/) or one of the listed shared parts; inside createServices every arrow function takes no
 * parameter and ends on its line (`accounts: () => account`, a module built later; `() => purge.schedule(now)`, a
 * job start). A look-up wired by a closure belongs in the module's narrow deps; behaviour across modules in a flow.
 */
export function checkCompositionRoot(source: string, shared: Record<string, string>): string[] {
  const from = new Map<string, string>();
  for (const statement of importsOf(source))
    for (const name of statement.names) from.set(name, statement.specifier);
  const problems: string[] = [];
  const start = source.indexOf("export function createServices");
  const body = start < 0 ? source : source.slice(start);
  for (const [, name] of body.matchAll(/\b(create[A-Z]\w*)\(/g)) {
    const specifier = from.get(name!) ?? "";
    if (name === "createServices" || /^\.\/modules\/.+\/module\.ts$|^\.\/flows\//.test(specifier)) continue;
    if (!shared[name!])
      problems.push(`${name} is neither a module's nor a flow's factory (${specifier || "local"})`);
  }
  const code = body.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
  for (const match of code.matchAll(/(\([^()]*\)|\b\w+)\s*=>([^\n]*)/g)) {
    const [whole, params, rest] = match;
    if (params !== "()") problems.push(`a closure with parameters: ${whole!.trim()}`);
    else if (/^\s*\{?\s*$/.test(rest!) || opens(rest!))
      problems.push(`a closure longer than one line: ${whole!.trim()}`);
  }
  return problems;
}

/** Whether a line leaves a bracket open (the arrow's body goes on to the next line). */
function opens(line: string): boolean {
  let depth = 0;
  for (const char of line) {
    if ("([{".includes(char)) depth += 1;
    if (")]}".includes(char)) depth -= 1;
  }
  return depth > 0;
}
