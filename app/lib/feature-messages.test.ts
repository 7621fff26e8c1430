import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  FEATURE_MESSAGE_BUNDLES,
  type FeatureMessageBundle,
  type MessageModuleName,
  namedMessageModules,
  SHELL_MESSAGE_MODULES,
} from "../../core/i18n/index.ts";
import routes from "../routes.ts";

// The browser only has the shell's messages plus the feature bundles the page's matched routes name in their handles
// (ADR 0005, 0418). A key from any other module would show as its raw name, so every key a page's code can reach must
// be sent to it.

const APP = path.resolve(import.meta.dirname, "..");
const CORE = path.resolve(APP, "..", "core");

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

const moduleOfKey = new Map<string, MessageModuleName>();
for (const [name, module] of Object.entries(namedMessageModules)) {
  for (const key of Object.keys(module.en_US)) moduleOfKey.set(key, name as MessageModuleName);
}

function resolveImport(from: string, specifier: string): string | null {
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

/** Every browser-side source file a route module reaches through relative imports (not *.server.ts, not i18n). */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    // Type-only imports bring no code; `import type {…} from` and `import { type …, type … } from` are skipped.
    const code = source
      .replace(/import type [^;]+;/g, "")
      .replace(/import \{(\s*type [^,}]+,?)+\s*\} from [^;]+;/g, "");
    for (const match of code.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const next = resolveImport(file, match[1]!);
      if (!next || next.includes(`${path.sep}i18n${path.sep}`) || next.endsWith(".server.ts")) continue;
      if (next.includes("core/i18n/") || !(next.startsWith(APP) || next.startsWith(CORE))) continue;
      queue.push(next);
    }
  }
  return [...seen];
}

/** The modules whose keys a file names: whole keys in quotes, and `prefix.${…}` templates. */
function modulesUsed(file: string): Map<MessageModuleName, string> {
  const source = readFileSync(file, "utf8");
  const used = new Map<MessageModuleName, string>();
  for (const match of source.matchAll(/["'`]([a-zA-Z]+\.[\w.]+)["'`]/g)) {
    const module = moduleOfKey.get(match[1]!);
    if (module) used.set(module, match[1]!);
  }
  for (const match of source.matchAll(/`([a-zA-Z]+\.[\w.]*\.)\$\{/g)) {
    for (const [key, module] of moduleOfKey) if (key.startsWith(match[1]!)) used.set(module, `${match[1]}…`);
  }
  return used;
}

/**
 * The bundles a route module's `handle` names (app/lib/route-messages.ts): `export const handle = { messages: [...] }`.
 * A route module that exports a handle in any other form fails here, so no bundle goes unread.
 */
function handleBundles(file: string): FeatureMessageBundle[] {
  const source = readFileSync(path.join(APP, file), "utf8");
  if (!/export (?:const |function |\{[^}]*\b)handle\b/.test(source)) return [];
  const match = /^export const handle = \{ messages: \[([^\]]*)\] \} satisfies MessagesHandle;$/m.exec(
    source,
  );
  if (!match)
    throw new Error(
      `${file}: a handle the test cannot read; write { messages: [...] } satisfies MessagesHandle`,
    );
  const names = [...match[1]!.matchAll(/"(\w+)"/g)].map((name) => name[1]!);
  for (const name of names)
    if (!Object.hasOwn(FEATURE_MESSAGE_BUNDLES, name)) throw new Error(`${file}: no bundle "${name}"`);
  return names as FeatureMessageBundle[];
}

function pages(
  entries: RouteEntry[],
  bundles: readonly MessageModuleName[] = [],
): [string, MessageModuleName[]][] {
  return entries.flatMap((entry) => {
    const here = [
      ...bundles,
      ...handleBundles(entry.file).flatMap((bundle) => FEATURE_MESSAGE_BUNDLES[bundle]),
    ];
    return [[entry.file, here] as [string, MessageModuleName[]], ...pages(entry.children ?? [], here)];
  });
}

/**
 * API message keys a console page reaches through a schema it shares with the API, but never shows as they are:
 * - the coupon form's one schema (core/forms/coupon.ts, ADR 0360) issues the API's keys, and admin.coupon.tsx shows
 *   each through its ERROR_TEXT map of console messages (e2e/console-coupon-form.spec.ts reads those texts);
 * - the bulk actions' body (core/console-bulk.ts, ADR 0383) refuses more than 100 orders, which the orders list
 *   cannot send: it selects at most one page of 100.
 */
const HANDLED_BY_THE_PAGE: Record<string, readonly string[]> = {
  "routes/admin.coupon.tsx": ["validation.invalid", "consoleMerch.endBeforeStart"],
  "routes/admin.orders.tsx": ["consoleBulk.tooMany"],
};

describe("feature message bundles", () => {
  // The root module (the document, the error page and what it imports) has only the shell's messages.
  const all: [string, MessageModuleName[]][] = [["root.tsx", []], ...pages(routes as RouteEntry[])];

  it("finds the pages and the bundles their routes name", () => {
    expect(all.find(([file]) => file === "routes/install.tsx")?.[1]).toEqual(["install"]);
    expect(all.find(([file]) => file === "routes/ucenter.order.list.tsx")?.[1]).toEqual([
      "ordersUi",
      "purchase",
      "discovery",
      "refund",
      "validation",
      "uploads",
      "esimUi",
    ]);
    // ADR 0286: the account forms' and the product pages' messages come with the pages that use them.
    expect(all.find(([file]) => file === "routes/checkout.tsx")?.[1]).toEqual([
      "checkoutUi",
      "purchase",
      "helpLinks",
      "journey",
      "discovery",
      "account",
      "accountUi",
      "validation",
      "address",
    ]);
    expect(all.find(([file]) => file === "routes/pdp.tsx")?.[1]).toEqual(["discovery"]);
  });

  it.each(all)("%s only uses messages sent to it", (file, bundles) => {
    const sent = new Set<MessageModuleName>([...SHELL_MESSAGE_MODULES, ...bundles]);
    const missing: string[] = [];
    for (const source of reachable(path.join(APP, file))) {
      for (const [module, key] of modulesUsed(source)) {
        if (sent.has(module) || HANDLED_BY_THE_PAGE[file]?.includes(key)) continue;
        missing.push(`${path.relative(APP, source)}: ${key} (${module})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
